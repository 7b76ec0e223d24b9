import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeAnthropic } from '../support/fakes/anthropic';
import { PNG_QUESTION, PNG_QUESTION_FOR_CLAUDE, TERSE_HELLO, WEATHER_PARAMS, WEATHER_TOOLS, answerWeatherCall, streamChat, type StreamedToolCall } from './provider-kit';
import { channelStatusBecomes, createChannel, otherOf, relayIdle, relaySuite, setOption, setOptions, withOption } from './relay-kit';

const MODEL = 'claude-sonnet-4-20250514';
const KEY_A = 'sk-ant-upstream-a-0123456789abcdefgh';
const KEY_B = 'sk-ant-upstream-b-0123456789abcdefgh';
const REPLY = 'Hello from the fake Claude.';

/** quota = round((P − K − W + K·0.1 + (W − W1h)·1.25 + W1h·1.25·1.6 + C·5) · 1.5), by hand in each case. */
const MR = 1.5;
const CR = 5;

/**
 * The OpenAI SDK through the gateway to type-14 (Anthropic Claude) channels backed by the fake
 * Anthropic API: conversion both ways, streams, tools, images, errors in the OpenAI shape,
 * failover on 529, and billing by hand with cache reads and 5-minute / 1-hour writes.
 */
describe.each(DATABASES)('Claude channels (type 14) from the OpenAI chat API (%s)', (kind) => {
  const ctx = relaySuite(kind, async (s) => {
    const A = await s.fake(new FakeAnthropic({ key: KEY_A, inputTokens: 21, toolInput: { city: 'Paris' } }));
    const B = await s.fake(new FakeAnthropic({ key: KEY_B, inputTokens: 21, reply: 'Claude B here.' }));
    await setOptions(s.kit.root, { ModelRatio: { [MODEL]: MR, 'claude-bad-key': MR }, CompletionRatio: { [MODEL]: CR }, CacheRatio: { [MODEL]: 0.1 }, CreateCacheRatio: { [MODEL]: 1.25 } });
    const aId = await createChannel(s.kit.root, { name: 'claude-a', type: 14, key: KEY_A, base_url: A.url, models: MODEL, priority: 10 });
    const bId = await createChannel(s.kit.root, { name: 'claude-b', type: 14, key: KEY_B, base_url: B.url, models: MODEL, priority: 0 });
    await createChannel(s.kit.root, { name: 'claude-bad', type: 14, key: 'sk-ant-wrong-key-0123456789', base_url: A.url, models: 'claude-bad-key' });
    return { A, B, aId, bId };
  });

  it('text with a system prompt: converted request, OpenAI answer, finish reason, usage, billed once by hand', async () => {
    const { value: answer, log } = await ctx.chargedCall(() => ctx.openai.chat.completions.create({ model: MODEL, messages: TERSE_HELLO }));
    expect(answer.object).toBe('chat.completion');
    expect(answer.choices[0]?.message.content).toBe(REPLY);
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    // The fake counts 5 words; the usage is the upstream's.
    expect(answer.usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 });
    const up = ctx.A.last();
    expect(up.path).toBe('/v1/messages');
    expect(up.headers['x-api-key']).toBe(KEY_A);
    expect(up.headers['anthropic-version']).toBe('2023-06-01');
    expect(up.headers.authorization).toBeUndefined();
    expect(up.json).toEqual({ model: MODEL, max_tokens: 8192, system: [{ type: 'text', text: 'You are terse.' }], messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello' }] }] });
    // (21 + 5·5)·1.5 = 69
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, model_name: MODEL, channel: ctx.aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: MR, completion_ratio: CR, billing_source: 'usage' });
  });

  it('streamed text: chunks converted event by event, the usage chunk for a client that asked, billed once', async () => {
    const { value: read, log } = await ctx.chargedCall(() => streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream_options: { include_usage: true } }));
    expect(read.text).toBe(REPLY);
    expect(read.finish).toBe('stop');
    expect(read.usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 5 });
    expect(ctx.A.last().json).toMatchObject({ stream: true });
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, is_stream: true });
  });

  it('a client that did not ask for usage never sees the usage chunk', async () => {
    const stream = await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    let sawUsage = false;
    for await (const c of stream) if (c.usage) sawUsage = true;
    expect(sawUsage).toBe(false);
    await relayIdle(ctx.kit);
  });

  it('a tool call round trip, streamed then whole: tool_use to tool_calls, the result back as tool_result', async () => {
    const { finish, toolCalls } = await streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: WEATHER_TOOLS });
    expect(finish).toBe('tool_calls');
    expect(toolCalls).toHaveLength(1);
    const call = toolCalls[0] as StreamedToolCall;
    expect(call.name).toBe('get_weather');
    expect(JSON.parse(call.args)).toEqual({ city: 'Paris' });
    expect(ctx.A.last().json).toMatchObject({ tools: [{ name: 'get_weather', description: 'Weather by city', input_schema: WEATHER_PARAMS }] });

    const second = await answerWeatherCall(ctx.openai, MODEL, WEATHER_TOOLS, call);
    expect(second.choices[0]?.message.content).toBe('Tool result: 18C and sunny');
    expect((ctx.A.last().json?.messages as unknown[])?.slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: call.id, name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: [{ type: 'text', text: '18C and sunny' }] }] },
    ]);

    // Whole (non-stream) tool calls too.
    const whole = await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Weather?' }], tools: WEATHER_TOOLS, tool_choice: 'required' });
    expect(whole.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { content: null, tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] } });
    expect(ctx.A.last().json).toMatchObject({ tool_choice: { type: 'any' } });
    await relayIdle(ctx.kit);
  });

  it('legacy completions: the prompt as one user turn, text_completion answers and chunks, usage and one charge by hand', async () => {
    const { value: whole, log } = await ctx.chargedCall(() => ctx.openai.completions.create({ model: MODEL, prompt: 'Say hello', max_tokens: 50, stop: ['END'] }));
    expect(whole.object).toBe('text_completion');
    expect(whole.choices[0]).toMatchObject({ text: REPLY, index: 0, finish_reason: 'stop' });
    expect(whole.usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 });
    expect(ctx.A.last().json).toEqual({ model: MODEL, max_tokens: 50, stop_sequences: ['END'], messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello' }] }] });
    // (21 + 5·5)·1.5 = 69
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, is_stream: false });

    const { value: chunks, log: streamed } = await ctx.chargedCall(async () => {
      const out: OpenAI.Completion[] = [];
      for await (const c of await ctx.openai.completions.create({ model: MODEL, prompt: 'Say hello', stream: true, stream_options: { include_usage: true } })) out.push(c);
      return out;
    });
    expect(chunks.every((c) => c.object === 'text_completion')).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.text ?? '').join('')).toBe(REPLY);
    expect(chunks.flatMap((c) => c.choices.map((x) => x.finish_reason)).filter(Boolean)).toEqual(['stop']);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 21, completion_tokens: 5 } });
    expect(streamed).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, is_stream: true });

    // What a chat cannot express is refused by name, before any upstream call; nothing charged.
    await ctx.notCharged(async () => {
      const before = ctx.A.requests.length;
      const err = await ctx.openai.completions.create({ model: MODEL, prompt: ['one', 'two'] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ status: 400, param: 'prompt' });
      expect(ctx.A.requests.length).toBe(before);
    });
  });

  it('several choices (n: 2, whole or streamed) are refused with a 400 naming n, before any upstream call; nothing charged', async () => {
    await ctx.notCharged(async () => {
      for (const stream of [false, true]) {
        const err = await ctx.openai.chat.completions.create({ model: MODEL, n: 2, stream, messages: [{ role: 'user', content: 'Two answers' }] }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(OpenAI.BadRequestError);
        expect(err).toMatchObject({ status: 400, param: 'n' });
      }
      expect([ctx.A.requests.length, ctx.B.requests.length]).toEqual([0, 0]);
    });
  });

  it('an image input reaches Claude as a base64 image block', async () => {
    const res = await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: PNG_QUESTION }] });
    expect(res.choices[0]?.message.content).toBe(REPLY);
    expect(ctx.A.last().json?.messages).toEqual(PNG_QUESTION_FOR_CLAUDE);
    await relayIdle(ctx.kit);
  });

  it('upstream errors reach the client in the OpenAI shape: a 400 as BadRequestError, a bad channel key as a typed error; nothing charged', async () => {
    await ctx.notCharged(async () => {
      ctx.A.next({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'messages: roles must alternate' });
      const err = await ctx.ask(MODEL, 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ status: 400, type: 'invalid_request_error', message: expect.stringContaining('roles must alternate') });
      expect(ctx.B.requests).toHaveLength(0);

      const raw = await ctx.post('/v1/chat/completions', { model: 'claude-bad-key', messages: [{ role: 'user', content: 'x' }] });
      expect(raw.status).toBe(401);
      const body = (await raw.json()) as { error: { message: string; type: string } };
      expect(body.error).toMatchObject({ type: 'authentication_error' });
      expect(JSON.stringify(body)).not.toContain('sk-ant-wrong-key');
    });
  });

  it('a 529 overloaded_error fails over to the next Claude channel; one consume log, on the channel that served', async () => {
    ctx.A.next({ kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' });
    const { value: res, log } = await ctx.chargedCall(() => ctx.ask(MODEL));
    expect(res.choices[0]?.message.content).toBe('Claude B here.');
    expect([ctx.A.requests.length, ctx.B.requests.length]).toEqual([1, 1]);
    expect(log.channel).toBe(ctx.bId);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [ctx.aId, ctx.bId] });
  });

  it('a 401 authentication_error auto-disables the Claude channel (AutomaticDisableChannelEnabled)', async () => {
    await withOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const id = await createChannel(ctx.kit.root, { name: 'claude-dead', type: 14, key: 'sk-ant-revoked-key-0123456789', base_url: ctx.A.url, models: 'claude-dead' });
      await setOption(ctx.kit.root, 'ModelRatio', { [MODEL]: MR, 'claude-bad-key': MR, 'claude-dead': MR });
      const err = await ctx.ask('claude-dead', 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(await channelStatusBecomes(ctx.kit.root, id, 3)).toBe(3);
    });
  });

  it.each([false, true])('cache reads and 5m/1h writes billed by the cache ratios (stream %s)', async (stream) => {
    ctx.A.next({
      kind: 'message',
      content: [{ type: 'text', text: 'cached answer' }],
      usage: {
        input_tokens: 100,
        cache_read_input_tokens: 1000,
        cache_creation_input_tokens: 300,
        cache_creation: { ephemeral_5m_input_tokens: 100, ephemeral_1h_input_tokens: 200 },
        output_tokens: 50,
      },
    });
    const body = { model: MODEL, messages: [{ role: 'user' as const, content: 'long context' }] };
    const log = await ctx.charged(() => (stream ? streamChat(ctx.openai, body) : ctx.openai.chat.completions.create(body)));
    // P = 100 + 1000 + 300 = 1400; (100 + 1000·0.1 + 100·1.25 + 200·1.25·1.6 + 50·5)·1.5 = (100 + 100 + 125 + 400 + 250)·1.5 = 1462.5 → 1463
    expect(log).toMatchObject({ prompt_tokens: 1400, completion_tokens: 50, quota: 1463, is_stream: stream });
    expect(otherOf(log)).toMatchObject({ cache_tokens: 1000, cache_ratio: 0.1, cache_creation_tokens: 300, cache_creation_ratio: 1.25, cache_creation_tokens_1h: 200 });
  });
});
