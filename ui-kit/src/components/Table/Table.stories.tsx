import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { Tag } from '../Tag/Tag';
import { Table } from './Table';
import type { RowKey, TableColumn } from './tableState';
import { useTableSort } from './useTableSort';

interface TokenRow {
  id: number;
  name: string;
  group: string;
  usedQuota: number;
  remainQuota: number | null;
  enabled: boolean;
}

const rows: TokenRow[] = Array.from({ length: 57 }, (_, i) => ({
  id: i + 1,
  name: `令牌-${String(i + 1).padStart(2, '0')}`,
  group: i % 3 === 0 ? 'vip' : 'default',
  usedQuota: (i * 7919) % 100000,
  remainQuota: i % 4 === 0 ? null : (i * 104729) % 500000,
  enabled: i % 6 !== 5,
}));

const columns: TableColumn<TokenRow>[] = [
  { key: 'id', title: 'ID', width: '5rem', hideable: false, sortable: true },
  { key: 'name', title: '名称', sortable: true },
  { key: 'group', title: '分组', render: (r) => <Tag color={r.group === 'vip' ? 'warning' : 'neutral'}>{r.group}</Tag> },
  { key: 'usedQuota', title: '已用额度', align: 'end', sortable: true },
  {
    key: 'remainQuota',
    title: '剩余额度',
    align: 'end',
    sortable: true,
    render: (r) => (r.remainQuota === null ? '无限制' : r.remainQuota),
  },
  {
    key: 'status',
    title: '状态',
    render: (r) => <Tag color={r.enabled ? 'success' : 'neutral'}>{r.enabled ? '已启用' : '已禁用'}</Tag>,
  },
  {
    key: 'actions',
    title: '操作',
    hideable: false,
    render: (r) => (
      <Button size="sm" variant="link">
        {r.enabled ? '禁用' : '启用'}
      </Button>
    ),
  },
];

const meta = {
  title: 'Components/Table',
  component: Table<TokenRow>,
  args: { columns, rows: rows.slice(0, 8), rowKey: (r: TokenRow) => r.id, caption: '令牌列表', size: 'md' },
  argTypes: {
    size: { control: 'inline-radio', options: ['sm', 'md'] },
    header: { control: 'inline-radio', options: ['static', 'sticky'] },
    selection: { control: 'inline-radio', options: ['none', 'multiple'] },
    columnSettings: { control: 'inline-radio', options: ['visible', 'hidden'] },
  },
} satisfies Meta<typeof Table<TokenRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Small: Story = { args: { size: 'sm' } };

export const ClientPaging: Story = { args: { rows, pagination: {} } };

export const ServerPaging: Story = {
  render: function ServerPaged(args) {
    const [page, setPage] = useState(1);
    const [pageSize, setPageSize] = useState(10);
    const slice = rows.slice((page - 1) * pageSize, page * pageSize);
    return (
      <Table
        {...args}
        rows={slice}
        pagination={{
          total: rows.length,
          page,
          pageSize,
          onPageChange: setPage,
          onPageSizeChange: (size, next) => {
            setPageSize(size);
            setPage(next);
          },
        }}
      />
    );
  },
};

export const SelectionAndDisabledRows: Story = {
  render: function Selectable(args) {
    const [selected, setSelected] = useState<RowKey[]>([]);
    return (
      <Table
        {...args}
        rows={rows}
        pagination={{}}
        selection="multiple"
        selectedKeys={selected}
        onSelectionChange={setSelected}
        isRowDisabled={(r) => !r.enabled}
        isRowSelectable={() => true}
        toolbar={
          <Button size="sm" disabled={selected.length === 0}>
            复制所选令牌
          </Button>
        }
      />
    );
  },
};

export const ColumnSettings: Story = {
  args: { columnSettings: 'visible', defaultHiddenColumns: ['usedQuota'] },
};

export const Empty: Story = { args: { rows: [] } };

export const CustomEmpty: Story = { args: { rows: [], empty: '还没有令牌，点击“添加令牌”创建一个。' } };

export const LoadingFirstPage: Story = { args: { rows: [], loading: true } };

export const LoadingWithRows: Story = { args: { loading: true } };

export const StickyHeaderInScrollArea: Story = { args: { rows, header: 'sticky', maxHeight: '20rem' } };

export const UncontrolledSorting: Story = { args: { defaultSort: { key: 'usedQuota', direction: 'desc' } } };

export const SortingHook: Story = {
  render: function Sorted(args) {
    const { sort, onSortChange, sortedRows } = useTableSort(rows.slice(0, 12), columns, {
      key: 'name',
      direction: 'asc',
    });
    return <Table {...args} rows={sortedRows} sort={sort} onSortChange={onSortChange} />;
  },
};

/** Names and amounts kept on one line (nowrap); the table scrolls sideways below its minWidth. */
export const NoWrapColumns: Story = {
  args: {
    minWidth: '40rem',
    columns: columns.map((c) => (c.key === 'name' || c.key === 'usedQuota' || c.key === 'remainQuota' ? { ...c, nowrap: true } : c)),
  },
};

/** A long name capped by `maxWidth`: cut with an ellipsis, the whole name in its tooltip. */
export const CappedColumn: Story = {
  args: {
    rows: rows.slice(0, 5).map((r, i) => (i === 1 ? { ...r, name: '生产环境-华东二区-夜间批量翻译任务专用令牌-请勿删除' } : r)),
    columns: columns.map((c) => (c.key === 'name' ? { ...c, nowrap: true, maxWidth: '12rem' } : c)),
  },
};
