/**
 * Looks a model up in a ratio or price map: the exact name first, then wildcard keys ending in
 * "*" ("gpt-4-gizmo-*"), the longest matching prefix winning. Values that are not finite,
 * non-negative numbers are ignored (a malformed option never yields a negative price).
 */
export function lookupModelValue(map: Readonly<Record<string, unknown>>, model: string): number | null {
  const exact = toNumber(Object.prototype.hasOwnProperty.call(map, model) ? map[model] : undefined);
  if (exact !== null) return exact;
  let best: { len: number; value: number } | null = null;
  for (const [key, raw] of Object.entries(map)) {
    if (!key.endsWith('*')) continue;
    const prefix = key.slice(0, -1);
    if (!model.startsWith(prefix) || (best && best.len >= prefix.length)) continue;
    const value = toNumber(raw);
    if (value !== null) best = { len: prefix.length, value };
  }
  return best?.value ?? null;
}

/** A ratio option's own entry for the model, else the built-in default table's; null when neither has one. */
export function lookupWithDefaults(configured: Readonly<Record<string, unknown>> | undefined, defaults: Readonly<Record<string, unknown>>, model: string): number | null {
  return lookupModelValue(configured ?? {}, model) ?? lookupModelValue(defaults, model);
}

/** The model name without a vendor prefix ("anthropic/claude-3-5-sonnet" → "claude-3-5-sonnet"). */
export function bareModelName(model: string): string {
  return model.slice(model.lastIndexOf('/') + 1);
}

function toNumber(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Ratio shown (and charged when the operator allows unpriced models) for a model with no ratio. */
export const UNSET_MODEL_RATIO = 37.5;

/** Vendor by model-name prefix (the price list's owner_by); data, first match wins. */
const VENDOR_PREFIXES: readonly (readonly [string, string])[] = [
  ['gpt-', 'openai'],
  ['chatgpt', 'openai'],
  ['dall-e', 'openai'],
  ['o1', 'openai'],
  ['o3', 'openai'],
  ['o4', 'openai'],
  ['tts-', 'openai'],
  ['whisper', 'openai'],
  ['text-embedding-3', 'openai'],
  ['text-embedding-ada', 'openai'],
  ['text-moderation', 'openai'],
  ['omni-moderation', 'openai'],
  ['davinci', 'openai'],
  ['babbage', 'openai'],
  ['claude', 'anthropic'],
  ['gemini', 'google'],
  ['imagen', 'google'],
  ['chat-bison', 'google'],
  ['text-embedding-004', 'google'],
  ['mj_', 'midjourney'],
  ['swap_face', 'midjourney'],
  ['suno', 'suno'],
  ['deepseek', 'deepseek'],
  ['moonshot', 'moonshot'],
  ['glm', 'zhipu'],
  ['chatglm', 'zhipu'],
  ['qwen', 'alibaba'],
  ['ERNIE', 'baidu'],
  ['SparkDesk', 'xunfei'],
  ['yi-', '01.ai'],
  ['hunyuan', 'tencent'],
  ['abab', 'minimax'],
  ['command', 'cohere'],
  ['rerank-', 'cohere'],
  ['llama', 'meta'],
  ['mistral', 'mistral'],
  ['jina', 'jina'],
  ['flux', 'flux'],
];

export function vendorOf(model: string): string {
  const name = bareModelName(model);
  for (const [prefix, vendor] of VENDOR_PREFIXES) if (name.startsWith(prefix) || model.startsWith(prefix)) return vendor;
  return '';
}
