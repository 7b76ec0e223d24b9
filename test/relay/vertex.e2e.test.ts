import { verify } from 'node:crypto';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeVertex, serviceAccount, VERTEX_SCOPE, type ServiceAccount } from '../support/fakes/vertex';
import { createChannel, createToken, expectCharged, fundedUser, otherOf, relayIdle, sdk, setOption, startRelayKit, type RelayKit } from './relay-kit';

const CLAUDE = 'claude-sonnet-4';
const CLAUDE_VERTEX = 'claude-sonnet-4@20250514';
const GEMINI = 'gemini-2.5-flash';
const WEATHER_PARAMS = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const WEATHER: OpenAI.ChatCompletionTool[] = [{ type: 'function', function: { name: 'get_weather', description: 'Weather by city', parameters: WEATHER_PARAMS } }];

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
  let kit: RelayKit;
  let vx: FakeVertex;
  let sa: ServiceAccount;
  let claudeId: number;
  let geminiId: number;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let token: { id: number; key: string };
  let client: OpenAI;
  const exchangesOf = (account: ServiceAccount) => vx.exchanges.filter((e) => e.claims.iss === account.clientEmail);

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    vx = await new FakeVertex({ toolArgs: { city: 'Paris' } }).start();
    sa = vx.account('proj-main');
    await setOption(kit.root, 'ModelRatio', Object.fromEntries(RATED.map((m) => [m, MR])));
    await setOption(kit.root, 'CompletionRatio', { [GEMINI]: CR });
    claudeId = await createChannel(kit.root, {
      name: 'vertex-claude',
      type: 41,
      key: sa.keyFile,
      base_url: vx.url,
      models: CLAUDE,
      model_mapping: JSON.stringify({ [CLAUDE]: CLAUDE_VERTEX }),
      other: 'europe-west1',
    });
    geminiId = await createChannel(kit.root, { name: 'vertex-gemini', type: 41, key: sa.keyFile, base_url: vx.url, models: GEMINI });
    await createChannel(kit.root, {
      name: 'vertex-map',
      type: 41,
      key: sa.keyFile,
      base_url: vx.url,
      models: 'gemini-map-a,gemini-map-b',
      model_mapping: JSON.stringify({ 'gemini-map-a': 'gemini-2.5-pro', 'gemini-map-b': 'gemini-2.0-flash' }),
      other: JSON.stringify({ default: 'us-east5', 'gemini-2.5-pro': 'europe-west4' }),
    });
    await createChannel(kit.root, { name: 'vertex-global', type: 41, key: sa.keyFile, base_url: vx.url, models: 'gemini-global', model_mapping: JSON.stringify({ 'gemini-global': GEMINI }), other: 'global' });
    await createChannel(kit.root, {
      name: 'vertex-bad',
      type: 41,
      key: JSON.stringify({ type: 'service_account', project_id: 'p', client_email: 'x@p.iam.gserviceaccount.com', private_key: 'not a key', token_uri: vx.tokenUri }),
      base_url: vx.url,
      models: 'vertex-bad-key',
    });
    // A well-formed key of an account Google does not know.
    await createChannel(kit.root, { name: 'vertex-unknown', type: 41, key: serviceAccount(vx.tokenUri).keyFile, base_url: vx.url, models: 'vertex-unknown-account' });
    user = await fundedUser(kit, 10_000_000);
    token = await createToken(user.caller, { unlimited_quota: false, remain_quota: 5_000_000 });
    client = sdk(kit, token.key);
  });
  afterAll(async () => {
    await kit.close();
    await vx.stop();
  });
  beforeEach(() => vx.reset());

  const charged = (call: () => Promise<unknown>) => expectCharged(kit, user, token.id, call);

  it('mints the access token with an RS256 JWT the token endpoint verifies (iss, aud, scope, one hour)', async () => {
    const fresh = vx.account('proj-jwt');
    await createChannel(kit.root, { name: 'vertex-jwt', type: 41, key: fresh.keyFile, base_url: vx.url, models: 'gemini-jwt', model_mapping: JSON.stringify({ 'gemini-jwt': GEMINI }) });
    await client.chat.completions.create({ model: 'gemini-jwt', messages: [{ role: 'user', content: 'hi' }] });
    const [ex] = exchangesOf(fresh);
    expect(ex).toBeDefined();
    const { claims, header } = ex as NonNullable<typeof ex>;
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: (JSON.parse(fresh.keyFile) as { private_key_id: string }).private_key_id });
    expect(claims).toMatchObject({ iss: fresh.clientEmail, aud: vx.tokenUri, scope: VERTEX_SCOPE });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    // The fake verified the signature; so does the test, independently, with the public key.
    const [h, c, sig] = (ex as NonNullable<typeof ex>).assertion.split('.') as [string, string, string];
    expect(verify('sha256', Buffer.from(`${h}.${c}`), fresh.publicKey, Buffer.from(sig, 'base64url'))).toBe(true);
    const up = vx.last();
    expect(up.headers.authorization).toBe(`Bearer ${ex?.token}`);
    expect(up).toMatchObject({ project: 'proj-jwt', region: 'us-central1', publisher: 'google', model: GEMINI, action: 'generateContent' });
    await relayIdle(kit);
  });

  it('Vertex Claude: text with a system prompt through rawPredict, finish reason, usage, billed once by hand', async () => {
    let res: OpenAI.ChatCompletion | null = null;
    const log = await charged(async () => {
      res = await client.chat.completions.create({
        model: CLAUDE,
        max_tokens: 200,
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: 'Say hello' },
        ],
      });
    });
    const answer = res as unknown as OpenAI.ChatCompletion;
    expect(answer.choices[0]?.message.content).toBe('Hello from the fake Claude.');
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    expect(answer.usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 });
    const up = vx.last();
    expect(up).toMatchObject({ project: 'proj-main', region: 'europe-west1', publisher: 'anthropic', model: CLAUDE_VERTEX, action: 'rawPredict' });
    expect(up.json).toEqual({
      anthropic_version: 'vertex-2023-10-16',
      max_tokens: 200,
      system: [{ type: 'text', text: 'You are terse.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello' }] }],
    });
    expect(String(up.headers.authorization)).toMatch(/^Bearer ya29\.fake-/);
    // (21 + 5·5)·2 = 92
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 92, model_name: CLAUDE, channel: claudeId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: MR, completion_ratio: CR_CLAUDE, billing_source: 'usage' });
  });

  it('Vertex Claude: streamed text through streamRawPredict, usage chunk, billed once', async () => {
    let text = '';
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null = null;
    const log = await charged(async () => {
      const stream = await client.chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'Say hello' }], stream: true, stream_options: { include_usage: true } });
      for await (const c of stream) {
        text += c.choices[0]?.delta.content ?? '';
        finish = c.choices[0]?.finish_reason ?? finish;
        if (c.usage) usage = c.usage;
      }
    });
    expect(text).toBe('Hello from the fake Claude.');
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 5 });
    expect(vx.last()).toMatchObject({ publisher: 'anthropic', action: 'streamRawPredict' });
    expect(vx.last().json).toMatchObject({ anthropic_version: 'vertex-2023-10-16', stream: true });
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 92, is_stream: true, channel: claudeId });
  });

  it('Vertex Claude: a tool call and its result', async () => {
    const first = await client.chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: WEATHER });
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(call).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(vx.last().json).toMatchObject({ tools: [{ name: 'get_weather', input_schema: WEATHER_PARAMS }] });
    const id = call?.id ?? '';
    const second = await client.chat.completions.create({
      model: CLAUDE,
      tools: WEATHER,
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
        { role: 'tool', tool_call_id: id, content: '18C and sunny' },
      ],
    });
    expect(second.choices[0]?.message.content).toBe('Tool result: 18C and sunny');
    await relayIdle(kit);
  });

  it('Vertex Gemini: text with a system prompt through generateContent, usage, billed once by hand', async () => {
    let res: OpenAI.ChatCompletion | null = null;
    const log = await charged(async () => {
      res = await client.chat.completions.create({
        model: GEMINI,
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: 'Say hello' },
        ],
      });
    });
    const answer = res as unknown as OpenAI.ChatCompletion;
    expect(answer.choices[0]?.message.content).toBe('Hello from the fake Gemini.');
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    expect(answer.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 });
    const up = vx.last();
    expect(up).toMatchObject({ project: 'proj-main', region: 'us-central1', publisher: 'google', model: GEMINI, action: 'generateContent' });
    expect(up.headers['x-goog-api-key']).toBeUndefined();
    expect(up.json).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }], systemInstruction: { parts: [{ text: 'You are terse.' }] } });
    // (12 + 5·4)·2 = 64
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, channel: geminiId, is_stream: false });
  });

  it('Vertex Gemini: streamed text (alt=sse) and a streamed tool call', async () => {
    let text = '';
    let finish: string | null = null;
    const log = await charged(async () => {
      const stream = await client.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'Say hello' }], stream: true });
      for await (const c of stream) {
        text += c.choices[0]?.delta.content ?? '';
        finish = c.choices[0]?.finish_reason ?? finish;
      }
    });
    expect(text).toBe('Hello from the fake Gemini.');
    expect(finish).toBe('stop');
    expect(vx.last()).toMatchObject({ publisher: 'google', action: 'streamGenerateContent' });
    expect(vx.last().query.get('alt')).toBe('sse');
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, is_stream: true });

    const tools = await client.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'Weather?' }], tools: WEATHER, stream: true });
    let args = '';
    let toolFinish: string | null = null;
    for await (const c of tools) {
      for (const d of c.choices[0]?.delta.tool_calls ?? []) args += d.function?.arguments ?? '';
      toolFinish = c.choices[0]?.finish_reason ?? toolFinish;
    }
    expect(toolFinish).toBe('tool_calls');
    expect(JSON.parse(args)).toEqual({ city: 'Paris' });
    await relayIdle(kit);
  });

  it('an image input reaches Vertex Claude as a base64 image block and Vertex Gemini as inlineData', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const content: OpenAI.ChatCompletionContentPart[] = [
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
    ];
    const c = await client.chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content }] });
    expect(c.choices[0]?.message.content).toBe('Hello from the fake Claude.');
    expect(vx.last().json).toMatchObject({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } }] }],
    });
    const g = await client.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content }] });
    expect(g.choices[0]?.message.content).toBe('Hello from the fake Gemini.');
    expect(vx.last().json).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: png } }] }] });
    await relayIdle(kit);
  });

  it('caches the token across requests and channels of one key; concurrent requests share one exchange', async () => {
    await client.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'one' }] });
    await client.chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'two' }] });
    // proj-main's token was minted by an earlier test and is still fresh.
    expect(exchangesOf(sa)).toHaveLength(0);

    const burst = vx.account('proj-burst');
    await createChannel(kit.root, { name: 'vertex-burst', type: 41, key: burst.keyFile, base_url: vx.url, models: 'gemini-burst', model_mapping: JSON.stringify({ 'gemini-burst': GEMINI }) });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => client.chat.completions.create({ model: 'gemini-burst', messages: [{ role: 'user', content: `n${i}` }] })));
    expect(answers.every((a) => a.choices[0]?.message.content === 'Hello from the fake Gemini.')).toBe(true);
    expect(exchangesOf(burst)).toHaveLength(1);
    const tokenUsed = new Set(vx.requests.filter((r) => r.project === 'proj-burst').map((r) => r.headers.authorization));
    expect(tokenUsed.size).toBe(1);
    await relayIdle(kit);
  });

  it('exchanges again when the token is near its expiry', async () => {
    const short = vx.account('proj-short');
    await createChannel(kit.root, { name: 'vertex-short', type: 41, key: short.keyFile, base_url: vx.url, models: 'gemini-short', model_mapping: JSON.stringify({ 'gemini-short': GEMINI }) });
    // 30 s is inside the relay's refresh margin: the token serves the call it was minted for only.
    vx.expiresIn = 30;
    await client.chat.completions.create({ model: 'gemini-short', messages: [{ role: 'user', content: 'a' }] });
    await client.chat.completions.create({ model: 'gemini-short', messages: [{ role: 'user', content: 'b' }] });
    expect(exchangesOf(short)).toHaveLength(2);
    vx.expiresIn = 3600;
    await client.chat.completions.create({ model: 'gemini-short', messages: [{ role: 'user', content: 'c' }] });
    await client.chat.completions.create({ model: 'gemini-short', messages: [{ role: 'user', content: 'd' }] });
    expect(exchangesOf(short)).toHaveLength(3);
    const auths = vx.requests.filter((r) => r.project === 'proj-short').map((r) => r.headers.authorization);
    expect(new Set(auths).size).toBe(3);
    expect(auths[2]).toBe(auths[3]);
    await relayIdle(kit);
  });

  it('a region map picks the model’s region, else its default; global uses the host without a region prefix', async () => {
    await client.chat.completions.create({ model: 'gemini-map-a', messages: [{ role: 'user', content: 'hi' }] });
    expect(vx.last()).toMatchObject({ region: 'europe-west4', model: 'gemini-2.5-pro' });
    await client.chat.completions.create({ model: 'gemini-map-b', messages: [{ role: 'user', content: 'hi' }] });
    expect(vx.last()).toMatchObject({ region: 'us-east5', model: 'gemini-2.0-flash' });
    await client.chat.completions.create({ model: 'gemini-global', messages: [{ role: 'user', content: 'hi' }] });
    expect(vx.last()).toMatchObject({ region: 'global', model: GEMINI });
    await relayIdle(kit);
  });

  it('an invalid key is refused clearly, the key never shown, nothing charged', async () => {
    const before = vx.exchanges.length;
    const err = (await client.chat.completions.create({ model: 'vertex-bad-key', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(err.status).toBe(500);
    expect(err.code).toBe('channel_misconfigured');
    expect(JSON.stringify(err.error)).not.toContain('not a key');
    expect(vx.exchanges.length).toBe(before);

    const unknown = (await client.chat.completions.create({ model: 'vertex-unknown-account', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(unknown).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(unknown.code).toBe('invalid_client');
    expect(unknown.message).toContain('Vertex AI token endpoint refused the service account');
    expect(unknown.message).not.toContain('PRIVATE KEY');
    expect(vx.requests).toHaveLength(0);
    await relayIdle(kit);
  });

  it('the Anthropic SDK on /v1/messages passes through to Vertex Claude (whole and streamed), billed once', async () => {
    const anthropic = new Anthropic({ apiKey: token.key, baseURL: kit.t.url, maxRetries: 0 });
    let msg: Anthropic.Message | null = null;
    const log = await charged(async () => {
      msg = await anthropic.messages.create(
        { model: CLAUDE, max_tokens: 100, system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }], messages: [{ role: 'user', content: 'Say hello' }] },
        { headers: { 'anthropic-beta': 'prompt-caching-2024-07-31' } },
      );
    });
    const m = msg as unknown as Anthropic.Message;
    expect(m.content[0]).toMatchObject({ type: 'text', text: 'Hello from the fake Claude.' });
    expect(m.stop_reason).toBe('end_turn');
    expect(m.usage).toMatchObject({ input_tokens: 21, output_tokens: 5 });
    expect(vx.last()).toMatchObject({ publisher: 'anthropic', action: 'rawPredict', model: CLAUDE_VERTEX });
    // Passed through as sent: only the model moved into the URL, the Vertex version in the body.
    expect(vx.last().json).toEqual({
      anthropic_version: 'vertex-2023-10-16',
      max_tokens: 100,
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: 'Say hello' }],
    });
    expect(vx.last().headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 92, channel: claudeId });

    let text = '';
    const stream = anthropic.messages.stream({ model: CLAUDE, max_tokens: 100, messages: [{ role: 'user', content: 'Say hello' }] });
    stream.on('text', (t) => (text += t));
    const final = await stream.finalMessage();
    expect(text).toBe('Hello from the fake Claude.');
    expect(final.stop_reason).toBe('end_turn');
    expect(vx.last()).toMatchObject({ publisher: 'anthropic', action: 'streamRawPredict' });
    await relayIdle(kit);
  });

  it('the Google GenAI SDK on /v1beta passes through to Vertex Gemini (whole and streamed), billed once; a Vertex Claude model is converted', async () => {
    const ai = new GoogleGenAI({ apiKey: token.key, httpOptions: { baseUrl: kit.t.url, timeout: 30_000 } });
    let text: string | undefined;
    const log = await charged(async () => {
      const r = await ai.models.generateContent({ model: GEMINI, contents: 'Say hello', config: { systemInstruction: 'Be brief.' } });
      text = r.text;
      expect(r.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 5 });
    });
    expect(text).toBe('Hello from the fake Gemini.');
    expect(vx.last()).toMatchObject({ publisher: 'google', action: 'generateContent', model: GEMINI });
    // Passed through as the SDK sent it (no safety settings added by a conversion).
    expect(vx.last().json).toEqual({ contents: [{ parts: [{ text: 'Say hello' }], role: 'user' }], systemInstruction: { parts: [{ text: 'Be brief.' }], role: 'user' }, generationConfig: {} });
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, channel: geminiId });

    let streamed = '';
    for await (const chunk of await ai.models.generateContentStream({ model: GEMINI, contents: 'Say hello' })) streamed += chunk.text ?? '';
    expect(streamed).toBe('Hello from the fake Gemini.');
    expect(vx.last()).toMatchObject({ publisher: 'google', action: 'streamGenerateContent' });
    expect(vx.last().query.get('alt')).toBe('sse');

    // A Claude model on a Vertex channel answers the Gemini client through the conversion.
    const claude = await ai.models.generateContent({ model: CLAUDE, contents: 'Say hello' });
    expect(claude.text).toBe('Hello from the fake Claude.');
    expect(vx.last()).toMatchObject({ publisher: 'anthropic', action: 'rawPredict' });
    await relayIdle(kit);
  });

  it('an unreachable token endpoint fails over to the next channel; the request is billed once there', async () => {
    await setOption(kit.root, 'RetryTimes', '1');
    const spare = vx.account('proj-spare');
    const deadId = await createChannel(kit.root, {
      name: 'vertex-no-token',
      type: 41,
      key: serviceAccount('http://127.0.0.1:1/token').keyFile,
      base_url: vx.url,
      models: 'gemini-failover',
      model_mapping: JSON.stringify({ 'gemini-failover': GEMINI }),
      priority: 10,
    });
    const spareId = await createChannel(kit.root, { name: 'vertex-spare', type: 41, key: spare.keyFile, base_url: vx.url, models: 'gemini-failover', model_mapping: JSON.stringify({ 'gemini-failover': GEMINI }) });
    let content: string | null | undefined;
    const log = await charged(async () => {
      const r = await client.chat.completions.create({ model: 'gemini-failover', messages: [{ role: 'user', content: 'hi' }] });
      content = r.choices[0]?.message.content;
    });
    expect(content).toBe('Hello from the fake Gemini.');
    expect(log).toMatchObject({ channel: spareId, quota: 64 });
    expect(otherOf(log).admin_info).toEqual({ use_channel: [deadId, spareId] });
    expect(vx.requests.map((r) => r.project)).toEqual(['proj-spare']);
  });

  it('a token endpoint refusing the account auto-disables the channel (AutomaticDisableChannelEnabled)', async () => {
    await setOption(kit.root, 'AutomaticDisableChannelEnabled', 'true');
    try {
      const id = await createChannel(kit.root, { name: 'vertex-dead', type: 41, key: serviceAccount(vx.tokenUri).keyFile, base_url: vx.url, models: 'vertex-dead' });
      const err = await client.chat.completions.create({ model: 'vertex-dead', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
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

  it('a channel test of a type-41 channel mints its token and calls rawPredict; a refused account fails it without the key', async () => {
    const probe = vx.account('proj-probe');
    const id = await createChannel(kit.root, { name: 'vertex-probe', type: 41, key: probe.keyFile, base_url: vx.url, models: CLAUDE_VERTEX, other: 'us-east5' });
    const ok = await kit.root.get(`/api/channel/test/${id}`);
    expect(ok.body).toMatchObject({ success: true, message: '' });
    expect(exchangesOf(probe)).toHaveLength(1);
    expect(vx.last()).toMatchObject({ project: 'proj-probe', region: 'us-east5', publisher: 'anthropic', model: CLAUDE_VERTEX, action: 'rawPredict' });

    const stranger = serviceAccount(vx.tokenUri);
    // Its own model: a channel on a shared model would take part in other tests' routing.
    const badId = await createChannel(kit.root, { name: 'vertex-probe-bad', type: 41, key: stranger.keyFile, base_url: vx.url, models: 'gemini-probe-bad', model_mapping: JSON.stringify({ 'gemini-probe-bad': GEMINI }) });
    const bad = await kit.root.get(`/api/channel/test/${badId}`);
    expect(bad.body.success).toBe(false);
    expect(String(bad.body.message)).toContain('invalid_client');
    expect(String(bad.body.message)).not.toContain('PRIVATE KEY');
  });

  it('an upstream error comes back in the OpenAI shape with nothing charged', async () => {
    vx.gemini.next({ kind: 'error', status: 400, grpcStatus: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' });
    const err = (await client.chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.message).toContain('Request contains an invalid argument.');
    expect(err.code).toBe('INVALID_ARGUMENT');

    vx.anthropic.next({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'messages: roles must alternate' });
    const claudeErr = (await client.chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(claudeErr).toBeInstanceOf(OpenAI.BadRequestError);
    expect(claudeErr.message).toContain('roles must alternate');
    await relayIdle(kit);
  });
});
