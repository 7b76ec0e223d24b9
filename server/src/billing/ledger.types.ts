/**
 * The contract between the relay and the ledger (billing.service.ts). The database is the ledger:
 * a hold is reserved before any upstream call and settled (or refunded) exactly once per request id.
 */

export interface HoldRequest {
  /** Unique per client request (the relay's request id). */
  requestId: string;
  userId: number;
  /** null for the console playground (session auth): no token cap. */
  tokenId: number | null;
  /** Quota units, integer >= 0. A zero hold is still recorded (settlement stays idempotent). */
  amount: number;
  /** Optional (added later, backwards-compatible): names the model in a log the sweeper writes. */
  modelName?: string;
}

export interface HoldHandle {
  requestId: string;
  amount: number;
  /** True when the trust bypass skipped the reservation (amount then 0 in the ledger). */
  bypassed: boolean;
}

/** The consume log's fields (spec §3 Log), written in the settlement transaction. */
export interface ConsumeLogInput {
  username: string;
  tokenName: string;
  tokenId: number;
  modelName: string;
  promptTokens: number;
  completionTokens: number;
  /** Seconds. */
  useTime: number;
  isStream: boolean;
  tokenGroup: string;
  clientIp: string;
  content: string;
  /** ratios, frt (ms), admin_info {use_channel: number[]}, ... (see logs.mapper.ts SELF_OTHER_KEYS). */
  other: Record<string, unknown>;
}

export interface SettleInput {
  /** The final charge in quota units (integer >= 0); may exceed the hold by the overdraft rule. */
  quota: number;
  /** The channel that served the request (its used_quota follows). */
  channelId: number;
  /** null when nothing is logged (LogConsumeEnabled off is decided inside the ledger). */
  log: ConsumeLogInput | null;
}

export type SettleOutcome = 'settled' | 'already_done';

export interface Ledger {
  /**
   * Reserves `amount` from the user (and the token unless unlimited) by conditional statements.
   * Throws a 403 BillingError with code `insufficient_user_quota` or `token_quota_exhausted`.
   */
  hold(req: HoldRequest): Promise<HoldHandle>;
  /**
   * One transaction: hold held -> settled (compare-and-set), the delta (final - held) on user and
   * token, user used_quota / request_count, token used_quota, channel used_quota, the consume log.
   * A second call for the same request id changes nothing.
   */
  settle(requestId: string, input: SettleInput): Promise<SettleOutcome>;
  /** held -> refunded, the whole hold given back. Idempotent. */
  refund(requestId: string): Promise<SettleOutcome>;
  /**
   * Records how much a running stream has delivered so far (quota units), so the sweeper can
   * settle a hold orphaned by a crash. Cheap; callers rate-limit it. `channelId` (optional, added
   * later) names the serving channel, so a sweeper settlement credits its used_quota too.
   */
  checkpoint(requestId: string, deliveredQuota: number, channelId?: number): Promise<void>;
}
