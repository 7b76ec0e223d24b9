/**
 * Fixed log-scale histograms for model speed: a value lands in bucket floor(log(v / MIN) / log(GROWTH)),
 * so bucket edges are the same on every node and every minute, and merging is adding counts.
 * With GROWTH 1.05 a quantile read from the bucket's geometric middle is within 2.5% of the
 * value. Stored sparse ({index: count}) since a model's values sit in a few neighbouring buckets.
 */
export const GROWTH = 1.05;
const LOG_GROWTH = Math.log(GROWTH);

export interface HistogramScale {
  /** Lower edge of bucket 0; smaller values go to bucket 0. */
  min: number;
  /** Number of buckets; larger values go to the last one. */
  size: number;
}

/** First-chunk time in ms: 1 ms .. about 27 minutes. */
export const FIRST_CHUNK_MS: HistogramScale = { min: 1, size: 300 };
/** Output tokens per second: 0.01 .. about 2.2 million. */
export const TOKENS_PER_SECOND: HistogramScale = { min: 0.01, size: 400 };

export type SparseCounts = Record<string, number>;

export function bucketOf(scale: HistogramScale, value: number): number {
  if (!(value > scale.min)) return 0;
  const i = Math.floor(Math.log(value / scale.min) / LOG_GROWTH);
  return i >= scale.size ? scale.size - 1 : i;
}

/** The geometric middle of a bucket. */
export function bucketValue(scale: HistogramScale, index: number): number {
  return scale.min * GROWTH ** (index + 0.5);
}

export function addSample(counts: SparseCounts, scale: HistogramScale, value: number): void {
  const k = String(bucketOf(scale, value));
  counts[k] = (counts[k] ?? 0) + 1;
}

export function mergeInto(into: SparseCounts, from: SparseCounts): void {
  for (const k of Object.keys(from)) into[k] = (into[k] ?? 0) + (from[k] ?? 0);
}

export function total(counts: SparseCounts): number {
  let n = 0;
  for (const k of Object.keys(counts)) n += counts[k] ?? 0;
  return n;
}

/** The q-quantile (0..1) as the middle of the bucket holding it; null when empty. */
export function quantile(counts: SparseCounts, scale: HistogramScale, q: number): number | null {
  const keys = Object.keys(counts)
    .map(Number)
    .filter((k) => Number.isInteger(k) && k >= 0 && (counts[String(k)] ?? 0) > 0)
    .sort((a, b) => a - b);
  const n = keys.reduce((s, k) => s + (counts[String(k)] ?? 0), 0);
  if (n === 0) return null;
  // Nearest rank: the smallest value with at least q of the samples at or below it.
  const rank = Math.max(1, Math.ceil(q * n));
  let seen = 0;
  for (const k of keys) {
    seen += counts[String(k)] ?? 0;
    if (seen >= rank) return bucketValue(scale, k);
  }
  return bucketValue(scale, keys[keys.length - 1] ?? 0);
}

/** Parses a stored histogram, keeping only non-negative integer keys with positive integer counts. */
export function parseCounts(text: string): SparseCounts {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  const out: SparseCounts = {};
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (/^\d+$/.test(k) && typeof v === 'number' && Number.isInteger(v) && v > 0) out[k] = v;
  }
  return out;
}
