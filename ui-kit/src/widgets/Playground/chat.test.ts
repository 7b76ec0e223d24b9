import {
  buildChatRequest,
  chatReducer,
  clampTemperature,
  defaultSettings,
  isBusy,
  isUnsupportedModel,
  parseMaxTokens,
  restoreMessages,
  restoreSettings,
  validateSettings,
  type ChatMessage,
} from './chat';
import { PRESET_IDS, isPresetId, presetPrompt } from './presets';

function msg(id: string, role: ChatMessage['role'], content: string, status: ChatMessage['status']): ChatMessage {
  return { id, role, content, status, createAt: 0 };
}

describe('chatReducer', () => {
  it('walks a reply through loading, incomplete and complete', () => {
    let s = chatReducer([], { type: 'send', user: msg('u', 'user', 'hi', 'complete'), assistant: msg('a', 'assistant', '', 'loading') });
    expect(isBusy(s)).toBe(true);
    s = chatReducer(s, { type: 'delta', id: 'a', content: '你' });
    expect(s[1]).toMatchObject({ content: '你', status: 'incomplete' });
    s = chatReducer(s, { type: 'delta', id: 'a', content: '好' });
    s = chatReducer(s, { type: 'complete', id: 'a' });
    expect(s[1]).toMatchObject({ content: '你好', status: 'complete' });
    expect(isBusy(s)).toBe(false);
    // Late text after the end is ignored.
    expect(chatReducer(s, { type: 'delta', id: 'a', content: '!' })[1]?.content).toBe('你好');
  });

  it('marks errors, keeping partial text, and clears', () => {
    let s = [msg('a', 'assistant', 'part', 'incomplete')];
    s = chatReducer(s, { type: 'error', id: 'a', message: 'boom' });
    expect(s[0]).toMatchObject({ content: 'part', status: 'error', error: 'boom' });
    expect(chatReducer(s, { type: 'complete', id: 'a' })[0]?.status).toBe('error');
    expect(chatReducer(s, { type: 'clear' })).toEqual([]);
  });
});

describe('playground settings', () => {
  it('rejects o1 models only', () => {
    expect(isUnsupportedModel('o1-mini')).toBe(true);
    expect(isUnsupportedModel('o1')).toBe(true);
    expect(isUnsupportedModel('gpt-4o1')).toBe(false);
  });

  it('snaps temperature to 0.1 steps within 0.1..1', () => {
    expect(clampTemperature(0)).toBe(0.1);
    expect(clampTemperature(0.34)).toBe(0.3);
    expect(clampTemperature(7)).toBe(1);
    expect(clampTemperature(Number.NaN)).toBe(0.1);
  });

  it('converts max tokens text to a number', () => {
    expect(parseMaxTokens('256')).toBe(256);
    expect(parseMaxTokens(' 12.7 ')).toBe(12);
    expect(parseMaxTokens('abc')).toBe(0);
    expect(parseMaxTokens(-5)).toBe(0);
  });

  it('requires a group when groups are offered, and a model', () => {
    const s = defaultSettings('');
    expect(s).toMatchObject({ model: 'gpt-4o-mini', temperature: 0, maxTokens: 0 });
    expect(validateSettings(s, true)).toBe('groupRequired');
    expect(validateSettings(s, false)).toBeUndefined();
    expect(validateSettings({ ...s, group: 'default', model: ' ' }, true)).toBe('modelRequired');
  });

  it('builds the request from system prompt, finished history and the new text', () => {
    const history = [
      msg('1', 'user', 'a', 'complete'),
      msg('2', 'assistant', 'b', 'complete'),
      msg('3', 'user', 'c', 'complete'),
      msg('4', 'assistant', 'broken', 'error'),
    ];
    const req = buildChatRequest({ ...defaultSettings('be nice'), group: 'vip', maxTokens: 0, temperature: 0.7 }, history, 'd');
    expect(req).toEqual({
      model: 'gpt-4o-mini',
      group: 'vip',
      temperature: 0.7,
      messages: [
        { role: 'system', content: 'be nice' },
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'c' },
        { role: 'user', content: 'd' },
      ],
    });
    expect(buildChatRequest({ ...defaultSettings(''), maxTokens: 100 }, [], 'x')).toMatchObject({
      max_tokens: 100,
      messages: [{ role: 'user', content: 'x' }],
    });
  });
});

describe('presets', () => {
  it('has the default and 18 role presets with texts in both languages', () => {
    expect(PRESET_IDS).toHaveLength(19);
    for (const id of PRESET_IDS) {
      expect(presetPrompt(id, 'zh-CN')).toMatch(/[\u4e00-\u9fff]/);
      expect(presetPrompt(id, 'en').length).toBeGreaterThan(20);
    }
    expect(isPresetId('poet')).toBe(true);
    expect(isPresetId('wizard')).toBe(false);
  });
});

describe('restoring a kept conversation', () => {
  it('keeps finished messages, finishes interrupted replies and drops malformed or empty ones', () => {
    const restored = restoreMessages([
      { id: 'a', role: 'user', content: '你好', createAt: 1, status: 'complete' },
      { id: 'b', role: 'assistant', content: '部分', createAt: 2, status: 'incomplete' },
      { id: 'c', role: 'assistant', content: '', createAt: 3, status: 'loading' },
      { id: 'd', role: 'assistant', content: '', createAt: 4, status: 'error', error: 'boom' },
      { id: 'e', role: 'system', content: 'x', createAt: 5, status: 'complete' },
      'junk',
    ]);
    expect(restored).toEqual([
      { id: 'a', role: 'user', content: '你好', createAt: 1, status: 'complete' },
      { id: 'b', role: 'assistant', content: '部分', createAt: 2, status: 'complete' },
      { id: 'd', role: 'assistant', content: '', createAt: 4, status: 'error', error: 'boom' },
    ]);
    expect(restoreMessages({ not: 'a list' })).toEqual([]);
  });

  it('restores settings over the defaults, ignoring wrong types and o1 models', () => {
    const defaults = defaultSettings('prompt');
    expect(restoreSettings({ group: 'vip', model: 'gpt-4o', temperature: 0.7, maxTokens: 12.8, systemPrompt: 's' }, defaults)).toEqual({
      group: 'vip',
      model: 'gpt-4o',
      temperature: 0.7,
      maxTokens: 12,
      systemPrompt: 's',
    });
    expect(restoreSettings({ model: 'o1-mini', temperature: 'hot' }, defaults)).toEqual(defaults);
    expect(restoreSettings(null, defaults)).toBe(defaults);
  });
});
