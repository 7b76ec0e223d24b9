/**
 * Canonical usage. Billing reads only this shape.
 *
 * Semantics are OpenAI's: `promptTokens` is the whole input, cached, cache-creation, image and
 * audio input tokens included (an adaptor for a provider that reports them apart, like Anthropic,
 * adds them back). `reasoningTokens` and `audioCompletionTokens` are part of `completionTokens`.
 */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** Prompt tokens served from the provider's cache (priced with the cache ratio). */
  cachedTokens: number;
  /** Prompt tokens written to the provider's cache (priced with the cache-creation ratio). */
  cacheCreationTokens: number;
  /**
   * The part of `cacheCreationTokens` written with a 1-hour lifetime (Anthropic
   * `cache_creation.ephemeral_1h_input_tokens`): priced at 1.6 × the cache-creation ratio
   * (reference §3.2: 2× input when the 5-minute ratio is 1.25).
   */
  cacheCreation1hTokens: number;
  /** Image input tokens (gpt-image-1 edits; priced with the image ratio). */
  imageTokens: number;
  /** Audio input tokens (gpt-4o-audio / realtime; priced with the audio ratio). */
  audioTokens: number;
  /** Audio output tokens, part of completionTokens (priced with audio ratio × audio completion ratio). */
  audioCompletionTokens: number;
  /** Informational: included in completionTokens. */
  reasoningTokens: number;
}

/**
 * Usage exactly as an upstream reported it: any number (even negative or fractional) or null
 * when the field was absent or not a number. `clampUsage` in billing turns it into Usage.
 */
export type ReportedUsage = { [K in keyof Usage]: number | null };

export const EMPTY_REPORTED_USAGE: ReportedUsage = Object.freeze({
  promptTokens: null,
  completionTokens: null,
  cachedTokens: null,
  cacheCreationTokens: null,
  cacheCreation1hTokens: null,
  imageTokens: null,
  audioTokens: null,
  audioCompletionTokens: null,
  reasoningTokens: null,
});

export function reportedUsage(partial: Partial<ReportedUsage>): ReportedUsage {
  return { ...EMPTY_REPORTED_USAGE, ...partial };
}

/** Why generation stopped, normalised across providers. */
export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call' | 'other';

const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool_calls',
  content_filter: 'content_filter',
  function_call: 'function_call',
  // Responses API and a few vendors use their own words for the same states.
  completed: 'stop',
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  max_output_tokens: 'length',
  tool_use: 'tool_calls',
};

export function finishReasonOf(v: unknown): FinishReason | null {
  if (typeof v !== 'string' || v === '') return null;
  return FINISH_REASONS[v] ?? 'other';
}

/**
 * Speech-to-text is billed by duration: 1000 tokens per started minute-equivalent, i.e.
 * ceil(seconds) / 60 × 1000, rounded up to a whole token.
 */
export function audioSecondsToTokens(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.ceil((Math.ceil(seconds) * 1000) / 60);
}
