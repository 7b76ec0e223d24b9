import { ImportError } from './import-error';
import type { Row } from './source';

/** Readers of source values as the three drivers return them (numbers as strings, 0/1 booleans, Date). */

export function str(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

export function int(v: unknown, fallback = 0): number {
  if (v === null || v === undefined || v === '') return fallback;
  const n = typeof v === 'bigint' ? Number(v) : Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

export function float(v: unknown): number {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
}

export function bool(v: unknown): boolean {
  return v === true || v === 1 || v === '1' || v === 't' || v === 'true' || (typeof v === 'bigint' && v === 1n) || (Buffer.isBuffer(v) && v[0] === 1);
}

/** gorm's DeletedAt (a datetime or null) as unix seconds. */
export function seconds(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return Math.floor(v.getTime() / 1000);
  if (typeof v === 'number') return v > 1e12 ? Math.floor(v / 1000) : v;
  const t = Date.parse(str(v).replace(' ', 'T'));
  return Number.isFinite(t) ? Math.floor(t / 1000) : null;
}

/** Text cut to a column's length. */
export function cut(v: unknown, max: number): string {
  return str(v).slice(0, max);
}

/** A JSON text column: '' stays '' unless a default is given; anything else is kept as written. */
export function jsonText(v: unknown, empty = ''): string {
  const s = str(v).trim();
  return s === '' ? empty : s;
}

export function rowId(table: string, r: Row): number {
  const id = int(r.id, NaN);
  if (!Number.isSafeInteger(id) || id <= 0) throw new ImportError(`${table}: a row has no usable id (${str(r.id)})`);
  return id;
}

/** A quota column: a whole, non-negative number, or the import is refused naming the row. */
export function quota(table: string, id: number, column: string, v: unknown, allowNegative = false): number {
  const n = Number(v ?? 0);
  if (!Number.isSafeInteger(n)) throw new ImportError(`${table} id ${id}: ${column} is not a whole number (${str(v)})`);
  if (n < 0 && !allowNegative) throw new ImportError(`${table} id ${id}: ${column} is negative (${n})`);
  return n;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A key Sluice can seal: well-formed text without NUL, non-empty unless allowed (a keyless Ollama channel). */
export function sealable(table: string, id: number, v: unknown, allowEmpty = false): string {
  if (typeof v !== 'string' && !Buffer.isBuffer(v)) throw new ImportError(`${table} id ${id}: the key is missing, so it cannot be sealed`);
  const s = str(v);
  if ((s.trim() === '' && !allowEmpty) || LONE_SURROGATE.test(s) || s.includes('\u0000')) throw new ImportError(`${table} id ${id}: the key cannot be sealed (empty or not valid text)`);
  return s;
}
