import { ApiError, Type, type Content, type GenerateContentResponse } from '@google/genai';
import { estimatePromptTokens } from '../../server/src/billing/estimate';
import { estimateTokens } from '../../server/src/billing/token-estimator';
import { parseGeminiRequest } from '../../server/src/wire/gemini/parse';
import { DATABASES } from '../support/env';
import { FakeGemini } from '../support/fakes/gemini';
import { FakeOpenAI } from '../support/fakes/openai-upstream';
import { collect, googleClient } from './provider-kit';
import { createChannel, createToken, otherOf, relayIdle, relaySuite, setOptions } from './relay-kit';

const WEATHER = { functionDeclarations: [{ name: 'get_weather', description: 'Weather by city', parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] } }] };

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

/** The JSON body of an SDK ApiError (its message is the body Google sent). */
function errorBody(e: ApiError): { error: { code: number; message: string; status: string } } {
  return JSON.parse(e.message) as { error: { code: number; message: string; status: string } };
}

/**
 * Gemini-native inbound (`/v1beta/models/{model}:{method}`) with the official `@google/genai` as
 * the client, passed through to type-24 Gemini channels (body kept, only the model mapped, usage
 * read from the answer for billing), errors in Google's shape.
 */
describe.each(DATABASES)('Gemini-native inbound to a Gemini channel (%s)', (kind) => {
  const MODEL = 'gemini-2.5-flash';
  const KEY = 'AIzaUpstreamGin0123456789abcdefghijklmn';
  const REPLY = 'Hello from the fake Gemini.';
  const ctx = relaySuite(kind, async (s) => {
    const A = await s.fake(new FakeGemini({ key: KEY, promptTokens: 12, toolArgs: { city: 'Paris' } }));
    const B = await s.fake(new FakeGemini({ key: KEY, promptTokens: 12, reply: 'Gemini B here.' }));
    await setOptions(s.kit.root, { ModelRatio: { [MODEL]: 2, 'public-gemini': 2, 'public-emb': 0.5 }, CompletionRatio: { [MODEL]: 4, 'public-gemini': 4 } });
    const aId = await createChannel(s.kit.root, { name: 'gemini', type: 24, key: KEY, base_url: A.url, models: `${MODEL},public-gemini`, priority: 10, model_mapping: JSON.stringify({ 'public-gemini': MODEL }) });
    await createChannel(s.kit.root, { name: 'gemini-emb', type: 24, key: KEY, base_url: A.url, models: 'public-emb', model_mapping: JSON.stringify({ 'public-emb': 'text-embedding-004' }) });
    const bId = await createChannel(s.kit.root, { name: 'gemini-b', type: 24, key: KEY, base_url: B.url, models: MODEL, priority: 0 });
    return { A, B, aId, bId, ai: googleClient(s.kit, s.token.key) };
  });

  it('text with a system instruction: the body reaches Gemini as sent (model mapped, no safety added), the answer as Google wrote it, billed once by its usage', async () => {
    const { value: r, log } = await ctx.chargedCall(() =>
      ctx.ai.models.generateContent({ model: 'public-gemini', contents: 'Say hello', config: { systemInstruction: 'Be brief.', temperature: 0.3, maxOutputTokens: 100 } }),
    );
    expect(r.text).toBe(REPLY);
    expect(r.candidates?.[0]?.finishReason).toBe('STOP');
    expect(r.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 });
    const sent = ctx.A.last();
    expect(sent.model).toBe(MODEL);
    expect(sent.action).toBe('generateContent');
    expect(sent.headers['x-goog-api-key']).toBe(KEY);
    expect(sent.query.get('key')).toBeNull();
    expect(sent.json).toEqual({
      contents: [{ parts: [{ text: 'Say hello' }], role: 'user' }],
      systemInstruction: { parts: [{ text: 'Be brief.' }], role: 'user' },
      generationConfig: { temperature: 0.3, maxOutputTokens: 100 },
    });
    // (12 + 5·4)·2 = 64
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, model_name: 'public-gemini', channel: ctx.aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ billing_source: 'usage' });
  });

  it('embedContent and batchEmbedContents pass through (taskType and title kept, the model mapped in the path and in each request), Google\'s answer as written, billed once by the local count', async () => {
    const texts = ['hello world', 'a second text'];
    const { value: batch, log } = await ctx.chargedCall(() =>
      ctx.ai.models.embedContent({ model: 'public-emb', contents: texts, config: { taskType: 'RETRIEVAL_DOCUMENT', title: 'Doc', outputDimensionality: 3 } }),
    );
    expect(batch.embeddings?.map((e) => e.values)).toEqual([
      [0.11, 0.12, 0.13],
      [0.13, 0.14, 0.15],
    ]);
    const sent = ctx.A.last();
    expect([sent.action, sent.model]).toEqual(['batchEmbedContents', 'text-embedding-004']);
    const requests = (sent.json?.requests ?? []) as Record<string, unknown>[];
    expect(requests.map((r) => [r.model, r.taskType, r.title, r.outputDimensionality])).toEqual(texts.map(() => ['models/text-embedding-004', 'RETRIEVAL_DOCUMENT', 'Doc', 3]));
    // Google reports no usage for embeddings: the local count of the texts, at ratio 0.5.
    const p = texts.reduce((n, t) => n + estimateTokens(t), 0);
    expect(log).toMatchObject({ prompt_tokens: p, completion_tokens: 0, quota: Math.round(p * 0.5), model_name: 'public-emb' });

    const body = { content: { parts: [{ text: 'single' }] }, taskType: 'RETRIEVAL_QUERY', outputDimensionality: 2 };
    const res = await fetch(`${ctx.kit.t.url}/v1beta/models/public-emb:embedContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': ctx.token.key },
      body: JSON.stringify(body),
    });
    expect(await res.text()).toBe(JSON.stringify({ embedding: { values: [0.06, 0.07] } }));
    expect([ctx.A.last().action, ctx.A.last().model]).toEqual(['embedContent', 'text-embedding-004']);
    expect(ctx.A.last().json).toEqual(body);
    await relayIdle(ctx.kit);
  });

  it('streamed text (alt=sse): the chunks as Google sent them, the last with the finish reason and usage, billed once', async () => {
    const { value: chunks, log } = await ctx.chargedCall(async () => collect(await ctx.ai.models.generateContentStream({ model: MODEL, contents: 'Say hello' })));
    expect(chunks.map((c) => c.text ?? '').join('')).toBe(REPLY);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(chunks.at(-1)?.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 5 });
    expect(ctx.A.last().action).toBe('streamGenerateContent');
    expect(ctx.A.last().query.get('alt')).toBe('sse');
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, is_stream: true });
  });

  it('a stream without alt=sse is one JSON array, as Google streams it; ?key= carries our token', async () => {
    const res = await fetch(`${ctx.kit.t.url}/v1beta/models/${MODEL}:streamGenerateContent?key=${encodeURIComponent(ctx.token.key)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const list = (await res.json()) as { candidates: { content: { parts: { text?: string }[] }; finishReason?: string }[]; usageMetadata?: { candidatesTokenCount: number } }[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((c) => c.candidates[0]?.content.parts.map((p) => p.text ?? '').join('')).join('')).toBe(REPLY);
    expect(list.at(-1)?.candidates[0]?.finishReason).toBe('STOP');
    expect(list.at(-1)?.usageMetadata?.candidatesTokenCount).toBe(5);
    await relayIdle(ctx.kit);
  });

  it('a function call round trip: the call comes back whole, the functionResponse reaches Gemini as sent', async () => {
    const first = await ctx.ai.models.generateContent({ model: MODEL, contents: 'Weather in Paris?', config: { tools: [WEATHER] } });
    expect(first.functionCalls).toEqual([expect.objectContaining({ name: 'get_weather', args: { city: 'Paris' } })]);
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      first.candidates?.[0]?.content as Content,
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { content: '18C' } } }] },
    ];
    const second = await ctx.ai.models.generateContent({ model: MODEL, contents: history, config: { tools: [WEATHER] } });
    expect(second.text).toBe('Tool result: 18C');
    expect((ctx.A.last().json as { contents: unknown[] }).contents).toEqual(history);
    await relayIdle(ctx.kit);
  });

  it('an upstream error reaches the client in Google\'s shape as a typed ApiError; nothing is charged', async () => {
    await ctx.noNewLog(async () => {
      ctx.A.next({ kind: 'error', status: 400, grpcStatus: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' });
      const e = await failure(ctx.ai.models.generateContent({ model: MODEL, contents: 'x' }));
      expect(e.status).toBe(400);
      expect(errorBody(e).error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('invalid argument') });
    });
  });

  it('a 429 from the Gemini channel is retried on the next channel of the group; billed once on the one that answered', async () => {
    ctx.A.next({ kind: 'error', status: 429, grpcStatus: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).', retryDelay: '1s' });
    const { value: res, log } = await ctx.chargedCall(() => ctx.ai.models.generateContent({ model: MODEL, contents: 'hi' }));
    expect(res.text).toBe('Gemini B here.');
    expect(log.channel).toBe(ctx.bId);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [ctx.aId, ctx.bId] });
  });

  it('a bad key is a typed 401 UNAUTHENTICATED; an unknown model a 503 in the same shape', async () => {
    const e = await failure(googleClient(ctx.kit, 'sk-notakey0123456789abcdefghijklmnopqrstuvwxyz01').models.generateContent({ model: MODEL, contents: 'x' }));
    expect(e.status).toBe(401);
    expect(errorBody(e).error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    const m = await failure(ctx.ai.models.generateContent({ model: 'no-such-model', contents: 'x' }));
    expect(errorBody(m).error).toMatchObject({ code: m.status, message: expect.stringContaining('no-such-model') });
    expect(ctx.A.requests).toHaveLength(0);
  });

  it('countTokens: Gemini counts it (free, no log)', async () => {
    await ctx.noNewLog(async () => {
      const counted = await ctx.ai.models.countTokens({ model: MODEL, contents: 'one two three' });
      expect(counted.totalTokens).toBe(3);
      expect(ctx.A.last().action).toBe('countTokens');
      expect(ctx.A.last().headers['x-goog-api-key']).toBe(KEY);
    });
  });

  it('the model list in Gemini\'s shape: models the token may use', async () => {
    const names: string[] = [];
    for await (const m of await ctx.ai.models.list()) names.push(m.name ?? '');
    expect(names).toEqual(expect.arrayContaining([`models/${MODEL}`, 'models/public-gemini']));
    const one = await ctx.ai.models.get({ model: MODEL });
    expect(one.name).toBe(`models/${MODEL}`);
    const e = await failure(ctx.ai.models.get({ model: 'no-such-model' }));
    expect(errorBody(e).error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
    // GET /v1/models answers Gemini's shape to a Gemini key too; the sk- prefix is optional.
    const v1 = await fetch(`${ctx.kit.t.url}/v1/models`, { headers: { 'x-goog-api-key': ctx.token.key.replace(/^sk-/, '') } });
    expect(((await v1.json()) as { models: { name: string }[] }).models.map((m) => m.name)).toEqual(expect.arrayContaining([`models/${MODEL}`]));
    const bad = await fetch(`${ctx.kit.t.url}/v1/models?key=sk-notakey0123456789`);
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });
});

