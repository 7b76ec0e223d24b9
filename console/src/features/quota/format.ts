// Quota as people read it (spec §1): currency when the status says display_in_currency
// (quota / quota_per_unit, 2 decimals, 6 for amounts that would round to 0), else a compact
// count (k from 1e4, M from 1e6, B from 1e9). One helper for every screen of the console.
import type { ConsoleStatus } from '../../api/status';

export interface QuotaDisplay {
  inCurrency: boolean;
  quotaPerUnit: number;
}

export const DEFAULT_QUOTA_PER_UNIT = 500000;

/** The display rules the cached status object asks for. */
export function quotaDisplayOf(status: ConsoleStatus): QuotaDisplay {
  const perUnit = typeof status.quota_per_unit === 'number' && status.quota_per_unit > 0 ? status.quota_per_unit : DEFAULT_QUOTA_PER_UNIT;
  return { inCurrency: status.display_in_currency !== false, quotaPerUnit: perUnit };
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** 12345 → "12.3k", 2500000 → "2.5M"; below 1e4 the plain integer. */
export function compactCount(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1e9) return `${trimZeros((n / 1e9).toFixed(1))}B`;
  if (abs >= 1e6) return `${trimZeros((n / 1e6).toFixed(1))}M`;
  if (abs >= 1e4) return `${trimZeros((n / 1e3).toFixed(1))}k`;
  return String(Math.round(n));
}

/** "$1.23" in currency mode (6 decimals when 2 would show a non-zero amount as 0), else compact. */
export function formatQuota(quota: number, display: QuotaDisplay): string {
  if (!display.inCurrency) return compactCount(quota);
  const amount = quota / display.quotaPerUnit;
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const digits = abs !== 0 && abs < 0.01 ? 6 : 2;
  return `${sign}$${abs.toFixed(digits)}`;
}

/** Quota units for an amount typed in the display unit (currency or raw units). */
export function quotaFromDisplay(value: number, display: QuotaDisplay): number {
  return Math.round(display.inCurrency ? value * display.quotaPerUnit : value);
}
