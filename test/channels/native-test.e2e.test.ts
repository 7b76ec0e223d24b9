import { randomBytes } from 'node:crypto';
import { ChannelHealthService } from '../../server/src/channels/channel-health.service';
import { QUEUE_DRIVER, type QueueDriver } from '../../server/src/queue/jobs';
import { transportFailure } from '../../server/src/wire/canonical/errors';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { FakeAnthropic } from '../support/fakes/anthropic';
import { FakeBedrock } from '../support/fakes/bedrock';
import { FakeGemini } from '../support/fakes/gemini';
import { FakeVertex, serviceAccount, type ServiceAccount } from '../support/fakes/vertex';
import { Caller, loginRoot, newAdmin } from '../support/http';

/** The text of a Claude message's content (a string or text blocks). */
function claudeText(content: unknown): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((b) => ((b as { text?: unknown }).text as string | undefined) ?? '').join('') : '';
}

/**
 * Channel tests go through the relay's attempt path, so a native channel type is tested in its
 * own wire format with the relay's model mapping: a type-14 channel against the fake Anthropic
 * Messages API and a type-24 channel against the fake Gemini generateContent, single tests and
 * "test all" (auto-disable on a structured key error, auto-enable on a pass), on SQLite (in-process
 * queue) and PostgreSQL + Redis (BullMQ).
 */
