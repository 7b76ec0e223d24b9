// The row's actions. Deleted users have none; root accounts can only be edited (by root);
// an admin manages only users below their own role, and only root promotes or demotes.
import { Button, Stack } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { ROLE_ADMIN, ROLE_ROOT } from '../../api/user';
import { USER_ENABLED, USER_LOCKED, type AdminUser, type ManageAction } from './types';

export type RowAction = ManageAction | 'edit' | 'quota';

interface Props {
  user: AdminUser;
  actorRole: number;
  busy: boolean;
  onAction: (action: RowAction, user: AdminUser) => void;
}

export function availableActions(user: AdminUser, actorRole: number): RowAction[] {
  if (user.DeletedAt !== null) return [];
  const root = actorRole >= ROLE_ROOT;
  if (user.role >= ROLE_ROOT) return root ? ['edit'] : [];
  if (!root && user.role >= actorRole) return [];
  const list: RowAction[] = [];
  if (root && user.role < ROLE_ADMIN) list.push('promote');
  if (root && user.role === ROLE_ADMIN) list.push('demote');
  if (user.status === USER_ENABLED) list.push('disable');
  else if (user.status !== USER_LOCKED) list.push('enable');
  list.push('edit', 'quota', 'delete');
  return list;
}

export function UserActions({ user, actorRole, busy, onAction }: Props) {
  const { t } = useT();
  const actions = availableActions(user, actorRole);
  if (actions.length === 0) return <span aria-hidden="true">—</span>;
  return (
    <Stack direction="row" gap={1}>
      {actions.map((action) => {
        const label = t(`console.users.actions.${action}`);
        return (
          <Button
            key={action}
            size="sm"
            variant="ghost"
            tone={action === 'delete' || action === 'disable' ? 'danger' : 'accent'}
            disabled={busy}
            aria-label={t('console.users.actions.rowLabel', { action: label, username: user.username })}
            onClick={() => onAction(action, user)}
          >
            {label}
          </Button>
        );
      })}
    </Stack>
  );
}
