// Type 39, Cloudflare Workers AI (OpenAI-compatible endpoints under
// /client/v4/accounts/{account}/ai/v1/, account id in the channel's `other`, errors in
// Cloudflare's v4 envelope), and type 38, Jina (/v1/embeddings and /v1/rerank, usage.total_tokens).
import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { createChannel, createToken, expectCharged, fakeUpstream, fundedUser, priceModel, sdk, setOption, startRelayKit, type RelayKit } from '../relay/relay-kit';

const CF_TOKEN = 'cf-api-token-0123456789abcdefghijklmnop';
const ACCOUNT = 'd6b5da8hk1awo8nap34ube6gh';
const JINA_KEY = 'jina_0123456789abcdefghijklmnopqrstuv';

/** Cloudflare's v4 error envelope. */
const cfError = (code: number, message: string) => ({ success: false, errors: [{ code, message }], messages: [], result: null });

describe.each(DATABASES)('Cloudflare (39) and Jina (38) (%s)', (kind) => {
  let kit: RelayKit;
  beforeAll(async () => {
    kit = await startRelayKit(kind);
    for (const m of ['@cf/meta/llama-3.1-8b-instruct', '@cf/baai/bge-base-en-v1.5', '@cf/dead', '@cf/busy', 'jina-embeddings-v3', 'jina-reranker-v2-base-multilingual']) await priceModel(kit.root, m, 2, 3);
  });
  afterAll(async () => kit.close());

  it('Cloudflare: chat, stream and embeddings under the account path with the token, billed once each', async () => {
    const fake = await fakeUpstream(kit, { key: CF_TOKEN, reply: 'Workers AI here' });
    const channelId = await createChannel(kit.root, { name: 'cf', type: 39, key: CF_TOKEN, base_url: fake.url, other: ACCOUNT, models: '@cf/meta/llama-3.1-8b-instruct,@cf/baai/bge-base-en-v1.5' });
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);
    const client = sdk(kit, token.key);

    const log = await expectCharged(kit, user, token.id, async () => {
      const answer = await client.chat.completions.create({
        model: '@cf/meta/llama-3.1-8b-instruct',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello.' },
          { role: 'user', content: 'Again' },
        ],
        max_tokens: 32,
        temperature: 0.2,
      });
      expect(answer.choices[0]?.message.content).toBe('Workers AI here');
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/client/v4/accounts/${ACCOUNT}/ai/v1/chat/completions` });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${CF_TOKEN}`);
    expect(fake.requests.at(-1)?.json).toMatchObject({ max_tokens: 32, temperature: 0.2, messages: [{ role: 'system' }, { role: 'user' }, { role: 'assistant' }, { role: 'user' }] });
    // (12 + 3 × 3) × 2 = 42.
    expect(log).toMatchObject({ channel: channelId, prompt_tokens: 12, completion_tokens: 3, quota: 42, is_stream: false });

    const streamed = await expectCharged(kit, user, token.id, async () => {
      const stream = await client.chat.completions.create({ model: '@cf/meta/llama-3.1-8b-instruct', messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toBe('Workers AI here');
    });
    expect(fake.requests.at(-1)?.json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(streamed).toMatchObject({ prompt_tokens: 12, completion_tokens: 3, quota: 42, is_stream: true });

    const emb = await client.embeddings.create({ model: '@cf/baai/bge-base-en-v1.5', input: 'hello' });
    expect(emb.data.length).toBeGreaterThan(0);
    expect(fake.requests.at(-1)).toMatchObject({ path: `/client/v4/accounts/${ACCOUNT}/ai/v1/embeddings` });
  });

  it("Cloudflare: an authentication error in Cloudflare's envelope is a typed AuthenticationError without the token", async () => {
    const fake = await fakeUpstream(kit);
    fake.set('chat/completions', { kind: 'json', status: 401, body: cfError(10000, 'Authentication error') });
    await createChannel(kit.root, { name: 'cf-dead', type: 39, key: CF_TOKEN, base_url: fake.url, other: ACCOUNT, models: '@cf/dead' });
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);
    const err = await sdk(kit, token.key)
      .chat.completions.create({ model: '@cf/dead', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(JSON.stringify((err as InstanceType<typeof OpenAI.APIError>).error) + String((err as Error).message)).not.toContain(CF_TOKEN);
  });

  it('Cloudflare: a 429 is retried on another channel; one consume log on the one that served', async () => {
    await setOption(kit.root, 'RetryTimes', '2');
    try {
      const busy = await fakeUpstream(kit, { key: CF_TOKEN });
      busy.set('chat/completions', { kind: 'json', status: 429, body: cfError(3040, 'Capacity temporarily exceeded, please try again.') });
      const ok = await fakeUpstream(kit, { key: CF_TOKEN, reply: 'second one' });
      await createChannel(kit.root, { name: 'cf-busy', type: 39, key: CF_TOKEN, base_url: busy.url, other: ACCOUNT, models: '@cf/busy', priority: 10 });
      const okId = await createChannel(kit.root, { name: 'cf-ok', type: 39, key: CF_TOKEN, base_url: ok.url, other: ACCOUNT, models: '@cf/busy', priority: 0 });
      const user = await fundedUser(kit, 5_000_000);
      const token = await createToken(user.caller);
      const log = await expectCharged(kit, user, token.id, async () => {
        const answer = await sdk(kit, token.key).chat.completions.create({ model: '@cf/busy', messages: [{ role: 'user', content: 'x' }] });
        expect(answer.choices[0]?.message.content).toBe('second one');
      });
      expect([busy.requests.length, ok.requests.length]).toEqual([1, 1]);
      expect(log.channel).toBe(okId);
    } finally {
      await setOption(kit.root, 'RetryTimes', '0');
    }
  });

  it('Jina: embeddings at /v1/embeddings and rerank at /v1/rerank with the key, billed from usage.total_tokens', async () => {
    const fake = await fakeUpstream(kit, { key: JINA_KEY });
    fake.set('embeddings', {
      kind: 'json',
      body: { model: 'jina-embeddings-v3', object: 'list', usage: { total_tokens: 7, prompt_tokens: 7 }, data: [{ object: 'embedding', index: 0, embedding: [0.1, 0.2, 0.3] }] },
    });
    fake.set('rerank', {
      kind: 'json',
      body: { model: 'jina-reranker-v2-base-multilingual', usage: { total_tokens: 25 }, results: [{ index: 1, relevance_score: 0.9, document: { text: 'b' } }, { index: 0, relevance_score: 0.1, document: { text: 'a' } }] },
    });
    const channelId = await createChannel(kit.root, { name: 'jina', type: 38, key: JINA_KEY, base_url: fake.url, models: 'jina-embeddings-v3,jina-reranker-v2-base-multilingual' });
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);

    const embLog = await expectCharged(kit, user, token.id, async () => {
      const out = await sdk(kit, token.key).embeddings.create({ model: 'jina-embeddings-v3', input: 'hello', encoding_format: 'float' });
      expect(out.data[0]?.embedding).toEqual([0.1, 0.2, 0.3]);
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/embeddings' });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${JINA_KEY}`);
    // 7 × 2 = 14.
    expect(embLog).toMatchObject({ channel: channelId, prompt_tokens: 7, completion_tokens: 0, quota: 14 });

    const rerankLog = await expectCharged(kit, user, token.id, async () => {
      const res = await fetch(`${kit.t.url}/v1/rerank`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token.key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'jina-reranker-v2-base-multilingual', query: 'q', documents: ['a', 'b'], top_n: 2 }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { results: { index: number }[] };
      expect(body.results.map((r) => r.index)).toEqual([1, 0]);
      expect(JSON.stringify(body)).not.toContain(JINA_KEY);
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/rerank' });
    expect(fake.requests.at(-1)?.json).toMatchObject({ model: 'jina-reranker-v2-base-multilingual', query: 'q', documents: ['a', 'b'], top_n: 2 });
    // 25 × 2 = 50.
    expect(rerankLog).toMatchObject({ prompt_tokens: 25, quota: 50 });
  });
});
