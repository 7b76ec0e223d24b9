import type { ChannelContext } from '../relay/adaptors/types';
import { adaptorFor } from '../relay/adaptors/registry';
import { channelType, channelTypesView, defaultModelsByType, isChannelTypeId, registerChannelTypes } from './catalogue';
import { BUILT_IN_CHANNEL_TYPES, type ChannelTypeEntry } from './channel-types';
import { vendorOf, VENDORS } from './vendors';

describe('channel type catalogue', () => {
  it('holds the spec §3 types once each, with both labels', () => {
    expect(BUILT_IN_CHANNEL_TYPES.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 8, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 31, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 45, 46, 47, 48]);
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

describe('the eight OpenAI-compatible vendors of issue #22', () => {
  const ctx = (type: number, baseUrl: string): ChannelContext => ({ type, baseUrl, key: 'sk-k', other: '', upstreamModel: 'm', organization: '' });
  /** Where the adaptor sends an embeddings request, or lists models when it has no embeddings. */
  const urlOf = (type: number, baseUrl: string): string | undefined => {
    const adaptor = adaptorFor(type);
    const c = ctx(type, baseUrl);
    return adaptor.embeddings ? adaptor.embeddings.buildRequest({ body: { input: 'x' } } as never, c).url : adaptor.models?.buildListRequest(c).url;
  };

  it('are configuration entries relayed by the OpenAI-compatible adaptor, each under its own path prefix', () => {
    for (const id of [20, 27, 42, 43, 45, 46, 47, 48]) {
      const e = channelType(id) as ChannelTypeEntry;
      expect(typeof e.relay).toBe('object');
      expect(adaptorFor(id).type).toBe(id);
    }
    expect(urlOf(20, '')).toBe('https://openrouter.ai/api/v1/embeddings');
    expect(urlOf(42, '')).toBe('https://api.mistral.ai/v1/embeddings');
    expect(urlOf(43, '')).toBe('https://api.deepseek.com/v1/models');
    expect(urlOf(45, '')).toBe('https://ark.cn-beijing.volces.com/api/v3/embeddings');
    expect(urlOf(45, 'https://ark.ap-southeast.bytepluses.com/api/v3/')).toBe('https://ark.ap-southeast.bytepluses.com/api/v3/embeddings');
    expect(urlOf(46, '')).toBe('https://qianfan.baidubce.com/v2/embeddings');
    expect(urlOf(47, 'http://127.0.0.1:9997')).toBe('http://127.0.0.1:9997/v1/embeddings');
    expect(urlOf(48, '')).toBe('https://api.x.ai/v1/models');
    expect(adaptorFor(27).embeddings).toBeUndefined();
    expect(channelTypesView().filter((v) => v.reports_balance).map((v) => v.id)).toEqual([1, 20, 25, 40, 43]);
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
