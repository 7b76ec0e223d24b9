// Paging arithmetic shared by Pagination and Table. Pages are 1-based, like the API's `p`.

/** The page sizes the spec allows everywhere (and the server caps at 100). */
export const PAGE_SIZE_OPTIONS: readonly number[] = [10, 20, 50, 100];

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

export function pageCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** Keeps a page inside [1, pageCount]; e.g. after deleting the last row of the last page. */
export function clampPage(page: number, total: number, pageSize: number): number {
  const last = pageCount(total, pageSize);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), last);
}

/** Zero-based [start, end) of the rows a page shows. */
export function pageSlice(page: number, pageSize: number, total: number): { start: number; end: number } {
  const current = clampPage(page, total, pageSize);
  const start = Math.min((current - 1) * pageSize, Math.max(total, 0));
  return { start, end: Math.min(start + pageSize, Math.max(total, 0)) };
}

/**
 * When the page size changes, stay on the page that holds the first row currently shown,
 * instead of jumping back to page 1.
 */
export function pageAfterSizeChange(page: number, oldSize: number, newSize: number): number {
  const firstRow = (Math.max(page, 1) - 1) * oldSize;
  return Math.floor(firstRow / newSize) + 1;
}

/**
 * Page buttons with ellipses: always the first and last page, `siblings` pages either
 * side of the current one, and an ellipsis for each gap of two or more pages. The list has
 * a constant length once there are enough pages, so buttons do not shift under the mouse.
 */
export function paginationItems(page: number, count: number, siblings = 1): PageItem[] {
  const totalSlots = siblings * 2 + 5; // first, last, current, two ellipses, siblings
  if (count <= totalSlots) return Array.from({ length: count }, (_, i) => i + 1);
  const current = Math.min(Math.max(page, 1), count);
  const left = Math.max(current - siblings, 1);
  const right = Math.min(current + siblings, count);
  const showStart = left > 3;
  const showEnd = right < count - 2;
  const range = (from: number, to: number): number[] =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (!showStart) return [...range(1, 3 + 2 * siblings), 'ellipsis-end', count];
  if (!showEnd) return [1, 'ellipsis-start', ...range(count - 2 - 2 * siblings, count)];
  return [1, 'ellipsis-start', ...range(left, right), 'ellipsis-end', count];
}
