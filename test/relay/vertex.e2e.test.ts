import { verify } from 'node:crypto';
import { ApiError } from '@google/genai';
import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeVertex, serviceAccount, VERTEX_SCOPE, type ServiceAccount } from '../support/fakes/vertex';
import { PNG_1X1_BASE64, PNG_QUESTION, PNG_QUESTION_FOR_CLAUDE, TERSE_HELLO, WEATHER_PARAMS, WEATHER_TOOLS, anthropicClient, answerWeatherCall, googleClient, readMessageStream, streamChat } from './provider-kit';
import { channelStatusBecomes, createChannel, otherOf, relayIdle, relaySuite, setOption, setOptions, withOption } from './relay-kit';

const CLAUDE = 'claude-sonnet-4';
const CLAUDE_VERTEX = 'claude-sonnet-4@20250514';
const GEMINI = 'gemini-2.5-flash';

/** quota = round((P + C·CR) · 2), by hand in each case; Claude 4's completion ratio is locked at 5. */
const MR = 2;
const CR = 4;
const CR_CLAUDE = 5;
/** Every public model the suite asks for is priced. */
const RATED = [CLAUDE, GEMINI, 'gemini-map-a', 'gemini-map-b', 'gemini-global', 'gemini-burst', 'gemini-short', 'gemini-jwt', 'gemini-failover', 'vertex-bad-key', 'vertex-unknown-account', 'vertex-dead'];

/**
 * The OpenAI SDK through the gateway to type-41 (Vertex AI) channels on the fake Vertex: the
 * service-account key exchanged for an OAuth token (JWT verified by the fake), cached and shared,
 * Claude through rawPredict / streamRawPredict and Gemini through generateContent /
 * streamGenerateContent, the region from the channel, billing by hand, errors in the OpenAI shape.
 */
