import { reportedUsage } from '../relay/canonical/usage';
import { MAX_USAGE_TOKENS, clampUsage, settleUsage } from './usage-clamp';

describe('clampUsage', () => {
  it('treats negative, fractional, NaN and unsafe counts as missing, caps huge ones', () => {
    expect(
      clampUsage(reportedUsage({ promptTokens: -5, completionTokens: 3.5, cachedTokens: Number.NaN, reasoningTokens: 2 ** 60, cacheCreationTokens: 4, imageTokens: 1e12 })),
    ).toEqual({ promptTokens: null, completionTokens: null, cachedTokens: null, reasoningTokens: null, cacheCreationTokens: 4, imageTokens: MAX_USAGE_TOKENS });
    expect(clampUsage(reportedUsage({ promptTokens: 500 }), 100).promptTokens).toBe(100);
  });
});

describe('settleUsage', () => {
  it('uses sane upstream counts and the estimate only where they are missing', () => {
    expect(settleUsage(reportedUsage({ promptTokens: 19, completionTokens: -1 }), { promptTokens: 40, completionTokens: 12.2 })).toEqual({
      usage: { promptTokens: 19, completionTokens: 13, cachedTokens: 0, cacheCreationTokens: 0, imageTokens: 0, reasoningTokens: 0 },
      estimatedPrompt: false,
      estimatedCompletion: true,
    });
    expect(settleUsage(null, { promptTokens: 7, completionTokens: 3 })).toMatchObject({
      usage: { promptTokens: 7, completionTokens: 3 },
      estimatedPrompt: true,
      estimatedCompletion: true,
    });
  });

  it('fits sub-counts inside their totals', () => {
    const s = settleUsage(reportedUsage({ promptTokens: 100, completionTokens: 10, cachedTokens: 80, cacheCreationTokens: 50, imageTokens: 9, reasoningTokens: 30 }), {
      promptTokens: 0,
      completionTokens: 0,
    });
    expect(s.usage).toEqual({ promptTokens: 100, completionTokens: 10, cachedTokens: 80, cacheCreationTokens: 20, imageTokens: 0, reasoningTokens: 10 });
  });

  it('keeps a bogus estimate inside bounds', () => {
    expect(settleUsage(null, { promptTokens: Number.NaN, completionTokens: -4 }).usage).toMatchObject({ promptTokens: 0, completionTokens: 0 });
  });
});
