import type { Usage } from '../wire/canonical/usage';
import { BillingConfigError, MAX_QUOTA, holdFor, priceQuota, quotaFor, saturatingAdd, type ModelPricing } from './quota';

const pricing = (o: Partial<ModelPricing> = {}): ModelPricing => ({
  modelPrice: null,
  modelRatio: 1,
  completionRatio: 1,
  cacheRatio: 1,
  cacheCreationRatio: 1.25,
  imageRatio: 1,
  audioRatio: 1,
  audioCompletionRatio: 1,
  groupRatio: 1,
  ...o,
});

const usage = (promptTokens: number, completionTokens: number, o: Partial<Usage> = {}): Usage => ({
  promptTokens,
  completionTokens,
  cachedTokens: 0,
  cacheCreationTokens: 0,
  cacheCreation1hTokens: 0,
  imageTokens: 0,
  audioTokens: 0,
  audioCompletionTokens: 0,
  reasoningTokens: 0,
  ...o,
});

const q = (u: Usage, p: ModelPricing, m?: number) => quotaFor(u, p, m).quota;

describe('quotaFor: ratio models (reference §3.2)', () => {
  it('gpt-4o-mini worked example: (1000 + 500·4)·0.075 = 225', () => {
    expect(quotaFor(usage(1000, 500), pricing({ modelRatio: 0.075, completionRatio: 4 }))).toEqual({ quota: 225, mode: 'ratio', emptyUsage: false });
  });

  it('completion and group ratios: (1000 + 1000·4)·1.25·0.8 = 5000', () => {
    expect(q(usage(1000, 1000), pricing({ modelRatio: 1.25, completionRatio: 4, groupRatio: 0.8 }))).toBe(5000);
  });

  it('rounds half away from zero on exact decimals', () => {
    const mini = pricing({ modelRatio: 0.075 });
    expect(q(usage(20, 0), mini)).toBe(2); // 1.5
    expect(q(usage(30, 0), mini)).toBe(2); // 2.25
    expect(q(usage(50, 0), mini)).toBe(4); // 3.75
    // 100 × 0.145 is 14.5 exactly; binary floating point says 14.499999999999998.
    expect(q(usage(100, 0), pricing({ modelRatio: 0.145 }))).toBe(15);
    // 3 × 0.1 × 5 = 1.5 exactly: 2.
    expect(q(usage(3, 0), pricing({ modelRatio: 0.1, groupRatio: 5 }))).toBe(2);
  });

  it('charges at least 1 for a non-free model, nothing for a free one, nothing without usage', () => {
    expect(q(usage(6, 0), pricing({ modelRatio: 0.075 }))).toBe(1); // 0.45
    expect(q(usage(1000, 1000), pricing({ modelRatio: 0 }))).toBe(0);
    expect(q(usage(1000, 1000), pricing({ modelRatio: 2, groupRatio: 0 }))).toBe(0);
    expect(quotaFor(usage(0, 0), pricing({ modelRatio: 15 }))).toEqual({ quota: 0, mode: 'ratio', emptyUsage: true });
  });

  it('prices cached prompt tokens with the cache ratio: (500 + 1500·0.5 + 100·4)·1.25 = 2062.5 → 2063', () => {
    expect(q(usage(2000, 100, { cachedTokens: 1500 }), pricing({ modelRatio: 1.25, completionRatio: 4, cacheRatio: 0.5 }))).toBe(2063);
  });

  it('prices cache writes with the creation ratio: (1000 + 1000·0.1 + 1000·1.25 + 200·5)·1.5 = 5025', () => {
    const u = usage(3000, 200, { cachedTokens: 1000, cacheCreationTokens: 1000 });
    expect(q(u, pricing({ modelRatio: 1.5, completionRatio: 5, cacheRatio: 0.1, cacheCreationRatio: 1.25 }))).toBe(5025);
  });

  it('prices image input tokens with the image ratio: (200 + 800·2)·2.5 = 4500', () => {
    expect(q(usage(1000, 0, { imageTokens: 800 }), pricing({ modelRatio: 2.5, imageRatio: 2 }))).toBe(4500);
  });

  it('prices audio with the audio ratios: gpt-4o-audio (100 + 400·16 + 50·4 + 250·16·2)·1.25 = 18375', () => {
    // 500 prompt tokens of which 400 audio, 300 completion tokens of which 250 audio.
    const audio = pricing({ modelRatio: 1.25, completionRatio: 4, audioRatio: 16, audioCompletionRatio: 2 });
    expect(q(usage(500, 300, { audioTokens: 400, audioCompletionTokens: 250 }), audio)).toBe(18375);
    // Audio counts past their totals are fitted inside them: all 500 and all 300 audio.
    expect(q(usage(500, 300, { audioTokens: 9000, audioCompletionTokens: 9000 }), audio)).toBe((500 * 16 + 300 * 32) * 1.25);
    // Without audio ratios audio is text: (500 + 300·4)·1.25.
    expect(q(usage(500, 300, { audioTokens: 400, audioCompletionTokens: 250 }), pricing({ modelRatio: 1.25, completionRatio: 4, audioCompletionRatio: 4 }))).toBe(2125);
  });

  it('never lets priced-apart parts exceed the prompt', () => {
    // Cached 5000 of a 1000-token prompt is treated as all 1000 cached: 1000·0.5·2 = 1000.
    expect(q(usage(1000, 0, { cachedTokens: 5000 }), pricing({ modelRatio: 2, cacheRatio: 0.5 }))).toBe(1000);
  });

  it('saturates instead of overflowing', () => {
    expect(q(usage(100_000_000, 100_000_000), pricing({ modelRatio: 1e12, completionRatio: 1e6 }))).toBe(MAX_QUOTA);
    expect(saturatingAdd(MAX_QUOTA, 5)).toBe(MAX_QUOTA);
  });

  it('refuses to bill with a negative or non-numeric ratio', () => {
    expect(() => quotaFor(usage(10, 10), pricing({ modelRatio: -1 }))).toThrow(BillingConfigError);
    expect(() => quotaFor(usage(10, 10), pricing({ completionRatio: Number.NaN }))).toThrow(BillingConfigError);
    expect(() => quotaFor(usage(10, 10), pricing({ groupRatio: Number.POSITIVE_INFINITY }))).toThrow(BillingConfigError);
  });
});