describe.each(DATABASES)('Vertex AI channels (type 41) from the openai, Anthropic and Google clients (%s)', (kind) => {
  const ctx = relaySuite(kind, async (s) => {
    const vx = await s.fake(new FakeVertex({ toolArgs: { city: 'Paris' } }));
    const sa = vx.account('proj-main');
    await setOptions(s.kit.root, { ModelRatio: Object.fromEntries(RATED.map((m) => [m, MR])), CompletionRatio: { [GEMINI]: CR } });
    const claudeId = await createChannel(s.kit.root, {
      name: 'vertex-claude',
      type: 41,
      key: sa.keyFile,
      base_url: vx.url,
      models: CLAUDE,
      model_mapping: JSON.stringify({ [CLAUDE]: CLAUDE_VERTEX }),
      other: 'europe-west1',
    });
    const geminiId = await createChannel(s.kit.root, { name: 'vertex-gemini', type: 41, key: sa.keyFile, base_url: vx.url, models: GEMINI });
    await createChannel(s.kit.root, {
      name: 'vertex-map',
      type: 41,
      key: sa.keyFile,
      base_url: vx.url,
      models: 'gemini-map-a,gemini-map-b',
      model_mapping: JSON.stringify({ 'gemini-map-a': 'gemini-2.5-pro', 'gemini-map-b': 'gemini-2.0-flash' }),
      other: JSON.stringify({ default: 'us-east5', 'gemini-2.5-pro': 'europe-west4' }),
    });
    await createChannel(s.kit.root, { name: 'vertex-global', type: 41, key: sa.keyFile, base_url: vx.url, models: 'gemini-global', model_mapping: JSON.stringify({ 'gemini-global': GEMINI }), other: 'global' });
    await createChannel(s.kit.root, {
      name: 'vertex-bad',
      type: 41,
      key: JSON.stringify({ type: 'service_account', project_id: 'p', client_email: 'x@p.iam.gserviceaccount.com', private_key: 'not a key', token_uri: vx.tokenUri }),
      base_url: vx.url,
      models: 'vertex-bad-key',
    });
    // A well-formed key of an account Google does not know.
    await createChannel(s.kit.root, { name: 'vertex-unknown', type: 41, key: serviceAccount(vx.tokenUri).keyFile, base_url: vx.url, models: 'vertex-unknown-account' });
    return { vx, sa, claudeId, geminiId };
  });
  const exchangesOf = (account: ServiceAccount) => ctx.vx.exchanges.filter((e) => e.claims.iss === account.clientEmail);

  it('mints the access token with an RS256 JWT the token endpoint verifies (iss, aud, scope, one hour)', async () => {
    const fresh = ctx.vx.account('proj-jwt');
    await createChannel(ctx.kit.root, { name: 'vertex-jwt', type: 41, key: fresh.keyFile, base_url: ctx.vx.url, models: 'gemini-jwt', model_mapping: JSON.stringify({ 'gemini-jwt': GEMINI }) });
    await ctx.ask('gemini-jwt');
    const [ex] = exchangesOf(fresh);
    expect(ex).toBeDefined();
    const { claims, header } = ex as NonNullable<typeof ex>;
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: (JSON.parse(fresh.keyFile) as { private_key_id: string }).private_key_id });
    expect(claims).toMatchObject({ iss: fresh.clientEmail, aud: ctx.vx.tokenUri, scope: VERTEX_SCOPE });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    // The fake verified the signature; so does the test, independently, with the public key.
    const [h, c, sig] = (ex as NonNullable<typeof ex>).assertion.split('.') as [string, string, string];
    expect(verify('sha256', Buffer.from(`${h}.${c}`), fresh.publicKey, Buffer.from(sig, 'base64url'))).toBe(true);
    const up = ctx.vx.last();
    expect(up.headers.authorization).toBe(`Bearer ${ex?.token}`);
    expect(up).toMatchObject({ project: 'proj-jwt', region: 'us-central1', publisher: 'google', model: GEMINI, action: 'generateContent' });
    await relayIdle(ctx.kit);
  });

  it('Vertex Claude: text with a system prompt through rawPredict, finish reason, usage, billed once by hand', async () => {
    const { value: answer, log } = await ctx.chargedCall(() => ctx.openai.chat.completions.create({ model: CLAUDE, max_tokens: 200, messages: TERSE_HELLO }));
    expect(answer.choices[0]?.message.content).toBe('Hello from the fake Claude.');
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    expect(answer.usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 });
    const up = ctx.vx.last();
    expect(up).toMatchObject({ project: 'proj-main', region: 'europe-west1', publisher: 'anthropic', model: CLAUDE_VERTEX, action: 'rawPredict' });
    expect(up.json).toEqual({
      anthropic_version: 'vertex-2023-10-16',
      max_tokens: 200,
      system: [{ type: 'text', text: 'You are terse.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello' }] }],
    });
    expect(String(up.headers.authorization)).toMatch(/^Bearer ya29\.fake-/);
    // (21 + 5·5)·2 = 92
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 92, model_name: CLAUDE, channel: ctx.claudeId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: MR, completion_ratio: CR_CLAUDE, billing_source: 'usage' });
  });

  it('Vertex Claude: streamed text through streamRawPredict, usage chunk, billed once', async () => {
    const { value: read, log } = await ctx.chargedCall(() => streamChat(ctx.openai, { model: CLAUDE, messages: [{ role: 'user', content: 'Say hello' }], stream_options: { include_usage: true } }));
    expect(read.text).toBe('Hello from the fake Claude.');
    expect(read.finish).toBe('stop');
    expect(read.usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 5 });
    expect(ctx.vx.last()).toMatchObject({ publisher: 'anthropic', action: 'streamRawPredict' });
    expect(ctx.vx.last().json).toMatchObject({ anthropic_version: 'vertex-2023-10-16', stream: true });
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 92, is_stream: true, channel: ctx.claudeId });
  });

  it('Vertex Claude: a tool call and its result', async () => {
    const first = await ctx.openai.chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: WEATHER_TOOLS });
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(call).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(ctx.vx.last().json).toMatchObject({ tools: [{ name: 'get_weather', input_schema: WEATHER_PARAMS }] });
    const second = await answerWeatherCall(ctx.openai, CLAUDE, WEATHER_TOOLS, { id: call?.id ?? '', name: 'get_weather', args: '{"city":"Paris"}' });
    expect(second.choices[0]?.message.content).toBe('Tool result: 18C and sunny');
    await relayIdle(ctx.kit);
  });

  it('Vertex Gemini: text with a system prompt through generateContent, usage, billed once by hand', async () => {
    const { value: answer, log } = await ctx.chargedCall(() => ctx.openai.chat.completions.create({ model: GEMINI, messages: TERSE_HELLO }));
    expect(answer.choices[0]?.message.content).toBe('Hello from the fake Gemini.');
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    expect(answer.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 });
    const up = ctx.vx.last();
    expect(up).toMatchObject({ project: 'proj-main', region: 'us-central1', publisher: 'google', model: GEMINI, action: 'generateContent' });
    expect(up.headers['x-goog-api-key']).toBeUndefined();
    expect(up.json).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }], systemInstruction: { parts: [{ text: 'You are terse.' }] } });
    // (12 + 5·4)·2 = 64
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, channel: ctx.geminiId, is_stream: false });
  });

  it('Vertex Gemini: streamed text (alt=sse) and a streamed tool call', async () => {
    const { value: read, log } = await ctx.chargedCall(() => streamChat(ctx.openai, { model: GEMINI, messages: [{ role: 'user', content: 'Say hello' }] }));
    expect(read.text).toBe('Hello from the fake Gemini.');
    expect(read.finish).toBe('stop');
    expect(ctx.vx.last()).toMatchObject({ publisher: 'google', action: 'streamGenerateContent' });
    expect(ctx.vx.last().query.get('alt')).toBe('sse');
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, is_stream: true });

    const tools = await ctx.openai.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'Weather?' }], tools: WEATHER_TOOLS, stream: true });
    let args = '';
    let toolFinish: string | null = null;
    for await (const c of tools) {
      for (const d of c.choices[0]?.delta.tool_calls ?? []) args += d.function?.arguments ?? '';
      toolFinish = c.choices[0]?.finish_reason ?? toolFinish;
    }
    expect(toolFinish).toBe('tool_calls');
    expect(JSON.parse(args)).toEqual({ city: 'Paris' });
    await relayIdle(ctx.kit);
  });

  it('an image input reaches Vertex Claude as a base64 image block and Vertex Gemini as inlineData', async () => {
    const png = PNG_1X1_BASE64;
    const content = PNG_QUESTION;
    const c = await ctx.openai.chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content }] });
    expect(c.choices[0]?.message.content).toBe('Hello from the fake Claude.');
    expect(ctx.vx.last().json).toMatchObject({ messages: PNG_QUESTION_FOR_CLAUDE });
    const g = await ctx.openai.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content }] });
    expect(g.choices[0]?.message.content).toBe('Hello from the fake Gemini.');
    expect(ctx.vx.last().json).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: png } }] }] });
    await relayIdle(ctx.kit);
  });

  it('caches the token across requests and channels of one key; concurrent requests share one exchange', async () => {
    await ctx.ask(GEMINI, 'one');
    await ctx.ask(CLAUDE, 'two');
    // proj-main's token was minted by an earlier test and is still fresh.
    expect(exchangesOf(ctx.sa)).toHaveLength(0);

    const burst = ctx.vx.account('proj-burst');
    await createChannel(ctx.kit.root, { name: 'vertex-burst', type: 41, key: burst.keyFile, base_url: ctx.vx.url, models: 'gemini-burst', model_mapping: JSON.stringify({ 'gemini-burst': GEMINI }) });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => ctx.ask('gemini-burst', `n${i}`)));
    expect(answers.every((a) => a.choices[0]?.message.content === 'Hello from the fake Gemini.')).toBe(true);
    expect(exchangesOf(burst)).toHaveLength(1);
    const tokenUsed = new Set(ctx.vx.requests.filter((r) => r.project === 'proj-burst').map((r) => r.headers.authorization));
    expect(tokenUsed.size).toBe(1);
    await relayIdle(ctx.kit);
  });

  it('exchanges again when the token is near its expiry', async () => {
    const short = ctx.vx.account('proj-short');
    await createChannel(ctx.kit.root, { name: 'vertex-short', type: 41, key: short.keyFile, base_url: ctx.vx.url, models: 'gemini-short', model_mapping: JSON.stringify({ 'gemini-short': GEMINI }) });
    // 30 s is inside the relay's refresh margin: the token serves the call it was minted for only.
    ctx.vx.expiresIn = 30;
    await ctx.ask('gemini-short', 'a');
    await ctx.ask('gemini-short', 'b');
    expect(exchangesOf(short)).toHaveLength(2);
    ctx.vx.expiresIn = 3600;
    await ctx.ask('gemini-short', 'c');
    await ctx.ask('gemini-short', 'd');
    expect(exchangesOf(short)).toHaveLength(3);
    const auths = ctx.vx.requests.filter((r) => r.project === 'proj-short').map((r) => r.headers.authorization);
    expect(new Set(auths).size).toBe(3);
    expect(auths[2]).toBe(auths[3]);
    await relayIdle(ctx.kit);
  });

  it('a region map picks the model’s region, else its default; global uses the host without a region prefix', async () => {
    await ctx.ask('gemini-map-a');
    expect(ctx.vx.last()).toMatchObject({ region: 'europe-west4', model: 'gemini-2.5-pro' });
    await ctx.ask('gemini-map-b');
    expect(ctx.vx.last()).toMatchObject({ region: 'us-east5', model: 'gemini-2.0-flash' });
    await ctx.ask('gemini-global');
    expect(ctx.vx.last()).toMatchObject({ region: 'global', model: GEMINI });
    await relayIdle(ctx.kit);
  });

  it('an invalid key is refused clearly, the key never shown, nothing charged', async () => {
    const before = ctx.vx.exchanges.length;
    const err = (await ctx.ask('vertex-bad-key').catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(err.status).toBe(500);
    expect(err.code).toBe('channel_misconfigured');
    expect(JSON.stringify(err.error)).not.toContain('not a key');
    expect(ctx.vx.exchanges.length).toBe(before);

    const unknown = (await ctx.ask('vertex-unknown-account').catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(unknown).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(unknown.code).toBe('invalid_client');
    expect(unknown.message).toContain('Vertex AI token endpoint refused the service account');
    expect(unknown.message).not.toContain('PRIVATE KEY');
    expect(ctx.vx.requests).toHaveLength(0);
    await relayIdle(ctx.kit);
  });

  it('the Anthropic SDK on /v1/messages passes through to Vertex Claude (whole and streamed), billed once', async () => {
    const anthropic = anthropicClient(ctx.kit, ctx.token.key);
    const { value: m, log } = await ctx.chargedCall(() =>
      anthropic.messages.create(
        { model: CLAUDE, max_tokens: 100, system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }], messages: [{ role: 'user', content: 'Say hello' }] },
        { headers: { 'anthropic-beta': 'prompt-caching-2024-07-31' } },
      ),
    );
    expect(m.content[0]).toMatchObject({ type: 'text', text: 'Hello from the fake Claude.' });
    expect(m.stop_reason).toBe('end_turn');
    expect(m.usage).toMatchObject({ input_tokens: 21, output_tokens: 5 });
    expect(ctx.vx.last()).toMatchObject({ publisher: 'anthropic', action: 'rawPredict', model: CLAUDE_VERTEX });
    // Passed through as sent: only the model moved into the URL, the Vertex version in the body.
    expect(ctx.vx.last().json).toEqual({
      anthropic_version: 'vertex-2023-10-16',
      max_tokens: 100,
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: 'Say hello' }],
    });
    expect(ctx.vx.last().headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 92, channel: ctx.claudeId });

    const { text, final } = await readMessageStream(anthropic.messages.stream({ model: CLAUDE, max_tokens: 100, messages: [{ role: 'user', content: 'Say hello' }] }));
    expect(text).toBe('Hello from the fake Claude.');
    expect(final.stop_reason).toBe('end_turn');
    expect(ctx.vx.last()).toMatchObject({ publisher: 'anthropic', action: 'streamRawPredict' });
    await relayIdle(ctx.kit);
  });

  it('the Google GenAI SDK on /v1beta passes through to Vertex Gemini (whole and streamed), billed once; a Vertex Claude model is converted', async () => {
    const ai = googleClient(ctx.kit, ctx.token.key);
    let text: string | undefined;
    const log = await ctx.charged(async () => {
      const r = await ai.models.generateContent({ model: GEMINI, contents: 'Say hello', config: { systemInstruction: 'Be brief.' } });
      text = r.text;
      expect(r.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 5 });
    });
    expect(text).toBe('Hello from the fake Gemini.');
    expect(ctx.vx.last()).toMatchObject({ publisher: 'google', action: 'generateContent', model: GEMINI });
    // Passed through as the SDK sent it (no safety settings added by a conversion).
    expect(ctx.vx.last().json).toEqual({ contents: [{ parts: [{ text: 'Say hello' }], role: 'user' }], systemInstruction: { parts: [{ text: 'Be brief.' }], role: 'user' }, generationConfig: {} });
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, channel: ctx.geminiId });

    let streamed = '';
    for await (const chunk of await ai.models.generateContentStream({ model: GEMINI, contents: 'Say hello' })) streamed += chunk.text ?? '';
    expect(streamed).toBe('Hello from the fake Gemini.');
    expect(ctx.vx.last()).toMatchObject({ publisher: 'google', action: 'streamGenerateContent' });
    expect(ctx.vx.last().query.get('alt')).toBe('sse');

    // A Claude model on a Vertex channel answers the Gemini client through the conversion.
    const claude = await ai.models.generateContent({ model: CLAUDE, contents: 'Say hello' });
    expect(claude.text).toBe('Hello from the fake Claude.');
    expect(ctx.vx.last()).toMatchObject({ publisher: 'anthropic', action: 'rawPredict' });
    await relayIdle(ctx.kit);
  });

  it('a Gemini client asking two candidates of a Vertex Claude model is refused by the field it sent (candidateCount), before any upstream call; nothing charged', async () => {
    const ai = googleClient(ctx.kit, ctx.token.key);
    const before = ctx.vx.requests.length;
    let err: unknown;
    await ctx.notCharged(async () => {
      err = await ai.models.generateContent({ model: CLAUDE, contents: 'Two answers', config: { candidateCount: 2 } }).catch((e: unknown) => e);
    });
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.status).toBe(400);
    const body = JSON.parse(e.message) as { error: { status: string; message: string; details: { '@type': string; fieldViolations?: { field: string }[] }[] } };
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.message).toContain('generationConfig.candidateCount');
    expect(body.error.message).not.toMatch(/parameter n\b/);
    expect(body.error.details.find((d) => d['@type'].endsWith('google.rpc.BadRequest'))?.fieldViolations).toEqual([{ field: 'generationConfig.candidateCount', description: body.error.message }]);
    expect(ctx.vx.requests.length).toBe(before);
    await relayIdle(ctx.kit);
  });

  it('an unreachable token endpoint fails over to the next channel; the request is billed once there', async () => {
    await setOption(ctx.kit.root, 'RetryTimes', '1');
    const spare = ctx.vx.account('proj-spare');
    const deadId = await createChannel(ctx.kit.root, {
      name: 'vertex-no-token',
      type: 41,
      key: serviceAccount('http://127.0.0.1:1/token').keyFile,
      base_url: ctx.vx.url,
      models: 'gemini-failover',
      model_mapping: JSON.stringify({ 'gemini-failover': GEMINI }),
      priority: 10,
    });
    const spareId = await createChannel(ctx.kit.root, { name: 'vertex-spare', type: 41, key: spare.keyFile, base_url: ctx.vx.url, models: 'gemini-failover', model_mapping: JSON.stringify({ 'gemini-failover': GEMINI }) });
    const { value: res, log } = await ctx.chargedCall(() => ctx.ask('gemini-failover'));
    expect(res.choices[0]?.message.content).toBe('Hello from the fake Gemini.');
    expect(log).toMatchObject({ channel: spareId, quota: 64 });
    expect(otherOf(log).admin_info).toEqual({ use_channel: [deadId, spareId] });
    expect(ctx.vx.requests.map((r) => r.project)).toEqual(['proj-spare']);
  });

  it('a token endpoint refusing the account auto-disables the channel (AutomaticDisableChannelEnabled)', async () => {
    await withOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      const id = await createChannel(ctx.kit.root, { name: 'vertex-dead', type: 41, key: serviceAccount(ctx.vx.tokenUri).keyFile, base_url: ctx.vx.url, models: 'vertex-dead' });
      const err = await ctx.ask('vertex-dead', 'x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(await channelStatusBecomes(ctx.kit.root, id, 3)).toBe(3);
    });
  });

  it('a channel test of a type-41 channel mints its token and calls rawPredict; a refused account fails it without the key', async () => {
    const probe = ctx.vx.account('proj-probe');
    const id = await createChannel(ctx.kit.root, { name: 'vertex-probe', type: 41, key: probe.keyFile, base_url: ctx.vx.url, models: CLAUDE_VERTEX, other: 'us-east5' });
    const ok = await ctx.kit.root.get(`/api/channel/test/${id}`);
    expect(ok.body).toMatchObject({ success: true, message: '' });
    expect(exchangesOf(probe)).toHaveLength(1);
    expect(ctx.vx.last()).toMatchObject({ project: 'proj-probe', region: 'us-east5', publisher: 'anthropic', model: CLAUDE_VERTEX, action: 'rawPredict' });

    const stranger = serviceAccount(ctx.vx.tokenUri);
    // Its own model: a channel on a shared model would take part in other tests' routing.
    const badId = await createChannel(ctx.kit.root, { name: 'vertex-probe-bad', type: 41, key: stranger.keyFile, base_url: ctx.vx.url, models: 'gemini-probe-bad', model_mapping: JSON.stringify({ 'gemini-probe-bad': GEMINI }) });
    const bad = await ctx.kit.root.get(`/api/channel/test/${badId}`);
    expect(bad.body.success).toBe(false);
    expect(String(bad.body.message)).toContain('invalid_client');
    expect(String(bad.body.message)).not.toContain('PRIVATE KEY');
  });

  it('an upstream error comes back in the OpenAI shape with nothing charged', async () => {
    ctx.vx.gemini.next({ kind: 'error', status: 400, grpcStatus: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' });
    const err = (await ctx.ask(GEMINI).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.message).toContain('Request contains an invalid argument.');
    expect(err.code).toBe('INVALID_ARGUMENT');

    ctx.vx.anthropic.next({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'messages: roles must alternate' });
    const claudeErr = (await ctx.ask(CLAUDE).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(claudeErr).toBeInstanceOf(OpenAI.BadRequestError);
    expect(claudeErr.message).toContain('roles must alternate');
    await relayIdle(ctx.kit);
  });
});
