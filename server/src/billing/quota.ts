import type { Usage } from '../wire/canonical/usage';
import { add, decimalOf, exactProduct, isPositive, isZero, mul, roundHalfAwayFromZero, type Decimal } from './decimal';

/** 500000 quota = US$1; model ratio 1 = US$2 per 1M prompt tokens. */
export const QUOTA_PER_UNIT = 500_000;

/** Quota saturates here instead of overflowing the integers the database and JS can hold exactly. */
export const MAX_QUOTA = Number.MAX_SAFE_INTEGER;

/** Completion tokens held for a request without a completion bound (the `PreConsumedQuota` option). */
export const DEFAULT_PRE_CONSUMED_TOKENS = 500;

/**
 * Everything the money math needs about one model in one group, resolved by the caller from
 * the option tables. A fixed `modelPrice` (USD per call) wins over all ratios (§3.3).
 */
export interface ModelPricing {
  readonly modelPrice: number | null;
  readonly modelRatio: number;
  readonly completionRatio: number;
  /** Cached prompt tokens (KR; 1 = no discount). */
  readonly cacheRatio: number;
  /** Cache-creation prompt tokens (WR). */
  readonly cacheCreationRatio: number;
  /** Image input tokens (IR). */
  readonly imageRatio: number;
  /** Audio input tokens (AR): their price over a text input token's. */
  readonly audioRatio: number;
  /** Audio output tokens (ACR): their price over an audio input token's. */
  readonly audioCompletionRatio: number;
  /** The using group's ratio (or the user-group override). */
  readonly groupRatio: number;
}

/** A ratio or price that is negative or not a number: refuse to bill rather than bill wrong. */
export class BillingConfigError extends Error {
  constructor(field: string, value: number | null) {
    super(`invalid pricing: ${field} = ${String(value)}`);
    this.name = 'BillingConfigError';
  }
}

export interface QuotaResult {
  readonly quota: number;
  readonly mode: 'ratio' | 'price';
  /** P + C was 0: nothing charged (the log notes that the upstream sent no billing data). */
  readonly emptyUsage: boolean;
}

function ratio(field: string, value: number): Decimal {
  if (!Number.isFinite(value) || value < 0) throw new BillingConfigError(field, value);
  return decimalOf(value);
}

function saturate(q: bigint): number {
  if (q <= 0n) return 0;
  return q > BigInt(MAX_QUOTA) ? MAX_QUOTA : Number(q);
}

function count(n: number): Decimal {
  // Usage reaching billing went through clampUsage; this is a last guard, not a policy.
  return decimalOf(Number.isSafeInteger(n) && n > 0 ? n : 0);
}

/** Per-call quota: price × QuotaPerUnit × GR × multiplier (image size/quality/n), min 1 when not free. */
export function priceQuota(pricing: ModelPricing, multiplier = 1): number {
  const price = ratio('modelPrice', pricing.modelPrice ?? 0);
  const factor = mul(mul(price, decimalOf(QUOTA_PER_UNIT)), mul(ratio('groupRatio', pricing.groupRatio), ratio('perCallMultiplier', multiplier)));
  const q = saturate(roundHalfAwayFromZero(factor));
  return q === 0 && isPositive(factor) ? 1 : q;
}

/** 1-hour cache writes cost 1.6 × the 5-minute ones (Anthropic: 2× vs 1.25× input). */
const CACHE_1H_FACTOR = decimalOf(1.6);

/**
 * Settlement quota (reference §3.2, OpenAI usage semantics; A / Ca = audio input / output tokens):
 *   base   = P − K − W − I − A
 *   prompt = base + K·KR + (W − W1h)·WR + W1h·WR·1.6 + I·IR + A·AR
 *   output = (C − Ca)·CR + Ca·AR·ACR
 *   quota  = round((prompt + output) · MR · GR), halves away from zero, exact decimals
 *   MR·GR ≠ 0 and quota ≤ 0 → 1;  P + C = 0 → 0.
 * A fixed price per call replaces all of it (§3.3); `perCallMultiplier` is the image factor.
 */
