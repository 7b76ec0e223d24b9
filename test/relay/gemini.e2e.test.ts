import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeGemini } from '../support/fakes/gemini';
import { PNG_1X1_BASE64, PNG_QUESTION, TERSE_HELLO, answerWeatherCall, streamChat, type StreamedToolCall } from './provider-kit';
import { channelStatusBecomes, createChannel, otherOf, relayIdle, relaySuite, setOptions, withOption } from './relay-kit';

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
  const ctx = relaySuite(kind, async (s) => {
    const A = await s.fake(new FakeGemini({ key: KEY_A, promptTokens: 12, toolArgs: { city: 'Paris' } }));
    const B = await s.fake(new FakeGemini({ key: KEY_B, promptTokens: 12, reply: 'Gemini B here.' }));
    await setOptions(s.kit.root, {
      ModelRatio: { [MODEL]: MR, 'gemini-bad-key': MR, 'gemini-v1': MR, 'gemini-dead': MR, 'text-embedding-004': 0.5 },
      CompletionRatio: { [MODEL]: CR },
      CacheRatio: { [MODEL]: 0.25 },
    });
    const aId = await createChannel(s.kit.root, { name: 'gemini-a', type: 24, key: KEY_A, base_url: A.url, models: MODEL, priority: 10 });
    const bId = await createChannel(s.kit.root, { name: 'gemini-b', type: 24, key: KEY_B, base_url: B.url, models: MODEL, priority: 0 });
    await createChannel(s.kit.root, { name: 'gemini-bad', type: 24, key: 'AIzaWrongKey0123456789', base_url: A.url, models: 'gemini-bad-key' });
    await createChannel(s.kit.root, {
      name: 'gemini-v1',
      type: 24,
      key: KEY_A,
      base_url: A.url,
      models: 'gemini-v1',
      model_mapping: JSON.stringify({ 'gemini-v1': MODEL }),
      other: JSON.stringify({ version: 'v1', safety: { HARM_CATEGORY_HARASSMENT: 'BLOCK_ONLY_HIGH' } }),
    });
    await createChannel(s.kit.root, { name: 'gemini-emb', type: 24, key: KEY_A, base_url: A.url, models: 'text-embedding-004' });
    return { A, B, aId, bId };
  });

  it('text with a system prompt: converted request, OpenAI answer, finish reason, usage, billed once by hand', async () => {
    const { value: answer, log } = await ctx.chargedCall(() => ctx.openai.chat.completions.create({ model: MODEL, temperature: 0.5, max_tokens: 300, messages: TERSE_HELLO }));
    expect(answer.object).toBe('chat.completion');
    expect(answer.model).toBe(MODEL);
    expect(answer.choices[0]?.message.content).toBe(REPLY);
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    // The fake counts 5 words; the usage is the upstream's.
    expect(answer.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 });
    const up = ctx.A.last();
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
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, model_name: MODEL, channel: ctx.aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: MR, completion_ratio: CR, billing_source: 'usage' });
  });

  it('streamed text: alt=sse events converted chunk by chunk, the usage chunk for a client that asked, billed once', async () => {
    const { value: read, log } = await ctx.chargedCall(() => streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream_options: { include_usage: true } }));
    for (const c of read.chunks) expect(c.object).toBe('chat.completion.chunk');
    expect(read.text).toBe(REPLY);
    expect(read.finish).toBe('stop');
    // role chunk, 5 words, finish, usage
    expect(read.chunks).toHaveLength(8);
    expect(read.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 });
    expect(ctx.A.last().path).toBe(`/v1beta/models/${MODEL}:streamGenerateContent`);
    expect(ctx.A.last().query.get('alt')).toBe('sse');
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, is_stream: true });
  });

  it('legacy completions, streamed: the prompt as one user turn, text_completion chunks, usage, billed once', async () => {
    const { value: chunks, log } = await ctx.chargedCall(async () => {
      const out: OpenAI.Completion[] = [];
      for await (const c of await ctx.openai.completions.create({ model: MODEL, prompt: 'Say hello', max_tokens: 40, stream: true, stream_options: { include_usage: true } })) out.push(c);
      return out;
    });
    expect(ctx.A.last().path).toBe(`/v1beta/models/${MODEL}:streamGenerateContent`);
    expect(ctx.A.last().json).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }], generationConfig: { maxOutputTokens: 40 } });
    expect(chunks.every((c) => c.object === 'text_completion')).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.text ?? '').join('')).toBe(REPLY);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 12, completion_tokens: 5 } });
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, is_stream: true });
  });

  it('n: 2 as candidateCount: two choices with index 0 and 1, their own texts and finish reasons, usage the upstream\'s (every candidate), billed once by hand', async () => {
    ctx.A.next({ kind: 'answer', parts: [{ text: 'Roses are red.' }], candidates: [{ parts: [{ text: 'Violets are blue, sugar is sweet.' }], finishReason: 'MAX_TOKENS' }] });
    const { value: answer, log } = await ctx.chargedCall(() => ctx.openai.chat.completions.create({ model: MODEL, n: 2, max_tokens: 50, messages: [{ role: 'user', content: 'A poem' }] }));
    expect(answer.choices.map((c) => [c.index, c.message.role, c.message.content, c.finish_reason])).toEqual([
      [0, 'assistant', 'Roses are red.', 'stop'],
      [1, 'assistant', 'Violets are blue, sugar is sweet.', 'length'],
    ]);
    expect(ctx.A.last().json?.generationConfig).toEqual({ maxOutputTokens: 50, candidateCount: 2 });
    // The fake counts 3 + 6 words over both candidates.
    expect(answer.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 });
    // (12 + 9·4)·2 = 96
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 9, quota: 96, model_name: MODEL, channel: ctx.aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ billing_source: 'usage' });
  });

  it('n: 2 streamed: each candidate\'s deltas under its index (the role first), each its finish reason, the usage chunk the upstream\'s, billed once', async () => {
    const { value: read, log } = await ctx.chargedCall(async () => {
      const texts = ['', ''];
      const finishes: (string | null)[] = [null, null];
      const roles: number[] = [];
      let usage: OpenAI.CompletionUsage | undefined;
      const stream = await ctx.openai.chat.completions.create({ model: MODEL, n: 2, messages: [{ role: 'user', content: 'Say hello' }], stream: true, stream_options: { include_usage: true } });
      for await (const c of stream) {
        for (const choice of c.choices) {
          texts[choice.index] += choice.delta.content ?? '';
          if (choice.delta.role) roles.push(choice.index);
          if (choice.finish_reason) finishes[choice.index] = choice.finish_reason;
        }
        if (c.usage) usage = c.usage;
      }
      return { texts, finishes, roles, usage };
    });
    // The fake's second candidate repeats the reply, marked; it is longer and finishes in a later event.
    expect(read.texts).toEqual([REPLY, `${REPLY} (candidate 1)`]);
    expect(read.finishes).toEqual(['stop', 'stop']);
    expect(read.roles).toEqual([0, 1]);
    expect(ctx.A.last().json?.generationConfig).toEqual({ candidateCount: 2 });
    // 5 + 7 words.
    expect(read.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 12, total_tokens: 24 });
    // (12 + 12·4)·2 = 120
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 12, quota: 120, is_stream: true });
    expect(otherOf(log)).toMatchObject({ billing_source: 'usage' });
  });

  it('a client that did not ask for usage never sees it; the stream ends with [DONE]', async () => {
    const raw = await ctx.post('/v1/chat/completions', { model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    const body = await raw.text();
    expect(body).not.toContain('"usage"');
    expect(body).not.toContain('candidates');
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);
    await relayIdle(ctx.kit);
  });

  it('a tool call round trip, streamed then whole: functionCall to tool_calls, the result back as functionResponse', async () => {
    const { finish, toolCalls } = await streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: TOOLS });
    expect(finish).toBe('tool_calls');
    expect(toolCalls).toHaveLength(1);
    const call = toolCalls[0] as StreamedToolCall;
    expect(call.name).toBe('get_weather');
    expect(JSON.parse(call.args)).toEqual({ city: 'Paris' });
    // The schema reached Google cleaned to its subset (the fake refuses additionalProperties).
    expect(ctx.A.last().json).toMatchObject({
      tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather by city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }] }],
    });

    const second = await answerWeatherCall(ctx.openai, MODEL, TOOLS, call);
    expect(second.choices[0]?.message.content).toBe('Tool result: 18C and sunny');
    expect((ctx.A.last().json?.contents as unknown[])?.slice(1)).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { content: '18C and sunny' } } }] },
    ]);

    const whole = await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Weather?' }], tools: TOOLS, tool_choice: 'required' });
    expect(whole.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { content: null, tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] } });
    expect(ctx.A.last().json).toMatchObject({ toolConfig: { functionCallingConfig: { mode: 'ANY' } } });
    await relayIdle(ctx.kit);
  });

  it('an image input reaches Gemini as inlineData; an http image URL as fileData', async () => {
    const png = PNG_1X1_BASE64;
    const res = await ctx.openai.chat.completions.create({
      model: MODEL,
      messages: [
        {
          role: 'user',
          content: [...PNG_QUESTION, { type: 'image_url', image_url: { url: 'https://example.com/cat.webp' } }],
        },
      ],
    });
    expect(res.choices[0]?.message.content).toBe(REPLY);
    expect(ctx.A.last().json?.contents).toEqual([
      {
        role: 'user',
        parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: png } }, { fileData: { mimeType: 'image/webp', fileUri: 'https://example.com/cat.webp' } }],
      },
    ]);
    await relayIdle(ctx.kit);
  });

  it('the channel decides the API version and safety settings (other), and reasoning_effort a thinking budget with thoughts returned', async () => {
    const res = await ctx.openai.chat.completions.create({ model: 'gemini-v1', messages: [{ role: 'user', content: 'hi' }], reasoning_effort: 'low' });
    expect(res.model).toBe('gemini-v1');
    const up = ctx.A.last();
    expect(up.path).toBe(`/v1/models/${MODEL}:generateContent`);
    expect(up.json?.safetySettings).toEqual(SAFETY_NONE.map((s) => (s.category === 'HARM_CATEGORY_HARASSMENT' ? { ...s, threshold: 'BLOCK_ONLY_HIGH' } : s)));
    expect(up.json?.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } });
    await relayIdle(ctx.kit);
  });

  it('upstream errors reach the client in the OpenAI shape: a 400 as BadRequestError, a bad channel key as a typed error; nothing charged', async () => {
    await ctx.notCharged(async () => {
      ctx.A.next({ kind: 'error', status: 400, grpcStatus: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' });
      const err = await ctx.ask(MODEL, 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ status: 400, type: 'INVALID_ARGUMENT', message: expect.stringContaining('invalid argument') });
      expect(ctx.B.requests).toHaveLength(0);

      const raw = await ctx.post('/v1/chat/completions', { model: 'gemini-bad-key', messages: [{ role: 'user', content: 'x' }] });
      expect(raw.status).toBe(400);
      const body = (await raw.json()) as { error: { message: string; type: string; code: string } };
      expect(body.error).toMatchObject({ type: 'INVALID_ARGUMENT', code: 'API_KEY_INVALID' });
      expect(JSON.stringify(body)).not.toContain('AIzaWrongKey');
    });
  });

  it('a 429 RESOURCE_EXHAUSTED fails over to the next Gemini channel; one consume log, on the channel that served', async () => {
    ctx.A.next({ kind: 'error', status: 429, grpcStatus: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).', retryDelay: '7s' });
    const { value: res, log } = await ctx.chargedCall(() => ctx.ask(MODEL));
    expect(res.choices[0]?.message.content).toBe('Gemini B here.');
    expect([ctx.A.requests.length, ctx.B.requests.length]).toEqual([1, 1]);
    expect(log.channel).toBe(ctx.bId);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [ctx.aId, ctx.bId] });
  });

  it('a 403 PERMISSION_DENIED auto-disables the Gemini channel (AutomaticDisableChannelEnabled)', async () => {
    await withOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const id = await createChannel(ctx.kit.root, { name: 'gemini-dead', type: 24, key: KEY_A, base_url: ctx.A.url, models: 'gemini-dead' });
      ctx.A.next({ kind: 'error', status: 403, grpcStatus: 'PERMISSION_DENIED', message: 'Permission denied: Consumer has been suspended.' });
      const err = await ctx.ask('gemini-dead', 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.PermissionDeniedError);
      expect(await channelStatusBecomes(ctx.kit.root, id, 3)).toBe(3);
    });
  });

  it.each([false, true])('thoughts billed as completion and cached content as cache reads (stream %s)', async (stream) => {
    ctx.A.next({
      kind: 'answer',
      parts: [{ text: 'Thinking about it.', thought: true }, { text: 'cached answer' }],
      usage: { promptTokenCount: 1000, cachedContentTokenCount: 400, candidatesTokenCount: 50, thoughtsTokenCount: 150 },
    });
    let reasoning = '';
    let usage: OpenAI.CompletionUsage | undefined;
    const log = await ctx.charged(async () => {
      if (!stream) {
        const r = await ctx.ask(MODEL, 'long context');
        reasoning = (r.choices[0]?.message as unknown as { reasoning_content?: string }).reasoning_content ?? '';
        usage = r.usage;
        return;
      }
      const s = await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'long context' }], stream: true, stream_options: { include_usage: true } });
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
    const log = await ctx.charged(async () => {
      res = await ctx.openai.embeddings.create({ model: 'text-embedding-004', input: ['hello world', 'goodbye'], dimensions: 3 });
    });
    const answer = res as unknown as OpenAI.CreateEmbeddingResponse;
    // The fake's vectors: (len + i) / 100 per dimension; the SDK asked for base64 (float32).
    expect(answer.data.map((d) => d.embedding.map((v) => Number(v.toFixed(5))))).toEqual([
      [0.11, 0.12, 0.13],
      [0.07, 0.08, 0.09],
    ]);
    const up = ctx.A.last();
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
    const ok = await ctx.kit.root.get(`/api/channel/test/${ctx.bId}`).expect(200);
    expect(ok.body).toMatchObject({ success: true });
    expect(ctx.B.last()).toMatchObject({ path: `/v1beta/models/${MODEL}:generateContent`, headers: expect.objectContaining({ 'x-goog-api-key': KEY_B }) });
    const bad = await createChannel(ctx.kit.root, { name: 'gemini-test-bad', type: 24, key: 'AIzaAnotherWrongKey0123', base_url: ctx.B.url, models: 'gemini-probe' });
    const refused = await ctx.kit.root.get(`/api/channel/test/${bad}`).expect(200);
    expect(refused.body.success).toBe(false);
    expect(JSON.stringify(refused.body)).not.toContain('AIzaAnotherWrongKey');
  });

  it('a stream cut before its finish reason is no complete answer: an error event, only the delivered content charged, no retry', async () => {
    ctx.A.next({ kind: 'answer', parts: [{ text: REPLY }], cutAfter: 2 });
    let text = '';
    const log = await ctx.charged(async () => {
      const s = await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
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
    expect(ctx.B.requests).toHaveLength(0);
  });
});
