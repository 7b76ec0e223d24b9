import { reportedUsage } from '../wire/canonical/usage';
import { MAX_USAGE_TOKENS, clampUsage, reportsCompletion, settleUsage } from './usage-clamp';

describe('clampUsage', () => {
  it('treats negative, fractional, NaN and unsafe counts as missing, caps huge ones', () => {
    expect(
      clampUsage(reportedUsage({ promptTokens: -5, completionTokens: 3.5, cachedTokens: Number.NaN, reasoningTokens: 2 ** 60, cacheCreationTokens: 4, imageTokens: 1e12 })),
    ).toEqual({ promptTokens: null, completionTokens: null, cachedTokens: null, reasoningTokens: null, cacheCreationTokens: 4, cacheCreation1hTokens: null, imageTokens: MAX_USAGE_TOKENS, audioTokens: null, audioCompletionTokens: null });
    expect(clampUsage(reportedUsage({ promptTokens: 500 }), 100).promptTokens).toBe(100);
  });
});

describe('settleUsage', () => {
  it('uses sane upstream counts and the estimate only where they are missing', () => {
    expect(settleUsage(reportedUsage({ promptTokens: 19, completionTokens: -1 }), { promptTokens: 40, completionTokens: 12.2 })).toEqual({
      usage: { promptTokens: 19, completionTokens: 13, cachedTokens: 0, cacheCreationTokens: 0, cacheCreation1hTokens: 0, imageTokens: 0, audioTokens: 0, audioCompletionTokens: 0, reasoningTokens: 0 },
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
    const s = settleUsage(reportedUsage({ promptTokens: 100, completionTokens: 10, cachedTokens: 80, cacheCreationTokens: 50, cacheCreation1hTokens: 70, imageTokens: 9, audioTokens: 5, audioCompletionTokens: 11, reasoningTokens: 30 }), {
      promptTokens: 0,
      completionTokens: 0,
    });
    expect(s.usage).toEqual({ promptTokens: 100, completionTokens: 10, cachedTokens: 80, cacheCreationTokens: 20, cacheCreation1hTokens: 20, imageTokens: 0, audioTokens: 0, audioCompletionTokens: 10, reasoningTokens: 10 });
  });

  it('text generation: a reported 0 the local count contradicts is missing', () => {
    const zeros = reportedUsage({ promptTokens: 0, completionTokens: 0, cachedTokens: 0 });
    expect(settleUsage(zeros, { promptTokens: 40, completionTokens: 12 }, { zeroIsMissing: true })).toEqual({
      usage: { promptTokens: 40, completionTokens: 12, cachedTokens: 0, cacheCreationTokens: 0, cacheCreation1hTokens: 0, imageTokens: 0, audioTokens: 0, audioCompletionTokens: 0, reasoningTokens: 0 },
      estimatedPrompt: true,
      estimatedCompletion: true,
    });
    // Prompt 0 (a proxy, or Ollama with a cached prompt) with a real completion: only the prompt is estimated.
    expect(settleUsage(reportedUsage({ promptTokens: 0, completionTokens: 30 }), { promptTokens: 40, completionTokens: 0 }, { zeroIsMissing: true })).toMatchObject({
      usage: { promptTokens: 40, completionTokens: 30 },
      estimatedPrompt: true,
      estimatedCompletion: false,
    });
    // An empty answer: a 0 the local count agrees with stands.
    expect(settleUsage(reportedUsage({ promptTokens: 25, completionTokens: 0 }), { promptTokens: 40, completionTokens: 0 }, { zeroIsMissing: true })).toMatchObject({
      usage: { promptTokens: 25, completionTokens: 0 },
      estimatedPrompt: false,
      estimatedCompletion: false,
    });
  });

  it('other endpoints keep a reported 0 (embeddings have no completion)', () => {
    expect(settleUsage(reportedUsage({ promptTokens: 0, completionTokens: 0 }), { promptTokens: 40, completionTokens: 12 })).toMatchObject({
      usage: { promptTokens: 0, completionTokens: 0 },
      estimatedPrompt: false,
      estimatedCompletion: false,
    });
    expect(settleUsage(reportedUsage({ promptTokens: 500, completionTokens: 0 }), { promptTokens: 480, completionTokens: 3 }, { zeroIsMissing: false }).usage).toMatchObject({
      promptTokens: 500,
      completionTokens: 0,
    });
  });

  it('still treats negative, fractional and huge counts by the money rule under zeroIsMissing', () => {
    const bad = reportedUsage({ promptTokens: -3, completionTokens: 2.5 });
    expect(settleUsage(bad, { promptTokens: 40, completionTokens: 12 }, { zeroIsMissing: true })).toMatchObject({
      usage: { promptTokens: 40, completionTokens: 12 },
      estimatedPrompt: true,
      estimatedCompletion: true,
    });
    expect(settleUsage(reportedUsage({ promptTokens: 1e12, completionTokens: 7 }), { promptTokens: 40, completionTokens: 0 }, { zeroIsMissing: true }).usage.promptTokens).toBe(
      MAX_USAGE_TOKENS,
    );
  });

  it('reportsCompletion: a 0 needs the estimate only for generated text', () => {
    expect(reportsCompletion(reportedUsage({ completionTokens: 0 }))).toBe(true);
    expect(reportsCompletion(reportedUsage({ completionTokens: 0 }), true)).toBe(false);
    expect(reportsCompletion(reportedUsage({ completionTokens: 5 }), true)).toBe(true);
    expect(reportsCompletion(reportedUsage({ completionTokens: -1 }))).toBe(false);
    expect(reportsCompletion(null, true)).toBe(false);
  });

  it('keeps a bogus estimate inside bounds', () => {
    expect(settleUsage(null, { promptTokens: Number.NaN, completionTokens: -4 }).usage).toMatchObject({ promptTokens: 0, completionTokens: 0 });
  });
});
