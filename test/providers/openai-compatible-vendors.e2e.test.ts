// The eight OpenAI-compatible vendors of issue #22 (20 OpenRouter, 27 Perplexity, 42 Mistral,
// 43 DeepSeek, 45 VolcEngine Ark, 46 Qianfan V2, 47 Xinference, 48 xAI) are catalogue entries
// only: GET /api/channel/types lists them for the console, and each relays through the openai
// SDK to its own path prefix with its key as bearer, billed once from the upstream's usage.
import { DATABASES } from '../support/env';
import { apartFromField } from '../support/http';
import type { FakeOpenAI } from '../support/fakes/openai-upstream';
import { createChannel, createToken, expectCharged, fakeUpstream, fundedUser, priceModel, sdk, startRelayKit, type RelayKit } from '../relay/relay-kit';

interface Vendor {
  id: number;
  en: string;
  /** The path the vendor serves chat completions at (its documented prefix). */
  chatPath: string;
  /** The entry asks for the trailing usage chunk on streams. */
  streamUsage: boolean;
}

const VENDORS: Vendor[] = [
  { id: 20, en: 'OpenRouter', chatPath: '/v1/chat/completions', streamUsage: true },
  { id: 27, en: 'Perplexity', chatPath: '/chat/completions', streamUsage: false },
  { id: 42, en: 'Mistral AI', chatPath: '/v1/chat/completions', streamUsage: false },
  { id: 43, en: 'DeepSeek', chatPath: '/v1/chat/completions', streamUsage: true },
  { id: 45, en: 'VolcEngine Ark (Doubao)', chatPath: '/api/v3/chat/completions', streamUsage: true },
  { id: 46, en: 'Baidu Qianfan V2', chatPath: '/v2/chat/completions', streamUsage: true },
  { id: 47, en: 'Xinference', chatPath: '/v1/chat/completions', streamUsage: true },
  { id: 48, en: 'xAI', chatPath: '/v1/chat/completions', streamUsage: true },
];

/** One model per vendor, so each request routes to that vendor's channel. */
const modelOf = (id: number) => `vendor-chat-${id}`;
const MODEL = modelOf(4601);
const REPLY = 'Hello from the vendor';
const keyOf = (id: number) => `sk-vendor${id}-0123456789abcdefghijklmn`;

