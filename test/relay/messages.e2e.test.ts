import Anthropic from '@anthropic-ai/sdk';
import { estimatePromptTokens } from '../../server/src/billing/estimate';
import { parseMessagesRequest } from '../../server/src/relay/canonical/parse-messages';
import { DATABASES } from '../support/env';
import { FakeAnthropic } from '../support/fakes/anthropic';
import { chatChunk, type FakeOpenAI } from '../support/fakes/openai-upstream';
import { consumeLogs, createChannel, createToken, expectCharged, fakeUpstream, fundedUser, otherOf, relayIdle, setOption, startRelayKit, userQuota, type RelayKit } from './relay-kit';

const MODEL = 'claude-sonnet-4-20250514';
const KEY_A = 'sk-ant-upstream-ma-0123456789abcdefg';
const KEY_B = 'sk-ant-upstream-mb-0123456789abcdefg';
const REPLY = 'Hello from the fake Claude.';
const TOOLS: Anthropic.Tool[] = [{ name: 'get_weather', description: 'Weather by city', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }];

/**
 * Anthropic-native inbound: `POST /v1/messages` with the official `@anthropic-ai/sdk` as the
 * client, passed through to type-14 channels (body kept, model mapped, anthropic-version and
 * anthropic-beta passed on), errors in the Anthropic shape, usage read for billing.
 */
