import { EMPTY_REPORTED_USAGE, type ReportedUsage, type Usage } from '../relay/canonical/usage';

/** No single request produces more tokens than this; larger reports are capped (money rule 4). */
export const MAX_USAGE_TOKENS = 100_000_000;

/** Usage after clamping: a count the relay can trust, or null where it must estimate. */
export type ClampedUsage = { [K in keyof Usage]: number | null };

function sane(v: number | null, max: number): number | null {
  // Negative, fractional, NaN or unsafe numbers are not usage: treat them as missing.
  if (v === null || !Number.isSafeInteger(v) || v < 0) return null;
  return Math.min(v, max);
}

/**
 * Upstream usage is data from a third party: every count must be a non-negative integer and is
 * capped; cached, cache-creation and image tokens cannot exceed the prompt they are part of, and
 * reasoning tokens cannot exceed the completion.
 */
export function clampUsage(reported: ReportedUsage, maxTokens = MAX_USAGE_TOKENS): ClampedUsage {
  const out: ClampedUsage = {
    promptTokens: sane(reported.promptTokens, maxTokens),
    completionTokens: sane(reported.completionTokens, maxTokens),
    cachedTokens: sane(reported.cachedTokens, maxTokens),
    cacheCreationTokens: sane(reported.cacheCreationTokens, maxTokens),
    imageTokens: sane(reported.imageTokens, maxTokens),
    reasoningTokens: sane(reported.reasoningTokens, maxTokens),
  };
  return out;
}

/** True when the upstream's completion count will be billed as it is (no local estimate needed). */
export function reportsCompletion(reported: ReportedUsage | null): boolean {
  return reported !== null && sane(reported.completionTokens, MAX_USAGE_TOKENS) !== null;
}

export interface UsageEstimate {
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export interface SettledUsage {
  readonly usage: Usage;
  /** Which totals came from the local estimate instead of the upstream. */
  readonly estimatedPrompt: boolean;
  readonly estimatedCompletion: boolean;
}

/**
 * The usage to bill: upstream counts where they are sane, the local estimate where they are
 * missing. Sub-counts are fitted inside their totals.
 */
export function settleUsage(reported: ReportedUsage | null, estimate: UsageEstimate, maxTokens = MAX_USAGE_TOKENS): SettledUsage {
  const c = clampUsage(reported ?? EMPTY_REPORTED_USAGE, maxTokens);
  const fallback = (n: number) => Math.min(Math.max(0, Math.ceil(Number.isFinite(n) ? n : 0)), maxTokens);
  const promptTokens = c.promptTokens ?? fallback(estimate.promptTokens);
  const completionTokens = c.completionTokens ?? fallback(estimate.completionTokens);
  const cachedTokens = Math.min(c.cachedTokens ?? 0, promptTokens);
  const cacheCreationTokens = Math.min(c.cacheCreationTokens ?? 0, promptTokens - cachedTokens);
  const imageTokens = Math.min(c.imageTokens ?? 0, promptTokens - cachedTokens - cacheCreationTokens);
  const reasoningTokens = Math.min(c.reasoningTokens ?? 0, completionTokens);
  return {
    usage: { promptTokens, completionTokens, cachedTokens, cacheCreationTokens, imageTokens, reasoningTokens },
    estimatedPrompt: c.promptTokens === null,
    estimatedCompletion: c.completionTokens === null,
  };
}
