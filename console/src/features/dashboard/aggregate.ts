// Turns the hourly quota_data rows into chart series and per-model totals.
export interface QuotaDataRow {
  model_name: string;
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
}

export type Granularity = 'hour' | 'day' | 'week';
export type Metric = 'quota' | 'tokens' | 'count';

export const GRANULARITIES: readonly Granularity[] = ['hour', 'day', 'week'];

export function isGranularity(v: unknown): v is Granularity {
  return v === 'hour' || v === 'day' || v === 'week';
}

/** Start of the bucket (local time) holding the hour `unix`. */
export function bucketStart(unix: number, g: Granularity): number {
  const d = new Date(unix * 1000);
  if (g === 'hour') d.setMinutes(0, 0, 0);
  else {
    d.setHours(0, 0, 0, 0);
    // Weeks start on Monday.
    if (g === 'week') d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  }
  return Math.floor(d.getTime() / 1000);
}

export function bucketLabel(start: number, g: Granularity, locale: string): string {
  const d = new Date(start * 1000);
  if (g === 'hour') return d.toLocaleString(locale, { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
  return d.toLocaleDateString(locale, { year: 'numeric', month: '2-digit', day: '2-digit' });
}

const valueOf = (r: QuotaDataRow, m: Metric) => (m === 'quota' ? r.quota : m === 'tokens' ? r.token_used : r.count);

export interface ModelTotal {
  model: string;
  quota: number;
  tokens: number;
  count: number;
}

/** Totals per model, the largest quota first. */
export function totalsByModel(rows: readonly QuotaDataRow[]): ModelTotal[] {
  const map = new Map<string, ModelTotal>();
  for (const r of rows) {
    const t = map.get(r.model_name) ?? { model: r.model_name, quota: 0, tokens: 0, count: 0 };
    t.quota += r.quota;
    t.tokens += r.token_used;
    t.count += r.count;
    map.set(r.model_name, t);
  }
  return [...map.values()].sort((a, b) => b.quota - a.quota || a.model.localeCompare(b.model));
}

/** Most buckets drawn; a longer range at this granularity starts at its last MAX_BUCKETS buckets. */
export const MAX_BUCKETS = 24 * 62;

/** The start of the bucket after the one starting at `start` (local days and weeks). */
export function nextBucket(start: number, g: Granularity): number {
  if (g === 'hour') return start + 3600;
  const d = new Date(start * 1000);
  d.setDate(d.getDate() + (g === 'week' ? 7 : 1));
  return Math.floor(d.getTime() / 1000);
}

/** Every bucket start from the one holding `start` to the one holding `end`, empty ones included. */
export function bucketsBetween(start: number, end: number, g: Granularity): number[] {
  const out: number[] = [];
  const last = bucketStart(end, g);
  for (let b = bucketStart(start, g); b <= last; b = nextBucket(b, g)) out.push(b);
  return out.slice(-MAX_BUCKETS);
}

/**
 * One datum per bucket of the range (empty buckets as zero, so the time axis is true to time), in
 * time order, with a field per model. Models are keyed `m0`, `m1`, ... (the
 * chart reads keys as paths, and model names hold dots), in the order of `models`.
 */
export function seriesOverTime(
  rows: readonly QuotaDataRow[],
  models: readonly string[],
  g: Granularity,
  metric: Metric,
  range?: { start: number; end: number },
): { bucket: number; values: Record<string, number> }[] {
  const index = new Map(models.map((m, i) => [m, `m${i}`]));
  const zero = () => Object.fromEntries(models.map((_, i) => [`m${i}`, 0]));
  const buckets = new Map<number, Record<string, number>>();
  if (range) for (const b of bucketsBetween(range.start, range.end, g)) buckets.set(b, zero());
  for (const r of rows) {
    const key = index.get(r.model_name);
    if (key === undefined) continue;
    const b = bucketStart(r.created_at, g);
    const values = buckets.get(b) ?? zero();
    values[key] = (values[key] ?? 0) + valueOf(r, metric);
    buckets.set(b, values);
  }
  return [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([bucket, values]) => ({ bucket, values }));
}
