import type { ConsoleStatus } from '../../api/status';

const DEFAULT_QUOTA_PER_UNIT = 500000;

/** Used quota as the site shows money: "$1.23" (6 decimals for tiny amounts), else the count. */
export function formatUsedQuota(quota: number, status: ConsoleStatus): string {
  const perUnit = typeof status.quota_per_unit === 'number' && status.quota_per_unit > 0 ? status.quota_per_unit : DEFAULT_QUOTA_PER_UNIT;
  if (status.display_in_currency === false) return String(quota);
  const amount = quota / perUnit;
  const digits = amount !== 0 && Math.abs(amount) < 0.01 ? 6 : 2;
  return `$${amount.toFixed(digits)}`;
}

export type TimeTone = 'neutral' | 'success' | 'lime' | 'warning' | 'danger';

/** Spec §9: 0 untested, up to 1 s green, up to 3 s lime, up to 5 s yellow, above red. */
export function responseTimeTone(ms: number): TimeTone {
  if (ms <= 0) return 'neutral';
  if (ms <= 1000) return 'success';
  if (ms <= 3000) return 'lime';
  if (ms <= 5000) return 'warning';
  return 'danger';
}