describe.each(DATABASES)('channel tests of native types (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let admin: Caller;
  let claude: FakeAnthropic;
  let gemini: FakeGemini;
  let bedrock: FakeBedrock;
  let vertex: FakeVertex;
  let sa: ServiceAccount;
  const aws = { accessKeyId: 'AKIAFAKEPROBEAAAAAAA', secretAccessKey: `probeSecret/${randomBytes(12).toString('hex')}`, region: 'us-east-1' };
  const claudeKey = `sk-ant-api03-${randomBytes(16).toString('hex')}`;
  const geminiKey = `AIza${randomBytes(16).toString('hex')}`;
  const wrongClaudeKey = `sk-ant-api03-wrong${randomBytes(12).toString('hex')}`;
  const wrongGeminiKey = `AIzaWrong${randomBytes(12).toString('hex')}`;

  const queue = () => t.app.get<QueueDriver>(QUEUE_DRIVER);
  const health = () => t.app.get(ChannelHealthService);

  async function option(k: string, value: string): Promise<void> {
    const res = await root.put('/api/option/', { key: k, value });
    expect(res.body).toMatchObject({ success: true });
  }

  async function createChannel(body: Record<string, unknown>): Promise<number> {
    const res = await admin.post('/api/channel/', { name: `native-${randomBytes(4).toString('hex')}`, group: 'default', ...body });
    expect(res.body).toMatchObject({ success: true });
    return res.body.data[0].id as number;
  }

  async function channel(id: number): Promise<Record<string, unknown>> {
    return (await admin.get(`/api/channel/${id}`).expect(200)).body.data as Record<string, unknown>;
  }

  /** Creates a channel and tests it once: the test passed, and `fake` got that one request. */
  async function passingTest(body: Record<string, unknown>, fake: { requests: unknown[] }): Promise<{ id: number; time: number }> {
    const id = await createChannel(body);
    const res = await admin.get(`/api/channel/test/${id}`).expect(200);
    expect(res.body).toEqual({ success: true, message: '', time: expect.any(Number) });
    expect(fake.requests).toHaveLength(1);
    return { id, time: res.body.time as number };
  }

  /** Tests a channel and checks the test failed; the answer's body. */
  async function failingTest(id: number): Promise<{ success: boolean; message: string }> {
    const res = await admin.get(`/api/channel/test/${id}`).expect(200);
    expect(res.body.success).toBe(false);
    return res.body as { success: boolean; message: string };
  }

  async function clearChannels(): Promise<void> {
    const list = await admin.get('/api/channel/?p=0&page_size=100').expect(200);
    const ids = (list.body.data as { id: number }[]).map((c) => c.id);
    if (ids.length > 0) await admin.post('/api/channel/batch', { ids }).expect(200);
  }

  beforeAll(async () => {
    claude = await new FakeAnthropic({ key: claudeKey }).start();
    gemini = await new FakeGemini({ key: geminiKey }).start();
    bedrock = await new FakeBedrock({ credentials: aws }).start();
    vertex = await new FakeVertex().start();
    sa = vertex.account('proj-probe');
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    admin = (await newAdmin(t.url, root)).caller;
    await option('AllowPrivateUpstreamEnabled', 'true');
  });

  afterAll(async () => {
    await t.close();
    await claude.stop();
    await gemini.stop();
    await bedrock.stop();
    await vertex.stop();
  });

  beforeEach(async () => {
    claude.reset();
    gemini.reset();
    bedrock.reset();
    vertex.reset();
    await option('AutomaticDisableChannelEnabled', 'false');
    await option('AutomaticEnableChannelEnabled', 'false');
    await option('ChannelDisableThreshold', '0');
  });

  it('tests a Claude (type 14) channel with the Messages API, the mapped model and x-api-key; the time is recorded', async () => {
    const { id, time } = await passingTest(
      { type: 14, key: claudeKey, base_url: claude.url, models: 'claude-public', model_mapping: JSON.stringify({ 'claude-public': 'claude-3-5-haiku-20241022' }) },
      claude,
    );
    const sent = claude.last();
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/messages' });
    expect(sent.headers['x-api-key']).toBe(claudeKey);
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.json).toMatchObject({ model: 'claude-3-5-haiku-20241022', max_tokens: 16 });
    const messages = sent.json?.messages as { role: string; content: unknown }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]?.role).toBe('user');
    expect(claudeText(messages[0]?.content)).toBe('hi');
    // The OpenAI body never reached the Claude upstream.
    expect(sent.json).not.toHaveProperty('messages.0.content.0.image_url');
    expect(sent.json).not.toHaveProperty('stream_options');

    const view = await channel(id);
    expect(view.response_time).toBe(Math.round(time * 1000));
    expect(view.test_time as number).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('tests a Gemini (type 24) channel with generateContent, the mapped model and x-goog-api-key', async () => {
    const { id, time } = await passingTest(
      { type: 24, key: geminiKey, base_url: gemini.url, models: 'gemini-public', model_mapping: JSON.stringify({ 'gemini-public': 'gemini-2.5-flash' }) },
      gemini,
    );
    const sent = gemini.last();
    expect(sent).toMatchObject({ method: 'POST', path: '/v1beta/models/gemini-2.5-flash:generateContent', action: 'generateContent', model: 'gemini-2.5-flash' });
    expect(sent.headers['x-goog-api-key']).toBe(geminiKey);
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.json).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    expect(sent.json).not.toHaveProperty('messages');
    expect(sent.json).not.toHaveProperty('model');
    expect((sent.json?.generationConfig as { maxOutputTokens?: number } | undefined)?.maxOutputTokens).toBe(16);
    expect((await channel(id)).response_time).toBe(Math.round(time * 1000));
  });

  it('tests an AWS Claude (type 33) channel with a SigV4-signed InvokeModel of the Bedrock id; a wrong secret fails without showing it', async () => {
    await passingTest({ type: 33, key: `${aws.accessKeyId}|${aws.secretAccessKey}|${aws.region}`, base_url: bedrock.url, models: 'claude-sonnet-4-20250514' }, bedrock);
    expect(bedrock.last()).toMatchObject({ action: 'invoke', modelId: 'us.anthropic.claude-sonnet-4-20250514-v1:0' });
    expect(String(bedrock.last().headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAFAKEPROBEAAAAAAA\//);
    expect(bedrock.last().json).toMatchObject({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 16 });

    const wrong = `wrongProbeSecret${randomBytes(8).toString('hex')}`;
    const bad = await createChannel({ type: 33, key: `${aws.accessKeyId}|${wrong}|${aws.region}`, base_url: bedrock.url, models: 'claude-sonnet-4-20250514' });
    const refused = await failingTest(bad);
    expect(refused.message).toContain('403');
    expect(JSON.stringify(refused)).not.toContain(wrong);
  });

  it('tests a Vertex AI (type 41) channel: the service account exchanged for a token once, Claude through rawPredict, Gemini through generateContent', async () => {
    const claudeId = await createChannel({
      type: 41,
      key: sa.keyFile,
      base_url: vertex.url,
      models: 'vx-claude',
      model_mapping: JSON.stringify({ 'vx-claude': 'claude-sonnet-4@20250514' }),
      other: 'europe-west1',
    });
    const geminiId = await createChannel({ type: 41, key: sa.keyFile, base_url: vertex.url, models: 'gemini-2.5-flash' });
    expect((await admin.get(`/api/channel/test/${claudeId}`).expect(200)).body).toMatchObject({ success: true, message: '' });
    expect(vertex.last()).toMatchObject({ project: 'proj-probe', region: 'europe-west1', publisher: 'anthropic', model: 'claude-sonnet-4@20250514', action: 'rawPredict' });
    expect((await admin.get(`/api/channel/test/${geminiId}`).expect(200)).body).toMatchObject({ success: true, message: '' });
    expect(vertex.last()).toMatchObject({ project: 'proj-probe', publisher: 'google', model: 'gemini-2.5-flash', action: 'generateContent' });
    // One exchange for the account, shared by both tests (cached until shortly before expiry).
    expect(vertex.exchanges).toHaveLength(1);
    expect(String(vertex.last().headers.authorization)).toBe(`Bearer ${vertex.exchanges[0]?.token}`);

    // An account Google does not know: the token endpoint refuses it; nothing reaches the model.
    const unknown = await createChannel({ type: 41, key: serviceAccount(vertex.tokenUri, 'proj-gone').keyFile, base_url: vertex.url, models: 'gemini-2.5-flash' });
    const before = vertex.requests.length;
    const refused = await failingTest(unknown);
    expect(refused.message).not.toContain('PRIVATE KEY');
    expect(vertex.requests.length).toBe(before);
  });

  it('follows the relay\'s model mapping rules: a chain is followed, a cycle is a configuration error and nothing is sent', async () => {
    const chained = await createChannel({
      type: 14,
      key: claudeKey,
      base_url: claude.url,
      models: 'claude-a',
      model_mapping: JSON.stringify({ 'claude-a': 'claude-b', 'claude-b': 'claude-opus-4-20250514' }),
    });
    expect((await admin.get(`/api/channel/test/${chained}`).expect(200)).body.success).toBe(true);
    expect(claude.last().json).toMatchObject({ model: 'claude-opus-4-20250514' });

    claude.reset();
    const cycle = await createChannel({ type: 24, key: geminiKey, base_url: gemini.url, models: 'gem-a', model_mapping: JSON.stringify({ 'gem-a': 'gem-b', 'gem-b': 'gem-a' }) });
    const res = await admin.get(`/api/channel/test/${cycle}`).expect(200);
    expect(res.body).toMatchObject({ success: false, time: 0 });
    expect(res.body.message).toContain('model_mapping');
    expect(gemini.requests).toHaveLength(0);
    expect((await channel(cycle)).test_time).toBe(0);
  });

  it('answers native upstream errors in their own words without the key; a structured key error disables when allowed', async () => {
    const badClaude = await createChannel({ type: 14, key: wrongClaudeKey, base_url: claude.url, models: 'claude-bad' });
    const refused = await failingTest(badClaude);
    expect(refused.message).toContain('401');
    expect(JSON.stringify(refused)).not.toContain(wrongClaudeKey);
    expect((await channel(badClaude)).status).toBe(1);

    gemini.next({ kind: 'error', status: 429, grpcStatus: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).', retryDelay: '3s' });
    const limited = await createChannel({ type: 24, key: geminiKey, base_url: gemini.url, models: 'gemini-2.5-flash' });
    const busy = await failingTest(limited);
    expect(busy.message).toContain('429');
    expect(busy.message).toContain('Resource has been exhausted');

    // The relay's error parsing gives the structured signal: Anthropic's authentication_error
    // and Google's API_KEY_INVALID disable the channel when the switches allow it.
    await option('AutomaticDisableChannelEnabled', 'true');
    await admin.get(`/api/channel/test/${badClaude}`).expect(200);
    expect((await channel(badClaude)).status).toBe(3);
    const badGemini = await createChannel({ type: 24, key: wrongGeminiKey, base_url: gemini.url, models: 'gemini-2.5-flash' });
    const invalid = await failingTest(badGemini);
    expect(JSON.stringify(invalid)).not.toContain(wrongGeminiKey);
    expect((await channel(badGemini)).status).toBe(3);
    // A 429 is no reason to disable.
    gemini.next({ kind: 'error', status: 429, grpcStatus: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' });
    await admin.get(`/api/channel/test/${limited}`).expect(200);
    expect((await channel(limited)).status).toBe(1);
  });

  it('test all tests native channels in their own formats: auto-disabled ones that pass come back, a refused key goes', async () => {
    await clearChannels();
    await option('AutomaticDisableChannelEnabled', 'true');
    await option('AutomaticEnableChannelEnabled', 'true');
    const c = await createChannel({ type: 14, key: claudeKey, base_url: claude.url, models: 'claude-all', model_mapping: JSON.stringify({ 'claude-all': 'claude-sonnet-4-20250514' }) });
    const g = await createChannel({ type: 24, key: geminiKey, base_url: gemini.url, models: 'gemini-all', model_mapping: JSON.stringify({ 'gemini-all': 'gemini-2.5-pro' }) });
    const bad = await createChannel({ type: 24, key: wrongGeminiKey, base_url: gemini.url, models: 'gemini-all-bad' });
    for (const id of [c, g]) {
      await health().reportFailure(id, { ...transportFailure('connect'), class: 'auth', status: 401, code: 'invalid_api_key', disableChannel: true });
      expect((await channel(id)).status).toBe(3);
    }
    await queue().idle();

    await admin.get('/api/channel/test').expect(200);
    await queue().idle(60_000);

    expect(claude.requests.map((r) => [r.path, r.json?.model])).toEqual([['/v1/messages', 'claude-sonnet-4-20250514']]);
    expect(gemini.requests.map((r) => r.path).sort()).toEqual(['/v1beta/models/gemini-2.5-pro:generateContent', '/v1beta/models/gemini-all-bad:generateContent']);
    expect((await channel(c)).status).toBe(1);
    expect((await channel(g)).status).toBe(1);
    expect((await channel(bad)).status).toBe(3);
    for (const id of [c, g, bad]) expect((await channel(id)).test_time as number).toBeGreaterThan(Date.now() / 1000 - 60);
    const progress = await admin.get('/api/channel/test/status').expect(200);
    expect(progress.body.data).toMatchObject({ state: 'finished', total: 3, done: 3, failed: 1 });
  });
});
