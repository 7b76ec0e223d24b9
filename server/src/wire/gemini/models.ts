import type { ReasoningEffort } from '../canonical/chat';

/*
 * Gemini thinking by model name and reasoning_effort (new-api's conventions), as data.
 * `gemini-2.5-flash-thinking` asks for thoughts with the model's dynamic budget,
 * `-thinking-<n>` for a budget of n tokens, `-nothinking` for none.
 */

export interface ThinkingAsk {
  /** The model Google sees (suffix removed). */
  readonly model: string;
  /** null: no thinking config from the name. -1 is Gemini's dynamic budget. */
  readonly budget: number | null;
}

const SUFFIX = /^(.*?)-(nothinking|thinking(?:-(\d{1,6}))?)$/;

export function thinkingFromModel(model: string): ThinkingAsk {
  const m = SUFFIX.exec(model);
  if (!m || !m[1]) return { model, budget: null };
  if (m[2] === 'nothinking') return { model: m[1], budget: 0 };
  return { model: m[1], budget: m[3] === undefined ? -1 : Number(m[3]) };
}

/** reasoning_effort to a thinking budget (tokens; clamped per model by budgetFor). */
export const EFFORT_BUDGET: Readonly<Record<ReasoningEffort, number>> = {
  none: 0,
  minimal: 0,
  low: 1024,
  medium: 8192,
  high: 24576,
  xhigh: 32768,
};

/** Budget bounds per model family (first match): [smallest, largest]; Pro cannot stop thinking. */
const BUDGET_RANGE: readonly (readonly [RegExp, number, number])[] = [
  [/^gemini-2\.5-pro/, 128, 32768],
  [/^gemini-2\.5-flash-lite/, 0, 24576],
  [/^gemini-2\.5-flash/, 0, 24576],
];
const DEFAULT_RANGE = [0, 32768] as const;

/** The budget the model accepts: clamped into its range (a 0 on a model that must think is its floor). */
export function budgetFor(model: string, budget: number): number {
  const row = BUDGET_RANGE.find(([pattern]) => pattern.test(model));
  const [min, max] = row ? [row[1], row[2]] : DEFAULT_RANGE;
  return Math.min(max, Math.max(min, budget));
}
