import { cacheCreationRatio, cacheRatio } from '../pricing/cache-ratio';
import { completionRatio } from '../pricing/completion-ratio';
import { DEFAULT_AUDIO_COMPLETION_RATIO, DEFAULT_AUDIO_RATIO } from '../pricing/default-ratios';
import { lookupModelValue, lookupWithDefaults } from '../pricing/model-lookup';
import type { ModelPricing } from './quota';

/** The option tables a model's pricing is read from (parsed JSON of the options). */
export interface PricingTables {
  readonly modelRatio: Readonly<Record<string, unknown>>;
  readonly modelPrice: Readonly<Record<string, unknown>>;
  readonly completionRatio: Readonly<Record<string, unknown>>;
  readonly cacheRatio: Readonly<Record<string, unknown>>;
  readonly createCacheRatio: Readonly<Record<string, unknown>>;
  readonly imageRatio?: Readonly<Record<string, unknown>>;
  readonly audioRatio?: Readonly<Record<string, unknown>>;
  readonly audioCompletionRatio?: Readonly<Record<string, unknown>>;
}

/** Image input tokens: gpt-image-1 charges them at 2× text input. */
export const DEFAULT_IMAGE_RATIOS: Readonly<Record<string, number>> = { 'gpt-image-1': 2 };

/**
 * Resolves one model's pricing in one group. Null when the model has neither a price nor a
 * ratio, unless `unpricedRatio` is given (self-use mode charges such a model at the unset ratio).
 */
export function pricingFor(model: string, tables: PricingTables, groupRatio: number, unpricedRatio: number | null = null): ModelPricing | null {
  const modelPrice = lookupModelValue(tables.modelPrice, model);
  const modelRatio = lookupModelValue(tables.modelRatio, model);
  const unpriced = modelPrice === null && modelRatio === null;
  if (unpriced && unpricedRatio === null) return null;
  const cr = completionRatio(model, tables.completionRatio);
  return {
    modelPrice,
    modelRatio: modelRatio ?? (unpriced ? (unpricedRatio ?? 0) : 0),
    completionRatio: cr,
    // Configured entry, else the family default (gpt-4o 0.5, Claude 0.1, ...), else 1 / 1.25.
    cacheRatio: cacheRatio(model, tables.cacheRatio),
    cacheCreationRatio: cacheCreationRatio(model, tables.createCacheRatio),
    imageRatio: lookupWithDefaults(tables.imageRatio, DEFAULT_IMAGE_RATIOS, model) ?? 1,
    // Audio: the configured entry, else the default table, else priced as text (AR 1, ACR = CR).
    audioRatio: lookupWithDefaults(tables.audioRatio, DEFAULT_AUDIO_RATIO, model) ?? 1,
    audioCompletionRatio: lookupWithDefaults(tables.audioCompletionRatio, DEFAULT_AUDIO_COMPLETION_RATIO, model) ?? cr,
    groupRatio,
  };
}