/**
 * Gemini-native inbound on an OpenAI channel (type 1): the Gemini body converted to an OpenAI
 * chat request through the canonical chat, the answer and the stream re-encoded as
 * GenerateContentResponses, with @google/genai as the client.
 */
describe.each(DATABASES)('Gemini-native inbound converted for an OpenAI channel (%s)', (kind) => {
  const KEY = 'sk-upstream-gemconv-0123456789abcdef';
  const OA = 'oa-chat-model';
  const OA_REPLY = 'Hello from the fake upstream.';
  const EMB = 'oa-embed-model';
  const ctx = relaySuite(kind, async (s) => {
    const upstream = await s.fake(new FakeOpenAI({ key: KEY, promptTokens: 12 }));
    await setOptions(s.kit.root, { ModelRatio: { [OA]: 1, [EMB]: 0.5 }, CompletionRatio: { [OA]: 1 } });
    await createChannel(s.kit.root, { name: 'openai', key: KEY, base_url: upstream.url, models: `${OA},${EMB}` });
    return { upstream, ai: googleClient(s.kit, s.token.key) };
  });

  it('text with a system instruction: the OpenAI request the channel got, the Gemini answer with finish reason and the upstream usage, billed once', async () => {
    const { value: r, log } = await ctx.chargedCall(() => ctx.ai.models.generateContent({ model: OA, contents: 'Say hello', config: { systemInstruction: 'Be brief.', maxOutputTokens: 50, temperature: 0.2 } }));
    expect(r.text).toBe(OA_REPLY);
    expect(r.candidates?.[0]?.finishReason).toBe('STOP');
    expect(r.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 });
    expect(ctx.upstream.last().operation).toBe('chat/completions');
    expect(ctx.upstream.last().json).toMatchObject({ model: OA, max_tokens: 50, temperature: 0.2, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Say hello' }] });
    // (12 + 5·1)·1 = 17
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 17, is_stream: false });
  });

  it('streamed: OpenAI chunks become GenerateContentResponse chunks, the last with finish reason and usage; billed from the usage chunk', async () => {
    const { value: chunks, log } = await ctx.chargedCall(async () => collect(await ctx.ai.models.generateContentStream({ model: OA, contents: 'Say hello' })));
    expect(chunks.map((c) => c.text ?? '').join('')).toBe(OA_REPLY);
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(chunks.at(-1)?.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 });
    expect(ctx.upstream.last().json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 17, is_stream: true });
  });

  it('candidateCount asks the OpenAI channel for n choices, and each comes back as a candidate with its index; billed once by the usage', async () => {
    const { value: r, log } = await ctx.chargedCall(() => ctx.ai.models.generateContent({ model: OA, contents: 'Say hello', config: { candidateCount: 2 } }));
    expect(ctx.upstream.last().json).toMatchObject({ n: 2 });
    expect(r.candidates?.map((c) => [c.index ?? 0, c.content?.parts?.map((p) => p.text).join(''), c.finishReason])).toEqual([
      [0, OA_REPLY, 'STOP'],
      [1, OA_REPLY, 'STOP'],
    ]);
    // The fake counts 5 words per choice: (12 + 10·1)·1 = 22
    expect(r.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 10 });
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 10, quota: 22, is_stream: false });
  });

  it('an inline image reaches the OpenAI channel as a data URL; a client on Google\'s v1 API is served too', async () => {
    const v1 = googleClient(ctx.kit, ctx.token.key, 'v1');
    const res = await v1.models.generateContent({ model: OA, contents: [{ role: 'user', parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] }] });
    expect(res.text).toBe(OA_REPLY);
    expect(ctx.upstream.last().json).toMatchObject({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }] }],
    });
    await relayIdle(ctx.kit);
  });

  it('a stream without alt=sse on a converted channel is one JSON array too', async () => {
    const res = await fetch(`${ctx.kit.t.url}/v1beta/models/${OA}:streamGenerateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': ctx.token.key },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }] }),
    });
    const list = (await res.json()) as GenerateContentResponse[];
    expect(list.map((c) => c.candidates?.[0]?.content?.parts?.map((p) => p.text ?? '').join('')).join('')).toBe(OA_REPLY);
    expect(list.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
    await relayIdle(ctx.kit);
  });

  it('a function call round trip: tool_calls become functionCalls; the functionResponse goes back as a tool message for that call', async () => {
    ctx.upstream.next({
      kind: 'json',
      body: {
        id: 'chatcmpl-tool',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: OA,
        choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }, finish_reason: 'tool_calls' }],
        usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 },
      },
    });
    const first = await ctx.ai.models.generateContent({ model: OA, contents: 'Weather in Paris?', config: { tools: [WEATHER] } });
    expect(first.functionCalls).toEqual([{ id: 'call_9', name: 'get_weather', args: { city: 'Paris' } }]);
    expect(first.candidates?.[0]?.finishReason).toBe('STOP');
    expect(ctx.upstream.last().json).toMatchObject({ tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }] });

    const second = await ctx.ai.models.generateContent({
      model: OA,
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        first.candidates?.[0]?.content as Content,
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { content: '18C' } } }] },
      ],
      config: { tools: [WEATHER] },
    });
    expect(second.text).toBe(OA_REPLY);
    expect((ctx.upstream.last().json as { messages: unknown[] }).messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_9', content: '18C' },
    ]);
    await relayIdle(ctx.kit);
  });

  it('an upstream OpenAI error reaches the client in Google\'s shape (429 RESOURCE_EXHAUSTED), nothing charged', async () => {
    await ctx.noNewLog(async () => {
      ctx.upstream.next({ kind: 'json', status: 429, body: { error: { message: 'slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' } } });
      const e = await failure(ctx.ai.models.generateContent({ model: OA, contents: 'x' }));
      expect(e.status).toBe(429);
      expect(errorBody(e).error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED', message: expect.stringContaining('slow down') });
    });
  });

  it('countTokens on an OpenAI channel: the gateway\'s local estimate, nothing sent upstream', async () => {
    const counted = await ctx.ai.models.countTokens({ model: OA, contents: 'Say hello' });
    const body = { contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }] };
    expect(counted.totalTokens).toBe(estimatePromptTokens(parseGeminiRequest({ body, stream: false, sse: false }, undefined, OA, { countOnly: true })));
    expect(ctx.upstream.requests).toHaveLength(0);
  });

  it('embedContent and batchEmbedContents to an OpenAI embeddings channel: vectors in Google\'s shape, billed once by the upstream usage', async () => {
    const { value: one, log } = await ctx.chargedCall(() => ctx.ai.models.embedContent({ model: EMB, contents: 'hello world', config: { outputDimensionality: 3 } }));
    expect(one).toMatchObject({ embeddings: [{ values: [0.0023064255, -0.009327292, -0.0028842222] }] });
    expect(ctx.upstream.last().operation).toBe('embeddings');
    expect(ctx.upstream.last().json).toEqual({ model: EMB, input: ['hello world'], dimensions: 3 });
    // 12 prompt tokens · 0.5 = 6
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 0, quota: 6, model_name: EMB });

    const res = await fetch(`${ctx.kit.t.url}/v1beta/models/${EMB}:embedContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': ctx.token.key },
      body: JSON.stringify({ content: { parts: [{ text: 'single' }] } }),
    });
    expect(await res.json()).toEqual({ embedding: { values: [0.0023064255, -0.009327292, -0.0028842222] } });
    expect(ctx.upstream.last().json).toEqual({ model: EMB, input: ['single'] });
    await relayIdle(ctx.kit);
  });

  it('quota exhausted: a token without quota is refused with a typed 403 PERMISSION_DENIED', async () => {
    const empty = await createToken(ctx.user.caller, { unlimited_quota: false, remain_quota: 0 });
    const e = await failure(googleClient(ctx.kit, empty.key).models.generateContent({ model: OA, contents: 'x' }));
    expect(e.status).toBe(403);
    expect(errorBody(e).error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    expect(ctx.upstream.requests).toHaveLength(0);
  });
});