export function quotaFor(usage: Usage, pricing: ModelPricing, perCallMultiplier = 1): QuotaResult {
  if (pricing.modelPrice !== null) return { quota: priceQuota(pricing, perCallMultiplier), mode: 'price', emptyUsage: false };
  const mr = ratio('modelRatio', pricing.modelRatio);
  const gr = ratio('groupRatio', pricing.groupRatio);
  const p = Math.max(0, usage.promptTokens);
  const c = Math.max(0, usage.completionTokens);
  if (p + c === 0) return { quota: 0, mode: 'ratio', emptyUsage: true };
  // Parts of the prompt priced apart never exceed the prompt (clampUsage guarantees it; this guards).
  const k = Math.min(Math.max(0, usage.cachedTokens), p);
  const w = Math.min(Math.max(0, usage.cacheCreationTokens), p - k);
  const w1h = Math.min(Math.max(0, usage.cacheCreation1hTokens), w);
  const i = Math.min(Math.max(0, usage.imageTokens), p - k - w);
  const a = Math.min(Math.max(0, usage.audioTokens), p - k - w - i);
  const ca = Math.min(Math.max(0, usage.audioCompletionTokens), c);
  // Every ratio is checked whether or not its tokens are there; a term of no tokens adds exactly
  // 0, so it is left out (most requests have only P and C: no cache, image or audio tokens).
  const ar = ratio('audioRatio', pricing.audioRatio);
  const kr = ratio('cacheRatio', pricing.cacheRatio);
  const wr = ratio('cacheCreationRatio', pricing.cacheCreationRatio);
  const ir = ratio('imageRatio', pricing.imageRatio);
  const cr = ratio('completionRatio', pricing.completionRatio);
  const acr = ratio('audioCompletionRatio', pricing.audioCompletionRatio);
  let tokens = count(p - k - w - i - a);
  if (k > 0) tokens = add(tokens, mul(count(k), kr));
  if (w - w1h > 0) tokens = add(tokens, mul(count(w - w1h), wr));
  if (w1h > 0) tokens = add(tokens, mul(count(w1h), mul(wr, CACHE_1H_FACTOR)));
  if (i > 0) tokens = add(tokens, mul(count(i), ir));
  if (a > 0) tokens = add(tokens, mul(count(a), ar));
  if (c - ca > 0) tokens = add(tokens, mul(count(c - ca), cr));
  if (ca > 0) tokens = add(tokens, mul(count(ca), mul(ar, acr)));
  const rate = mul(mr, gr);
  let quota = saturate(roundHalfAwayFromZero(mul(tokens, rate)));
  if (quota === 0 && !isZero(rate)) quota = 1;
  return { quota, mode: 'ratio', emptyUsage: false };
}

export interface HoldInput {
  /** Prompt tokens estimated locally before the call. */
  readonly promptTokens: number;
  /** Upper bound of generated tokens (max_tokens × choices); null when the client set none. */
  readonly completionBound: number | null;
}

/**
 * Quota reserved before calling the upstream (§3.5, money rule 5):
 *   tokens = prompt estimate + (completion bound ?? preConsumedTokens) · max(CR, AR·ACR)
 *   hold   = round(tokens · MR · GR), min 1 when not free; fixed-price models hold their price.
 * The completion bound is priced at the completion ratio (the reference omits CR there) so that
 * a bounded request's hold covers its settlement. Money rule 7 replaces the reference's
 * `max(prompt, PreConsumedQuota)` floor: a settlement beyond the hold is charged in full (the
 * balance may go below zero), so the hold need not over-reserve.
 */
export function holdFor(input: HoldInput, pricing: ModelPricing, options: { preConsumedTokens?: number; perCallMultiplier?: number } = {}): number {
  if (pricing.modelPrice !== null) return priceQuota(pricing, options.perCallMultiplier ?? 1);
  const mr = ratio('modelRatio', pricing.modelRatio);
  const gr = ratio('groupRatio', pricing.groupRatio);
  const rate = mul(mr, gr);
  if (isZero(rate)) return 0;
  // Money rule 7: the prompt estimate plus the completion bound, or PreConsumedQuota tokens of
  // completion when the request sets none (no floor under the prompt: a small balance is refused
  // only what it cannot cover).
  const fallback = Math.max(0, Math.trunc(options.preConsumedTokens ?? DEFAULT_PRE_CONSUMED_TOKENS));
  const prompt = count(Math.max(0, Math.trunc(input.promptTokens)));
  const bound = input.completionBound === null ? fallback : Math.max(0, Math.trunc(input.completionBound));
  // Audio output costs AR·ACR per token: the bound is priced at the dearer of the two outputs.
  const outputRatio = Math.max(pricing.completionRatio, exactProduct(pricing.audioRatio, pricing.audioCompletionRatio));
  const completion = mul(count(bound), ratio('completionRatio', outputRatio));
  const q = saturate(roundHalfAwayFromZero(mul(add(prompt, completion), rate)));
  return q === 0 ? 1 : q;
}

/** a + b without passing MAX_QUOTA (counters, totals). */
export function saturatingAdd(a: number, b: number): number {
  const s = a + b;
  return s > MAX_QUOTA ? MAX_QUOTA : s;
}
