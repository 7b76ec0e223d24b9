// Pure table state: row selection, column visibility and client-side sorting. The Table
// component and the hooks below are thin wrappers, so the rules live here and are tested
// without rendering.
import type { ReactNode } from 'react';

export type RowKey = string | number;
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}
export type HeaderSelection = 'all' | 'some' | 'none';
export type ColumnAlign = 'start' | 'center' | 'end';

export interface TableColumn<Row> {
  key: string;
  title: ReactNode;
  /** Cell content; defaults to `String(row[key])` when the row has that field. */
  render?: (row: Row, index: number) => ReactNode;
  align?: ColumnAlign;
  /** CSS width (e.g. '12rem', '20%'); columns without one share the rest. */
  width?: string;
  /**
   * Keeps each cell on one line (names, models, amounts, times): the column is never narrower
   * than its longest value, so a value is never broken mid-token; a wide table scrolls instead
   * (give the Table a minWidth). Other columns wrap long text at any character.
   */
  nowrap?: boolean;
  /**
   * CSS max-width of a `nowrap` column's values (e.g. '14rem'): a longer one ends in an ellipsis,
   * with the whole text as its tooltip (screen readers read it whole), so one long name cannot
   * widen the column until the row's other cells are squeezed.
   */
  maxWidth?: string;
  /** Shows a sort button in the header. */
  sortable?: boolean;
  /** Value compared by useTableSort; defaults to `row[key]`. */
  sortValue?: (row: Row) => string | number | null | undefined;
  /** False keeps the column out of the column settings (always shown). Defaults to true. */
  hideable?: boolean;
  /** Label in the column settings when `title` is not plain text. */
  settingsLabel?: string;
}

/** State of the "select all on this page" checkbox; disabled rows do not count. */
export function headerSelection(selectableKeys: readonly RowKey[], selected: ReadonlySet<RowKey>): HeaderSelection {
  if (selectableKeys.length === 0) return 'none';
  let count = 0;
  for (const key of selectableKeys) if (selected.has(key)) count++;
  if (count === 0) return 'none';
  return count === selectableKeys.length ? 'all' : 'some';
}

export function toggleRow(selected: ReadonlySet<RowKey>, key: RowKey, checked: boolean): Set<RowKey> {
  const next = new Set(selected);
  if (checked) next.add(key);
  else next.delete(key);
  return next;
}

/**
 * Selects or clears every selectable row on the page. Keys selected on other pages are
 * kept, so "copy selected" can span pages.
 */
export function togglePage(
  selected: ReadonlySet<RowKey>,
  selectableKeys: readonly RowKey[],
  checked: boolean,
): Set<RowKey> {
  const next = new Set(selected);
  for (const key of selectableKeys) {
    if (checked) next.add(key);
    else next.delete(key);
  }
  return next;
}

/** Columns in their declared order, minus hidden ones; never hides every column. */
export function visibleColumns<Row>(
  columns: readonly TableColumn<Row>[],
  hidden: ReadonlySet<string>,
): TableColumn<Row>[] {
  const shown = columns.filter((c) => c.hideable === false || !hidden.has(c.key));
  return shown.length > 0 ? shown : columns.slice(0, 1);
}

/** Hides or shows a column, refusing to hide the last visible one. */
export function toggleColumn<Row>(
  columns: readonly TableColumn<Row>[],
  hidden: ReadonlySet<string>,
  key: string,
): Set<string> {
  const next = new Set(hidden);
  if (next.has(key)) {
    next.delete(key);
    return next;
  }
  next.add(key);
  const remaining = columns.filter((c) => c.hideable === false || !next.has(c.key));
  return remaining.length > 0 ? next : new Set(hidden);
}

/** Header click cycle: ascending, descending, unsorted. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (current?.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

type Comparable = string | number | null | undefined;

function fieldOf<Row>(row: Row, key: string): Comparable {
  if (typeof row !== 'object' || row === null || !(key in row)) return undefined;
  const value: unknown = (row as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

// Root-like ordering: Latin names (most model and channel names) before Han, digits
// compared as numbers so "渠道2" sorts before "渠道10".
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compareValues(a: Comparable, b: Comparable): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** A stable sort of rows by one column; returns the input when unsorted. */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly TableColumn<Row>[],
  sort: SortState | null,
): readonly Row[] {
  if (!sort) return rows;
  const column = columns.find((c) => c.key === sort.key);
  if (!column) return rows;
  const value = (row: Row): Comparable => (column.sortValue ? column.sortValue(row) : fieldOf(row, sort.key));
  const factor = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, v: value(row) }))
    .sort((x, y) => {
      const empty = (x.v === null || x.v === undefined) !== (y.v === null || y.v === undefined);
      const order = empty ? compareValues(x.v, y.v) : factor * compareValues(x.v, y.v);
      return order !== 0 ? order : x.index - y.index;
    })
    .map((entry) => entry.row);
}

/** Default cell text for columns without `render`. */
export function defaultCell<Row>(row: Row, key: string): ReactNode {
  if (typeof row !== 'object' || row === null || !(key in row)) return null;
  const value: unknown = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}
