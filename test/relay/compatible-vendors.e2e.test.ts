// The OpenAI-compatible vendors of the catalogue (issue 22, point 2: OpenRouter, Perplexity, Mistral,
// DeepSeek, VolcEngine Ark, Qianfan V2, Xinference, xAI) are configuration only: listed by
// GET /api/channel/types like every type, and relayed at each vendor's own path prefix through the
// openai SDK, billed once per request.
import { DATABASES } from '../support/env';
import { createChannel, createToken, expectCharged, fakeUpstream, fundedUser, priceModel, sdk, startRelayKit, type RelayKit } from './relay-kit';

const VENDORS = [
  { id: 20, en: 'OpenRouter' },
  { id: 27, en: 'Perplexity' },
  { id: 42, en: 'Mistral AI' },
  { id: 43, en: 'DeepSeek' },
  { id: 45, en: 'VolcEngine Ark (Doubao)' },
  { id: 46, en: 'Baidu Qianfan V2' },
  { id: 47, en: 'Xinference' },
  { id: 48, en: 'xAI' },
];

describe.each(DATABASES)('OpenAI-compatible vendors of the catalogue (%s)', (kind) => {
  let kit: RelayKit;
  beforeAll(async () => {
    kit = await startRelayKit(kind);
    for (const model of ['deepseek-chat', 'doubao-seed-1-6-250615', 'sonar', 'qwen-plus', '@cf/meta/llama-3.1-8b-instruct', 'jina-embeddings-v3']) await priceModel(kit.root, model, 2, 3);
  });
  afterAll(async () => kit.close());

  it('are listed by the catalogue route as OpenAI-compatible types with their labels', async () => {
    const res = await kit.root.get('/api/channel/types').expect(200);
    const types = res.body.data as { id: number; label: { en: string; zh: string }; relay: string; default_base_url: string }[];
    for (const v of VENDORS) {
      const entry = types.find((t) => t.id === v.id);
      expect(entry).toMatchObject({ id: v.id, relay: 'openai_compatible', label: { en: v.en } });
      expect(entry?.label.zh.length).toBeGreaterThan(0);
    }
    expect(types.find((t) => t.id === 45)?.default_base_url).toBe('https://ark.cn-beijing.volces.com');
    // Listed by id: the new types sit among the others.
    const ids = types.map((t) => t.id).filter((id) => id < 9000);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it.each([
    { type: 43, model: 'deepseek-chat', path: '/v1/chat/completions', key: 'sk-deepseek-upstream-0123456789abcdef' },
    { type: 45, model: 'doubao-seed-1-6-250615', path: '/api/v3/chat/completions', key: 'ark-upstream-0123456789abcdef' },
    { type: 27, model: 'sonar', path: '/chat/completions', key: 'pplx-upstream-0123456789abcdef' },
    { type: 17, model: 'qwen-plus', path: '/compatible-mode/v1/chat/completions', key: 'sk-dashscope-upstream-0123456789' },
    { type: 39, model: '@cf/meta/llama-3.1-8b-instruct', path: '/client/v4/accounts/acct0123/ai/v1/chat/completions', key: 'cf-upstream-token-0123456789', other: 'acct0123' },
  ])('type $type relays at $path, streamed and not, billed once each', async ({ type, model, path, key, other }) => {
    const fake = await fakeUpstream(kit, { key, reply: `Hello from type ${type}` });
    const channelId = await createChannel(kit.root, { name: `vendor-${type}`, type, key, base_url: fake.url, models: model, ...(other ? { other } : {}) });
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);
    const client = sdk(kit, token.key);

    const log = await expectCharged(kit, user, token.id, async () => {
      const answer = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi' }] });
      expect(answer.choices[0]?.message.content).toBe(`Hello from type ${type}`);
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${key}`);
    // ratio 2, completion ratio 3, the fake's usage 12 + 4: (12 + 4 × 3) × 2.
    expect(log).toMatchObject({ model_name: model, channel: channelId, prompt_tokens: 12, completion_tokens: 4, quota: 48, is_stream: false });

    const streamed = await expectCharged(kit, user, token.id, async () => {
      const stream = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toBe(`Hello from type ${type}`);
    });
    expect(fake.requests.at(-1)).toMatchObject({ path });
    expect(streamed).toMatchObject({ channel: channelId, is_stream: true });
    expect(streamed.quota).toBeGreaterThan(0);
  });

  it('Jina (type 38) serves embeddings at /v1/embeddings, billed by its usage', async () => {
    const key = 'jina_upstream_0123456789abcdef';
    const fake = await fakeUpstream(kit, { key });
    const channelId = await createChannel(kit.root, { name: 'vendor-38', type: 38, key, base_url: fake.url, models: 'jina-embeddings-v3' });
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);
    const log = await expectCharged(kit, user, token.id, async () => {
      const res = await sdk(kit, token.key).embeddings.create({ model: 'jina-embeddings-v3', input: 'hello', encoding_format: 'float' });
      expect(res.data[0]?.embedding.length).toBeGreaterThan(0);
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/embeddings' });
    expect(log).toMatchObject({ channel: channelId, model_name: 'jina-embeddings-v3' });
  });
});
