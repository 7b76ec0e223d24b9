import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakePaLM } from '../support/fakes/palm';
import { anthropicClient, collect, googleClient, readMessageStream, streamChat, TERSE_HELLO, TERSE_HISTORY } from '../relay/provider-kit';
import { channelStatusBecomes, createChannel, primaryAndBackup, relayIdle, relaySuite, withOption } from '../relay/relay-kit';

const MODEL = 'chat-bison-001';
const KEY_A = 'AIzaFakePalmKeyA0123456789abcdef';
const KEY_B = 'AIzaFakePalmKeyB0123456789abcdef';

/**
 * The official SDKs through the gateway to type-11 (PaLM 2) channels backed by the fake
 * generateMessage API. PaLM has no stream: a stream request is answered from the one call, as one
 * chunk, the usage and the end, in the client's format.
 */
describe.each(DATABASES)('PaLM 2 channels (type 11) (%s)', (kind) => {
  const ctx = relaySuite(kind, (s) => primaryAndBackup(s, 11, 'palm', { ModelRatio: { [MODEL]: 1, 'palm-dead': 1 }, CompletionRatio: { [MODEL]: 1 } }, { fake: new FakePaLM({ key: KEY_A }), key: KEY_A, models: MODEL }, { fake: new FakePaLM({ key: KEY_B, reply: 'PaLM B here.' }), key: KEY_B, models: MODEL }));

  it('generateMessage: the system prompt as context, turns by author, sampling mapped; billed once by the relay\'s count (PaLM reports none)', async () => {
    const { value: answer, log } = await ctx.chargedCall(() =>
      ctx.openai.chat.completions.create({
        model: MODEL,
        temperature: 0.2,
        top_p: 0.8,
        messages: TERSE_HISTORY,
      }),
    );
    expect(answer.choices[0]?.message.content).toBe('Hello from the fake PaLM.');
    const up = ctx.A.last();
    expect(up.path).toBe(`/v1beta2/models/${MODEL}:generateMessage`);
    expect(up.query.get('key')).toBe(KEY_A);
    expect(up.json).toEqual({
      prompt: {
        context: 'You are terse.',
        messages: [
          { author: '0', content: 'Hi' },
          { author: '1', content: 'Hello.' },
          { author: '0', content: 'Say more please' },
        ],
      },
      temperature: 0.2,
      topP: 0.8,
    });
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBe(log.prompt_tokens + log.completion_tokens);
    expect(JSON.stringify(answer)).not.toContain(KEY_A);
  });

  it('a stream request: one generateMessage call, the whole answer as one chunk, the usage chunk, [DONE]; billed as the same answer unstreamed', async () => {
    const { log: plainLog } = await ctx.chargedCall(() => ctx.openai.chat.completions.create({ model: MODEL, messages: TERSE_HELLO }));
    const plainBody = ctx.A.last().json;
    const { value: chunks, log } = await ctx.chargedCall(async () => collect(await ctx.openai.chat.completions.create({ model: MODEL, messages: TERSE_HELLO, stream: true, stream_options: { include_usage: true } })));
    // PaLM has no stream: the same call as unstreamed.
    expect(ctx.A.last().path).toBe(`/v1beta2/models/${MODEL}:generateMessage`);
    expect(ctx.A.last().json).toEqual(plainBody);
    expect(chunks).toHaveLength(2);
    expect(chunks[0]?.choices).toEqual([{ index: 0, delta: { role: 'assistant', content: 'Hello from the fake PaLM.' }, logprobs: null, finish_reason: 'stop' }]);
    expect(chunks[1]?.choices).toEqual([]);
    // PaLM reports no usage: the relay's count, the same as for the unstreamed answer, and what is billed.
    expect(chunks[1]?.usage).toMatchObject({ prompt_tokens: plainLog.prompt_tokens, completion_tokens: plainLog.completion_tokens });
    expect(log).toMatchObject({ prompt_tokens: plainLog.prompt_tokens, completion_tokens: plainLog.completion_tokens, quota: plainLog.quota, is_stream: true, channel: ctx.aId });
    expect(log.completion_tokens).toBeGreaterThan(0);
  });

  it('on the wire: exactly the answer chunk, the usage chunk and data: [DONE]', async () => {
    const res = await ctx.post('/v1/chat/completions', { model: MODEL, messages: TERSE_HELLO, stream: true, stream_options: { include_usage: true } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await res.text()).split('\n\n').filter((e) => e !== '');
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.startsWith('data: '))).toBe(true);
    const [answer, usage] = events.slice(0, 2).map((e) => JSON.parse(e.slice(6)) as Record<string, unknown>);
    expect(answer).toMatchObject({ object: 'chat.completion.chunk', model: MODEL, choices: [{ index: 0, delta: { role: 'assistant', content: 'Hello from the fake PaLM.' }, finish_reason: 'stop' }] });
    expect(usage).toMatchObject({ object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) } });
    expect(events[2]).toBe('data: [DONE]');
    await relayIdle(ctx.kit);
  });

  it('without include_usage the stream is the one answer chunk and [DONE]; two candidates are two chunks', async () => {
    const one = await collect(await ctx.openai.chat.completions.create({ model: MODEL, messages: TERSE_HELLO, stream: true }));
    expect(one).toHaveLength(1);
    expect(one[0]?.choices[0]).toMatchObject({ delta: { content: 'Hello from the fake PaLM.' }, finish_reason: 'stop' });
    const two = await collect(await ctx.openai.chat.completions.create({ model: MODEL, messages: TERSE_HELLO, n: 2, stream: true }));
    expect(ctx.A.last().json).toMatchObject({ candidateCount: 2 });
    expect(two.map((c) => [c.choices[0]?.index, c.choices[0]?.delta.content, c.choices[0]?.finish_reason])).toEqual([
      [0, 'Hello from the fake PaLM.', 'stop'],
      [1, 'Hello from the fake PaLM.', 'stop'],
    ]);
    await relayIdle(ctx.kit);
  });

  it('a stream request that meets a 429 fails over before anything is sent, and streams from the next channel', async () => {
    ctx.A.next({ kind: 'error', status: 429, grpc: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded' });
    const { value: read, log } = await ctx.chargedCall(() => streamChat(ctx.openai, { model: MODEL, messages: TERSE_HELLO }));
    expect(read.text).toBe('PaLM B here.');
    expect(read.chunks).toHaveLength(1);
    expect(log).toMatchObject({ channel: ctx.bId, is_stream: true });
  });

  it('an Anthropic Messages stream gets the whole answer as one text delta and the usage in message_delta, billed by it', async () => {
    const anthropic = anthropicClient(ctx.kit, ctx.token.key);
    const { value: read, log } = await ctx.chargedCall(() => readMessageStream(anthropic.messages.stream({ model: MODEL, max_tokens: 64, system: 'You are terse.', messages: [{ role: 'user', content: 'Say hello' }] })));
    expect(read.text).toBe('Hello from the fake PaLM.');
    expect(read.types.filter((t) => t === 'content_block_delta')).toHaveLength(1);
    expect(read.types[0]).toBe('message_start');
    expect(read.types.at(-1)).toBe('message_stop');
    expect(read.final.stop_reason).toBe('end_turn');
    expect(read.final.usage.output_tokens).toBe(log.completion_tokens);
    expect(ctx.A.last().json).toMatchObject({ prompt: { context: 'You are terse.', messages: [{ author: '0', content: 'Say hello' }] } });
    expect(log).toMatchObject({ is_stream: true, channel: ctx.aId });
    expect(log.completion_tokens).toBeGreaterThan(0);
  });

  it('a Gemini streamGenerateContent request gets the whole answer in its chunks with the finish and usage, billed by it', async () => {
    const ai = googleClient(ctx.kit, ctx.token.key);
    const { value: chunks, log } = await ctx.chargedCall(async () => collect(await ai.models.generateContentStream({ model: MODEL, contents: 'Say hello', config: { systemInstruction: 'You are terse.' } })));
    expect(chunks.map((c) => c.text ?? '').join('')).toBe('Hello from the fake PaLM.');
    expect(chunks.filter((c) => (c.text ?? '') !== '')).toHaveLength(1);
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(chunks.at(-1)?.usageMetadata).toMatchObject({ promptTokenCount: log.prompt_tokens, candidatesTokenCount: log.completion_tokens });
    expect(ctx.A.last().path).toBe(`/v1beta2/models/${MODEL}:generateMessage`);
    expect(log).toMatchObject({ is_stream: true, channel: ctx.aId });
  });

  it('a 429 RESOURCE_EXHAUSTED fails over to the next channel', async () => {
    ctx.A.next({ kind: 'error', status: 429, grpc: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded' });
    const { value: res, log } = await ctx.chargedCall(() => ctx.ask(MODEL));
    expect(res.choices[0]?.message.content).toBe('PaLM B here.');
    expect(log.channel).toBe(ctx.bId);
  });

  it('API_KEY_INVALID is an AuthenticationError-class failure without the key, and disables the channel', async () => {
    await withOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const id = await createChannel(ctx.kit.root, { name: 'palm-dead', type: 11, key: 'AIzaWrongPalmKey0123456789abcdef', base_url: ctx.A.url, models: 'palm-dead' });
      const err = await ctx.ask('palm-dead', 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.APIError);
      expect(JSON.stringify(err)).not.toContain('AIzaWrongPalmKey');
      expect(String((err as Error).message)).not.toContain('AIzaWrongPalmKey');
      expect(await channelStatusBecomes(ctx.kit.root, id, 3)).toBe(3);
    });
  });
});
