import { useEffect, useState } from 'react';
import type { TablePagination } from '@sluice/ui-kit';
import { useApiData } from '../../api/useApi';
import { useStoredState } from '../../app/useStoredState';

interface Reach {
  scope: string;
  /** 1-based page shown. */
  page: number;
  /** Rows known to exist: the farthest page loaded so far ends here. */
  rows: number;
  /** The farthest page loaded was full, so there may be more. */
  more: boolean;
}

export interface LoadedPages<T> {
  rows: T[];
  loading: boolean;
  pagination: TablePagination;
}

const fresh = (scope: string): Reach => ({ scope, page: 1, rows: 0, more: false });

/**
 * Paging over a list the server answers without a total (GET /api/mj, /api/task: a plain list per
 * zero-based page): the pager offers one page past the farthest one loaded while that one was full,
 * so further pages are fetched as the user pages beyond those loaded (spec §2.10). A new `scope`
 * (the filters) or page size starts again from page 1.
 */
export function useLoadedPages<T>(
  pathFor: (p: number, pageSize: number) => string,
  scope: string,
  pageSizeKey: string,
): LoadedPages<T> {
  const [pageSize, setPageSize] = useStoredState<number>(pageSizeKey, 10);
  const scopeKey = `${scope}|${pageSize}`;
  const [stored, setReach] = useState<Reach>(() => fresh(scopeKey));
  const reach = stored.scope === scopeKey ? stored : fresh(scopeKey);
  const { page } = reach;
  const { data, isLoading } = useApiData<T[]>(pathFor(page - 1, pageSize));

  useEffect(() => {
    if (data === undefined) return;
    setReach((s) => {
      const base = s.scope === scopeKey ? s : fresh(scopeKey);
      if (base.page !== page) return base;
      // An empty page past the end (the previous one was exactly full): step back to the last.
      if (data.length === 0 && page > 1) return { ...base, page: page - 1, rows: (page - 1) * pageSize, more: false };
      const seen = (page - 1) * pageSize + data.length;
      return seen >= base.rows ? { ...base, rows: seen, more: data.length >= pageSize } : base;
    });
  }, [data, page, pageSize, scopeKey]);

  const known = reach.rows + (reach.more ? 1 : 0);
  return {
    rows: data ?? [],
    loading: isLoading,
    pagination: {
      // At least up to the page being fetched, so the pager never clamps it away while it loads.
      total: Math.max(known, (page - 1) * pageSize + 1),
      page,
      pageSize,
      totalText: 'hidden',
      onPageChange: (next) => setReach({ ...reach, page: next }),
      onPageSizeChange: (size) => setPageSize(size),
    },
  };
}
