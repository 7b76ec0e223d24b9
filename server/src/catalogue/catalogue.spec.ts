import { adaptorFor } from '../relay/adaptors/registry';
import { parseChatRequest } from '../wire/openai-chat/parse';
import { channelType, channelTypes, channelTypesView, defaultModelsByType, isChannelTypeId, registerChannelTypes } from './catalogue';
import { BUILT_IN_CHANNEL_TYPES, type ChannelTypeEntry } from './channel-types';
import { vendorOf, VENDORS } from './vendors';

describe('channel type catalogue', () => {
  it('holds the spec §3 types and the OpenAI-compatible vendors of new-api once each, by id, with both labels', () => {
    const ids = BUILT_IN_CHANNEL_TYPES.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(channelTypes().map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 8, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 31, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 45, 46, 47, 48]);
    // The eight vendors are configuration: the relay builds their adaptors, at their own path prefix.
    for (const id of [20, 27, 42, 43, 45, 46, 47, 48]) expect(typeof channelType(id)?.relay).toBe('object');
    const ctx = { type: 45, baseUrl: '', key: 'k', upstreamModel: 'doubao-seed-1-6-250615', other: '', organization: '' };
    const chat = parseChatRequest({ model: 'doubao-seed-1-6-250615', messages: [{ role: 'user', content: 'hi' }] });
    expect(adaptorFor(45).buildTextRequest(chat, ctx).url).toBe('https://ark.cn-beijing.volces.com/api/v3/chat/completions');
    expect(adaptorFor(45).buildTextRequest(chat, { ...ctx, baseUrl: 'https://ark.example/api/v3' }).url).toBe('https://ark.example/api/v3/chat/completions');
    expect(adaptorFor(46).buildTextRequest(chat, { ...ctx, type: 46 }).url).toBe('https://qianfan.baidubce.com/v2/chat/completions');
    expect(adaptorFor(27).buildTextRequest(chat, { ...ctx, type: 27 }).url).toBe('https://api.perplexity.ai/chat/completions');
    expect(adaptorFor(43).buildTextRequest(chat, { ...ctx, type: 43 }).url).toBe('https://api.deepseek.com/v1/chat/completions');
    // Qwen through DashScope's compatible mode; Cloudflare under the account of the channel's `other`.
    expect(adaptorFor(17).buildTextRequest(chat, { ...ctx, type: 17 }).url).toBe('https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions');
    expect(adaptorFor(39).buildTextRequest(chat, { ...ctx, type: 39, other: 'd6b5da8hk1awo8nap34ube6gh' }).url).toBe(
      'https://api.cloudflare.com/client/v4/accounts/d6b5da8hk1awo8nap34ube6gh/ai/v1/chat/completions',
    );
    expect(() => adaptorFor(39).buildTextRequest(chat, { ...ctx, type: 39, other: '' })).toThrow(/account id/);
    expect(() => adaptorFor(39).buildTextRequest(chat, { ...ctx, type: 39, other: '../evil' })).toThrow(/account id/);
    expect(adaptorFor(38).rerank).toBeDefined();
    expect(adaptorFor(38).embeddings).toBeDefined();
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
