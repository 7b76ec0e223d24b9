import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeAnthropic } from '../support/fakes/anthropic';
import { consumeLogs, createChannel, createToken, expectCharged, fundedUser, otherOf, relayIdle, sdk, setOption, startRelayKit, userQuota, type RelayKit } from './relay-kit';

const MODEL = 'claude-sonnet-4-20250514';
const KEY_A = 'sk-ant-upstream-a-0123456789abcdefgh';
const KEY_B = 'sk-ant-upstream-b-0123456789abcdefgh';
const REPLY = 'Hello from the fake Claude.';
const WEATHER_PARAMS = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const TOOLS: OpenAI.ChatCompletionTool[] = [{ type: 'function', function: { name: 'get_weather', description: 'Weather by city', parameters: WEATHER_PARAMS } }];

/** quota = round((P − K − W + K·0.1 + (W − W1h)·1.25 + W1h·1.25·1.6 + C·5) · 1.5), by hand in each case. */
const MR = 1.5;
const CR = 5;

/**
 * The OpenAI SDK through the gateway to type-14 (Anthropic Claude) channels backed by the fake
 * Anthropic API: conversion both ways, streams, tools, images, errors in the OpenAI shape,
 * failover on 529, and billing by hand with cache reads and 5-minute / 1-hour writes.
 */
