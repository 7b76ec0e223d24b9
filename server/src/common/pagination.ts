export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface PageQuery {
  /** 0-based page index, as the console sends it. */
  page: number;
  pageSize: number;
  offset: number;
}

/**
 * Pages are 0-based (`p=0` first) like the console's calls; page size is bounded to 100.
 * Values that are not integers fall back to the defaults.
 */
export function parsePage(p: unknown, size: unknown, defaultSize = 10): PageQuery {
  const pageNum = toInt(p);
  const sizeNum = toInt(size);
  const page = pageNum !== null && pageNum >= 0 ? pageNum : 0;
  const pageSize = sizeNum !== null && sizeNum > 0 ? Math.min(sizeNum, 100) : defaultSize;
  return { page, pageSize, offset: page * pageSize };
}

function toInt(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  return null;
}

export function toPage<T>(items: T[], total: number, q: PageQuery): Page<T> {
  return { items, total, page: q.page, page_size: q.pageSize };
}
