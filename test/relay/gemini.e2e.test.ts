import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeGemini } from '../support/fakes/gemini';
import { consumeLogs, createChannel, createToken, expectCharged, fundedUser, otherOf, relayIdle, sdk, setOption, startRelayKit, userQuota, type RelayKit } from './relay-kit';

const MODEL = 'gemini-2.5-flash';
const KEY_A = 'AIzaUpstreamA0123456789abcdefghijklmn';
const KEY_B = 'AIzaUpstreamB0123456789abcdefghijklmn';
const REPLY = 'Hello from the fake Gemini.';
const WEATHER_PARAMS = { type: 'object', properties: { city: { type: 'string', format: 'city-name' } }, required: ['city'], additionalProperties: false };
const TOOLS: OpenAI.ChatCompletionTool[] = [{ type: 'function', function: { name: 'get_weather', description: 'Weather by city', parameters: WEATHER_PARAMS } }];
const SAFETY_NONE = ['HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT', 'HARM_CATEGORY_CIVIC_INTEGRITY'].map(
  (category) => ({ category, threshold: 'BLOCK_NONE' }),
);

/** quota = round((P − K + K·0.25 + C·4) · 2), C = candidates + thoughts, by hand in each case. */
const MR = 2;
const CR = 4;

/**
 * The OpenAI SDK through the gateway to type-24 (Google Gemini) channels backed by the fake
 * Generative Language API: conversion both ways, streams, tools, images, errors in the OpenAI
 * shape, failover on 429, auto-disable on 403, and billing by hand with thoughts and cached
 * content.
 */
