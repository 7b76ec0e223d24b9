import Anthropic from '@anthropic-ai/sdk';
import { estimatePromptTokens } from '../../server/src/billing/estimate';
import { parseMessagesRequest } from '../../server/src/wire/anthropic-messages/parse';
import { DATABASES } from '../support/env';
import { FakeAnthropic } from '../support/fakes/anthropic';
import { FakeOpenAI, chatChunk } from '../support/fakes/openai-upstream';
import { anthropicClient, readMessageStream } from './provider-kit';
import { createChannel, createToken, otherOf, relayIdle, relaySuite, setOptions } from './relay-kit';

const MODEL = 'claude-sonnet-4-20250514';
const KEY_A = 'sk-ant-upstream-ma-0123456789abcdefg';
const KEY_B = 'sk-ant-upstream-mb-0123456789abcdefg';
const REPLY = 'Hello from the fake Claude.';
const TOOLS: Anthropic.Tool[] = [{ name: 'get_weather', description: 'Weather by city', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }];

/** The conversation after `first` (the answer to `question`) asked for a tool, with the tool's result "18C". */
function answerToolUse(client: Anthropic, model: string, question: string, first: Anthropic.Message, toolUseId: string): Promise<Anthropic.Message> {
  return client.messages.create({
    model,
    max_tokens: 100,
    tools: TOOLS,
    messages: [
      { role: 'user', content: question },
      { role: 'assistant', content: first.content },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUseId, content: '18C' }] },
    ],
  });
}

/**
 * Anthropic-native inbound: `POST /v1/messages` with the official `@anthropic-ai/sdk` as the
 * client, passed through to type-14 channels (body kept, model mapped, anthropic-version and
 * anthropic-beta passed on), errors in the Anthropic shape, usage read for billing.
 */
