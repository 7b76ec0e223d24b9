/**
 * Per-model request quirks, as data: the first row whose pattern matches the upstream model
 * name wins. Patterns are literal names with `*` wildcards. Rows are OpenAI's documented
 * constraints for its reasoning models; vendors serving other names are unaffected.
 */
export interface ModelQuirks {
  /** The model rejects `max_tokens`: its value is sent as `max_completion_tokens`. */
  readonly maxTokensField?: 'max_completion_tokens';
  /** Parameters the model rejects; removed from the upstream body. */
  readonly dropParams?: readonly string[];
  /** The model has no system role: system messages are sent with this role. */
  readonly systemRole?: 'user' | 'developer';
}

const REASONING_UNSUPPORTED = ['temperature', 'top_p', 'presence_penalty', 'frequency_penalty', 'logprobs', 'top_logprobs', 'logit_bias'] as const;

export const MODEL_QUIRKS: readonly { readonly pattern: string; readonly quirks: ModelQuirks }[] = [
  // The first o1 previews accept neither system nor developer messages.
  { pattern: 'o1-mini*', quirks: { maxTokensField: 'max_completion_tokens', dropParams: REASONING_UNSUPPORTED, systemRole: 'user' } },
  { pattern: 'o1-preview*', quirks: { maxTokensField: 'max_completion_tokens', dropParams: REASONING_UNSUPPORTED, systemRole: 'user' } },
  { pattern: 'o1*', quirks: { maxTokensField: 'max_completion_tokens', dropParams: REASONING_UNSUPPORTED } },
  { pattern: 'o3*', quirks: { maxTokensField: 'max_completion_tokens', dropParams: REASONING_UNSUPPORTED } },
  { pattern: 'o4*', quirks: { maxTokensField: 'max_completion_tokens', dropParams: REASONING_UNSUPPORTED } },
  // The chat variant of gpt-5 samples normally; the reasoning variants do not.
  { pattern: 'gpt-5-chat*', quirks: { maxTokensField: 'max_completion_tokens' } },
  { pattern: 'gpt-5*', quirks: { maxTokensField: 'max_completion_tokens', dropParams: REASONING_UNSUPPORTED } },
];

const NO_QUIRKS: ModelQuirks = Object.freeze({});

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`);
}

const COMPILED = MODEL_QUIRKS.map((row) => ({ re: globToRegExp(row.pattern), quirks: row.quirks }));

export function quirksFor(model: string): ModelQuirks {
  return COMPILED.find((row) => row.re.test(model))?.quirks ?? NO_QUIRKS;
}
