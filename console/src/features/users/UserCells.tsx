// Cells of the user list: role and status tags (deleted users show as cancelled), statistics
// and referral lines in the quota display the status asks for.
import { Stack, Tag } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { ROLE_ADMIN, ROLE_ROOT } from '../../api/user';
import { compactCount, formatQuota, type QuotaDisplay } from '../quota/format';
import { USER_DISABLED, USER_ENABLED, USER_LOCKED, type AdminUser } from './types';

export function RoleTag({ role }: { role: number }) {
  const { t } = useT();
  if (role >= ROLE_ROOT) return <Tag color="warning">{t('console.users.role.root')}</Tag>;
  if (role >= ROLE_ADMIN) return <Tag color="info">{t('console.users.role.admin')}</Tag>;
  if (role === 1) return <Tag color="neutral">{t('console.users.role.common')}</Tag>;
  return <Tag color="neutral">{t('console.users.role.unknown')}</Tag>;
}

export function StatusTag({ user }: { user: AdminUser }) {
  const { t } = useT();
  if (user.DeletedAt !== null) return <Tag color="danger">{t('console.users.status.deleted')}</Tag>;
  switch (user.status) {
    case USER_ENABLED:
      return <Tag color="success">{t('console.users.status.enabled')}</Tag>;
    case USER_DISABLED:
      return <Tag color="danger">{t('console.users.status.disabled')}</Tag>;
    case USER_LOCKED:
      return <Tag color="warning">{t('console.users.status.locked')}</Tag>;
    default:
      return <Tag color="neutral">{t('console.users.status.unknown')}</Tag>;
  }
}

export function StatsCell({ user, display }: { user: AdminUser; display: QuotaDisplay }) {
  const { t } = useT();
  return (
    <Stack gap={1} align="start">
      <span>{t('console.users.stats.quota', { amount: formatQuota(user.quota, display) })}</span>
      <span>{t('console.users.stats.used', { amount: formatQuota(user.used_quota, display) })}</span>
      <span>{t('console.users.stats.requests', { count: compactCount(user.request_count) })}</span>
    </Stack>
  );
}

export function InviteCell({ user, display }: { user: AdminUser; display: QuotaDisplay }) {
  const { t } = useT();
  return (
    <Stack gap={1} align="start">
      <span>{t('console.users.invite.count', { count: user.aff_count })}</span>
      <span>{t('console.users.invite.earned', { amount: formatQuota(user.aff_history_quota, display) })}</span>
      <span>{user.inviter_id > 0 ? t('console.users.invite.inviter', { id: user.inviter_id }) : t('console.users.invite.none')}</span>
    </Stack>
  );
}

export function NameCell({ user }: { user: AdminUser }) {
  return (
    <Stack gap={1} align="start">
      <strong>{user.username}</strong>
      {user.display_name && user.display_name !== user.username ? <span>{user.display_name}</span> : null}
    </Stack>
  );
}
