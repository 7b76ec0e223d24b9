import { Stack, Table, Tag, type RowKey, type TableColumn } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { BalanceCell, ResponseTimeCell, StatusCell } from './ChannelCells';
import { useChannelTypes } from './channelTypes';
import { InlineNumber } from './InlineNumber';
import { RowActions } from './RowActions';
import { CHANNEL_ENABLED, splitList, type Channel } from './types';
import type { useChannelActions } from './useChannelActions';
import type { useChannelList } from './useChannelList';
import type { useConfirm } from './useConfirm';

interface Props {
  list: ReturnType<typeof useChannelList>;
  actions: ReturnType<typeof useChannelActions>;
  ask: ReturnType<typeof useConfirm>['ask'];
  batch: boolean;
  selected: RowKey[];
  onSelectionChange: (keys: RowKey[]) => void;
}

export function ChannelTable({ list, actions, ask, batch, selected, onSelectionChange }: Props) {
  const { t } = useT();
  const { labelOf } = useChannelTypes();
  const columns: TableColumn<Channel>[] = [
    { key: 'id', title: t('console.channels.columns.id'), width: '3.5rem' },
    { key: 'name', title: t('console.channels.columns.name'), width: '9rem', render: (c) => c.name },
    {
      key: 'group',
      title: t('console.channels.columns.group'),
      width: '8rem',
      render: (c) => (
        <Stack direction="row" gap={1}>
          {splitList(c.group).map((g) => (
            <Tag key={g} size="sm">
              {g}
            </Tag>
          ))}
        </Stack>
      ),
    },
    { key: 'type', title: t('console.channels.columns.type'), width: '8rem', render: (c) => labelOf(c.type) },
    { key: 'status', title: t('console.channels.columns.status'), width: '6.5rem', render: (c) => <StatusCell channel={c} /> },
    { key: 'response_time', title: t('console.channels.columns.responseTime'), width: '6.5rem', render: (c) => <ResponseTimeCell channel={c} /> },
    {
      key: 'balance',
      title: t('console.channels.columns.balance'),
      width: '8rem',
      render: (c) => <BalanceCell channel={c} updating={actions.busy[`balance-${c.id}`] === true} failure={actions.balanceFailures[c.id]} onUpdate={() => void actions.updateBalance(c)} />,
    },
    {
      key: 'priority',
      title: t('console.channels.columns.priority'),
      width: '5.5rem',
      render: (c) => (
        <InlineNumber value={c.priority} min={-999} label={t('console.channels.row.priorityOf', { name: c.name })} onSave={(v) => actions.savePriority(c, v)} />
      ),
    },
    {
      key: 'weight',
      title: t('console.channels.columns.weight'),
      width: '5.5rem',
      render: (c) => <InlineNumber value={c.weight} min={0} label={t('console.channels.row.weightOf', { name: c.name })} onSave={(v) => actions.saveWeight(c, v)} />,
    },
    { key: 'actions', title: t('console.channels.columns.actions'), width: '12rem', render: (c) => <RowActions channel={c} actions={actions} ask={ask} /> },
  ];
  return (
    <Table
      caption={t('console.channels.columns.caption')}
      minWidth="68rem"
      columns={columns}
      rows={list.rows}
      rowKey={(c) => c.id}
      loading={list.loading}
      isRowDisabled={(c) => c.status !== CHANNEL_ENABLED}
      isRowSelectable={() => true}
      selection={batch ? 'multiple' : 'none'}
      selectedKeys={selected}
      onSelectionChange={onSelectionChange}
      pagination={{
        total: list.total,
        page: list.page,
        onPageChange: list.setPage,
        pageSize: list.pageSize,
        onPageSizeChange: (size) => list.setPageSize(size),
        pageSizeOptions: [10, 20, 50, 100],
        totalText: 'hidden',
      }}
    />
  );
}
