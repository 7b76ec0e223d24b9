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