describe.each(DATABASES)('OpenAI-compatible vendors of the catalogue (%s)', (kind) => {
  let kit: RelayKit;
  beforeAll(async () => {
    kit = await startRelayKit(kind);
    // ratio 2, completion ratio 3: the fake answers 12 prompt and 4 completion tokens, (12 + 4 × 3) × 2 = 48.
    for (const id of [...VENDORS.map((v) => v.id), 4601]) await priceModel(kit.root, modelOf(id), 2, 3);
  });
  afterAll(async () => kit.close());

  it('are listed by GET /api/channel/types as OpenAI-compatible, with their default base URLs and balance facts', async () => {
    const res = await kit.root.get('/api/channel/types').expect(200);
    const byId = new Map((res.body.data as { id: number }[]).map((e) => [e.id, e as Record<string, unknown>]));
    for (const v of VENDORS) expect(byId.get(v.id)).toMatchObject({ id: v.id, label: { en: v.en }, relay: 'openai_compatible' });
    expect(byId.get(20)).toMatchObject({ default_base_url: 'https://openrouter.ai/api', reports_balance: true, lists_models: true });
    expect(byId.get(43)).toMatchObject({ default_base_url: 'https://api.deepseek.com', reports_balance: true, default_models: ['deepseek-chat', 'deepseek-reasoner'] });
    expect(byId.get(45)).toMatchObject({ default_base_url: 'https://ark.cn-beijing.volces.com', reports_balance: false });
    expect(byId.get(46)).toMatchObject({ default_base_url: 'https://qianfan.baidubce.com' });
    expect(byId.get(47)).toMatchObject({ default_base_url: '' });
  });

  it.each(VENDORS)('$en ($id): chat and stream at its path with its key, billed once each from the upstream usage', async (v) => {
    const key = keyOf(v.id);
    const fake: FakeOpenAI = await fakeUpstream(kit, { key, reply: REPLY });
    const channelId = await createChannel(kit.root, { name: `vendor-${v.id}`, type: v.id, key, base_url: fake.url, models: modelOf(v.id) });
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);
    const client = sdk(kit, token.key);

    const log = await expectCharged(kit, user, token.id, async () => {
      const answer = await client.chat.completions.create({
        model: modelOf(v.id),
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello.' },
          { role: 'user', content: 'Again' },
        ],
        max_tokens: 64,
        temperature: 0.3,
        top_p: 0.9,
      });
      expect(answer.choices[0]?.message.content).toBe(REPLY);
    });
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: v.chatPath });
    expect(sent?.headers.authorization).toBe(`Bearer ${key}`);
    // The body passes through: system prompt, turns, max_tokens and sampling as the client sent them.
    expect(sent?.json).toMatchObject({ model: modelOf(v.id), max_tokens: 64, temperature: 0.3, top_p: 0.9, messages: [{ role: 'system' }, { role: 'user' }, { role: 'assistant' }, { role: 'user', content: 'Again' }] });
    expect(log).toMatchObject({ model_name: modelOf(v.id), channel: channelId, prompt_tokens: 12, completion_tokens: 4, is_stream: false, quota: 48 });
    expect(JSON.stringify(log)).not.toContain(key);

    const streamed = await expectCharged(kit, user, token.id, async () => {
      const stream = await client.chat.completions.create({ model: modelOf(v.id), messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } });
      let text = '';
      let usage: { prompt_tokens: number; completion_tokens: number } | null | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        if (chunk.usage) usage = chunk.usage;
      }
      expect(text).toBe(REPLY);
      expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 4 });
    });
    expect(fake.requests.at(-1)).toMatchObject({ path: v.chatPath, json: { stream: true } });
    expect(fake.requests.at(-1)?.json).toMatchObject(v.streamUsage ? { stream_options: { include_usage: true } } : {});
    expect(streamed).toMatchObject({ prompt_tokens: 12, completion_tokens: 4, is_stream: true, quota: 48 });
  });

  it('VolcEngine Ark: a base URL pasted with /api/v3 is not doubled, and embeddings go to /api/v3/embeddings', async () => {
    const key = keyOf(4501);
    const fake = await fakeUpstream(kit, { key });
    await createChannel(kit.root, { name: 'ark-embed', type: 45, key, base_url: `${fake.url}/api/v3/`, models: 'vendor-embed-1' });
    await priceModel(kit.root, 'vendor-embed-1', 1, 1);
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);
    const out = await sdk(kit, token.key).embeddings.create({ model: 'vendor-embed-1', input: 'hello there' });
    expect(out.data.length).toBeGreaterThan(0);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/v3/embeddings' });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${key}`);
  });

  it('Mistral: fetch models lists the upstream models with the channel key', async () => {
    const key = keyOf(4201);
    const fake = await fakeUpstream(kit, { key, models: ['mistral-large-latest', 'mistral-embed'] });
    const res = await kit.root.post('/api/channel/fetch_models', { base_url: fake.url, type: 42, key }).expect(200);
    expect(res.body).toEqual({ success: true, message: '', data: ['mistral-large-latest', 'mistral-embed'] });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('a composite key in the wrong shape for its type is refused at save, naming the expected format', async () => {
    const bad = await kit.root.post('/api/channel/', { name: 'baidu-bad', type: 15, key: 'only-an-api-key', models: 'ERNIE-3.5-8K', group: 'default' });
    expect(apartFromField(bad.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Baidu Wenxin Qianfan 渠道的密钥格式应为 APIKey|SecretKey' });
    const batch = await kit.root.post('/api/channel/', { mode: 'batch', channel: { name: 'aws-batch', type: 33, key: 'AK1|SK1|us-east-1\nAKONLY', models: 'claude-3-haiku-20240307', group: 'default' } });
    expect(batch.body).toMatchObject({ success: false, message: expect.stringContaining('Ak|Sk|Region') });
    const ok = await kit.root.post('/api/channel/', { name: 'baidu-ok', type: 15, key: 'ak-0123|sk-4567', models: 'ERNIE-3.5-8K', group: 'default' });
    expect(ok.body.success).toBe(true);
    const id = ok.body.data[0].id as number;
    const update = await kit.root.put('/api/channel/', { id, key: 'ak-without-secret' });
    expect(apartFromField(update.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Baidu Wenxin Qianfan 渠道的密钥格式应为 APIKey|SecretKey' });
  });

  it("OpenRouter's and DeepSeek's balances: read from their own endpoints with the channel key and recorded on the channel", async () => {
    const orKey = keyOf(2001);
    const or = await fakeUpstream(kit, { key: orKey });
    or.set('/v1/credits', { kind: 'json', body: { data: { total_credits: 25, total_usage: 7.25 } } });
    const orId = await createChannel(kit.root, { name: 'or-balance', type: 20, key: orKey, base_url: `${or.url}/api`, models: 'or-balance-model' });
    const orRes = await kit.root.get(`/api/channel/update_balance/${orId}`).expect(200);
    expect(orRes.body).toEqual({ success: true, message: '', balance: 17.75 });
    expect(or.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/v1/credits' });
    expect(or.requests.at(-1)?.headers.authorization).toBe(`Bearer ${orKey}`);

    const dsKey = keyOf(4301);
    const ds = await fakeUpstream(kit, { key: dsKey });
    ds.set('/user/balance', { kind: 'json', body: { is_available: true, balance_infos: [{ currency: 'USD', total_balance: '12.34', granted_balance: '0.00', topped_up_balance: '12.34' }] } });
    const dsId = await createChannel(kit.root, { name: 'ds-balance', type: 43, key: dsKey, base_url: ds.url, models: 'ds-balance-model' });
    const dsRes = await kit.root.get(`/api/channel/update_balance/${dsId}`).expect(200);
    expect(dsRes.body).toEqual({ success: true, message: '', balance: 12.34 });
    expect(ds.requests.at(-1)).toMatchObject({ method: 'GET', path: '/user/balance' });
    const view = await kit.root.get(`/api/channel/${dsId}`).expect(200);
    expect(view.body.data).toMatchObject({ balance: 12.34 });
  });

  it('the channel test button reaches the vendor at its path', async () => {
    const key = keyOf(4601);
    const fake = await fakeUpstream(kit, { key });
    const id = await createChannel(kit.root, { name: 'qianfan-test', type: 46, key, base_url: fake.url, models: MODEL });
    const res = await kit.root.get(`/api/channel/test/${id}`).expect(200);
    expect(res.body).toMatchObject({ success: true, message: '' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v2/chat/completions' });
  });

  it.each([
    { type: 17, path: '/compatible-mode/v1/chat/completions', other: '' },
    { type: 26, path: '/api/paas/v4/chat/completions', other: '' },
    { type: 35, path: '/v1/text/chatcompletion_v2', other: '' },
    { type: 39, path: '/client/v4/accounts/acct42/ai/v1/chat/completions', other: 'acct42' },
  ])('the channel test button works for native type $type at its path', async ({ type, path, other }) => {
    const key = keyOf(type * 100 + 7);
    const fake = await fakeUpstream(kit, { key });
    const id = await createChannel(kit.root, { name: `test-${type}`, type, key, base_url: fake.url, models: `test-model-${type}`, other });
    const res = await kit.root.get(`/api/channel/test/${id}`).expect(200);
    expect(res.body).toMatchObject({ success: true, message: '' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${key}`);
  });
});
