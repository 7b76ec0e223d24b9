import {
  headerSelection,
  nextSort,
  sortRows,
  toggleColumn,
  togglePage,
  toggleRow,
  visibleColumns,
  type TableColumn,
} from './tableState';

interface Row {
  id: number;
  name: string;
  quota?: number | null;
}

const columns: TableColumn<Row>[] = [
  { key: 'id', title: 'ID', hideable: false },
  { key: 'name', title: '名称', sortable: true },
  { key: 'quota', title: '额度', sortable: true },
];

describe('row selection', () => {
  it('reports the header checkbox state from selectable rows only', () => {
    expect(headerSelection([], new Set())).toBe('none');
    expect(headerSelection([1, 2], new Set([3]))).toBe('none');
    expect(headerSelection([1, 2], new Set([1]))).toBe('some');
    expect(headerSelection([1, 2], new Set([1, 2, 9]))).toBe('all');
  });

  it('toggles single rows without mutating the input', () => {
    const before = new Set<number>([1]);
    const after = toggleRow(before, 2, true);
    expect([...after]).toEqual([1, 2]);
    expect([...before]).toEqual([1]);
    expect([...toggleRow(after, 1, false)]).toEqual([2]);
  });

  it('selects a page and keeps selections from other pages', () => {
    const selected = new Set<number>([42]);
    expect(togglePage(selected, [1, 2, 3], true)).toEqual(new Set([1, 2, 3, 42]));
    expect([...togglePage(new Set([1, 2, 42]), [1, 2, 3], false)]).toEqual([42]);
  });
});

describe('column visibility', () => {
  it('hides hideable columns and always keeps non-hideable ones', () => {
    const shown = visibleColumns(columns, new Set(['id', 'name']));
    expect(shown.map((c) => c.key)).toEqual(['id', 'quota']);
  });

  it('refuses to hide the last visible column', () => {
    const onlyHideable: TableColumn<Row>[] = [
      { key: 'a', title: 'A' },
      { key: 'b', title: 'B' },
    ];
    const hidden = toggleColumn(onlyHideable, new Set(), 'a');
    expect([...hidden]).toEqual(['a']);
    expect([...toggleColumn(onlyHideable, hidden, 'b')]).toEqual(['a']);
    expect([...toggleColumn(onlyHideable, hidden, 'a')]).toEqual([]);
  });
});

describe('sorting', () => {
  const rows: Row[] = [
    { id: 1, name: '渠道10', quota: 5 },
    { id: 2, name: '渠道2', quota: null },
    { id: 3, name: 'alpha', quota: 5 },
    { id: 4, name: 'Beta', quota: 1 },
  ];

  it('cycles ascending, descending, unsorted', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ key: 'name', direction: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort(desc, 'name')).toBeNull();
    expect(nextSort(desc, 'quota')).toEqual({ key: 'quota', direction: 'asc' });
  });

  it('sorts numbers numerically, keeps ties stable and empty values last', () => {
    expect(sortRows(rows, columns, { key: 'quota', direction: 'asc' }).map((r) => r.id)).toEqual([4, 1, 3, 2]);
    expect(sortRows(rows, columns, { key: 'quota', direction: 'desc' }).map((r) => r.id)).toEqual([1, 3, 4, 2]);
  });

  it('sorts text with natural number order and case-insensitively', () => {
    expect(sortRows(rows, columns, { key: 'name', direction: 'asc' }).map((r) => r.name)).toEqual([
      'alpha',
      'Beta',
      '渠道2',
      '渠道10',
    ]);
  });

  it('returns the rows untouched when unsorted or the column is unknown', () => {
    expect(sortRows(rows, columns, null)).toBe(rows);
    expect(sortRows(rows, columns, { key: 'missing', direction: 'asc' })).toBe(rows);
  });
});
