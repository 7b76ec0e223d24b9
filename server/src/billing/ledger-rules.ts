import type { ConsumeLogInput } from './ledger.types';
import { MAX_QUOTA } from './quota';

/** NA-2602's trust threshold: $10 (reference §3.5). */
export const TRUST_UNITS = 10;

/**
 * A charge as the ledger writes it: an integer in [0, MAX_QUOTA]. Quota math upstream already
 * yields integers; this only guards the statement the number is written into.
 */
export function ledgerQuota(n: number): number {
  if (Number.isNaN(n)) throw new RangeError('quota is not a number');
  if (n <= 0) return 0;
  if (n >= MAX_QUOTA) return MAX_QUOTA;
  return Math.round(n);
}

/** True when a request id can key a hold (the relay's ids are short and printable). */
export function validRequestId(id: unknown): id is string {
  return typeof id === 'string' && id.length > 0 && id.length <= 64 && /^[\x21-\x7e]+$/.test(id);
}

/**
 * The low-balance reminder fires once, on the settlement that takes the balance from at or
 * above the threshold to below it (reference §3.9). `charged` is this request's final charge,
 * so `after + charged` is the balance before the request.
 */
export function crossedBelow(after: number, charged: number, threshold: number): boolean {
  return threshold > 0 && after < threshold && after + charged >= threshold;
}

/** The trust bypass: a user holding more than $10, on no token, an unlimited one or one over $10. */
export function trusted(
  userQuota: number,
  token: { unlimitedQuota: boolean; remainQuota: number } | null | 'none',
  quotaPerUnit: number,
): boolean {
  const threshold = TRUST_UNITS * quotaPerUnit;
  if (!(userQuota > threshold)) return false;
  if (token === 'none') return true;
  return token !== null && (token.unlimitedQuota || token.remainQuota > threshold);
}

/** A balance as the reminder shows it: dollars like the reference (6 decimals), or raw quota. */
export function formatBalance(quota: number, inCurrency: boolean, quotaPerUnit: number): string {
  if (!inCurrency || !(quotaPerUnit > 0)) return String(quota);
  return `$${(quota / quotaPerUnit).toFixed(6)}`;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const INT32_MAX = 2_147_483_647;

/** A count for an integer column: whole, in [0, 2^31 - 1]; anything else counts as 0. */
function count(n: number): number {
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(INT32_MAX, Math.round(n));
}

/**
 * The consume log fields fitted to their columns, so a malformed value from the caller can
 * never make PostgreSQL refuse the row and with it the whole settlement.
 */
export function fitLog(log: ConsumeLogInput): ConsumeLogInput {
  return {
    ...log,
    username: log.username.slice(0, 64),
    tokenName: log.tokenName.slice(0, 64),
    tokenId: count(log.tokenId),
    modelName: log.modelName.slice(0, 128),
    promptTokens: count(log.promptTokens),
    completionTokens: count(log.completionTokens),
    useTime: count(log.useTime),
    tokenGroup: log.tokenGroup.slice(0, 64),
    clientIp: log.clientIp.slice(0, 64),
  };
}
