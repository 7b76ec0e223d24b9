import { DEFAULT_MODEL_PRICE, DEFAULT_MODEL_RATIO } from '../pricing/default-ratios';
import { pricingFor, type PricingTables } from './pricing';
import { quotaFor } from './quota';

const tables: PricingTables = {
  modelRatio: DEFAULT_MODEL_RATIO,
  modelPrice: DEFAULT_MODEL_PRICE,
  completionRatio: { 'deepseek-chat': 2 },
  cacheRatio: { 'gpt-4o-mini': 0.5 },
  createCacheRatio: {},
  imageRatio: {},
};

describe('pricingFor', () => {
  it('resolves ratios, the completion ratio rule and cache defaults', () => {
    expect(pricingFor('gpt-4o-mini', tables, 1)).toEqual({
      modelPrice: null,
      modelRatio: 0.075,
      completionRatio: 4,
      cacheRatio: 0.5,
      cacheCreationRatio: 1.25,
      imageRatio: 1,
      // Not an audio model: audio tokens priced as text (the completion ratio for audio output).
      audioRatio: 1,
      audioCompletionRatio: 4,
      groupRatio: 1,
    });
    // No CacheRatio entry: the family default (deepseek 0.25).
    expect(pricingFor('deepseek-chat', tables, 2)).toMatchObject({ modelRatio: 0.135, completionRatio: 2, cacheRatio: 0.25, cacheCreationRatio: 1.25, groupRatio: 2 });
  });

  it('audio ratios: the configured entry, else the defaults (dated names too), else audio as text', () => {
    expect(pricingFor('gpt-4o-audio-preview', tables, 1)).toMatchObject({ modelRatio: 1.25, audioRatio: 16, audioCompletionRatio: 2 });
    const dated = { ...tables, modelRatio: { ...DEFAULT_MODEL_RATIO, 'gpt-4o-audio-preview-2024-12-17': 1.25 } };
    expect(pricingFor('gpt-4o-audio-preview-2024-12-17', dated, 1)).toMatchObject({ audioRatio: 16, audioCompletionRatio: 2 });
    expect(pricingFor('gpt-4o-mini-audio-preview', tables, 1)).toMatchObject({ modelRatio: 0.075, audioRatio: 66.67, audioCompletionRatio: 2 });
    const t: PricingTables = { ...tables, audioRatio: { 'gpt-4o-audio-preview': 10 }, audioCompletionRatio: { 'gpt-4o-mini': 3 } };
    expect(pricingFor('gpt-4o-audio-preview', t, 1)).toMatchObject({ audioRatio: 10, audioCompletionRatio: 2 });
    expect(pricingFor('gpt-4o-mini', t, 1)).toMatchObject({ audioRatio: 1, audioCompletionRatio: 3 });
  });

  it('cache ratios: the configured entry (even 1) first, else the family default, else 1', () => {
    const t: PricingTables = { ...tables, modelRatio: { ...DEFAULT_MODEL_RATIO, 'my-model': 1 }, cacheRatio: { 'gpt-4o': 1 }, createCacheRatio: { 'claude-3-haiku-20240307': 2 } };
    expect(pricingFor('gpt-4o', t, 1)?.cacheRatio).toBe(1);
    expect(pricingFor('gpt-4o-mini', t, 1)?.cacheRatio).toBe(0.5);
    expect(pricingFor('gpt-4.1-mini', t, 1)?.cacheRatio).toBe(0.25);
    expect(pricingFor('claude-3-5-sonnet-20241022', t, 1)).toMatchObject({ cacheRatio: 0.1, cacheCreationRatio: 1.25 });
    expect(pricingFor('claude-3-haiku-20240307', t, 1)).toMatchObject({ cacheRatio: 0.1, cacheCreationRatio: 2 });
    expect(pricingFor('my-model', t, 1)).toMatchObject({ cacheRatio: 1, cacheCreationRatio: 1.25 });
  });

  it('a price wins over a wildcard ratio; unpriced models resolve to null', () => {
    const gizmo = pricingFor('gpt-4-gizmo-g-abc', tables, 1);
    expect(gizmo).toMatchObject({ modelPrice: 0.1, modelRatio: 15 });
    if (!gizmo) throw new Error('expected pricing');
    expect(quotaFor({ promptTokens: 10, completionTokens: 10, cachedTokens: 0, cacheCreationTokens: 0, cacheCreation1hTokens: 0, imageTokens: 0, audioTokens: 0, audioCompletionTokens: 0, reasoningTokens: 0 }, gizmo).quota).toBe(50000);
    expect(pricingFor('no-such-model', tables, 1)).toBeNull();
  });

  it('gpt-image-1 image input tokens cost 2× by default', () => {
    expect(pricingFor('gpt-image-1', { ...tables, modelRatio: { 'gpt-image-1': 2.5 } }, 1)?.imageRatio).toBe(2);
  });
});
