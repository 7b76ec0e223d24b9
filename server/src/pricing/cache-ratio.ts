import { CACHE_RATIO_FAMILIES, CREATE_CACHE_RATIO_FAMILIES, DEFAULT_MODEL_RATIO } from './default-ratios';
import { bareModelName, lookupModelValue } from './model-lookup';

/** Cached prompt tokens of a model no rule knows: no discount (reference §3.10). */
export const UNKNOWN_CACHE_RATIO = 1;
/** Cache writes of a model no rule knows: Anthropic's 1.25× (reference §3.10). */
export const UNKNOWN_CACHE_CREATION_RATIO = 1.25;

/**
 * The family rule of a model, matched on its own name and on the part after a vendor prefix
 * ("anthropic/claude-3-5-sonnet"); null when no family applies.
 */
export function familyValue(families: Readonly<Record<string, number>>, model: string): number | null {
  const own = lookupModelValue(families, model);
  if (own !== null || !model.includes('/')) return own;
  return lookupModelValue(families, bareModelName(model));
}

/**
 * Cache (read) ratio, the one resolution billing uses (GET /api/pricing shows none): the configured
 * CacheRatio entry (exact, then wildcard; an explicit 1 wins too), else the family default,
 * else 1.
 */
export function cacheRatio(model: string, configured: Readonly<Record<string, unknown>>): number {
  return lookupModelValue(configured, model) ?? familyValue(CACHE_RATIO_FAMILIES, model) ?? UNKNOWN_CACHE_RATIO;
}

/** Cache-creation ratio: the configured CreateCacheRatio entry, else the family default, else 1.25. */
export function cacheCreationRatio(model: string, configured: Readonly<Record<string, unknown>>): number {
  return lookupModelValue(configured, model) ?? familyValue(CREATE_CACHE_RATIO_FAMILIES, model) ?? UNKNOWN_CACHE_CREATION_RATIO;
}

/** The family value of every concrete default model (wildcard keys left to the rules). */
function concreteDefaults(families: Readonly<Record<string, number>>): Readonly<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const model of Object.keys(DEFAULT_MODEL_RATIO)) {
    if (model.endsWith('*')) continue;
    const v = familyValue(families, model);
    if (v !== null) out[model] = v;
  }
  return out;
}

/**
 * Stored defaults of the CacheRatio and CreateCacheRatio options: the family values spelled
 * out for the default models, so the ratio settings show them. Derived from the family rules,
 * so the table and the fallback cannot disagree.
 */
export const DEFAULT_CACHE_RATIO = concreteDefaults(CACHE_RATIO_FAMILIES);
export const DEFAULT_CREATE_CACHE_RATIO = concreteDefaults(CREATE_CACHE_RATIO_FAMILIES);
