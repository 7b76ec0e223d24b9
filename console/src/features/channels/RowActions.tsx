import { Button, DropdownMenu, Stack, type DropdownMenuEntry } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useNavigate } from 'react-router';
import { CHANNEL_ENABLED, splitList, type Channel } from './types';
import type { useChannelActions } from './useChannelActions';
import type { useConfirm } from './useConfirm';

type Actions = ReturnType<typeof useChannelActions>;

/** Test (plus a menu of the channel's models), edit, and a menu of the other row actions. */
export function RowActions({ channel, actions, ask }: { channel: Channel; actions: Actions; ask: ReturnType<typeof useConfirm>['ask'] }) {
  const { t } = useT();
  const navigate = useNavigate();
  const enabled = channel.status === CHANNEL_ENABLED;
  const models: DropdownMenuEntry[] = splitList(channel.models).map((m) => ({
    key: `m-${m}`,
    label: m,
    onSelect: () => void actions.test(channel, m),
  }));
  const more: DropdownMenuEntry[] = [
    {
      key: 'toggle',
      label: enabled ? t('console.channels.row.disable') : t('console.channels.row.enable'),
      tone: enabled ? 'danger' : undefined,
      onSelect: () => void actions.setEnabled(channel, !enabled),
    },
    { key: 'copy', label: t('console.channels.row.copy'), onSelect: () => void actions.copy(channel) },
    { type: 'separator', key: 'sep' },
    {
      key: 'delete',
      label: t('console.channels.row.delete'),
      tone: 'danger',
      onSelect: () =>
        ask({
          title: t('console.channels.confirm.deleteTitle'),
          content: t('console.channels.confirm.deleteBody'),
          tone: 'danger',
          confirmText: t('console.channels.row.delete'),
          cancelText: t('console.channels.confirm.cancel'),
          onConfirm: () => actions.remove(channel),
        }),
    },
  ];
  return (
    <Stack direction="row" gap={1} wrap={false}>
      <Button
        size="sm"
        variant="outline"
        loading={actions.busy[`test-${channel.id}`] === true}
        onClick={() => void actions.test(channel)}
        aria-label={t('console.channels.row.testOf', { name: channel.name })}
      >
        {t('console.channels.row.test')}
      </Button>
      {models.length > 0 ? (
        <DropdownMenu items={[{ type: 'label', key: 'l', label: t('console.channels.row.testModels') }, ...models]}>
          <Button size="sm" variant="ghost" aria-label={t('console.channels.row.testModels')} data-testid={`test-models-${channel.id}`}>
            ▾
          </Button>
        </DropdownMenu>
      ) : null}
      <Button size="sm" variant="outline" onClick={() => navigate(`/channel/edit/${channel.id}`)}>
        {t('console.channels.row.edit')}
      </Button>
      <DropdownMenu items={more}>
        <Button size="sm" variant="ghost" aria-label={t('console.channels.row.actionsOf', { name: channel.name })}>
          ⋯
        </Button>
      </DropdownMenu>
    </Stack>
  );
}
