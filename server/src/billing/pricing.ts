import { cacheCreationRatio, cacheRatio } from '../pricing/cache-ratio';
import { completionRatio } from '../pricing/completion-ratio';
import { DEFAULT_AUDIO_COMPLETION_RATIO, DEFAULT_AUDIO_RATIO } from '../pricing/default-ratios';
import { lookupModelValue } from '../pricing/model-lookup';
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
 * ratio: the caller refuses it (or uses the unset ratio when the operator allows unpriced models).
 */
export function pricingFor(model: string, tables: PricingTables, groupRatio: number): ModelPricing | null {
  const modelPrice = lookupModelValue(tables.modelPrice, model);
  const modelRatio = lookupModelValue(tables.modelRatio, model);
  if (modelPrice === null && modelRatio === null) return null;
  const cr = completionRatio(model, tables.completionRatio);
  return {
    modelPrice,
    modelRatio: modelRatio ?? 0,
    completionRatio: cr,
    // Configured entry, else the family default (gpt-4o 0.5, Claude 0.1, ...), else 1 / 1.25.
    cacheRatio: cacheRatio(model, tables.cacheRatio),
    cacheCreationRatio: cacheCreationRatio(model, tables.createCacheRatio),
    imageRatio: lookupModelValue(tables.imageRatio ?? {}, model) ?? lookupModelValue(DEFAULT_IMAGE_RATIOS, model) ?? 1,
    ...audioRatios(model, tables, cr),
    groupRatio,
  };
}

/**
 * Audio ratios (AudioRatio, AudioCompletionRatio): the configured entry, else the default table,
 * else audio priced as text (AR 1, ACR = the completion ratio).
 */
export function audioRatios(model: string, tables: Pick<PricingTables, 'audioRatio' | 'audioCompletionRatio'>, completion: number): { audioRatio: number; audioCompletionRatio: number } {
  return {
    audioRatio: lookupModelValue(tables.audioRatio ?? {}, model) ?? lookupModelValue(DEFAULT_AUDIO_RATIO, model) ?? 1,
    audioCompletionRatio: lookupModelValue(tables.audioCompletionRatio ?? {}, model) ?? lookupModelValue(DEFAULT_AUDIO_COMPLETION_RATIO, model) ?? completion,
  };
}
