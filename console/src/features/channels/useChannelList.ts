import { useCallback, useState } from 'react';
import { keys } from '../../api/keys';
import { useApiData, useInvalidate } from '../../api/useApi';
import type { Channel } from './types';

// Kept in localStorage like the reference (spec §9): the ID-sort flag and the page size.
const ID_SORT_KEY = 'id-sort';
const PAGE_SIZE_KEY = 'page-size';
export const PAGE_SIZES = [10, 20, 50, 100] as const;

function readPageSize(): number {
  const n = Number(localStorage.getItem(PAGE_SIZE_KEY));
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : 10;
}

export interface ChannelFilters {
  keyword: string;
  model: string;
  group: string;
}

export const NO_FILTERS: ChannelFilters = { keyword: '', model: '', group: '' };

/**
 * The channel list: server pages (0-based `p`), the plain list or the search when a filter is
 * set. The server answers a page without a total, so the pager offers the next page while a
 * page comes back full.
 */
export function useChannelList() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(readPageSize);
  const [idSort, setIdSortState] = useState(() => localStorage.getItem(ID_SORT_KEY) === 'true');
  const [filters, setFilters] = useState<ChannelFilters>(NO_FILTERS);
  const invalidate = useInvalidate();

  const searching = filters.keyword.trim() !== '' || filters.model.trim() !== '' || filters.group !== '';
  const key = searching
    ? keys.channelSearch(filters.keyword.trim(), filters.group, filters.model.trim(), page - 1, pageSize, idSort)
    : keys.channels(page - 1, pageSize, idSort);
  const { data, isLoading, mutate } = useApiData<Channel[]>(key, { keepPreviousData: true });
  const rows = data ?? [];
  // One more than shown while the page is full: the pager then offers the next page.
  const total = (page - 1) * pageSize + rows.length + (rows.length === pageSize ? 1 : 0);

  const setPageSize = useCallback((size: number) => {
    localStorage.setItem(PAGE_SIZE_KEY, String(size));
    setPageSizeState(size);
    setPage(1);
  }, []);

  const setIdSort = useCallback((on: boolean) => {
    localStorage.setItem(ID_SORT_KEY, String(on));
    setIdSortState(on);
  }, []);

  const search = useCallback((next: ChannelFilters) => {
    setFilters(next);
    setPage(1);
  }, []);

  /** Every channel list and search page (after a change). */
  const refresh = useCallback(async () => {
    await invalidate('/api/channel/');
    await invalidate('/api/channel/search');
    await mutate();
  }, [invalidate, mutate]);

  return { rows, total, page, setPage, pageSize, setPageSize, idSort, setIdSort, filters, search, loading: isLoading, refresh };
}
