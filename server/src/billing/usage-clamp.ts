import { EMPTY_REPORTED_USAGE, type ReportedUsage, type Usage } from '../wire/canonical/usage';

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
 * capped; cached, cache-creation, image and audio input tokens cannot exceed the prompt they are
 * part of, and reasoning and audio output tokens cannot exceed the completion.
 */
export function clampUsage(reported: ReportedUsage, maxTokens = MAX_USAGE_TOKENS): ClampedUsage {
  const out: ClampedUsage = {
    promptTokens: sane(reported.promptTokens, maxTokens),
    completionTokens: sane(reported.completionTokens, maxTokens),
    cachedTokens: sane(reported.cachedTokens, maxTokens),
    cacheCreationTokens: sane(reported.cacheCreationTokens, maxTokens),
    cacheCreation1hTokens: sane(reported.cacheCreation1hTokens, maxTokens),
    imageTokens: sane(reported.imageTokens, maxTokens),
    audioTokens: sane(reported.audioTokens, maxTokens),
    audioCompletionTokens: sane(reported.audioCompletionTokens, maxTokens),
    reasoningTokens: sane(reported.reasoningTokens, maxTokens),
  };
  return out;
}

/**
 * True when the upstream's completion count will be billed as it is (no local estimate needed).
 * With `zeroIsMissing` (text generation) a reported 0 still needs the estimate to be judged.
 */
export function reportsCompletion(reported: ReportedUsage | null, zeroIsMissing = false): boolean {
  const v = reported === null ? null : sane(reported.completionTokens, MAX_USAGE_TOKENS);
  return v !== null && !(zeroIsMissing && v === 0);
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

export interface SettleOptions {
  /**
   * Text generation (chat, completions, responses): a reported 0 where the local count found
   * tokens (a prompt was sent, output came back) counts as missing, so an upstream that
   * reports zeros does not serve for free (reference §3.7). Embeddings, audio, images,
   * rerank and moderations keep a reported 0.
   */
  readonly zeroIsMissing?: boolean;
  readonly maxTokens?: number;
}

/**
 * The usage to bill: upstream counts where they are sane, the local estimate where they are
 * missing. Sub-counts are fitted inside their totals.
 */
export function settleUsage(reported: ReportedUsage | null, estimate: UsageEstimate, options: SettleOptions = {}): SettledUsage {
  const maxTokens = options.maxTokens ?? MAX_USAGE_TOKENS;
  const c = clampUsage(reported ?? EMPTY_REPORTED_USAGE, maxTokens);
  const fallback = (n: number) => Math.min(Math.max(0, Math.ceil(Number.isFinite(n) ? n : 0)), maxTokens);
  const pick = (v: number | null, est: number): { value: number; estimated: boolean } =>
    v === null || (options.zeroIsMissing === true && v === 0 && est > 0) ? { value: est, estimated: true } : { value: v, estimated: false };
  const prompt = pick(c.promptTokens, fallback(estimate.promptTokens));
  const completion = pick(c.completionTokens, fallback(estimate.completionTokens));
  const promptTokens = prompt.value;
  const completionTokens = completion.value;
  const cachedTokens = Math.min(c.cachedTokens ?? 0, promptTokens);
  const cacheCreationTokens = Math.min(c.cacheCreationTokens ?? 0, promptTokens - cachedTokens);
  const cacheCreation1hTokens = Math.min(c.cacheCreation1hTokens ?? 0, cacheCreationTokens);
  const imageTokens = Math.min(c.imageTokens ?? 0, promptTokens - cachedTokens - cacheCreationTokens);
  const audioTokens = Math.min(c.audioTokens ?? 0, promptTokens - cachedTokens - cacheCreationTokens - imageTokens);
  const reasoningTokens = Math.min(c.reasoningTokens ?? 0, completionTokens);
  const audioCompletionTokens = Math.min(c.audioCompletionTokens ?? 0, completionTokens);
  return {
    usage: { promptTokens, completionTokens, cachedTokens, cacheCreationTokens, cacheCreation1hTokens, imageTokens, audioTokens, audioCompletionTokens, reasoningTokens },
    estimatedPrompt: prompt.estimated,
    estimatedCompletion: completion.estimated,
  };
}