describe('fixed price per call (§3.3)', () => {
  it('price · 500000 · GR · multiplier, ahead of any ratio', () => {
    expect(quotaFor(usage(0, 0), pricing({ modelPrice: 0.04, modelRatio: 99 }))).toEqual({ quota: 20000, mode: 'price', emptyUsage: false });
    // dall-e-3 hd 1792×1024 (factor 3) in a 1.5 group: 0.04 · 500000 · 1.5 · 3 = 90000.
    expect(q(usage(0, 0), pricing({ modelPrice: 0.04, groupRatio: 1.5 }), 3)).toBe(90000);
    // dall-e-2 512² (0.45): 0.02 · 500000 · 0.45 = 4500.
    expect(priceQuota(pricing({ modelPrice: 0.02 }), 0.45)).toBe(4500);
  });

  it('rounds half away and keeps a minimum of 1 for a paid call; a zero price is free', () => {
    expect(priceQuota(pricing({ modelPrice: 0.000001 }))).toBe(1); // 0.5
    expect(priceQuota(pricing({ modelPrice: 0.000003 }))).toBe(2); // 1.5
    expect(priceQuota(pricing({ modelPrice: 0.0000001 }))).toBe(1); // 0.05, paid
    expect(priceQuota(pricing({ modelPrice: 0 }))).toBe(0);
    expect(priceQuota(pricing({ modelPrice: 0.1, groupRatio: 0 }))).toBe(0);
  });
});

