import { useState } from 'react';

/**
 * What a new page size does to the page: back to the first page, or to the page that keeps the
 * first visible row on screen (the kit's Pagination works that page out).
 */
export type SizeChange = 'first-page' | 'keep-row';

/** Page and page size of a list paged by the server (1-based page; `page - 1` is the `p` sent). */
export function usePaging(sizeChange: SizeChange = 'keep-row') {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  /** The kit Table's `pagination` for a server page of `total` rows (sizes 10, 20, 50, 100). */
  const pagination = (total: number) => ({
    total,
    page,
    pageSize,
    onPageChange: setPage,
    onPageSizeChange: (size: number, keepRow: number) => {
      setPageSize(size);
      setPage(sizeChange === 'first-page' ? 1 : keepRow);
    },
  });
  return { page, pageSize, setPage, pagination };
}