describe.each(DATABASES)('POST /v1/messages to Claude channels (%s)', (kind) => {
  const ctx = relaySuite(kind, async (s) => {
    const A = await s.fake(new FakeAnthropic({ key: KEY_A, inputTokens: 21, toolInput: { city: 'Paris' } }));
    const B = await s.fake(new FakeAnthropic({ key: KEY_B, inputTokens: 21, reply: 'Claude B here.' }));
    await setOptions(s.kit.root, {
      ModelRatio: { [MODEL]: 1.5, 'public-claude': 1.5 },
      CompletionRatio: { [MODEL]: 5, 'public-claude': 5 },
      CacheRatio: { [MODEL]: 0.1 },
      CreateCacheRatio: { [MODEL]: 1.25 },
    });
    const aId = await createChannel(s.kit.root, { name: 'claude-a', type: 14, key: KEY_A, base_url: A.url, models: `${MODEL},public-claude`, priority: 10, model_mapping: JSON.stringify({ 'public-claude': MODEL }) });
    const bId = await createChannel(s.kit.root, { name: 'claude-b', type: 14, key: KEY_B, base_url: B.url, models: MODEL, priority: 0 });
    return { A, B, aId, bId, anthropic: anthropicClient(s.kit, s.token.key) };
  });

  it('a whole message: every field the client sent reaches Claude (model mapped), the answer comes back as Claude wrote it, billed once', async () => {
    const sent = {
      model: 'public-claude',
      max_tokens: 100,
      system: 'Be brief.',
      messages: [{ role: 'user' as const, content: 'Say hello' }],
      top_k: 5,
      metadata: { user_id: 'u-1' },
      stop_sequences: ['END'],
    };
    const { value: msg, log } = await ctx.chargedCall(() => ctx.anthropic.messages.create(sent));
    expect(msg).toMatchObject({ type: 'message', role: 'assistant', model: MODEL, content: [{ type: 'text', text: REPLY }], stop_reason: 'end_turn', usage: { input_tokens: 21, output_tokens: 5 } });
    expect(ctx.A.last().json).toEqual({ ...sent, model: MODEL });
    expect(ctx.A.last().headers['x-api-key']).toBe(KEY_A);
    expect(ctx.A.last().headers.authorization).toBeUndefined();
    // The SDK's own anthropic-version is passed on.
    expect(ctx.A.last().headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // (21 + 5·5)·1.5 = 69
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, model_name: 'public-claude', channel: ctx.aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ request_path: '/v1/messages', billing_source: 'usage' });
  });

  it('x-api-key and anthropic-beta from a raw client; the answer is the upstream bytes', async () => {
    const res = await fetch(`${ctx.kit.t.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': ctx.token.key, 'anthropic-version': '2023-06-01', 'anthropic-beta': 'prompt-caching-2024-07-31', 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { content: unknown[] }).content).toEqual([{ type: 'text', text: REPLY }]);
    expect(ctx.A.last().headers['anthropic-version']).toBe('2023-06-01');
    expect(ctx.A.last().headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
    await relayIdle(ctx.kit);
  });

  it('streamed: the SDK stream helper rebuilds the message from the relayed events; billed once from their usage', async () => {
    const { value: read, log } = await ctx.chargedCall(() => readMessageStream(ctx.anthropic.messages.stream({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'Say hello' }] })));
    expect(read.text).toBe(REPLY);
    expect(read.final).toMatchObject({ stop_reason: 'end_turn', usage: { input_tokens: 21, output_tokens: 5 } });
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, is_stream: true });
  });

  it('a tool round trip through the gateway', async () => {
    const first = await ctx.anthropic.messages.stream({ model: MODEL, max_tokens: 100, tools: TOOLS, messages: [{ role: 'user', content: 'Weather in Paris?' }] }).finalMessage();
    expect(first.stop_reason).toBe('tool_use');
    const call = first.content.find((b) => b.type === 'tool_use');
    if (call?.type !== 'tool_use') throw new Error('expected tool_use');
    expect(call.input).toEqual({ city: 'Paris' });
    const second = await answerToolUse(ctx.anthropic, MODEL, 'Weather in Paris?', first, call.id);
    expect(second.content).toEqual([{ type: 'text', text: 'Tool result: 18C' }]);
    await relayIdle(ctx.kit);
  });

  it('cache reads and 5m/1h writes billed by hand: (100 + 1000·0.1 + 100·1.25 + 200·2 + 50·5)·1.5 = 1463', async () => {
    ctx.A.next({
      kind: 'message',
      content: [{ type: 'text', text: 'cached' }],
      usage: { input_tokens: 100, cache_read_input_tokens: 1000, cache_creation_input_tokens: 300, cache_creation: { ephemeral_5m_input_tokens: 100, ephemeral_1h_input_tokens: 200 }, output_tokens: 50 },
    });
    const log = await ctx.charged(() => ctx.anthropic.messages.stream({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'long' }] }).finalMessage());
    expect(log).toMatchObject({ prompt_tokens: 1400, completion_tokens: 50, quota: 1463 });
    expect(otherOf(log)).toMatchObject({ cache_tokens: 1000, cache_creation_tokens: 300, cache_creation_tokens_1h: 200 });
  });

  it('errors in the Anthropic shape, typed by the SDK: upstream 400, bad gateway key 401, exhausted token 403; nothing charged', async () => {
    await ctx.notCharged(async () => {
      ctx.A.next({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'messages: roles must alternate' });
      const bad = await ctx.anthropic.messages.create({ model: MODEL, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(Anthropic.BadRequestError);
      expect(bad).toMatchObject({ status: 400, error: { type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('roles must alternate') } } });

      const stranger = anthropicClient(ctx.kit, 'sk-not-a-real-key');
      const unauth = await stranger.messages.create({ model: MODEL, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
      expect(unauth).toBeInstanceOf(Anthropic.AuthenticationError);
      expect(unauth).toMatchObject({ status: 401, error: { type: 'error', error: { type: 'authentication_error' } } });

      const missingMax = await fetch(`${ctx.kit.t.url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': ctx.token.key, 'content-type': 'application/json' },
        body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'x' }] }),
      });
      expect(missingMax.status).toBe(400);
      expect(await missingMax.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('max_tokens') } });
    });

    const poor = await createToken(ctx.user.caller, { unlimited_quota: false, remain_quota: 1 });
    const broke = anthropicClient(ctx.kit, poor.key);
    const refused = await broke.messages.create({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect(refused).toMatchObject({ status: 403, error: { type: 'error', error: { type: 'permission_error' } } });
  });

  it('GET /v1/models answers the Anthropic list shape to a Claude client (anthropic-version sent), the OpenAI one otherwise', async () => {
    const page = await ctx.anthropic.models.list();
    const ids = page.data.map((m) => m.id).sort();
    expect(ids).toEqual([MODEL, 'public-claude'].sort());
    expect(page.data[0]).toMatchObject({ type: 'model', display_name: expect.any(String), created_at: expect.any(String) });
    const raw = await fetch(`${ctx.kit.t.url}/v1/models`, { headers: { 'x-api-key': ctx.token.key, 'anthropic-version': '2023-06-01' } });
    expect(await raw.json()).toMatchObject({ has_more: false, first_id: expect.any(String), last_id: expect.any(String) });
    const openai = await fetch(`${ctx.kit.t.url}/v1/models`, { headers: { authorization: `Bearer ${ctx.token.key}` } });
    expect(await openai.json()).toMatchObject({ object: 'list', data: expect.arrayContaining([expect.objectContaining({ object: 'model' })]) });
  });

  it('count_tokens: Claude answers it (model mapped), free: no charge and no log', async () => {
    await ctx.notCharged(async () => {
      const counted = await ctx.anthropic.messages.countTokens({ model: 'public-claude', system: 'Be very brief.', messages: [{ role: 'user', content: 'Say hello to everyone' }] });
      // The fake counts words: 3 + 4.
      expect(counted).toEqual({ input_tokens: 7 });
      expect(ctx.A.last()).toMatchObject({ path: '/v1/messages/count_tokens', json: { model: MODEL } });
      expect(ctx.A.last().headers['x-api-key']).toBe(KEY_A);
    });
    const missing = await ctx.anthropic.messages.countTokens({ model: 'no-such-model', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Anthropic.APIError);
    expect(missing).toMatchObject({ error: { type: 'error', error: { type: expect.any(String) } } });
  });

  it('a 529 overloaded_error fails over to the next Claude channel', async () => {
    ctx.A.next({ kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' });
    const { value: msg, log } = await ctx.chargedCall(() => ctx.anthropic.messages.create({ model: MODEL, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }));
    expect(msg).toMatchObject({ content: [{ type: 'text', text: 'Claude B here.' }] });
    expect(log.channel).toBe(ctx.bId);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [ctx.aId, ctx.bId] });
  });
});

