import { cacheCreationRatio, cacheRatio, DEFAULT_CACHE_RATIO, DEFAULT_CREATE_CACHE_RATIO } from './cache-ratio';
import { DEFAULT_MODEL_RATIO } from './default-ratios';

describe('cacheRatio', () => {
  it('falls back to the reference family defaults (§3.10)', () => {
    expect(cacheRatio('gpt-4o', {})).toBe(0.5);
    expect(cacheRatio('gpt-4o-mini-2024-07-18', {})).toBe(0.5);
    expect(cacheRatio('gpt-4', {})).toBe(0.5);
    expect(cacheRatio('o1', {})).toBe(0.5);
    expect(cacheRatio('o1-mini', {})).toBe(0.5);
    expect(cacheRatio('o3-mini-2025-01-31', {})).toBe(0.5);
    expect(cacheRatio('gpt-4.1', {})).toBe(0.25);
    expect(cacheRatio('gpt-4.1-nano-2025-04-14', {})).toBe(0.25);
    expect(cacheRatio('gpt-5-mini', {})).toBe(0.1);
    expect(cacheRatio('deepseek-chat', {})).toBe(0.25);
    expect(cacheRatio('deepseek-reasoner', {})).toBe(0.25);
    for (const m of ['claude-3-haiku-20240307', 'claude-3-5-sonnet-20241022', 'claude-3-7-sonnet-20250219', 'claude-sonnet-4-20250514', 'claude-opus-4-1-20250805', 'claude-haiku-4-5']) {
      expect(cacheRatio(m, {})).toBe(0.1);
    }
    expect(cacheRatio('anthropic/claude-3-5-sonnet', {})).toBe(0.1);
  });

  it('charges unknown models the full input price', () => {
    expect(cacheRatio('my-own-model', {})).toBe(1);
    expect(cacheRatio('gpt-4-turbo', {})).toBe(1);
    expect(cacheRatio('gpt-3.5-turbo', {})).toBe(1);
    expect(cacheRatio('gemini-2.5-pro', {})).toBe(1);
  });

  it('lets a configured entry win, including 1 and wildcards', () => {
    expect(cacheRatio('gpt-4o', { 'gpt-4o': 1 })).toBe(1);
    expect(cacheRatio('gpt-4o', { 'gpt-4o': '0.3' })).toBe(0.3);
    expect(cacheRatio('my-own-model', { 'my-*': 0.2 })).toBe(0.2);
    expect(cacheRatio('gpt-4o', { 'gpt-4o': -1 })).toBe(0.5);
  });
});

describe('cacheCreationRatio', () => {
  it('is 1.25 unless configured', () => {
    expect(cacheCreationRatio('claude-3-5-sonnet-20241022', {})).toBe(1.25);
    expect(cacheCreationRatio('my-own-model', {})).toBe(1.25);
    expect(cacheCreationRatio('claude-3-5-sonnet-20241022', { 'claude-3-5-sonnet-20241022': 1 })).toBe(1);
  });
});

describe('stored defaults', () => {
  it('spell the family values out for the default models and agree with the rules', () => {
    expect(DEFAULT_CACHE_RATIO).toMatchObject({ 'gpt-4o-mini': 0.5, 'gpt-4': 0.5, 'gpt-4.1': 0.25, 'gpt-5': 0.1, 'deepseek-chat': 0.25, 'claude-3-5-sonnet-20241022': 0.1 });
    expect(DEFAULT_CACHE_RATIO).not.toHaveProperty('gpt-3.5-turbo');
    expect(DEFAULT_CREATE_CACHE_RATIO).toMatchObject({ 'claude-sonnet-4-20250514': 1.25 });
    for (const [model, value] of Object.entries(DEFAULT_CACHE_RATIO)) {
      expect(DEFAULT_MODEL_RATIO).toHaveProperty([model]);
      expect(cacheRatio(model, {})).toBe(value);
    }
  });
});