describe.each(DATABASES)('Gemini channels (type 24) from the OpenAI chat API (%s)', (kind) => {
  let kit: RelayKit;
  let A: FakeGemini;
  let B: FakeGemini;
  let aId: number;
  let bId: number;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let token: { id: number; key: string };
  let client: OpenAI;

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    A = await new FakeGemini({ key: KEY_A, promptTokens: 12, toolArgs: { city: 'Paris' } }).start();
    B = await new FakeGemini({ key: KEY_B, promptTokens: 12, reply: 'Gemini B here.' }).start();
    await setOption(kit.root, 'ModelRatio', { [MODEL]: MR, 'gemini-bad-key': MR, 'gemini-v1': MR, 'gemini-dead': MR, 'text-embedding-004': 0.5 });
    await setOption(kit.root, 'CompletionRatio', { [MODEL]: CR });
    await setOption(kit.root, 'CacheRatio', { [MODEL]: 0.25 });
    aId = await createChannel(kit.root, { name: 'gemini-a', type: 24, key: KEY_A, base_url: A.url, models: MODEL, priority: 10 });
    bId = await createChannel(kit.root, { name: 'gemini-b', type: 24, key: KEY_B, base_url: B.url, models: MODEL, priority: 0 });
    await createChannel(kit.root, { name: 'gemini-bad', type: 24, key: 'AIzaWrongKey0123456789', base_url: A.url, models: 'gemini-bad-key' });
    await createChannel(kit.root, {
      name: 'gemini-v1',
      type: 24,
      key: KEY_A,
      base_url: A.url,
      models: 'gemini-v1',
      model_mapping: JSON.stringify({ 'gemini-v1': MODEL }),
      other: JSON.stringify({ version: 'v1', safety: { HARM_CATEGORY_HARASSMENT: 'BLOCK_ONLY_HIGH' } }),
    });
    await createChannel(kit.root, { name: 'gemini-emb', type: 24, key: KEY_A, base_url: A.url, models: 'text-embedding-004' });
    user = await fundedUser(kit, 10_000_000);
    token = await createToken(user.caller, { unlimited_quota: false, remain_quota: 5_000_000 });
    client = sdk(kit, token.key);
  });
  afterAll(async () => {
    await kit.close();
    await Promise.all([A.stop(), B.stop()]);
  });
  beforeEach(() => {
    A.reset();
    B.reset();
  });

  const charged = (call: () => Promise<unknown>) => expectCharged(kit, user, token.id, call);

  it('text with a system prompt: converted request, OpenAI answer, finish reason, usage, billed once by hand', async () => {
    let res: OpenAI.ChatCompletion | null = null;
    const log = await charged(async () => {
      res = await client.chat.completions.create({
        model: MODEL,
        temperature: 0.5,
        max_tokens: 300,
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: 'Say hello' },
        ],
      });
    });
    const answer = res as unknown as OpenAI.ChatCompletion;
    expect(answer.object).toBe('chat.completion');
    expect(answer.model).toBe(MODEL);
    expect(answer.choices[0]?.message.content).toBe(REPLY);
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    // The fake counts 5 words; the usage is the upstream's.
    expect(answer.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 });
    const up = A.last();
    expect(up.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
    expect(up.headers['x-goog-api-key']).toBe(KEY_A);
    expect(up.query.get('key')).toBeNull();
    expect(up.headers.authorization).toBeUndefined();
    expect(up.json).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }],
      systemInstruction: { parts: [{ text: 'You are terse.' }] },
      safetySettings: SAFETY_NONE,
      generationConfig: { temperature: 0.5, maxOutputTokens: 300 },
    });
    // (12 + 5·4)·2 = 64
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, model_name: MODEL, channel: aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: MR, completion_ratio: CR, billing_source: 'usage' });
  });

  it('streamed text: alt=sse events converted chunk by chunk, the usage chunk for a client that asked, billed once', async () => {
    let text = '';
    let usage: OpenAI.CompletionUsage | null = null;
    let finish: string | null = null;
    let chunks = 0;
    const log = await charged(async () => {
      const stream = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream: true, stream_options: { include_usage: true } });
      for await (const c of stream) {
        chunks++;
        expect(c.object).toBe('chat.completion.chunk');
        text += c.choices[0]?.delta.content ?? '';
        finish = c.choices[0]?.finish_reason ?? finish;
        if (c.usage) usage = c.usage;
      }
    });
    expect(text).toBe(REPLY);
    expect(finish).toBe('stop');
    // role chunk, 5 words, finish, usage
    expect(chunks).toBe(8);
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 });
    expect(A.last().path).toBe(`/v1beta/models/${MODEL}:streamGenerateContent`);
    expect(A.last().query.get('alt')).toBe('sse');
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, is_stream: true });
  });

  it('a client that did not ask for usage never sees it; the stream ends with [DONE]', async () => {
    const raw = await fetch(`${kit.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    const body = await raw.text();
    expect(body).not.toContain('"usage"');
    expect(body).not.toContain('candidates');
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);
    await relayIdle(kit);
  });

  it('a tool call round trip, streamed then whole: functionCall to tool_calls, the result back as functionResponse', async () => {
    const stream = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: TOOLS, stream: true });
    const calls: { id: string; name: string; args: string }[] = [];
    let finish: string | null = null;
    for await (const c of stream) {
      for (const d of c.choices[0]?.delta.tool_calls ?? []) {
        if (d.id) calls[d.index] = { id: d.id, name: d.function?.name ?? '', args: '' };
        const call = calls[d.index];
        if (call) call.args += d.function?.arguments ?? '';
      }
      finish = c.choices[0]?.finish_reason ?? finish;
    }
    expect(finish).toBe('tool_calls');
    expect(calls).toHaveLength(1);
    const call = calls[0] as { id: string; name: string; args: string };
    expect(call.name).toBe('get_weather');
    expect(JSON.parse(call.args)).toEqual({ city: 'Paris' });
    // The schema reached Google cleaned to its subset (the fake refuses additionalProperties).
    expect(A.last().json).toMatchObject({
      tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather by city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }] }],
    });

    const second = await client.chat.completions.create({
      model: MODEL,
      tools: TOOLS,
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.args } }] },
        { role: 'tool', tool_call_id: call.id, content: '18C and sunny' },
      ],
    });
    expect(second.choices[0]?.message.content).toBe('Tool result: 18C and sunny');
    expect((A.last().json?.contents as unknown[])?.slice(1)).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { content: '18C and sunny' } } }] },
    ]);

    const whole = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Weather?' }], tools: TOOLS, tool_choice: 'required' });
    expect(whole.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { content: null, tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] } });
    expect(A.last().json).toMatchObject({ toolConfig: { functionCallingConfig: { mode: 'ANY' } } });
    await relayIdle(kit);
  });

  it('an image input reaches Gemini as inlineData; an http image URL as fileData', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const res = await client.chat.completions.create({
      model: MODEL,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.webp' } },
          ],
        },
      ],
    });
    expect(res.choices[0]?.message.content).toBe(REPLY);
    expect(A.last().json?.contents).toEqual([
      {
        role: 'user',
        parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: png } }, { fileData: { mimeType: 'image/webp', fileUri: 'https://example.com/cat.webp' } }],
      },
    ]);
    await relayIdle(kit);
  });

  it('the channel decides the API version and safety settings (other), and reasoning_effort a thinking budget with thoughts returned', async () => {
    const res = await client.chat.completions.create({ model: 'gemini-v1', messages: [{ role: 'user', content: 'hi' }], reasoning_effort: 'low' });
    expect(res.model).toBe('gemini-v1');
    const up = A.last();
    expect(up.path).toBe(`/v1/models/${MODEL}:generateContent`);
    expect(up.json?.safetySettings).toEqual(SAFETY_NONE.map((s) => (s.category === 'HARM_CATEGORY_HARASSMENT' ? { ...s, threshold: 'BLOCK_ONLY_HIGH' } : s)));
    expect(up.json?.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } });
    await relayIdle(kit);
  });

  it('upstream errors reach the client in the OpenAI shape: a 400 as BadRequestError, a bad channel key as a typed error; nothing charged', async () => {
    await relayIdle(kit);
    const before = await userQuota(user.caller);
    const logsBefore = (await consumeLogs(kit.root, user.username)).length;
    A.next({ kind: 'error', status: 400, grpcStatus: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' });
    const err = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err).toMatchObject({ status: 400, type: 'INVALID_ARGUMENT', message: expect.stringContaining('invalid argument') });
    expect(B.requests).toHaveLength(0);

    const raw = await fetch(`${kit.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gemini-bad-key', messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(raw.status).toBe(400);
    const body = (await raw.json()) as { error: { message: string; type: string; code: string } };
    expect(body.error).toMatchObject({ type: 'INVALID_ARGUMENT', code: 'API_KEY_INVALID' });
    expect(JSON.stringify(body)).not.toContain('AIzaWrongKey');
    await relayIdle(kit);
    expect((await userQuota(user.caller)).quota).toBe(before.quota);
    expect(await consumeLogs(kit.root, user.username)).toHaveLength(logsBefore);
  });

  it('a 429 RESOURCE_EXHAUSTED fails over to the next Gemini channel; one consume log, on the channel that served', async () => {
    A.next({ kind: 'error', status: 429, grpcStatus: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).', retryDelay: '7s' });
    let content: string | null | undefined;
    const log = await charged(async () => {
      content = (await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] })).choices[0]?.message.content;
    });
    expect(content).toBe('Gemini B here.');
    expect([A.requests.length, B.requests.length]).toEqual([1, 1]);
    expect(log.channel).toBe(bId);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [aId, bId] });
  });

  it('a 403 PERMISSION_DENIED auto-disables the Gemini channel (AutomaticDisableChannelEnabled)', async () => {
    await setOption(kit.root, 'AutomaticDisableChannelEnabled', 'true');
    try {
      const id = await createChannel(kit.root, { name: 'gemini-dead', type: 24, key: KEY_A, base_url: A.url, models: 'gemini-dead' });
      A.next({ kind: 'error', status: 403, grpcStatus: 'PERMISSION_DENIED', message: 'Permission denied: Consumer has been suspended.' });
      const err = await client.chat.completions.create({ model: 'gemini-dead', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.PermissionDeniedError);
      let status = 0;
      for (let i = 0; i < 50 && status !== 3; i++) {
        status = (await kit.root.get(`/api/channel/${id}`)).body.data.status as number;
        if (status !== 3) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(3);
    } finally {
      await setOption(kit.root, 'AutomaticDisableChannelEnabled', 'false');
    }
  });

  it.each([false, true])('thoughts billed as completion and cached content as cache reads (stream %s)', async (stream) => {
    A.next({
      kind: 'answer',
      parts: [{ text: 'Thinking about it.', thought: true }, { text: 'cached answer' }],
      usage: { promptTokenCount: 1000, cachedContentTokenCount: 400, candidatesTokenCount: 50, thoughtsTokenCount: 150 },
    });
    let reasoning = '';
    let usage: OpenAI.CompletionUsage | undefined;
    const log = await charged(async () => {
      if (!stream) {
        const r = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'long context' }] });
        reasoning = (r.choices[0]?.message as unknown as { reasoning_content?: string }).reasoning_content ?? '';
        usage = r.usage;
        return;
      }
      const s = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'long context' }], stream: true, stream_options: { include_usage: true } });
      for await (const c of s) {
        reasoning += (c.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ?? '';
        if (c.usage) usage = c.usage;
      }
    });
    expect(reasoning).toBe('Thinking about it.');
    expect(usage).toMatchObject({ prompt_tokens: 1000, completion_tokens: 200, prompt_tokens_details: { cached_tokens: 400 }, completion_tokens_details: { reasoning_tokens: 150 } });
    // P = 1000, K = 400, C = 50 + 150: (1000 − 400 + 400·0.25 + 200·4)·2 = (600 + 100 + 800)·2 = 3000
    expect(log).toMatchObject({ prompt_tokens: 1000, completion_tokens: 200, quota: 3000, is_stream: stream });
    expect(otherOf(log)).toMatchObject({ cache_tokens: 400, cache_ratio: 0.25 });
  });

  it('OpenAI embeddings through batchEmbedContents: vectors in order, usage the local count, billed once by it', async () => {
    let res: OpenAI.CreateEmbeddingResponse | null = null;
    const log = await charged(async () => {
      res = await client.embeddings.create({ model: 'text-embedding-004', input: ['hello world', 'goodbye'], dimensions: 3 });
    });
    const answer = res as unknown as OpenAI.CreateEmbeddingResponse;
    // The fake's vectors: (len + i) / 100 per dimension; the SDK asked for base64 (float32).
    expect(answer.data.map((d) => d.embedding.map((v) => Number(v.toFixed(5))))).toEqual([
      [0.11, 0.12, 0.13],
      [0.07, 0.08, 0.09],
    ]);
    const up = A.last();
    expect(up.path).toBe('/v1beta/models/text-embedding-004:batchEmbedContents');
    expect(up.json).toEqual({
      requests: [
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'hello world' }] }, outputDimensionality: 3 },
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'goodbye' }] }, outputDimensionality: 3 },
      ],
    });
    const p = answer.usage.prompt_tokens;
    expect(p).toBeGreaterThan(0);
    // round(P · 0.5)
    expect(log).toMatchObject({ prompt_tokens: p, completion_tokens: 0, quota: Math.round(p * 0.5), model_name: 'text-embedding-004' });
  });

  it('the channel test of a type-24 channel speaks generateContent; a bad key fails it without showing the key', async () => {
    const ok = await kit.root.get(`/api/channel/test/${bId}`).expect(200);
    expect(ok.body).toMatchObject({ success: true });
    expect(B.last()).toMatchObject({ path: `/v1beta/models/${MODEL}:generateContent`, headers: expect.objectContaining({ 'x-goog-api-key': KEY_B }) });
    const bad = await createChannel(kit.root, { name: 'gemini-test-bad', type: 24, key: 'AIzaAnotherWrongKey0123', base_url: B.url, models: 'gemini-probe' });
    const refused = await kit.root.get(`/api/channel/test/${bad}`).expect(200);
    expect(refused.body.success).toBe(false);
    expect(JSON.stringify(refused.body)).not.toContain('AIzaAnotherWrongKey');
  });

  it('a stream cut before its finish reason is no complete answer: an error event, only the delivered content charged, no retry', async () => {
    A.next({ kind: 'answer', parts: [{ text: REPLY }], cutAfter: 2 });
    let text = '';
    const log = await charged(async () => {
      const s = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
      await expect(
        (async () => {
          for await (const c of s) text += c.choices[0]?.delta.content ?? '';
        })(),
      ).rejects.toThrow();
    });
    expect(text).toBe('Hello from ');
    // The prompt estimate plus "Hello from " (2 tokens): (P + 2·4)·2.
    expect(log).toMatchObject({ completion_tokens: 2, quota: Math.round((log.prompt_tokens + 2 * CR) * MR) });
    expect(otherOf(log).billing_source).toBe('delivered');
    expect(B.requests).toHaveLength(0);
  });
});
