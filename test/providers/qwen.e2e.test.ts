// Type 17, Alibaba DashScope (Qwen) in OpenAI-compatible mode (/compatible-mode/v1/), and the
// other formats' clients on the new types: an Anthropic Messages request and a Gemini
// generateContent request relayed to Qwen, to GLM-4V (plain key) and to Cloudflare.
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { createChannel, createToken, expectCharged, fakeUpstream, fundedUser, priceModel, sdk, startRelayKit, type RelayKit } from '../relay/relay-kit';

const QWEN_KEY = 'sk-dashscope-0123456789abcdefghijklmn';
const GLM_PLAIN_KEY = 'glm-plain-key-0123456789abcdefghij';
const CF_TOKEN = 'cf-api-token-qwen-suite-0123456789abc';

describe.each(DATABASES)('Qwen (17) and other formats on the new types (%s)', (kind) => {
  let kit: RelayKit;
  beforeAll(async () => {
    kit = await startRelayKit(kind);
    for (const m of ['qwen-plus', 'text-embedding-v3', 'qwen-dead', 'glm-4-plain', '@cf/meta/llama-3.1-8b-instruct']) await priceModel(kit.root, m, 2, 3);
  });
  afterAll(async () => kit.close());

  it('chat, stream and embeddings under /compatible-mode/v1 with the key, billed once each', async () => {
    const fake = await fakeUpstream(kit, { key: QWEN_KEY, reply: 'Qwen answers here' });
    const channelId = await createChannel(kit.root, { name: 'qwen', type: 17, key: QWEN_KEY, base_url: fake.url, models: 'qwen-plus,text-embedding-v3' });
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);
    const client = sdk(kit, token.key);

    const log = await expectCharged(kit, user, token.id, async () => {
      const answer = await client.chat.completions.create({
        model: 'qwen-plus',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello.' },
          { role: 'user', content: 'Again' },
        ],
        max_tokens: 100,
        temperature: 0.7,
        top_p: 0.8,
      });
      expect(answer.choices[0]?.message.content).toBe('Qwen answers here');
    });
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: '/compatible-mode/v1/chat/completions' });
    expect(sent?.headers.authorization).toBe(`Bearer ${QWEN_KEY}`);
    expect(sent?.json).toMatchObject({ max_tokens: 100, temperature: 0.7, top_p: 0.8, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user' }, { role: 'assistant' }, { role: 'user' }] });
    // (12 + 3 × 3) × 2 = 42.
    expect(log).toMatchObject({ channel: channelId, prompt_tokens: 12, completion_tokens: 3, quota: 42, is_stream: false });

    const streamed = await expectCharged(kit, user, token.id, async () => {
      const stream = await client.chat.completions.create({ model: 'qwen-plus', messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } });
      let text = '';
      let usage: OpenAI.CompletionUsage | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        if (chunk.usage) usage = chunk.usage;
      }
      expect(text).toBe('Qwen answers here');
      expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 3 });
    });
    expect(fake.requests.at(-1)?.json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(streamed).toMatchObject({ prompt_tokens: 12, completion_tokens: 3, quota: 42, is_stream: true });

    const emb = await client.embeddings.create({ model: 'text-embedding-v3', input: 'hello', encoding_format: 'float' });
    expect(emb.data.length).toBeGreaterThan(0);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/compatible-mode/v1/embeddings' });

    const models = await kit.root.get(`/api/channel/fetch_models/${channelId}`).expect(200);
    expect(models.body.success).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/compatible-mode/v1/models' });
  });

  it("the channel's plugin parameter travels as X-DashScope-Plugin; without one no such header is sent", async () => {
    const fake = await fakeUpstream(kit, { key: QWEN_KEY, reply: 'Qwen answers here' });
    const plugin = '{"pdf_extracter":{}}';
    await createChannel(kit.root, { name: 'qwen-plugin', type: 17, key: QWEN_KEY, base_url: fake.url, models: 'qwen-plugin', other: plugin });
    await createChannel(kit.root, { name: 'qwen-plain', type: 17, key: QWEN_KEY, base_url: fake.url, models: 'qwen-plain' });
    for (const m of ['qwen-plugin', 'qwen-plain']) await priceModel(kit.root, m, 2, 3);
    const user = await fundedUser(kit, 5_000_000);
    const client = sdk(kit, (await createToken(user.caller)).key);
    await client.chat.completions.create({ model: 'qwen-plugin', messages: [{ role: 'user', content: 'Read the file' }] });
    expect(fake.requests.at(-1)?.headers['x-dashscope-plugin']).toBe(plugin);
    await client.chat.completions.create({ model: 'qwen-plain', messages: [{ role: 'user', content: 'Hi' }] });
    expect(fake.requests.at(-1)?.json).toMatchObject({ model: 'qwen-plain' });
    expect(fake.requests.at(-1)?.headers['x-dashscope-plugin']).toBeUndefined();
  });

  it("DashScope's invalid_api_key 401 is a typed AuthenticationError without the key", async () => {
    const fake = await fakeUpstream(kit, { key: 'sk-the-right-one-0123456789abcdef' });
    await createChannel(kit.root, { name: 'qwen-dead', type: 17, key: QWEN_KEY, base_url: fake.url, models: 'qwen-dead' });
    fake.set('chat/completions', { kind: 'json', status: 401, body: { error: { message: 'Incorrect API key provided. ', type: 'invalid_request_error', param: null, code: 'invalid_api_key' }, request_id: 'r-1' } });
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);
    const err = await sdk(kit, token.key)
      .chat.completions.create({ model: 'qwen-dead', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(String((err as Error).message)).not.toContain(QWEN_KEY);
  });

  it.each([
    { type: 17, model: 'qwen-plus', key: QWEN_KEY, path: '/compatible-mode/v1/chat/completions' },
    { type: 26, model: 'glm-4-plain', key: GLM_PLAIN_KEY, path: '/api/paas/v4/chat/completions' },
    { type: 39, model: '@cf/meta/llama-3.1-8b-instruct', key: CF_TOKEN, path: '/client/v4/accounts/acct0123/ai/v1/chat/completions' },
  ])('type $type: an Anthropic Messages request and a Gemini generateContent request, each billed once', async ({ type, model, key, path }) => {
    const fake = await fakeUpstream(kit, { key, reply: 'Converted reply text' });
    await createChannel(kit.root, { name: `fmt-${type}`, type, key, base_url: fake.url, models: model, ...(type === 39 ? { other: 'acct0123' } : {}), priority: 100 });
    const user = await fundedUser(kit, 5_000_000);
    const token = await createToken(user.caller);

    const claudeLog = await expectCharged(kit, user, token.id, async () => {
      const anthropic = new Anthropic({ apiKey: token.key, baseURL: kit.t.url, maxRetries: 0 });
      const msg = await anthropic.messages.create({ model, max_tokens: 50, system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] });
      expect(msg.content[0]).toMatchObject({ type: 'text', text: 'Converted reply text' });
      expect(msg.usage).toMatchObject({ input_tokens: 12, output_tokens: 3 });
    });
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path });
    // The system prompt goes the OpenAI way (a system message), max_tokens mapped.
    expect(sent?.json).toMatchObject({ model, max_tokens: 50, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] });
    expect(claudeLog).toMatchObject({ prompt_tokens: 12, completion_tokens: 3, quota: 42 });

    const geminiLog = await expectCharged(kit, user, token.id, async () => {
      const gemini = new GoogleGenAI({ apiKey: token.key, httpOptions: { baseUrl: kit.t.url, timeout: 30_000 } });
      const res = await gemini.models.generateContent({ model, contents: 'Hi', config: { systemInstruction: 'Be brief.', maxOutputTokens: 40, temperature: 0.3 } });
      expect(res.text).toBe('Converted reply text');
    });
    expect(fake.requests.at(-1)?.json).toMatchObject({ model, max_tokens: 40, temperature: 0.3, messages: [{ role: 'system' }, { role: 'user' }] });
    expect(geminiLog).toMatchObject({ prompt_tokens: 12, completion_tokens: 3, quota: 42 });
  });
});
