import type { ReasoningEffort } from '../canonical/chat';

/**
 * Per-model request defaults for Claude (type 14). Data rows, not branches: a new model family
 * is a line here.
 */

/** `max_tokens` is required by the Messages API; when the client sets none, these apply (first match). */
const MAX_TOKENS_DEFAULTS: readonly (readonly [RegExp, number])[] = [
  [/^claude-(instant|2)/, 4096],
  [/^claude-3-(opus|sonnet|haiku)-/, 4096],
  [/^claude-3-5-/, 8192],
  [/^claude-3-7-/, 8192],
  [/^claude-(sonnet|opus|haiku)-4/, 8192],
];

export const FALLBACK_MAX_TOKENS = 8192;

export function defaultMaxTokens(model: string): number {
  for (const [pattern, tokens] of MAX_TOKENS_DEFAULTS) if (pattern.test(model)) return tokens;
  return FALLBACK_MAX_TOKENS;
}

/** A `-thinking` model suffix turns extended thinking on (new-api's convention). */
export const THINKING_SUFFIX = '-thinking';

/** Share of max_tokens given to thinking when only the suffix asks for it (new-api default 0.8). */
export const THINKING_BUDGET_SHARE = 0.8;

/** Anthropic's floor for `budget_tokens`. */
export const MIN_THINKING_BUDGET = 1024;

/** `reasoning_effort` to a thinking budget (`none` is no thinking). */
export const EFFORT_BUDGET: Readonly<Record<Exclude<ReasoningEffort, 'none'>, number>> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 24576,
  xhigh: 32768,
};

export const DEFAULT_ANTHROPIC_VERSION = '2023-06-01';
