import { adaptorFor } from '../relay/adaptors/registry';
import { channelType, channelTypesView, defaultModelsByType, isChannelTypeId, registerChannelTypes } from './catalogue';
import { BUILT_IN_CHANNEL_TYPES, type ChannelTypeEntry } from './channel-types';
import { vendorOf, VENDORS } from './vendors';

describe('channel type catalogue', () => {
  it('holds the spec §3 types once each, with both labels', () => {
    expect(BUILT_IN_CHANNEL_TYPES.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 8, 11, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 31, 33, 34, 35, 36, 37, 38, 39, 40, 41]);
    for (const e of BUILT_IN_CHANNEL_TYPES) {
      expect(e.label.zh.length).toBeGreaterThan(0);
      expect(e.label.en.length).toBeGreaterThan(0);
    }
    expect(defaultModelsByType()['36']).toEqual(['suno_music', 'suno_lyrics']);
  });

  it('takes an OpenAI-compatible vendor as one entry, refuses a second copy of an id, and the relay serves it', () => {
    const entry: ChannelTypeEntry = {
      id: 9101,
      label: { zh: '测试厂商', en: 'Spec vendor' },
      defaultBaseUrl: 'https://api.spec-vendor.test',
      defaultModels: ['spec-1'],
      keyFormat: 'line',
      fields: [],
      relay: { openaiCompatible: { auth: 'bearer', streamUsage: true, capabilities: ['embeddings'] } },
    };
    expect(isChannelTypeId(9101)).toBe(false);
    registerChannelTypes([entry]);
    expect(channelType(9101)).toBe(entry);
    expect(channelTypesView().find((v) => v.id === 9101)).toMatchObject({ relay: 'openai_compatible', default_base_url: 'https://api.spec-vendor.test' });
    expect(() => registerChannelTypes([{ ...entry }])).toThrow(/already/);
    expect(() => registerChannelTypes([{ ...entry, id: 1 }])).toThrow(/already/);
    const adaptor = adaptorFor(9101);
    expect(adaptor.type).toBe(9101);
    expect(adaptor.embeddings).toBeDefined();
    expect(adaptorFor(9101)).toBe(adaptor);
  });
});

describe('vendor-prefix table', () => {
  it('maps name prefixes to vendors, case-insensitively and through an org/ path', () => {
    const key = (m: string) => vendorOf(m)?.key ?? '';
    expect(key('gpt-4o-mini')).toBe('openai');
    expect(key('claude-3-5-sonnet-20241022')).toBe('anthropic');
    expect(key('gemini-2.5-pro')).toBe('google');
    expect(key('text-embedding-004')).toBe('google');
    expect(key('text-embedding-3-small')).toBe('openai');
    expect(key('mj_imagine')).toBe('midjourney');
    expect(key('deepseek-ai/DeepSeek-V3')).toBe('deepseek');
    expect(key('ERNIE-4.0-8K')).toBe('baidu');
    expect(key('command-r-plus')).toBe('cohere');
    expect(key('rerank-english-v3.0')).toBe('cohere');
    expect(key('abab6.5-chat')).toBe('minimax');
    expect(key('my-own-model')).toBe('');
  });

  it('ends a prefix at a non-letter: yi claims yi-large, not yinyang; embed claims embed-v3, not embedding-2', () => {
    expect(vendorOf('yi-large')?.name).toBe('零一万物');
    expect(vendorOf('yinyang')).toBeUndefined();
    expect(vendorOf('embed-english-v3.0')?.key).toBe('cohere');
    expect(vendorOf('embedding-2')).toBeUndefined();
  });

  it('has unique ids and keys', () => {
    expect(new Set(VENDORS.map((v) => v.id)).size).toBe(VENDORS.length);
    expect(new Set(VENDORS.map((v) => v.key)).size).toBe(VENDORS.length);
  });
});
