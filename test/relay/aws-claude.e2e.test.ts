import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeBedrock } from '../support/fakes/bedrock';
import { PNG_QUESTION, PNG_QUESTION_FOR_CLAUDE, TERSE_HELLO, WEATHER_PARAMS, WEATHER_TOOLS, anthropicClient, answerWeatherCall, streamChat, type StreamedToolCall } from './provider-kit';
import { channelStatusBecomes, createChannel, otherOf, relayIdle, relaySuite, setOptions, userQuota, withOption } from './relay-kit';

const MODEL = 'claude-sonnet-4-20250514';
/** What a us-* channel calls for MODEL: the US cross-region inference profile. */
const US_PROFILE = 'us.anthropic.claude-sonnet-4-20250514-v1:0';
const A_CREDS = { accessKeyId: 'AKIAFAKEBEDROCKAAAAA', secretAccessKey: 'fakeSecretA/K7MDENG/bPxRfiCYEXAMPLEKEYa', region: 'us-east-1' };
const B_CREDS = { accessKeyId: 'AKIAFAKEBEDROCKBBBBB', secretAccessKey: 'fakeSecretB/K7MDENG/bPxRfiCYEXAMPLEKEYb', region: 'us-west-2' };
const API_KEY = 'ABSKQmVkcm9ja0FQSUtleS1mYWtlLWJlZHJvY2s=';
const keyOf = (c: typeof A_CREDS) => `${c.accessKeyId}|${c.secretAccessKey}|${c.region}`;
const REPLY = 'Hello from the fake Bedrock.';

/** quota = round((P − K − W + K·0.1 + W·1.25 + C·5) · 1.5), by hand in each case. */
const MR = 1.5;
const CR = 5;

/**
 * The OpenAI SDK (and the Anthropic SDK on /v1/messages) through the gateway to type-33 AWS
 * Claude channels backed by the fake Bedrock runtime, which checks every request's SigV4
 * signature: InvokeModel and the binary event stream, tools, errors in the caller's shape, a
 * bad secret refused by the signature check, failover on throttling, billing by hand.
 */