/**
 * `POST /v1/messages` on an OpenAI channel (type 1): the Anthropic body converted to an OpenAI
 * chat request through the canonical chat, the answer and the stream converted back to a
 * Messages `message` and the documented events, with @anthropic-ai/sdk as the client.
 */
describe.each(DATABASES)('POST /v1/messages converted for an OpenAI channel (%s)', (kind) => {
  const KEY = 'sk-upstream-msgconv-0123456789abcdef';
  const OA = 'oa-chat-model';
  const OA_REPLY = 'Hello from the fake upstream.';
  const ctx = relaySuite(kind, async (s) => {
    const upstream = await s.fake(new FakeOpenAI({ key: KEY, promptTokens: 12 }));
    await setOptions(s.kit.root, { ModelRatio: { [OA]: 1 }, CompletionRatio: { [OA]: 1 } });
    await createChannel(s.kit.root, { name: 'openai', key: KEY, base_url: upstream.url, models: OA });
    return { upstream, anthropic: anthropicClient(s.kit, s.token.key) };
  });

  it('a whole message: the OpenAI request the channel got, the Messages answer the client got, billed once', async () => {
    const { value: msg, log } = await ctx.chargedCall(() => ctx.anthropic.messages.create({ model: OA, max_tokens: 100, system: 'Be brief.', messages: [{ role: 'user', content: 'Say hello' }] }));
    expect(msg).toMatchObject({ type: 'message', role: 'assistant', content: [{ type: 'text', text: OA_REPLY }], stop_reason: 'end_turn', usage: { input_tokens: 12, output_tokens: 5 } });
    expect(ctx.upstream.last().operation).toBe('chat/completions');
    expect(ctx.upstream.last().json).toMatchObject({ model: OA, max_tokens: 100, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Say hello' }] });
    // (12 + 5·1)·1 = 17
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 17, is_stream: false });
    expect(otherOf(log)).toMatchObject({ request_path: '/v1/messages' });
  });

  it('streamed: OpenAI chunks become the documented events; the SDK rebuilds the message; billed from the usage chunk', async () => {
    const { value: read, log } = await ctx.chargedCall(() => readMessageStream(ctx.anthropic.messages.stream({ model: OA, max_tokens: 100, messages: [{ role: 'user', content: 'Say hello' }] })));
    expect(read.text).toBe(OA_REPLY);
    expect(read.types[0]).toBe('message_start');
    expect(read.types.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(read.final).toMatchObject({ stop_reason: 'end_turn', usage: { output_tokens: 5 } });
    expect(ctx.upstream.last().json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 17, is_stream: true });
  });

  it('tools: a streamed tool call becomes a tool_use block; a tool_result goes back as a tool message', async () => {
    ctx.upstream.next({
      kind: 'stream',
      chunks: [
        chatChunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
        chatChunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
        chatChunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
        chatChunk({}, 'tool_calls'),
      ],
    });
    const first = await ctx.anthropic.messages.stream({ model: OA, max_tokens: 100, tools: TOOLS, messages: [{ role: 'user', content: 'Weather?' }] }).finalMessage();
    expect(first.stop_reason).toBe('tool_use');
    expect(first.content).toEqual([{ type: 'tool_use', id: 'call_9', name: 'get_weather', input: { city: 'Paris' } }]);
    expect(ctx.upstream.last().json).toMatchObject({ tools: [{ type: 'function', function: { name: 'get_weather', parameters: TOOLS[0]?.input_schema } }] });

    await answerToolUse(ctx.anthropic, OA, 'Weather?', first, 'call_9');
    expect((ctx.upstream.last().json as { messages: unknown[] }).messages).toEqual([
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_9', content: '18C' },
    ]);
    await relayIdle(ctx.kit);
  });

  it('count_tokens on an OpenAI channel: the gateway\'s local estimate, nothing sent upstream', async () => {
    const body = { model: OA, messages: [{ role: 'user' as const, content: 'Say hello' }] };
    const counted = await ctx.anthropic.messages.countTokens(body);
    expect(counted).toEqual({ input_tokens: estimatePromptTokens(parseMessagesRequest(body, undefined, { countOnly: true })) });
    expect(ctx.upstream.requests).toHaveLength(0);
  });

  it('an upstream OpenAI error reaches the Anthropic client in the Anthropic shape', async () => {
    ctx.upstream.next({ kind: 'json', status: 429, body: { error: { message: 'slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' } } });
    const err = await ctx.anthropic.messages.create({ model: OA, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.RateLimitError);
    expect(err).toMatchObject({ status: 429, error: { type: 'error', error: { type: 'rate_limit_error', message: expect.stringContaining('slow down') } } });
  });
});
