import { DomainError } from '../common/domain-error';

/**
 * Ledger refusals. Exhausted quota is a 403 with a code (`insufficient_user_quota`,
 * `token_quota_exhausted`), never a 429: SDKs retry 429 by themselves (money rule 7).
 */
export class BillingError extends DomainError {
  static insufficientUserQuota(need: number): BillingError {
    return new BillingError('insufficient_user_quota', 'billing.insufficient_user_quota', 403, { need });
  }

  static tokenQuotaExhausted(need: number): BillingError {
    return new BillingError('token_quota_exhausted', 'billing.token_quota_exhausted', 403, { need });
  }

  static duplicateRequest(): BillingError {
    return new BillingError('duplicate_request', 'billing.duplicate_request', 409);
  }
}
