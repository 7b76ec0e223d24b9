/**
 * Completion ratio resolution (reference §3.10). pricing/completion-ratio.ts did not exist when
 * billing was written, so it lives here; the pricing module can import it.
 *
 * Order: a name containing "/" uses the configured table first; otherwise a matching built-in
 * rule marked `locked` wins over configuration; then the configured value; then the built-in
 * rule's value; then 1. Rules are data, first match wins, `*` is a wildcard.
 */
export interface CompletionRule {
  readonly pattern: string;
  readonly ratio: number;
  /** Locked rules track the provider's published price ratio and ignore configuration. */
  readonly locked: boolean;
}

export const COMPLETION_RULES: readonly CompletionRule[] = [
  { pattern: '*-gizmo-*', ratio: 2, locked: false },
  { pattern: '*-all', ratio: 2, locked: false },
  { pattern: 'gpt-4o-2024-05-13', ratio: 3, locked: true },
  { pattern: 'gpt-4o-mini-tts*', ratio: 20, locked: false },
  { pattern: 'gpt-4o*', ratio: 4, locked: false },
  { pattern: 'chatgpt-4o-latest', ratio: 3, locked: true },
  { pattern: 'gpt-5*', ratio: 8, locked: true },
  { pattern: 'gpt-4.5-preview*', ratio: 2, locked: true },
  { pattern: 'gpt-4.1*', ratio: 4, locked: false },
  { pattern: 'gpt-4-turbo*', ratio: 3, locked: true },
  { pattern: '*gpt-4-1106*', ratio: 3, locked: true },
  { pattern: 'gpt-3.5-turbo', ratio: 3, locked: true },
  { pattern: 'gpt-3.5*0125', ratio: 3, locked: true },
  { pattern: 'gpt-3.5*1106', ratio: 2, locked: true },
  { pattern: 'gpt-3.5*', ratio: 4 / 3, locked: true },
  { pattern: 'gpt-*', ratio: 2, locked: false },
  { pattern: 'o1*', ratio: 4, locked: true },
  { pattern: 'o3*', ratio: 4, locked: true },
  { pattern: '*claude-3*', ratio: 5, locked: true },
  { pattern: 'claude-sonnet-4*', ratio: 5, locked: true },
  { pattern: 'claude-opus-4*', ratio: 5, locked: true },
  { pattern: 'claude-haiku-4*', ratio: 5, locked: true },
  { pattern: 'mistral-*', ratio: 3, locked: true },
  { pattern: 'gemini-1.5*', ratio: 4, locked: true },
  { pattern: 'gemini-2.0*', ratio: 4, locked: true },
  { pattern: 'gemini-2.5-pro*', ratio: 8, locked: true },
  { pattern: 'gemini-2.5-flash-lite*', ratio: 4, locked: true },
  { pattern: 'gemini-2.5-flash*', ratio: 2.5 / 0.3, locked: true },
  { pattern: 'gemini*', ratio: 4, locked: true },
  { pattern: 'command-r', ratio: 3, locked: false },
  { pattern: 'command-r-plus*', ratio: 5, locked: false },
  { pattern: 'command*', ratio: 4, locked: false },
  { pattern: 'ERNIE-Speed*', ratio: 2, locked: false },
  { pattern: 'ERNIE-Lite*', ratio: 2, locked: false },
  { pattern: 'ERNIE-Character*', ratio: 2, locked: false },
  { pattern: 'ERNIE-Functions*', ratio: 2, locked: false },
];

function compile(pattern: string): RegExp {
  const parts = pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`);
}

const COMPILED = COMPLETION_RULES.map((rule) => ({ rule, re: compile(rule.pattern) }));

export function completionRuleFor(model: string): CompletionRule | null {
  return COMPILED.find((c) => c.re.test(model))?.rule ?? null;
}

function configuredValue(configured: Readonly<Record<string, number>>, model: string): number | null {
  const v = configured[model];
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}

export function completionRatio(model: string, configured: Readonly<Record<string, number>> = {}): number {
  if (model.includes('/')) {
    const v = configuredValue(configured, model);
    if (v !== null) return v;
  }
  const rule = completionRuleFor(model);
  if (rule?.locked) return rule.ratio;
  return configuredValue(configured, model) ?? rule?.ratio ?? 1;
}