describe.each(DATABASES)('POST /v1/messages to Claude channels (%s)', (kind) => {
  let kit: RelayKit;
  let A: FakeAnthropic;
  let B: FakeAnthropic;
  let aId: number;
  let bId: number;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let token: { id: number; key: string };
  let client: Anthropic;

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    A = await new FakeAnthropic({ key: KEY_A, inputTokens: 21, toolInput: { city: 'Paris' } }).start();
    B = await new FakeAnthropic({ key: KEY_B, inputTokens: 21, reply: 'Claude B here.' }).start();
    await setOption(kit.root, 'ModelRatio', { [MODEL]: 1.5, 'public-claude': 1.5 });
    await setOption(kit.root, 'CompletionRatio', { [MODEL]: 5, 'public-claude': 5 });
    await setOption(kit.root, 'CacheRatio', { [MODEL]: 0.1 });
    await setOption(kit.root, 'CreateCacheRatio', { [MODEL]: 1.25 });
    aId = await createChannel(kit.root, { name: 'claude-a', type: 14, key: KEY_A, base_url: A.url, models: `${MODEL},public-claude`, priority: 10, model_mapping: JSON.stringify({ 'public-claude': MODEL }) });
    bId = await createChannel(kit.root, { name: 'claude-b', type: 14, key: KEY_B, base_url: B.url, models: MODEL, priority: 0 });
    user = await fundedUser(kit, 10_000_000);
    token = await createToken(user.caller, { unlimited_quota: false, remain_quota: 5_000_000 });
    client = new Anthropic({ apiKey: token.key, baseURL: kit.t.url, maxRetries: 0 });
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
    let msg: Anthropic.Message | null = null;
    const log = await charged(async () => {
      msg = await client.messages.create(sent);
    });
    expect(msg).toMatchObject({ type: 'message', role: 'assistant', model: MODEL, content: [{ type: 'text', text: REPLY }], stop_reason: 'end_turn', usage: { input_tokens: 21, output_tokens: 5 } });
    expect(A.last().json).toEqual({ ...sent, model: MODEL });
    expect(A.last().headers['x-api-key']).toBe(KEY_A);
    expect(A.last().headers.authorization).toBeUndefined();
    // The SDK's own anthropic-version is passed on.
    expect(A.last().headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // (21 + 5·5)·1.5 = 69
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, model_name: 'public-claude', channel: aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ request_path: '/v1/messages', billing_source: 'usage' });
  });

  it('x-api-key and anthropic-beta from a raw client; the answer is the upstream bytes', async () => {
    const res = await fetch(`${kit.t.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': token.key, 'anthropic-version': '2023-06-01', 'anthropic-beta': 'prompt-caching-2024-07-31', 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { content: unknown[] }).content).toEqual([{ type: 'text', text: REPLY }]);
    expect(A.last().headers['anthropic-version']).toBe('2023-06-01');
    expect(A.last().headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
    await relayIdle(kit);
  });

  it('streamed: the SDK stream helper rebuilds the message from the relayed events; billed once from their usage', async () => {
    let final: Anthropic.Message | null = null;
    let text = '';
    const log = await charged(async () => {
      const stream = client.messages.stream({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'Say hello' }] });
      stream.on('text', (t) => (text += t));
      final = await stream.finalMessage();
    });
    expect(text).toBe(REPLY);
    expect(final).toMatchObject({ stop_reason: 'end_turn', usage: { input_tokens: 21, output_tokens: 5 } });
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, is_stream: true });
  });

  it('a tool round trip through the gateway', async () => {
    const first = await client.messages.stream({ model: MODEL, max_tokens: 100, tools: TOOLS, messages: [{ role: 'user', content: 'Weather in Paris?' }] }).finalMessage();
    expect(first.stop_reason).toBe('tool_use');
    const call = first.content.find((b) => b.type === 'tool_use');
    if (call?.type !== 'tool_use') throw new Error('expected tool_use');
    expect(call.input).toEqual({ city: 'Paris' });
    const second = await client.messages.create({
      model: MODEL,
      max_tokens: 100,
      tools: TOOLS,
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '18C' }] },
      ],
    });
    expect(second.content).toEqual([{ type: 'text', text: 'Tool result: 18C' }]);
    await relayIdle(kit);
  });

  it('cache reads and 5m/1h writes billed by hand: (100 + 1000·0.1 + 100·1.25 + 200·2 + 50·5)·1.5 = 1463', async () => {
    A.next({
      kind: 'message',
      content: [{ type: 'text', text: 'cached' }],
      usage: { input_tokens: 100, cache_read_input_tokens: 1000, cache_creation_input_tokens: 300, cache_creation: { ephemeral_5m_input_tokens: 100, ephemeral_1h_input_tokens: 200 }, output_tokens: 50 },
    });
    const log = await charged(() => client.messages.stream({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'long' }] }).finalMessage());
    expect(log).toMatchObject({ prompt_tokens: 1400, completion_tokens: 50, quota: 1463 });
    expect(otherOf(log)).toMatchObject({ cache_tokens: 1000, cache_creation_tokens: 300, cache_creation_tokens_1h: 200 });
  });

  it('errors in the Anthropic shape, typed by the SDK: upstream 400, bad gateway key 401, exhausted token 403; nothing charged', async () => {
    await relayIdle(kit);
    const before = await userQuota(user.caller);
    const logsBefore = (await consumeLogs(kit.root, user.username)).length;
    A.next({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'messages: roles must alternate' });
    const bad = await client.messages.create({ model: MODEL, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(Anthropic.BadRequestError);
    expect(bad).toMatchObject({ status: 400, error: { type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('roles must alternate') } } });

    const stranger = new Anthropic({ apiKey: 'sk-not-a-real-key', baseURL: kit.t.url, maxRetries: 0 });
    const unauth = await stranger.messages.create({ model: MODEL, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(unauth).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(unauth).toMatchObject({ status: 401, error: { type: 'error', error: { type: 'authentication_error' } } });

    const missingMax = await fetch(`${kit.t.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': token.key, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(missingMax.status).toBe(400);
    expect(await missingMax.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('max_tokens') } });
    await relayIdle(kit);
    expect((await userQuota(user.caller)).quota).toBe(before.quota);
    expect(await consumeLogs(kit.root, user.username)).toHaveLength(logsBefore);

    const poor = await createToken(user.caller, { unlimited_quota: false, remain_quota: 1 });
    const broke = new Anthropic({ apiKey: poor.key, baseURL: kit.t.url, maxRetries: 0 });
    const refused = await broke.messages.create({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect(refused).toMatchObject({ status: 403, error: { type: 'error', error: { type: 'permission_error' } } });
  });

  it('GET /v1/models answers the Anthropic list shape to a Claude client (anthropic-version sent), the OpenAI one otherwise', async () => {
    const page = await client.models.list();
    const ids = page.data.map((m) => m.id).sort();
    expect(ids).toEqual([MODEL, 'public-claude'].sort());
    expect(page.data[0]).toMatchObject({ type: 'model', display_name: expect.any(String), created_at: expect.any(String) });
    const raw = await fetch(`${kit.t.url}/v1/models`, { headers: { 'x-api-key': token.key, 'anthropic-version': '2023-06-01' } });
    expect(await raw.json()).toMatchObject({ has_more: false, first_id: expect.any(String), last_id: expect.any(String) });
    const openai = await fetch(`${kit.t.url}/v1/models`, { headers: { authorization: `Bearer ${token.key}` } });
    expect(await openai.json()).toMatchObject({ object: 'list', data: expect.arrayContaining([expect.objectContaining({ object: 'model' })]) });
  });

  it('count_tokens: Claude answers it (model mapped), free: no charge and no log', async () => {
    await relayIdle(kit);
    const before = await userQuota(user.caller);
    const logsBefore = (await consumeLogs(kit.root, user.username)).length;
    const counted = await client.messages.countTokens({ model: 'public-claude', system: 'Be very brief.', messages: [{ role: 'user', content: 'Say hello to everyone' }] });
    // The fake counts words: 3 + 4.
    expect(counted).toEqual({ input_tokens: 7 });
    expect(A.last()).toMatchObject({ path: '/v1/messages/count_tokens', json: { model: MODEL } });
    expect(A.last().headers['x-api-key']).toBe(KEY_A);
    await relayIdle(kit);
    expect((await userQuota(user.caller)).quota).toBe(before.quota);
    expect(await consumeLogs(kit.root, user.username)).toHaveLength(logsBefore);
    const missing = await client.messages.countTokens({ model: 'no-such-model', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Anthropic.APIError);
    expect(missing).toMatchObject({ error: { type: 'error', error: { type: expect.any(String) } } });
  });

  it('a 529 overloaded_error fails over to the next Claude channel', async () => {
    A.next({ kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' });
    let msg: Anthropic.Message | null = null;
    const log = await charged(async () => {
      msg = await client.messages.create({ model: MODEL, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] });
    });
    expect(msg).toMatchObject({ content: [{ type: 'text', text: 'Claude B here.' }] });
    expect(log.channel).toBe(bId);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [aId, bId] });
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
  let kit: RelayKit;
  let fake: FakeOpenAI;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let token: { id: number; key: string };
  let client: Anthropic;

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    fake = await fakeUpstream(kit, { key: KEY, promptTokens: 12 });
    await setOption(kit.root, 'ModelRatio', { [OA]: 1 });
    await setOption(kit.root, 'CompletionRatio', { [OA]: 1 });
    await createChannel(kit.root, { name: 'openai', key: KEY, base_url: fake.url, models: OA });
    user = await fundedUser(kit, 10_000_000);
    token = await createToken(user.caller, { unlimited_quota: false, remain_quota: 5_000_000 });
    client = new Anthropic({ apiKey: token.key, baseURL: kit.t.url, maxRetries: 0 });
  });
  afterAll(() => kit.close());
  beforeEach(() => fake.reset());

  const charged = (call: () => Promise<unknown>) => expectCharged(kit, user, token.id, call);

  it('a whole message: the OpenAI request the channel got, the Messages answer the client got, billed once', async () => {
    let msg: Anthropic.Message | null = null;
    const log = await charged(async () => {
      msg = await client.messages.create({ model: OA, max_tokens: 100, system: 'Be brief.', messages: [{ role: 'user', content: 'Say hello' }] });
    });
    expect(msg).toMatchObject({ type: 'message', role: 'assistant', content: [{ type: 'text', text: OA_REPLY }], stop_reason: 'end_turn', usage: { input_tokens: 12, output_tokens: 5 } });
    expect(fake.last().operation).toBe('chat/completions');
    expect(fake.last().json).toMatchObject({ model: OA, max_tokens: 100, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Say hello' }] });
    // (12 + 5·1)·1 = 17
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 17, is_stream: false });
    expect(otherOf(log)).toMatchObject({ request_path: '/v1/messages' });
  });

  it('streamed: OpenAI chunks become the documented events; the SDK rebuilds the message; billed from the usage chunk', async () => {
    let text = '';
    let final: Anthropic.Message | null = null;
    const types: string[] = [];
    const log = await charged(async () => {
      const stream = client.messages.stream({ model: OA, max_tokens: 100, messages: [{ role: 'user', content: 'Say hello' }] });
      stream.on('text', (t) => (text += t));
      stream.on('streamEvent', (e) => types.push(e.type));
      final = await stream.finalMessage();
    });
    expect(text).toBe(OA_REPLY);
    expect(types[0]).toBe('message_start');
    expect(types.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(final).toMatchObject({ stop_reason: 'end_turn', usage: { output_tokens: 5 } });
    expect(fake.last().json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 17, is_stream: true });
  });

  it('tools: a streamed tool call becomes a tool_use block; a tool_result goes back as a tool message', async () => {
    fake.next({
      kind: 'stream',
      chunks: [
        chatChunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
        chatChunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
        chatChunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
        chatChunk({}, 'tool_calls'),
      ],
    });
    const first = await client.messages.stream({ model: OA, max_tokens: 100, tools: TOOLS, messages: [{ role: 'user', content: 'Weather?' }] }).finalMessage();
    expect(first.stop_reason).toBe('tool_use');
    expect(first.content).toEqual([{ type: 'tool_use', id: 'call_9', name: 'get_weather', input: { city: 'Paris' } }]);
    expect(fake.last().json).toMatchObject({ tools: [{ type: 'function', function: { name: 'get_weather', parameters: TOOLS[0]?.input_schema } }] });

    await client.messages.create({
      model: OA,
      max_tokens: 100,
      tools: TOOLS,
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_9', content: '18C' }] },
      ],
    });
    expect((fake.last().json as { messages: unknown[] }).messages).toEqual([
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_9', content: '18C' },
    ]);
    await relayIdle(kit);
  });

  it('count_tokens on an OpenAI channel: the gateway\'s local estimate, nothing sent upstream', async () => {
    const body = { model: OA, messages: [{ role: 'user' as const, content: 'Say hello' }] };
    const counted = await client.messages.countTokens(body);
    expect(counted).toEqual({ input_tokens: estimatePromptTokens(parseMessagesRequest(body, undefined, { countOnly: true })) });
    expect(fake.requests).toHaveLength(0);
  });

  it('an upstream OpenAI error reaches the Anthropic client in the Anthropic shape', async () => {
    fake.next({ kind: 'json', status: 429, body: { error: { message: 'slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' } } });
    const err = await client.messages.create({ model: OA, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.RateLimitError);
    expect(err).toMatchObject({ status: 429, error: { type: 'error', error: { type: 'rate_limit_error', message: expect.stringContaining('slow down') } } });
  });
});
