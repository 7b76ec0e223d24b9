import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Table } from './Table';
import type { RowKey, SortState, TableColumn } from './tableState';
import { useTableSort } from './useTableSort';

interface Token {
  id: number;
  name: string;
  quota: number;
  enabled: boolean;
}

const tokens: Token[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  name: `令牌${i + 1}`,
  quota: (i * 7) % 10,
  enabled: i % 5 !== 4,
}));

const columns: TableColumn<Token>[] = [
  { key: 'id', title: 'ID', hideable: false },
  { key: 'name', title: '名称', sortable: true },
  { key: 'quota', title: '额度', sortable: true, align: 'end' },
  { key: 'status', title: '状态', render: (row) => (row.enabled ? '已启用' : '已禁用') },
];

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1] as HTMLElement).getAllByRole('row');
const firstColumn = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('Table', () => {
  it('makes a table that may scroll a named, focusable region (keyboard scrolling with no control inside)', () => {
    const { rerender } = renderWithTheme(<Table caption="订单" columns={columns} rows={[]} rowKey={(r) => r.id} minWidth="56rem" />);
    const region = screen.getByRole('region', { name: '订单' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: '订单' })).toBeInTheDocument();
    rerender(<Table caption="订单" columns={columns} rows={[]} rowKey={(r) => r.id} />);
    expect(screen.queryByRole('region', { name: '订单' })).toBeNull();
  });

  it('renders headers, cells and custom renderers', () => {
    renderWithTheme(<Table caption="令牌" columns={columns} rows={tokens.slice(0, 3)} rowKey={(r) => r.id} />);
    expect(screen.getByRole('table', { name: '令牌' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', '名称', '额度', '状态']);
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getAllByText('已启用')).toHaveLength(3);
  });

  it('keeps a minimum width so narrow screens scroll instead of squeezing columns', () => {
    renderWithTheme(<Table caption="令牌" columns={columns} rows={tokens.slice(0, 1)} rowKey={(r) => r.id} minWidth="48rem" />);
    expect(screen.getByRole('table', { name: '令牌' })).toHaveStyle({ minWidth: '48rem' });
  });

  it('keeps the cells of a nowrap column on one line, others wrap at any character', () => {
    const cols: TableColumn<Token>[] = [
      { key: 'name', title: '名称', nowrap: true },
      { key: 'quota', title: '额度' },
    ];
    renderWithTheme(<Table caption="令牌" columns={cols} rows={tokens.slice(0, 1)} rowKey={(r) => r.id} />);
    const [name, quota] = screen.getAllByRole('cell');
    expect(name).toHaveAttribute('data-nowrap', 'true');
    expect(name).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(quota).not.toHaveAttribute('data-nowrap');
    expect(quota).not.toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('caps a column with maxWidth: the value is clipped with an ellipsis and whole in its tooltip', () => {
    const cols: TableColumn<Token>[] = [
      { key: 'name', title: '名称', nowrap: true, maxWidth: '12rem' },
      { key: 'quota', title: '额度', render: (r) => <strong>{r.quota}</strong>, maxWidth: '6rem' },
    ];
    const row = tokens[0] as Token;
    renderWithTheme(<Table caption="令牌" columns={cols} rows={[row]} rowKey={(r) => r.id} />);
    const [name, quota] = screen.getAllByRole('cell') as [HTMLElement, HTMLElement];
    const clip = within(name).getByText(row.name);
    expect(clip).toHaveStyle({ maxWidth: '12rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
    expect(clip).toHaveAttribute('title', row.name);
    // Rendered content is clipped too, without a tooltip of its own (it has no plain text).
    const amount = within(quota).getByText(String(row.quota));
    expect(amount.tagName).toBe('STRONG');
    expect(amount.parentElement).toHaveStyle({ maxWidth: '6rem' });
    expect(amount.parentElement).not.toHaveAttribute('title');
  });

  it('shows the empty state and a custom empty message', () => {
    const { rerender } = renderWithTheme(<Table columns={columns} rows={[]} rowKey={(r) => r.id} />);
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    expect(screen.getByText('暂无数据')).toHaveAttribute('colspan', '4');
    rerender(<Table columns={columns} rows={[]} rowKey={(r) => r.id} empty="没有令牌" />);
    expect(screen.getByText('没有令牌')).toBeInTheDocument();
  });

  it('shows loading states: a spinner row when empty, an overlay over rows', () => {
    const { rerender } = renderWithTheme(<Table columns={columns} rows={[]} rowKey={(r) => r.id} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('加载中');
    expect(screen.queryByText('暂无数据')).toBeNull();
    rerender(<Table columns={columns} rows={tokens.slice(0, 2)} rowKey={(r) => r.id} loading />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('pages rows on the client with 10/20/50/100 sizes', async () => {
    renderWithTheme(<Table columns={columns} rows={tokens} rowKey={(r) => r.id} pagination={{}} />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    expect(firstColumn()).toEqual(['21', '22', '23', '24', '25']);
    await userEvent.click(screen.getByRole('combobox', { name: '每页条数' }));
    await userEvent.click(screen.getByRole('option', { name: '50 条/页' }));
    expect(bodyRows()).toHaveLength(25);
  });

  it('uses server paging when a total is given', async () => {
    const onPageChange = jest.fn();
    renderWithTheme(
      <Table columns={columns} rows={tokens.slice(0, 10)} rowKey={(r) => r.id} pagination={{ total: 95, onPageChange }} />,
    );
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('共 95 条')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('selects rows, selects the page, skips disabled rows and keeps other pages', async () => {
    const onSelectionChange = jest.fn();
    renderWithTheme(
      <Table
        columns={columns}
        rows={tokens}
        rowKey={(r) => r.id}
        selection="multiple"
        isRowDisabled={(r) => !r.enabled}
        onSelectionChange={onSelectionChange}
        pagination={{}}
      />,
    );
    const disabledRow = bodyRows()[4] as HTMLElement;
    expect(disabledRow).toHaveAttribute('data-disabled');
    expect(within(disabledRow).getByRole('checkbox')).toBeDisabled();

    await userEvent.click(within(bodyRows()[0] as HTMLElement).getByRole('checkbox', { name: '选择此行' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([1]);
    expect(screen.getByRole('checkbox', { name: '全选当前页' })).toHaveAttribute('data-state', 'indeterminate');

    await userEvent.click(screen.getByRole('checkbox', { name: '全选当前页' }));
    const pageOne = onSelectionChange.mock.lastCall?.[0] as RowKey[];
    expect([...pageOne].sort((a, b) => Number(a) - Number(b))).toEqual([1, 2, 3, 4, 6, 7, 8, 9]);
    expect(screen.getByRole('checkbox', { name: '全选当前页' })).toHaveAttribute('data-state', 'checked');
    expect(screen.getByText('已选 8 项')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    await userEvent.click(within(bodyRows()[0] as HTMLElement).getByRole('checkbox'));
    expect(onSelectionChange.mock.lastCall?.[0]).toHaveLength(9);
    await userEvent.click(screen.getByRole('button', { name: '第 1 页' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '全选当前页' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([11]);
  });

  it('sorts by clicking sortable headers when uncontrolled', async () => {
    renderWithTheme(<Table columns={columns} rows={tokens.slice(0, 5)} rowKey={(r) => r.id} />);
    const quotaHeader = screen.getByRole('columnheader', { name: /额度/ });
    expect(quotaHeader).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(screen.getByRole('button', { name: '按“额度”排序' }));
    expect(quotaHeader).toHaveAttribute('aria-sort', 'ascending');
    // quotas: 0, 7, 4, 1, 8
    expect(firstColumn()).toEqual(['1', '4', '3', '2', '5']);
    await userEvent.click(screen.getByRole('button', { name: '按“额度”排序' }));
    expect(quotaHeader).toHaveAttribute('aria-sort', 'descending');
    expect(firstColumn()).toEqual(['5', '2', '3', '4', '1']);
    await userEvent.click(screen.getByRole('button', { name: '按“额度”排序' }));
    expect(firstColumn()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('does not reorder rows when sort is controlled; useTableSort does it', async () => {
    const onSortChange = jest.fn();
    const controlled: SortState = { key: 'quota', direction: 'asc' };
    const { unmount } = renderWithTheme(
      <Table columns={columns} rows={tokens.slice(0, 3)} rowKey={(r) => r.id} sort={controlled} onSortChange={onSortChange} />,
    );
    expect(firstColumn()).toEqual(['1', '2', '3']);
    await userEvent.click(screen.getByRole('button', { name: '按“额度”排序' }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'quota', direction: 'desc' });
    unmount();

    function WithHook() {
      const { sort, onSortChange: change, sortedRows } = useTableSort(tokens.slice(0, 3), columns, {
        key: 'quota',
        direction: 'desc',
      });
      return <Table columns={columns} rows={sortedRows} rowKey={(r) => r.id} sort={sort} onSortChange={change} />;
    }
    renderWithTheme(<WithHook />);
    expect(firstColumn()).toEqual(['2', '3', '1']);
  });

  it('hides and shows columns from the column settings, never the last one', async () => {
    const onHiddenColumnsChange = jest.fn();
    function Controlled() {
      const [hidden, setHidden] = useState<string[]>(['status']);
      return (
        <Table
          columns={columns}
          rows={tokens.slice(0, 2)}
          rowKey={(r) => r.id}
          columnSettings="visible"
          hiddenColumns={hidden}
          defaultHiddenColumns={['status']}
          onHiddenColumnsChange={(keys) => {
            onHiddenColumnsChange(keys);
            setHidden(keys);
          }}
        />
      );
    }
    renderWithTheme(<Controlled />);
    expect(screen.queryByRole('columnheader', { name: '状态' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '列设置' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox', { name: 'ID' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '状态' }));
    expect(onHiddenColumnsChange).toHaveBeenLastCalledWith([]);
    expect(screen.getByRole('columnheader', { name: '状态' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '名称' }));
    expect(screen.queryByRole('columnheader', { name: /名称/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: '恢复默认' }));
    expect(onHiddenColumnsChange).toHaveBeenLastCalledWith(['status']);
  });

  it('makes the header sticky and forwards ref and props', () => {
    const ref = { current: null as HTMLDivElement | null };
    renderWithTheme(
      <Table
        ref={ref}
        data-testid="t"
        columns={columns}
        rows={tokens.slice(0, 2)}
        rowKey={(r) => r.id}
        header="sticky"
        maxHeight="20rem"
      />,
    );
    expect(ref.current).toBe(screen.getByTestId('t'));
    expect(screen.getAllByRole('columnheader')[0]).toHaveStyle({ position: 'sticky' });
  });
});
