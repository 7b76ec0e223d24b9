import { builtInCompletionRatio, completionRatio } from './completion-ratio';
import { DEFAULT_COMPLETION_RATIO } from './default-ratios';

describe('completionRatio', () => {
  it('uses the built-in fallback when nothing is configured', () => {
    expect(completionRatio('gpt-4o-mini', {})).toBe(4);
    expect(completionRatio('gpt-4o', {})).toBe(4);
    expect(completionRatio('gpt-4o-mini-tts', {})).toBe(20);
    expect(completionRatio('gpt-4', {})).toBe(2);
    expect(completionRatio('gpt-4-gizmo-g-abc', {})).toBe(2);
    expect(completionRatio('gpt-4-all', {})).toBe(2);
    expect(completionRatio('gemini-2.5-pro', {})).toBe(8);
    expect(completionRatio('gemini-2.5-flash', {})).toBeCloseTo(2.5 / 0.3, 10);
    expect(completionRatio('gemini-2.5-flash-lite', {})).toBe(4);
    expect(completionRatio('gemini-pro', {})).toBe(4);
    expect(completionRatio('command-light', {})).toBe(4);
    expect(completionRatio('ERNIE-Speed-128K', {})).toBe(2);
    expect(completionRatio('some-unknown-model', {})).toBe(1);
  });

  it('lets the configured map override unlocked rules', () => {
    expect(completionRatio('gpt-4o-mini', { 'gpt-4o-mini': 6 })).toBe(6);
    expect(completionRatio('gpt-4', { 'gpt-4': 3 })).toBe(3);
    expect(completionRatio('gemini-2.5-pro', { 'gemini-2.5-pro': 5 })).toBe(5);
    expect(completionRatio('some-unknown-model', { 'some-unknown-model': 2.5 })).toBe(2.5);
    // String values from a hand-edited option count too.
    expect(completionRatio('some-unknown-model', { 'some-unknown-model': '1.5' })).toBe(1.5);
  });

  it('keeps locked rules above the configured map', () => {
    const configured = {
      'gpt-4o-2024-05-13': 9,
      'gpt-5': 1,
      'gpt-4.5-preview': 9,
      'gpt-4-turbo': 9,
      'o1': 9,
      'o3-mini': 9,
      'chatgpt-4o-latest': 9,
      'claude-3-5-sonnet-20241022': 1,
      'claude-sonnet-4-20250514': 1,
      'gpt-3.5-turbo': 1,
      'gpt-3.5-turbo-1106': 1,
      'gpt-3.5-turbo-16k': 1,
      'mistral-large': 1,
      'gemini-1.5-pro': 1,
      'command-r': 1,
      'command-r-plus': 1,
      'llama3-8b-8192': 1,
    };
    expect(completionRatio('gpt-4o-2024-05-13', configured)).toBe(3);
    expect(completionRatio('gpt-5', configured)).toBe(8);
    expect(completionRatio('gpt-5-mini', configured)).toBe(8);
    expect(completionRatio('gpt-4.5-preview', configured)).toBe(2);
    expect(completionRatio('gpt-4-turbo', configured)).toBe(3);
    expect(completionRatio('o1', configured)).toBe(4);
    expect(completionRatio('o3-mini', configured)).toBe(4);
    expect(completionRatio('chatgpt-4o-latest', configured)).toBe(3);
    expect(completionRatio('claude-3-5-sonnet-20241022', configured)).toBe(5);
    expect(completionRatio('claude-sonnet-4-20250514', configured)).toBe(5);
    expect(completionRatio('gpt-3.5-turbo', configured)).toBe(3);
    expect(completionRatio('gpt-3.5-turbo-0125', configured)).toBe(3);
    expect(completionRatio('gpt-3.5-turbo-1106', configured)).toBe(2);
    expect(completionRatio('gpt-3.5-turbo-16k', configured)).toBeCloseTo(4 / 3, 10);
    expect(completionRatio('mistral-large', configured)).toBe(3);
    expect(completionRatio('gemini-1.5-pro', configured)).toBe(4);
    expect(completionRatio('command-r', configured)).toBe(3);
    expect(completionRatio('command-r-plus', configured)).toBe(5);
    expect(completionRatio('llama3-8b-8192', configured)).toBe(2);
  });

  it('lets a vendor-prefixed name ("/") use its configured value before any rule', () => {
    expect(completionRatio('openrouter/claude-3-opus', {})).toBe(5);
    expect(completionRatio('openrouter/claude-3-opus', { 'openrouter/claude-3-opus': 2 })).toBe(2);
    expect(completionRatio('deepseek-ai/DeepSeek-V3', { 'deepseek-ai/DeepSeek-V3': 4 })).toBe(4);
  });

  it('ignores malformed configured values', () => {
    expect(completionRatio('gpt-4o', { 'gpt-4o': -1 })).toBe(4);
    expect(completionRatio('gpt-4o', { 'gpt-4o': 'abc' })).toBe(4);
    expect(completionRatio('x', { x: null })).toBe(1);
  });

  it('reports which rules are locked', () => {
    expect(builtInCompletionRatio('gpt-4o')).toEqual({ ratio: 4, locked: false });
    expect(builtInCompletionRatio('claude-3-haiku-20240307')).toEqual({ ratio: 5, locked: true });
    expect(builtInCompletionRatio('nothing-known')).toBeNull();
  });

  it('prices the reference worked example (gpt-4o-mini, 1000 prompt + 500 completion = 225 quota)', () => {
    const cr = completionRatio('gpt-4o-mini', {});
    expect(Math.round((1000 + 500 * cr) * 0.075 * 1)).toBe(225);
  });

  it('ships defaults that take effect (none is shadowed by a locked rule)', () => {
    for (const [model, ratio] of Object.entries(DEFAULT_COMPLETION_RATIO)) {
      expect(builtInCompletionRatio(model)?.locked ?? false).toBe(false);
      expect(completionRatio(model, DEFAULT_COMPLETION_RATIO)).toBe(ratio);
    }
    expect(completionRatio('gpt-4.1', DEFAULT_COMPLETION_RATIO)).toBe(4);
    expect(completionRatio('gpt-4.1', {})).toBe(2);
  });
});
