import { computeCharge, logContent, zeroUsageIsMissing } from './relay-billing';
import type { ResolvedPricing } from './relay-pricing';
import { reportedUsage } from '../../wire/canonical/usage';

const ratio: ResolvedPricing = {
  pricing: { modelPrice: null, modelRatio: 0.075, completionRatio: 4, cacheRatio: 0.5, cacheCreationRatio: 1.25, imageRatio: 1, audioRatio: 1, audioCompletionRatio: 4, groupRatio: 2 },
  perCallMultiplier: 1,
  unpriced: false,
};
const price: ResolvedPricing = { pricing: { ...ratio.pricing, modelPrice: 0.04, groupRatio: 1.5 }, perCallMultiplier: 2, unpriced: false };

describe('relay charges', () => {
  it('usage: the upstream counts, cached tokens at the cache ratio', () => {
    // (1000 - 200 + 200·0.5 + 300·4) · 0.075 · 2 = (800 + 100 + 1200) · 0.15 = 315
    const c = computeCharge({ kind: 'usage', reported: reportedUsage({ promptTokens: 1000, completionTokens: 300, cachedTokens: 200 }), completionEstimate: 9, zeroIsMissing: true }, 50, ratio);
    expect(c).toMatchObject({ quota: 315, source: 'usage', usage: { promptTokens: 1000, completionTokens: 300, cachedTokens: 200 } });
  });

  it('usage missing: the local estimates, marked as such', () => {
    // (40 + 10·4) · 0.15 = 12
    expect(computeCharge({ kind: 'usage', reported: null, completionEstimate: 10, zeroIsMissing: true }, 40, ratio)).toMatchObject({ quota: 12, source: 'estimate' });
  });

  it('generated text: reported zeros the local count contradicts are billed by the estimate', () => {
    const zeros = reportedUsage({ promptTokens: 0, completionTokens: 0 });
    // (40 + 10·4) · 0.075 · 2 = 12, the same as missing usage.
    expect(computeCharge({ kind: 'usage', reported: zeros, completionEstimate: 10, zeroIsMissing: true }, 40, ratio)).toMatchObject({
      quota: 12,
      source: 'estimate',
      emptyUsage: false,
      usage: { promptTokens: 40, completionTokens: 10 },
    });
    // Prompt 0 with a real completion: only the prompt is estimated. (40 + 100·4) · 0.15 = 66
    const noPrompt = reportedUsage({ promptTokens: 0, completionTokens: 100 });
    expect(computeCharge({ kind: 'usage', reported: noPrompt, completionEstimate: 0, zeroIsMissing: true }, 40, ratio)).toMatchObject({
      quota: 66,
      source: 'estimate',
      usage: { promptTokens: 40, completionTokens: 100 },
    });
    // An empty answer really has 0 completion tokens: (40 + 0) · 0.15 = 6, from the upstream.
    const empty = reportedUsage({ promptTokens: 40, completionTokens: 0 });
    expect(computeCharge({ kind: 'usage', reported: empty, completionEstimate: 0, zeroIsMissing: true }, 35, ratio)).toMatchObject({ quota: 6, source: 'usage' });
  });

  it('other endpoints keep a reported 0 as it is', () => {
    // Embeddings: prompt 500, completion 0 → 500 · 0.15 = 75, billed from usage.
    const embedding = reportedUsage({ promptTokens: 500, completionTokens: 0 });
    expect(computeCharge({ kind: 'usage', reported: embedding, completionEstimate: 3, zeroIsMissing: false }, 480, ratio)).toMatchObject({ quota: 75, source: 'usage' });
    const zeros = reportedUsage({ promptTokens: 0, completionTokens: 0 });
    expect(computeCharge({ kind: 'usage', reported: zeros, completionEstimate: 0, zeroIsMissing: false }, 480, ratio)).toMatchObject({ quota: 0, emptyUsage: true });
    for (const e of ['chat', 'completion', 'responses'] as const) expect(zeroUsageIsMissing(e)).toBe(true);
    for (const e of ['embedding', 'moderation', 'rerank', 'image_generation', 'image_edit', 'audio_speech', 'audio_transcription', 'audio_translation'] as const) {
      expect(zeroUsageIsMissing(e)).toBe(false);
    }
  });

  it('delivered: prompt estimate plus delivered tokens; an upstream error with nothing delivered is free', () => {
    // (40 + 5·4) · 0.15 = 9
    expect(computeCharge({ kind: 'delivered', deliveredTokens: 5, reason: 'client_gone' }, 40, ratio)).toMatchObject({ quota: 9, source: 'delivered' });
    expect(computeCharge({ kind: 'delivered', deliveredTokens: 0, reason: 'client_gone' }, 40, ratio)).toMatchObject({ quota: 6 });
    expect(computeCharge({ kind: 'delivered', deliveredTokens: 0, reason: 'upstream_error' }, 40, ratio)).toBeNull();
    expect(computeCharge({ kind: 'nothing', reason: 'x' }, 40, ratio)).toBeNull();
  });

  it('fixed price: price · 500000 · group ratio · per-call multiplier, whatever the tokens', () => {
    // 0.04 · 500000 · 1.5 · 2 = 60000
    expect(computeCharge({ kind: 'usage', reported: null, completionEstimate: 0, zeroIsMissing: true }, 7, price)).toMatchObject({ quota: 60_000 });
  });

  it('writes the ratios in the log line, with the billing notes', () => {
    const c = computeCharge({ kind: 'usage', reported: null, completionEstimate: 1, zeroIsMissing: true }, 1, ratio);
    if (!c) throw new Error('charge expected');
    expect(logContent(ratio, c, { clientGone: false, upstreamError: false })).toBe('模型倍率 0.075，补全倍率 4.00，分组倍率 2.00（上游未返回用量，按本地估算计费）');
    expect(logContent(price, c, { clientGone: true, upstreamError: false })).toMatch(/^模型价格 0.04，分组倍率 1.5（上游未返回用量，按本地估算计费）（客户端提前断开/);
  });
});