describe('Claude cache writes with a 1-hour lifetime', () => {
  it('cost 1.6 × the cache-creation ratio: (P − K − W) + K·0.1 + (W − W1h)·1.25 + W1h·2 + C·5, × MR', () => {
    const claude = pricing({ modelRatio: 1.5, completionRatio: 5, cacheRatio: 0.1, cacheCreationRatio: 1.25 });
    // P 1000 = 100 uncached + 300 read + 600 written (200 of them for 1h); C 100:
    // (100 + 300·0.1 + 400·1.25 + 200·2 + 100·5)·1.5 = (100 + 30 + 500 + 400 + 500)·1.5 = 2295
    expect(q(usage(1000, 100, { cachedTokens: 300, cacheCreationTokens: 600, cacheCreation1hTokens: 200 }), claude)).toBe(2295);
    // A 1h count above the writes is fitted inside them.
    expect(q(usage(1000, 100, { cachedTokens: 300, cacheCreationTokens: 600, cacheCreation1hTokens: 9999 }), claude)).toBe(Math.round((100 + 30 + 600 * 2 + 500) * 1.5));
  });
});

describe('holdFor (money rule 7: prompt estimate + completion bound)', () => {
  const mini = pricing({ modelRatio: 0.075, completionRatio: 4 });

  it('without max_tokens, PreConsumedQuota completion tokens: (1000 + 500·4)·0.075 = 225', () => {
    expect(holdFor({ promptTokens: 1000, completionBound: null }, mini)).toBe(225);
    expect(holdFor({ promptTokens: 1000, completionBound: null }, mini, { preConsumedTokens: 100 })).toBe(105);
  });

  it('no floor under a small prompt: (10 + 0)·0.075 = 0.75 → 1; with max_tokens 20, (10 + 80)·0.075 = 6.75 → 7', () => {
    expect(holdFor({ promptTokens: 10, completionBound: null }, mini, { preConsumedTokens: 0 })).toBe(1);
    expect(holdFor({ promptTokens: 10, completionBound: 20 }, mini)).toBe(7);
    // The bound wins over PreConsumedQuota, even when smaller.
    expect(holdFor({ promptTokens: 10, completionBound: 20 }, mini, { preConsumedTokens: 5000 })).toBe(7);
  });

  it('gpt-4o (1.25, CR 4), a 1,000-token prompt and max_tokens 100: (1000 + 100·4)·1.25 = 1750', () => {
    const gpt4o = pricing({ modelRatio: 1.25, completionRatio: 4 });
    expect(holdFor({ promptTokens: 1000, completionBound: 100 }, gpt4o)).toBe(1750);
  });

  it('prices the completion bound at the completion ratio: (1000 + 1000·4)·0.075 = 375', () => {
    expect(holdFor({ promptTokens: 1000, completionBound: 1000 }, mini)).toBe(375);
  });

  it('covers the settlement of any response within the bound', () => {
    const hold = holdFor({ promptTokens: 1000, completionBound: 1000 }, mini);
    expect(q(usage(1000, 1000), mini)).toBeLessThanOrEqual(hold);
  });

  it('prices the bound at the dearer output when audio output costs more: (1000 + 1000·16·2)·1.25 = 41250', () => {
    const audio = pricing({ modelRatio: 1.25, completionRatio: 4, audioRatio: 16, audioCompletionRatio: 2 });
    const hold = holdFor({ promptTokens: 1000, completionBound: 1000 }, audio);
    expect(hold).toBe(41250);
    expect(q(usage(1000, 1000, { audioCompletionTokens: 1000 }), audio)).toBeLessThanOrEqual(hold);
  });

  it('free models hold nothing; fixed-price models hold their price', () => {
    expect(holdFor({ promptTokens: 1000, completionBound: 1000 }, pricing({ modelRatio: 0 }))).toBe(0);
    expect(holdFor({ promptTokens: 1000, completionBound: null }, pricing({ modelPrice: 0.04 }), { perCallMultiplier: 2 })).toBe(40000);
  });
});
