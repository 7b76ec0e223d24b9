// Pure parsing and stepping rules, kept apart from the component so they are easy to test.

/** Drafts that are not numbers yet but must be allowed while typing. */
const PARTIAL = /^-?(\d+)?\.?$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)$/;

export function isAcceptableDraft(text: string, allowNegative: boolean, allowDecimal: boolean): boolean {
  const trimmed = text.trim();
  if (!allowNegative && trimmed.startsWith('-')) return false;
  if (!allowDecimal && trimmed.includes('.')) return false;
  return trimmed === '' || PARTIAL.test(trimmed) || NUMBER.test(trimmed);
}

export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

/** Rounds to `precision` decimals without binary noise (0.1 + 0.2 -> 0.3). */
export function roundTo(value: number, precision: number | undefined): number {
  if (precision === undefined) return Number(value.toPrecision(15));
  // Shift the decimal point in the string form: 1.005 * 100 is 100.49999... in binary.
  // Tiny or huge numbers already print in exponent form; plain scaling is fine for them.
  if (String(value).includes('e')) return Math.round(value * 10 ** precision) / 10 ** precision;
  const shifted = Math.round(Number(`${value}e${precision}`));
  return Number(`${shifted}e-${precision}`);
}

export function clamp(value: number, min: number | undefined, max: number | undefined): number {
  let v = value;
  if (min !== undefined && v < min) v = min;
  if (max !== undefined && v > max) v = max;
  return v;
}

export function format(value: number | null, precision: number | undefined): string {
  if (value === null) return '';
  return precision === undefined ? String(value) : value.toFixed(precision);
}

export function stepValue(
  current: number | null,
  delta: number,
  opts: { min?: number; max?: number; precision?: number },
): number {
  const base = current ?? opts.min ?? 0;
  return clamp(roundTo(base + delta, opts.precision), opts.min, opts.max);
}
