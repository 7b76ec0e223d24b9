// Optional client-side sorting for a controlled Table: keeps the sort state and returns
// the sorted rows. Uncontrolled Tables sort by themselves; server-sorted lists skip this.
import { useMemo, useState } from 'react';
import { sortRows, type SortState, type TableColumn } from './tableState';

export interface UseTableSortResult<Row> {
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
  sortedRows: readonly Row[];
}

export function useTableSort<Row>(
  rows: readonly Row[],
  columns: readonly TableColumn<Row>[],
  initial: SortState | null = null,
): UseTableSortResult<Row> {
  const [sort, setSort] = useState<SortState | null>(initial);
  const sortedRows = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  return { sort, onSortChange: setSort, sortedRows };
}
