import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeCohere } from '../support/fakes/cohere';
import { anthropicClient, collect, googleClient, readChat, readMessageStream, streamChat, TERSE_HELLO, TERSE_HISTORY } from '../relay/provider-kit';
import { channelStatusBecomes, createChannel, otherOf, primaryAndBackup, relaySuite, withOption } from '../relay/relay-kit';

const MODEL = 'command-r';
const RERANK = 'rerank-english-v3.0';
const KEY_A = 'co-upstream-a-0123456789abcdefghij';
const KEY_B = 'co-upstream-b-0123456789abcdefghij';
const REPLY = 'Hello from the fake Cohere.';
/** quota = round((P + C·CR)·MR), P and C Cohere's billed units. */
const MR = 2;
const CR = 3;

/**
 * The official SDKs through the gateway to type-34 (Cohere) channels backed by the fake Cohere
 * API: /v1/chat with preamble and chat_history, sampling by Cohere's names, billed units billed by
 * hand, errors in Cohere's `{message}` shape mapped to typed SDK errors, failover on 429, rerank,
 * and the v1 NDJSON stream relayed line by line with the billed units at its end.
 */
describe.each(DATABASES)('Cohere channels (type 34) (%s)', (kind) => {
  const ctx = relaySuite(kind, (s) => primaryAndBackup(s, 34, 'cohere', { ModelRatio: { [MODEL]: MR, [RERANK]: MR, 'cohere-dead': MR }, CompletionRatio: { [MODEL]: CR } }, { fake: new FakeCohere({ key: KEY_A }), key: KEY_A, models: `${MODEL},${RERANK}` }, { fake: new FakeCohere({ key: KEY_B, reply: 'Cohere B here.' }), key: KEY_B, models: MODEL }));

  it('chat with a system prompt and history: preamble, chat_history, message, max_tokens and sampling mapped; billed units billed once by hand', async () => {
    const { value: answer, log } = await ctx.chargedCall(() =>
      ctx.openai.chat.completions.create({
        model: MODEL,
        max_tokens: 40,
        temperature: 0.2,
        top_p: 0.8,
        stop: ['END'],
        messages: TERSE_HISTORY,
      }),
    );
    expect(answer.choices[0]?.message.content).toBe(REPLY);
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    // Billed input: 3 + 1 + 1 + 3 = 8 words; output 5 (the fake's `tokens` add 60 that are not billed).
    expect(answer.usage).toMatchObject({ prompt_tokens: 8, completion_tokens: 5, total_tokens: 13 });
    const up = ctx.A.last();
    expect(up.path).toBe('/v1/chat');
    expect(up.headers.authorization).toBe(`Bearer ${KEY_A}`);
    expect(up.json).toEqual({
      model: MODEL,
      message: 'Say more please',
      preamble: 'You are terse.',
      chat_history: [
        { role: 'USER', message: 'Hi' },
        { role: 'CHATBOT', message: 'Hello.' },
      ],
      max_tokens: 40,
      temperature: 0.2,
      p: 0.8,
      stop_sequences: ['END'],
    });
    // (8 + 5·3)·2 = 46
    expect(log).toMatchObject({ prompt_tokens: 8, completion_tokens: 5, quota: 46, model_name: MODEL, channel: ctx.aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: MR, completion_ratio: CR });
    expect(JSON.stringify(answer)).not.toContain(KEY_A);
  });

  it('MAX_TOKENS is finish_reason length', async () => {
    ctx.A.next({ kind: 'reply', text: 'cut short', finishReason: 'MAX_TOKENS' });
    const answer = await ctx.ask(MODEL);
    expect(answer.choices[0]?.finish_reason).toBe('length');
    expect(answer.usage).toMatchObject({ prompt_tokens: 1, completion_tokens: 2 });
  });

  it('a stream is relayed line by line from the NDJSON stream: text chunks as they arrive, the billed units in the final usage chunk and billed once by hand', async () => {
    ctx.A.next({ kind: 'hold' });
    let firstTextWhileHeld: boolean | null = null;
    const { value: chunks, log } = await ctx.chargedCall(async () => {
      const stream = await ctx.openai.chat.completions.create({
        model: MODEL,
        max_tokens: 40,
        messages: TERSE_HELLO,
        stream: true,
        stream_options: { include_usage: true },
      });
      const seen: OpenAI.ChatCompletionChunk[] = [];
      for await (const c of stream) {
        seen.push(c);
        if (firstTextWhileHeld === null && c.choices[0]?.delta.content) {
          // The fake wrote one word and waits: that word reached the client before the rest exists.
          firstTextWhileHeld = !ctx.A.streamEnded;
          ctx.A.release();
        }
      }
      return seen;
    });
    expect(firstTextWhileHeld).toBe(true);
    expect(ctx.A.last().json).toEqual({ model: MODEL, message: 'Say hello', preamble: 'You are terse.', max_tokens: 40, stream: true });
    const texts = chunks.map((c) => c.choices[0]?.delta.content ?? '').filter((t) => t !== '');
    // One chunk per text-generation line.
    expect(texts).toEqual(['Hello ', 'from ', 'the ', 'fake ', 'Cohere.']);
    expect(chunks.map((c) => c.choices[0]?.finish_reason).filter(Boolean)).toEqual(['stop']);
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    // Billed units: 3 + 2 = 5 in, 5 out (the fake's `tokens` add 60 that are not billed).
    expect(last.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 });
    expect(chunks.slice(0, -1).every((c) => !c.usage)).toBe(true);
    // (5 + 5·3)·2 = 40
    expect(log).toMatchObject({ prompt_tokens: 5, completion_tokens: 5, quota: 40, channel: ctx.aId, is_stream: true });
  });

  it('a stream without include_usage has no usage chunk and is billed the same billed units', async () => {
    const { value: read, log } = await ctx.chargedCall(async () => readChat(await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream: true })));
    expect(read.text).toBe(REPLY);
    expect(read.chunks.filter((c) => c.choices[0]?.delta.content).length).toBe(5);
    expect(read.usage).toBeNull();
    // (2 + 5·3)·2 = 34
    expect(log).toMatchObject({ prompt_tokens: 2, completion_tokens: 5, quota: 34, is_stream: true });
  });

  it('a stream that ends with finish_reason ERROR is an in-stream error after the text that came', async () => {
    ctx.A.next({ kind: 'reply', text: 'partial answer', finishReason: 'ERROR' });
    const stream = await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream: true });
    let text = '';
    const err = await (async () => {
      for await (const c of stream) text += c.choices[0]?.delta.content ?? '';
    })().catch((e: unknown) => e);
    expect(text).toBe('partial answer');
    expect(err).toBeInstanceOf(OpenAI.APIError);
  });

  it('the same stream answered as text/event-stream (Cohere serves either by Accept) is read as SSE, with the same chunks and billed units', async () => {
    ctx.A.next({ kind: 'sse' });
    const { value: read, log } = await ctx.chargedCall(() => streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream_options: { include_usage: true } }));
    expect(read.chunks.map((c) => c.choices[0]?.delta.content ?? '').filter((t) => t !== '')).toEqual(['Hello ', 'from ', 'the ', 'fake ', 'Cohere.']);
    expect(read.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 5 });
    expect(log).toMatchObject({ prompt_tokens: 2, completion_tokens: 5, quota: 34, is_stream: true });
  });

  it('a stream closed before stream-end is reported as interrupted after the text that came, and billed for what was delivered', async () => {
    ctx.A.next({ kind: 'cut' });
    let text = '';
    let err: unknown = null;
    const log = await ctx.charged(async () => {
      const stream = await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream: true });
      err = await (async () => {
        for await (const c of stream) text += c.choices[0]?.delta.content ?? '';
      })().catch((e: unknown) => e);
    });
    expect(text).toBe('Hello ');
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(String((err as Error).message)).toMatch(/request id/);
    expect(otherOf(log).billing_source).toBe('delivered');
    expect(log).toMatchObject({ is_stream: true, channel: ctx.aId });
    expect(log.completion_tokens).toBeGreaterThan(0);
  });

  it('an Anthropic Messages stream reaches Cohere\'s NDJSON stream and gets its events and the billed units', async () => {
    const anthropic = anthropicClient(ctx.kit, ctx.token.key);
    const { value: read, log } = await ctx.chargedCall(() => readMessageStream(anthropic.messages.stream({ model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'Say hello' }] })));
    expect(read.text).toBe(REPLY);
    expect(read.types.filter((t) => t === 'content_block_delta')).toHaveLength(5);
    expect(read.final.usage).toMatchObject({ input_tokens: 2, output_tokens: 5 });
    expect(ctx.A.last().json).toMatchObject({ stream: true });
    expect(log).toMatchObject({ prompt_tokens: 2, completion_tokens: 5, quota: 34, is_stream: true });
  });

  it('a Gemini streamGenerateContent request gets Cohere\'s words as chunks and the billed units in usageMetadata', async () => {
    const ai = googleClient(ctx.kit, ctx.token.key);
    const { value: chunks, log } = await ctx.chargedCall(async () => collect(await ai.models.generateContentStream({ model: MODEL, contents: 'Say hello' })));
    expect(chunks.map((c) => c.text ?? '').filter((t) => t !== '')).toEqual(['Hello ', 'from ', 'the ', 'fake ', 'Cohere.']);
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(chunks.at(-1)?.usageMetadata).toMatchObject({ promptTokenCount: 2, candidatesTokenCount: 5 });
    expect(log).toMatchObject({ prompt_tokens: 2, completion_tokens: 5, quota: 34, is_stream: true });
  });

  it('a 429 in Cohere\'s shape fails over to the next Cohere channel; one consume log on the channel that served', async () => {
    ctx.A.next({ kind: 'error', status: 429, message: 'You are using a Trial key, which is limited to 10 API calls / minute.' });
    const { value: res, log } = await ctx.chargedCall(() => ctx.ask(MODEL));
    expect(res.choices[0]?.message.content).toBe('Cohere B here.');
    expect([ctx.A.requests.length, ctx.B.requests.length]).toEqual([1, 1]);
    expect(log.channel).toBe(ctx.bId);
  });

  it('a 400 in Cohere\'s shape is a BadRequestError with Cohere\'s message, not retried, not charged', async () => {
    await ctx.notCharged(async () => {
      ctx.A.next({ kind: 'error', status: 400, message: 'invalid request: message must be at least 1 token long' });
      const err = await ctx.ask(MODEL, 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ status: 400, message: expect.stringContaining('at least 1 token') });
      expect(ctx.B.requests).toHaveLength(0);
    });
  });

  it('a 401 invalid api token is an AuthenticationError without the key, and auto-disables the channel', async () => {
    await withOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const id = await createChannel(ctx.kit.root, { name: 'cohere-dead', type: 34, key: 'co-revoked-0123456789abcdefghij', base_url: ctx.A.url, models: 'cohere-dead' });
      const err = await ctx.ask('cohere-dead', 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(JSON.stringify(err)).not.toContain('co-revoked');
      expect(String((err as Error).message)).not.toContain('co-revoked');
      expect(await channelStatusBecomes(ctx.kit.root, id, 3)).toBe(3);
    });
  });

  it('rerank goes to /v1/rerank with the mapped model, answers Cohere\'s results, bills the search unit', async () => {
    const sent = { model: RERANK, query: 'which is a fruit', documents: ['a red car', 'a fruit basket', 'the sky'], top_n: 2 };
    let body: { results: { index: number; relevance_score: number }[] } | null = null;
    const log = await ctx.charged(async () => {
      const res = await ctx.post('/v1/rerank', sent);
      expect(res.status).toBe(200);
      body = (await res.json()) as typeof body;
    });
    expect(body!.results.map((r) => r.index)).toEqual([1, 0]);
    expect(ctx.A.last()).toMatchObject({ path: '/v1/rerank', json: sent });
    expect(ctx.A.last().headers.authorization).toBe(`Bearer ${KEY_A}`);
    // One search unit at ratio 2: 1·2 = 2.
    expect(log).toMatchObject({ prompt_tokens: 1, completion_tokens: 0, quota: 2, model_name: RERANK });
  });

  it('an Anthropic Messages request reaches Cohere converted (system as preamble) and is billed once', async () => {
    const anthropic = anthropicClient(ctx.kit, ctx.token.key);
    const { value: m, log } = await ctx.chargedCall(() => anthropic.messages.create({ model: MODEL, max_tokens: 64, system: 'Be brief.', messages: [{ role: 'user', content: 'Say hello' }] }));
    expect(m.content).toEqual([{ type: 'text', text: REPLY }]);
    expect(m.usage).toMatchObject({ input_tokens: 4, output_tokens: 5 });
    expect(ctx.A.last().json).toEqual({ model: MODEL, message: 'Say hello', preamble: 'Be brief.', max_tokens: 64 });
    // (4 + 5·3)·2 = 38
    expect(log).toMatchObject({ prompt_tokens: 4, completion_tokens: 5, quota: 38 });
  });

  it('a Gemini generateContent request reaches Cohere converted and is billed once', async () => {
    const ai = googleClient(ctx.kit, ctx.token.key);
    const { value: r, log } = await ctx.chargedCall(() => ai.models.generateContent({ model: MODEL, contents: 'Say hello', config: { systemInstruction: 'Be brief.', temperature: 0.5, maxOutputTokens: 30 } }));
    expect(r.text).toBe(REPLY);
    expect(ctx.A.last().json).toEqual({ model: MODEL, message: 'Say hello', preamble: 'Be brief.', max_tokens: 30, temperature: 0.5 });
    expect(log).toMatchObject({ prompt_tokens: 4, completion_tokens: 5, quota: 38 });
  });
});
