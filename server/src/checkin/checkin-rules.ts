import { randomInt } from 'node:crypto';

/**
 * The daily reward rule: a uniformly random amount in [MinQuota, MaxQuota] when both are set
 * (greater than 0) and MinQuota < MaxQuota; otherwise BonusPerDay. Never negative.
 */
export function checkinReward(opts: { minQuota: number; maxQuota: number; bonusPerDay: number }, draw: (min: number, maxExclusive: number) => number = randomInt): number {
  const min = Math.trunc(opts.minQuota);
  const max = Math.trunc(opts.maxQuota);
  if (min > 0 && max > 0 && min < max) return draw(min, max + 1);
  return Math.max(0, Math.trunc(opts.bonusPerDay));
}

/** UTC day of a unix time, YYYY-MM-DD. */
export function utcDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** `YYYY-MM` to its first and last day strings; null when malformed. */
export function monthRange(month: string): { first: string; last: string } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const mon = Number(m[2]);
  if (mon < 1 || mon > 12 || year < 1970 || year > 9999) return null;
  const days = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { first: `${m[1]}-${m[2]}-01`, last: `${m[1]}-${m[2]}-${String(days).padStart(2, '0')}` };
}
