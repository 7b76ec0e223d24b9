import { z } from 'zod';

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

/** A query integer; anything else (a word, a repeated parameter) reads as absent, not a refusal. */
const lenientInt = z
  .union([z.int(), z.string().regex(/^\s*-?\d{1,16}\s*$/)])
  .transform((v) => (typeof v === 'number' ? v : Number(v.trim())))
  .pipe(z.int())
  .optional()
  .catch(undefined);

/** The page parameters of a list query, for route query schemas (documented as strings of digits). */
export const pageQueryFields = {
  p: z.string().optional().catch(undefined).meta({ description: '0-based page (default 0)' }),
  size: z.string().optional().catch(undefined).meta({ description: 'Page size, 1..100 (default 10)' }),
  page_size: z.string().optional().catch(undefined).meta({ description: 'The reference name of size' }),
};

/**
 * Pages are 0-based (`p=0` first) like the console's calls; page size is bounded to 100.
 * Values that are not integers fall back to the defaults.
 */
export function parsePage(p: unknown, size: unknown, defaultSize = 10): PageQuery {
  const pageNum = lenientInt.parse(p);
  const sizeNum = lenientInt.parse(size);
  const page = pageNum !== undefined && pageNum >= 0 ? pageNum : 0;
  const pageSize = sizeNum !== undefined && sizeNum > 0 ? Math.min(sizeNum, 100) : defaultSize;
  return { page, pageSize, offset: page * pageSize };
}

export function toPage<T>(items: T[], total: number, q: PageQuery): Page<T> {
  return { items, total, page: q.page, page_size: q.pageSize };
}
