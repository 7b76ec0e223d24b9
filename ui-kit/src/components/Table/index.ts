export { Table } from './Table';
export type { TableHeader, TablePagination, TableProps, TableSize } from './Table';
export { useTableSort } from './useTableSort';
export type { UseTableSortResult } from './useTableSort';
export {
  headerSelection,
  nextSort,
  sortRows,
  toggleColumn,
  togglePage,
  toggleRow,
  visibleColumns,
} from './tableState';
export type { ColumnAlign, HeaderSelection, RowKey, SortDirection, SortState, TableColumn } from './tableState';