describe.each(DATABASES)('Claude channels (type 14) from the OpenAI chat API (%s)', (kind) => {
  let kit: RelayKit;
  let A: FakeAnthropic;
  let B: FakeAnthropic;
  let aId: number;
  let bId: number;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let token: { id: number; key: string };
  let client: OpenAI;

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    A = await new FakeAnthropic({ key: KEY_A, inputTokens: 21, toolInput: { city: 'Paris' } }).start();
    B = await new FakeAnthropic({ key: KEY_B, inputTokens: 21, reply: 'Claude B here.' }).start();
    await setOption(kit.root, 'ModelRatio', { [MODEL]: MR, 'claude-bad-key': MR });
    await setOption(kit.root, 'CompletionRatio', { [MODEL]: CR });
    await setOption(kit.root, 'CacheRatio', { [MODEL]: 0.1 });
    await setOption(kit.root, 'CreateCacheRatio', { [MODEL]: 1.25 });
    aId = await createChannel(kit.root, { name: 'claude-a', type: 14, key: KEY_A, base_url: A.url, models: MODEL, priority: 10 });
    bId = await createChannel(kit.root, { name: 'claude-b', type: 14, key: KEY_B, base_url: B.url, models: MODEL, priority: 0 });
    await createChannel(kit.root, { name: 'claude-bad', type: 14, key: 'sk-ant-wrong-key-0123456789', base_url: A.url, models: 'claude-bad-key' });
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
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: 'Say hello' },
        ],
      });
    });
    const answer = res as unknown as OpenAI.ChatCompletion;
    expect(answer.object).toBe('chat.completion');
    expect(answer.choices[0]?.message.content).toBe(REPLY);
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    // The fake counts 5 words; the usage is the upstream's.
    expect(answer.usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 });
    const up = A.last();
    expect(up.path).toBe('/v1/messages');
    expect(up.headers['x-api-key']).toBe(KEY_A);
    expect(up.headers['anthropic-version']).toBe('2023-06-01');
    expect(up.headers.authorization).toBeUndefined();
    expect(up.json).toEqual({ model: MODEL, max_tokens: 8192, system: [{ type: 'text', text: 'You are terse.' }], messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello' }] }] });
    // (21 + 5·5)·1.5 = 69
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, model_name: MODEL, channel: aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: MR, completion_ratio: CR, billing_source: 'usage' });
  });

  it('streamed text: chunks converted event by event, the usage chunk for a client that asked, billed once', async () => {
    let text = '';
    let usage: OpenAI.CompletionUsage | null = null;
    let finish: string | null = null;
    const log = await charged(async () => {
      const stream = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream: true, stream_options: { include_usage: true } });
      for await (const c of stream) {
        text += c.choices[0]?.delta.content ?? '';
        finish = c.choices[0]?.finish_reason ?? finish;
        if (c.usage) usage = c.usage;
      }
    });
    expect(text).toBe(REPLY);
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 5 });
    expect(A.last().json).toMatchObject({ stream: true });
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, is_stream: true });
  });

  it('a client that did not ask for usage never sees the usage chunk', async () => {
    const stream = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    let sawUsage = false;
    for await (const c of stream) if (c.usage) sawUsage = true;
    expect(sawUsage).toBe(false);
    await relayIdle(kit);
  });

  it('a tool call round trip, streamed then whole: tool_use to tool_calls, the result back as tool_result', async () => {
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
    expect(A.last().json).toMatchObject({ tools: [{ name: 'get_weather', description: 'Weather by city', input_schema: WEATHER_PARAMS }] });

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
    expect((A.last().json?.messages as unknown[])?.slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: call.id, name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: [{ type: 'text', text: '18C and sunny' }] }] },
    ]);

    // Whole (non-stream) tool calls too.
    const whole = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Weather?' }], tools: TOOLS, tool_choice: 'required' });
    expect(whole.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { content: null, tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] } });
    expect(A.last().json).toMatchObject({ tool_choice: { type: 'any' } });
    await relayIdle(kit);
  });

  it('an image input reaches Claude as a base64 image block', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const res = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } }] }],
    });
    expect(res.choices[0]?.message.content).toBe(REPLY);
    expect(A.last().json?.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } }] },
    ]);
    await relayIdle(kit);
  });

  it('upstream errors reach the client in the OpenAI shape: a 400 as BadRequestError, a bad channel key as a typed error; nothing charged', async () => {
    await relayIdle(kit);
    const before = await userQuota(user.caller);
    const logsBefore = (await consumeLogs(kit.root, user.username)).length;
    A.next({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'messages: roles must alternate' });
    const err = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err).toMatchObject({ status: 400, type: 'invalid_request_error', message: expect.stringContaining('roles must alternate') });
    expect(B.requests).toHaveLength(0);

    const raw = await fetch(`${kit.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'claude-bad-key', messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(raw.status).toBe(401);
    const body = (await raw.json()) as { error: { message: string; type: string } };
    expect(body.error).toMatchObject({ type: 'authentication_error' });
    expect(JSON.stringify(body)).not.toContain('sk-ant-wrong-key');
    await relayIdle(kit);
    expect((await userQuota(user.caller)).quota).toBe(before.quota);
    expect(await consumeLogs(kit.root, user.username)).toHaveLength(logsBefore);
  });

  it('a 529 overloaded_error fails over to the next Claude channel; one consume log, on the channel that served', async () => {
    A.next({ kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' });
    let content: string | null | undefined;
    const log = await charged(async () => {
      content = (await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] })).choices[0]?.message.content;
    });
    expect(content).toBe('Claude B here.');
    expect([A.requests.length, B.requests.length]).toEqual([1, 1]);
    expect(log.channel).toBe(bId);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [aId, bId] });
  });

  it('a 401 authentication_error auto-disables the Claude channel (AutomaticDisableChannelEnabled)', async () => {
    await setOption(kit.root, 'AutomaticDisableChannelEnabled', 'true');
    try {
      const id = await createChannel(kit.root, { name: 'claude-dead', type: 14, key: 'sk-ant-revoked-key-0123456789', base_url: A.url, models: 'claude-dead' });
      await setOption(kit.root, 'ModelRatio', { [MODEL]: MR, 'claude-bad-key': MR, 'claude-dead': MR });
      const err = await client.chat.completions.create({ model: 'claude-dead', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
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

  it.each([false, true])('cache reads and 5m/1h writes billed by the cache ratios (stream %s)', async (stream) => {
    A.next({
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
    const log = await charged(async () => {
      if (!stream) return client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'long context' }] });
      const s = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'long context' }], stream: true });
      for await (const _c of s) void _c;
      return null;
    });
    // P = 100 + 1000 + 300 = 1400; (100 + 1000·0.1 + 100·1.25 + 200·1.25·1.6 + 50·5)·1.5 = (100 + 100 + 125 + 400 + 250)·1.5 = 1462.5 → 1463
    expect(log).toMatchObject({ prompt_tokens: 1400, completion_tokens: 50, quota: 1463, is_stream: stream });
    expect(otherOf(log)).toMatchObject({ cache_tokens: 1000, cache_ratio: 0.1, cache_creation_tokens: 300, cache_creation_ratio: 1.25, cache_creation_tokens_1h: 200 });
  });
});