describe.each(DATABASES)('AWS Claude channels (type 33) (%s)', (kind) => {
  const ctx = relaySuite(kind, async (s) => {
    const A = await s.fake(new FakeBedrock({ credentials: A_CREDS, apiKey: API_KEY, inputTokens: 21, toolInput: { city: 'Paris' } }));
    const B = await s.fake(new FakeBedrock({ credentials: B_CREDS, inputTokens: 21, reply: 'Bedrock B here.' }));
    await setOptions(s.kit.root, {
      ModelRatio: { [MODEL]: MR, 'claude-bad-secret': MR, 'claude-dead-key': MR, 'claude-via-api-key': MR },
      CompletionRatio: { [MODEL]: CR },
      CacheRatio: { [MODEL]: 0.1 },
      CreateCacheRatio: { [MODEL]: 1.25 },
    });
    const aId = await createChannel(s.kit.root, { name: 'bedrock-a', type: 33, key: keyOf(A_CREDS), base_url: A.url, models: MODEL, priority: 10 });
    const bId = await createChannel(s.kit.root, { name: 'bedrock-b', type: 33, key: keyOf(B_CREDS), base_url: B.url, models: MODEL, priority: 0 });
    // The right access key with a wrong secret: the fake's signature check refuses it.
    await createChannel(s.kit.root, { name: 'bedrock-bad', type: 33, key: `${A_CREDS.accessKeyId}|wrongSecret0123456789|us-east-1`, base_url: A.url, models: 'claude-bad-secret' });
    return { A, B, aId, bId };
  });

  it('text with a system prompt: signed InvokeModel with the Bedrock body, OpenAI answer, finish reason, usage, billed once by hand', async () => {
    const { value: answer, log } = await ctx.chargedCall(() => ctx.openai.chat.completions.create({ model: MODEL, messages: TERSE_HELLO }));
    expect(answer.choices[0]?.message.content).toBe(REPLY);
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    expect(answer.usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 });
    const up = ctx.A.last();
    expect(up).toMatchObject({ modelId: US_PROFILE, action: 'invoke' });
    expect(up.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${A_CREDS.accessKeyId}/\\d{8}/us-east-1/bedrock/aws4_request, `));
    expect(up.json).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 8192,
      system: [{ type: 'text', text: 'You are terse.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello' }] }],
    });
    expect(ctx.A.refused).toBe(0);
    // (21 + 5·5)·1.5 = 69
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, model_name: MODEL, channel: ctx.aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: MR, completion_ratio: CR });
  });

  it('streamed text: the binary event stream decoded chunk by chunk, the usage chunk for a client that asked, [DONE], billed once', async () => {
    const { value: read, log } = await ctx.chargedCall(() => streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'Say hello' }], stream_options: { include_usage: true } }));
    expect(read.text).toBe(REPLY);
    expect(read.finish).toBe('stop');
    expect(read.usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 5 });
    expect(ctx.A.last()).toMatchObject({ modelId: US_PROFILE, action: 'invoke-with-response-stream' });
    expect(ctx.A.last().json).not.toHaveProperty('stream');
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, is_stream: true });
  });

  it('a Bedrock API key (apiKey|Region) goes as a Bearer token, unsigned; the model mapped to a Bedrock id goes as it is', async () => {
    await createChannel(ctx.kit.root, {
      name: 'bedrock-api-key',
      type: 33,
      key: `${API_KEY}|us-east-1`,
      base_url: ctx.A.url,
      models: 'claude-via-api-key',
      model_mapping: JSON.stringify({ 'claude-via-api-key': 'anthropic.claude-3-5-haiku-20241022-v1:0' }),
    });
    const { text } = await streamChat(ctx.openai, { model: 'claude-via-api-key', messages: [{ role: 'user', content: 'hi' }] });
    expect(text).toBe(REPLY);
    expect(ctx.A.last()).toMatchObject({ modelId: 'anthropic.claude-3-5-haiku-20241022-v1:0', action: 'invoke-with-response-stream' });
    expect(ctx.A.last().headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(ctx.A.last().headers['x-amz-date']).toBeUndefined();
    expect(ctx.A.refused).toBe(0);
    await relayIdle(ctx.kit);
  });

  it('a tool call round trip, streamed then whole: tool_use to tool_calls, the result back as tool_result', async () => {
    const { finish, toolCalls } = await streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: WEATHER_TOOLS });
    expect(finish).toBe('tool_calls');
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
    const whole = await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Weather?' }], tools: WEATHER_TOOLS, tool_choice: 'required' });
    expect(whole.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] } });
    await relayIdle(ctx.kit);
  });

  it('an image input reaches Bedrock as a base64 image block', async () => {
    const res = await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: PNG_QUESTION }] });
    expect(res.choices[0]?.message.content).toBe(REPLY);
    expect(ctx.A.last().json?.messages).toEqual(PNG_QUESTION_FOR_CLAUDE);
    await relayIdle(ctx.kit);
  });

  it('an upstream ValidationException reaches the client in the OpenAI shape; nothing charged, no failover', async () => {
    await ctx.notCharged(async () => {
      ctx.A.next({ kind: 'error', status: 400, type: 'ValidationException', message: 'messages: roles must alternate' });
      const err = await ctx.ask(MODEL, 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ status: 400, code: 'ValidationException', message: expect.stringContaining('roles must alternate') });
      expect(ctx.B.requests).toHaveLength(0);
    });
  });

  it('a wrong secret fails the fake signature check: a typed 403 InvalidSignatureException, no secret in the answer, nothing charged', async () => {
    await relayIdle(ctx.kit);
    const before = await userQuota(ctx.user.caller);
    const err = await ctx.ask('claude-bad-secret', 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(err).toMatchObject({ status: 403, code: 'InvalidSignatureException' });
    expect(JSON.stringify(err)).not.toContain('wrongSecret');
    expect(ctx.A.refused).toBe(1);
    expect(ctx.A.requests).toHaveLength(0);
    await relayIdle(ctx.kit);
    expect((await userQuota(ctx.user.caller)).quota).toBe(before.quota);
  });

  it('an unknown access key (UnrecognizedClientException) auto-disables the channel (AutomaticDisableChannelEnabled)', async () => {
    await withOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const id = await createChannel(ctx.kit.root, { name: 'bedrock-dead', type: 33, key: `AKIAREVOKEDKEY000000|${A_CREDS.secretAccessKey}|us-east-1`, base_url: ctx.A.url, models: 'claude-dead-key' });
      const err = await ctx.ask('claude-dead-key', 'x').catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 403, code: 'UnrecognizedClientException' });
      expect(await channelStatusBecomes(ctx.kit.root, id, 3)).toBe(3);
    });
  });

  it.each([
    ['a 429 ThrottlingException', false],
    ['a throttlingException in the event stream before any chunk', true],
    ['an event stream message failing its CRC before any chunk', true],
  ])('%s fails over to the next Bedrock channel; one consume log, on the channel that served', async (label, stream) => {
    if (label.includes('CRC')) ctx.A.next({ kind: 'stream_corrupt' });
    else if (stream) ctx.A.next({ kind: 'stream_exception', type: 'throttlingException', message: 'Too many tokens, please wait before trying again.' });
    else ctx.A.next({ kind: 'error', status: 429, type: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' });
    const { value: content, log } = await ctx.chargedCall(async () =>
      stream ? (await streamChat(ctx.openai, { model: MODEL, messages: [{ role: 'user', content: 'hi' }] })).text : ((await ctx.ask(MODEL)).choices[0]?.message.content ?? ''),
    );
    expect(content).toBe('Bedrock B here.');
    expect([ctx.A.requests.length, ctx.B.requests.length]).toEqual([1, 1]);
    // B is in us-west-2: signed for its own region, the same US profile.
    expect(ctx.B.last().modelId).toBe(US_PROFILE);
    expect(log.channel).toBe(ctx.bId);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [ctx.aId, ctx.bId] });
  });

  it('the channel test of a type-33 channel is a signed InvokeModel; a wrong secret fails it without showing the secret', async () => {
    const ok = await ctx.kit.root.get(`/api/channel/test/${ctx.aId}`).expect(200);
    expect(ok.body).toMatchObject({ success: true });
    expect(ctx.A.last()).toMatchObject({ modelId: US_PROFILE, action: 'invoke' });
    expect(ctx.A.refused).toBe(0);
    const bad = await createChannel(ctx.kit.root, { name: 'bedrock-test-bad', type: 33, key: `${A_CREDS.accessKeyId}|anotherWrongSecret0123|us-east-1`, base_url: ctx.A.url, models: 'claude-bad-secret' });
    const refused = await ctx.kit.root.get(`/api/channel/test/${bad}`).expect(200);
    expect(refused.body.success).toBe(false);
    expect(ctx.A.refused).toBe(1);
    expect(JSON.stringify(refused.body)).not.toContain('anotherWrongSecret');
  });

  it('a throttlingException after text reached the client: an error event, only the delivered text charged, no failover', async () => {
    // message_start, content_block_start, then "Hello " and "from ": the exception follows.
    ctx.A.next({ kind: 'message', content: [{ type: 'text', text: REPLY }], exceptionAfter: 4 });
    let text = '';
    const log = await ctx.charged(async () => {
      const s = await ctx.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
      await expect(
        (async () => {
          for await (const c of s) text += c.choices[0]?.delta.content ?? '';
        })(),
      ).rejects.toThrow(/Too many tokens/);
    });
    expect(text).toBe('Hello from ');
    // The prompt estimate plus "Hello from " (2 tokens): (P + 2·5)·1.5.
    expect(log).toMatchObject({ completion_tokens: 2, quota: Math.round((log.prompt_tokens + 2 * CR) * MR), channel: ctx.aId });
    expect(otherOf(log).billing_source).toBe('delivered');
    expect(ctx.B.requests).toHaveLength(0);
  });

  it.each([false, true])('cache reads and writes billed by the cache ratios (stream %s)', async (stream) => {
    ctx.A.next({ kind: 'message', content: [{ type: 'text', text: 'cached answer' }], usage: { input_tokens: 100, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200, output_tokens: 50 } });
    const body = { model: MODEL, messages: [{ role: 'user' as const, content: 'long context' }] };
    const log = await ctx.charged(() => (stream ? streamChat(ctx.openai, body) : ctx.openai.chat.completions.create(body)));
    // P = 100 + 1000 + 200 = 1300; (100 + 1000·0.1 + 200·1.25 + 50·5)·1.5 = (100 + 100 + 250 + 250)·1.5 = 1050
    expect(log).toMatchObject({ prompt_tokens: 1300, completion_tokens: 50, quota: 1050, is_stream: stream, channel: ctx.aId });
    expect(otherOf(log)).toMatchObject({ cache_tokens: 1000, cache_ratio: 0.1, cache_creation_tokens: 200, cache_creation_ratio: 1.25 });
  });

  it('POST /v1/messages with the Anthropic SDK passes through to Bedrock (whole and streamed), anthropic-beta as anthropic_beta, billed once each', async () => {
    const anthropic = anthropicClient(ctx.kit, ctx.token.key);
    let message: Anthropic.Message | null = null;
    const log = await ctx.charged(async () => {
      message = await anthropic.messages.create(
        { model: MODEL, max_tokens: 256, system: 'Be brief.', messages: [{ role: 'user', content: 'Say hello' }] },
        { headers: { 'anthropic-beta': 'token-efficient-tools-2025-02-19' } },
      );
    });
    const m = message as unknown as Anthropic.Message;
    expect(m.content).toEqual([{ type: 'text', text: REPLY }]);
    expect(m.usage).toMatchObject({ input_tokens: 21, output_tokens: 5 });
    expect(ctx.A.last().json).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      anthropic_beta: ['token-efficient-tools-2025-02-19'],
      max_tokens: 256,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Say hello' }],
    });
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, is_stream: false });

    let text = '';
    const streamed = await ctx.charged(async () => {
      const s = anthropic.messages.stream({ model: MODEL, max_tokens: 256, messages: [{ role: 'user', content: 'Say hello' }] });
      s.on('text', (t) => (text += t));
      const final = await s.finalMessage();
      expect(final.stop_reason).toBe('end_turn');
      expect(final.usage).toMatchObject({ input_tokens: 21, output_tokens: 5 });
    });
    expect(text).toBe(REPLY);
    expect(ctx.A.last().action).toBe('invoke-with-response-stream');
    expect(streamed).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, is_stream: true });

    // A Bedrock error reaches the Anthropic client in the Anthropic shape, as a typed SDK error.
    ctx.A.next({ kind: 'error', status: 400, type: 'ValidationException', message: 'messages: roles must alternate' });
    const err = await anthropic.messages.create({ model: MODEL, max_tokens: 16, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.BadRequestError);
    expect((err as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({ type: 'error', error: { message: expect.stringContaining('roles must alternate') } });
    expect(ctx.B.requests).toHaveLength(0);
    await relayIdle(ctx.kit);
  });
});
