// Price arithmetic of the model list (spec §2.11, §9). Pure, so every rule is unit-tested
// without rendering. Prices are in US dollars unless converted with the exchange rate.
import type { PricingItem } from '../../api/types';

/** Quota units per US dollar; a model ratio of 1 costs 1 quota per token. */
export const QUOTA_PER_DOLLAR = 500000;

/** Yuan per dollar when the server states none (reference default `price`). */
export const DEFAULT_EXCHANGE_RATE = 7.3;

export type PriceUnit = 'M' | 'K';
export type Currency = 'USD' | 'CNY';

export interface TokenPrices {
  prompt: number;
  completion: number;
}

/**
 * Per-token models: 1M tokens at ratio 1 cost 1M quota = $2, hence ratio × 2 per 1M.
 * The K unit divides by 1000.
 */
export function tokenPrices(item: PricingItem, groupRatio: number, unit: PriceUnit): TokenPrices {
  const perMillion = item.model_ratio * 2 * groupRatio;
  const prompt = unit === 'M' ? perMillion : perMillion / 1000;
  return { prompt, completion: prompt * item.completion_ratio };
}

/** Per-call models: the fixed price scaled by the group ratio. */
export function perCallPrice(item: PricingItem, groupRatio: number): number {
  return item.model_price * groupRatio;
}

export function convertCurrency(usd: number, currency: Currency, exchangeRate: number): number {
  return currency === 'USD' ? usd : usd * exchangeRate;
}

const SYMBOL: Record<Currency, string> = { USD: '$', CNY: '¥' };

/**
 * Rounds half up in decimal, not in binary: 0.0025 × 7.3 is 0.018249999… as a double and
 * toFixed(4) alone would print 0.0182. Trimming float noise first and shifting the
 * exponent in the string keeps 0.01825 → 0.0183, as a person computing by hand expects.
 */
export function toFixedDecimal(value: number, decimals: number): string {
  const shift = (n: number, by: number): number => {
    const [mantissa, exponent = '0'] = String(n).split('e');
    return Number(`${mantissa}e${Number(exponent) + by}`);
  };
  const rounded = Math.round(shift(Number(value.toPrecision(12)), decimals));
  return shift(rounded, -decimals).toFixed(decimals);
}

/** Prices are shown to 4 decimals (§9). */
export function formatPrice(value: number, currency: Currency): string {
  return `${SYMBOL[currency]}${toFixedDecimal(value, 4)}`;
}

/** Group ratios are shown to 2 decimals (§9). */
export function formatGroupRatio(ratio: number): string {
  return toFixedDecimal(ratio, 2);
}

/** Ratios of a model shown as-is, without float noise such as 0.30000000000000004. */
export function formatRatio(ratio: number): string {
  return String(Number(ratio.toPrecision(12)));
}

/**
 * §9 ordering: per-token before per-call, then names starting with "gpt", then
 * alphabetical. One comparator, so the order does not depend on sort stability.
 */
export function comparePricing(a: PricingItem, b: PricingItem): number {
  if (a.quota_type !== b.quota_type) return a.quota_type - b.quota_type;
  const aGpt = a.model_name.startsWith('gpt');
  const bGpt = b.model_name.startsWith('gpt');
  if (aGpt !== bGpt) return aGpt ? -1 : 1;
  return a.model_name.localeCompare(b.model_name, 'en');
}

/** The group ratio that applies, 1 for an unknown group (the server's default). */
export function ratioOf(groupRatio: Record<string, number>, group: string): number {
  return groupRatio[group] ?? 1;
}

/** Whether the model can be called from the chosen group. */
export function isAvailable(item: PricingItem, group: string): boolean {
  return item.enable_groups.includes(group);
}
