import { computeCharge, logContent } from './relay-billing';
import type { ResolvedPricing } from './relay-pricing';
import { reportedUsage } from './canonical/usage';

const ratio: ResolvedPricing = {
  pricing: { modelPrice: null, modelRatio: 0.075, completionRatio: 4, cacheRatio: 0.5, cacheCreationRatio: 1.25, imageRatio: 1, groupRatio: 2 },
  perCallMultiplier: 1,
  unpriced: false,
};
const price: ResolvedPricing = { pricing: { ...ratio.pricing, modelPrice: 0.04, groupRatio: 1.5 }, perCallMultiplier: 2, unpriced: false };

describe('relay charges', () => {
  it('usage: the upstream counts, cached tokens at the cache ratio', () => {
    // (1000 - 200 + 200·0.5 + 300·4) · 0.075 · 2 = (800 + 100 + 1200) · 0.15 = 315
    const c = computeCharge({ kind: 'usage', reported: reportedUsage({ promptTokens: 1000, completionTokens: 300, cachedTokens: 200 }), completionEstimate: 9 }, 50, ratio);
    expect(c).toMatchObject({ quota: 315, source: 'usage', usage: { promptTokens: 1000, completionTokens: 300, cachedTokens: 200 } });
  });

  it('usage missing: the local estimates, marked as such', () => {
    // (40 + 10·4) · 0.15 = 12
    expect(computeCharge({ kind: 'usage', reported: null, completionEstimate: 10 }, 40, ratio)).toMatchObject({ quota: 12, source: 'estimate' });
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
    expect(computeCharge({ kind: 'usage', reported: null, completionEstimate: 0 }, 7, price)).toMatchObject({ quota: 60_000 });
  });

  it('writes the ratios in the log line, with the billing notes', () => {
    const c = computeCharge({ kind: 'usage', reported: null, completionEstimate: 1 }, 1, ratio);
    if (!c) throw new Error('charge expected');
    expect(logContent(ratio, c, { clientGone: false, upstreamError: false })).toBe('模型倍率 0.075，补全倍率 4.00，分组倍率 2.00（上游未返回用量，按本地估算计费）');
    expect(logContent(price, c, { clientGone: true, upstreamError: false })).toMatch(/^模型价格 0.04，分组倍率 1.5（上游未返回用量，按本地估算计费）（客户端提前断开/);
  });
});
