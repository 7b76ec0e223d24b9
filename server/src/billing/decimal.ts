/**
 * Exact decimal arithmetic for money: value = int / 10^scale. Ratios are configured as decimal
 * text (0.075, 1.25, 7.143); a number's shortest round-trip text is exactly what the admin
 * typed, so products and sums are computed without binary floating-point drift and rounded once.
 */
export interface Decimal {
  readonly int: bigint;
  readonly scale: number;
}
// Decimals are never changed in place (every operation returns a new one), so one may be shared.

const TEN = 10n;

/** 10^0 .. 10^40, made once: scales of ratios and their products stay far below. */
const POW10: readonly bigint[] = Array.from({ length: 41 }, (_, i) => TEN ** BigInt(i));

function pow10(n: number): bigint {
  return POW10[n] ?? TEN ** BigInt(n);
}

/** Non-integer values read before (ratios repeat on every request); bounded, cleared when full. */
const readBefore = new Map<number, Decimal>();
const READ_BEFORE_MAX = 1024;

/** Exact decimal of a finite number (via its shortest round-trip text, exponent forms included). */
export function decimalOf(n: number | bigint): Decimal {
  if (typeof n === 'bigint') return { int: n, scale: 0 };
  if (Number.isSafeInteger(n)) return { int: BigInt(n), scale: 0 };
  const known = readBefore.get(n);
  if (known) return known;
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(n));
  if (!m) throw new RangeError(`cannot read number: ${n}`);
  const [, sign = '', whole = '0', frac = '', exp = '0'] = m;
  let int = BigInt(`${sign}${whole}${frac}`);
  let scale = frac.length - Number(exp);
  if (scale < 0) {
    int *= pow10(-scale);
    scale = 0;
  }
  const d = { int, scale };
  if (readBefore.size >= READ_BEFORE_MAX) readBefore.clear();
  readBefore.set(n, d);
  return d;
}

export function mul(a: Decimal, b: Decimal): Decimal {
  return { int: a.int * b.int, scale: a.scale + b.scale };
}

export function add(a: Decimal, b: Decimal): Decimal {
  if (a.scale === b.scale) return { int: a.int + b.int, scale: a.scale };
  if (a.scale > b.scale) return { int: a.int + b.int * pow10(a.scale - b.scale), scale: a.scale };
  return { int: a.int * pow10(b.scale - a.scale) + b.int, scale: b.scale };
}

export function isZero(d: Decimal): boolean {
  return d.int === 0n;
}

export function isPositive(d: Decimal): boolean {
  return d.int > 0n;
}

/** Rounds to an integer, halves away from zero (2.5 → 3, -2.5 → -3). */
export function roundHalfAwayFromZero(d: Decimal): bigint {
  if (d.scale === 0) return d.int;
  const unit = pow10(d.scale);
  const q = d.int / unit;
  const r = d.int % unit;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= unit) return d.int < 0n ? q - 1n : q + 1n;
  return q;
}

/** Back to a number through decimal text, so short decimals (1.2, 0.45) come back exact. */
export function decimalToNumber(d: Decimal): number {
  return Number(`${d.int}e-${d.scale}`);
}

/** Product of decimals as a number (image factors): 0.4 × 3 is 1.2, not 1.2000000000000002. */
export function exactProduct(...factors: number[]): number {
  return decimalToNumber(factors.map((f) => decimalOf(f)).reduce(mul, decimalOf(1)));
}
