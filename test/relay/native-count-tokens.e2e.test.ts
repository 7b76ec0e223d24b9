import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import { estimatePromptTokens } from '../../server/src/billing/estimate';
import { parseGeminiRequest } from '../../server/src/wire/gemini/parse';
import { parseMessagesRequest } from '../../server/src/wire/anthropic-messages/parse';
import { DATABASES } from '../support/env';
import { FakeAnthropic } from '../support/fakes/anthropic';
import { FakeBedrock } from '../support/fakes/bedrock';
import { FakeGemini } from '../support/fakes/gemini';
import { FakeVertex, type ServiceAccount } from '../support/fakes/vertex';
import { consumeLogs, createChannel, createToken, expectCharged, fakeUpstream, fundedUser, relayIdle, setOption, startRelayKit, tokenState, userQuota, withOption, type RelayKit } from './relay-kit';

const CLAUDE = 'claude-sonnet-4-20250514';
const CLAUDE_VERTEX = 'claude-sonnet-4@20250514';
const GEMINI = 'gemini-2.5-flash';
const CREDS = { accessKeyId: 'AKIAFAKECOUNTTOKENS0', secretAccessKey: 'countSecret/K7MDENG/bPxRfiCYEXAMPLEKEYcount', region: 'us-east-1' };
const KEY_ANTHROPIC = 'sk-ant-api03-count-0123456789abcdefghij';
const KEY_GEMINI = 'AIzaSyCount-0123456789abcdefghijklmnop';
const EXPRESS_KEY = 'AQ.Ab8RN6Lcount-express-mode-key-0123';
const MR = 2;
const CR = 4;
/** Public model names, one per channel. */
const M = {
  claude: 'count-claude',
  bedrock: 'count-bedrock',
  vertexClaude: 'count-vertex-claude',
  gemini: 'count-gemini',
  vertexGemini: 'count-vertex-gemini',
  express: 'count-express',
  expressClaude: 'count-express-claude',
  openai: 'count-openai',
} as const;

/** The system prompt and turn every count asks about: the fakes count words, 3 + 4 = 7. */
const SYSTEM = 'Be very brief.';
const TEXT = 'Say hello to everyone';
const messagesBody = (model: string) => ({ model, system: SYSTEM, messages: [{ role: 'user' as const, content: TEXT }] });
/** The gateway's own estimate of that prompt (what a channel without counting answers). */
const messagesEstimate = estimatePromptTokens(parseMessagesRequest(messagesBody('m'), undefined, { countOnly: true }));
const geminiEstimate = (text: string) => estimatePromptTokens(parseGeminiRequest({ contents: [{ role: 'user', parts: [{ text }] }] }, undefined, 'm', { countOnly: true }));

async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
}

/**
 * Token counting on the native channel types through the gateway, with the official clients:
 * `POST /v1/messages/count_tokens` (`@anthropic-ai/sdk` messages.countTokens) and Gemini's
 * `:countTokens` (`@google/genai` models.countTokens) answered by the channel's own count (Claude
 * count_tokens, Bedrock CountTokens, Vertex count-tokens:rawPredict and :countTokens; the fakes
 * count words, which the gateway's estimate never equals), in the caller's format whatever the
 * upstream's, free (no consume log, no quota moved); upstream errors in the caller's format; and
 * Vertex AI express mode (an API key) generating, streamed and not, billed by its usage.
 */
describe.each(DATABASES)('token counting and Vertex express mode on native channels (%s)', (kind) => {
  let kit: RelayKit;
  let claude: FakeAnthropic;
  let gemini: FakeGemini;
  let bedrock: FakeBedrock;
  let vx: FakeVertex;
  let sa: ServiceAccount;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let token: { id: number; key: string };
  let anthropic: Anthropic;
  let google: GoogleGenAI;
  let expressId: number;
  let bedrockId: number;
  let openaiRequests: () => number;

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    claude = await new FakeAnthropic({ key: KEY_ANTHROPIC }).start();
    gemini = await new FakeGemini({ key: KEY_GEMINI }).start();
    bedrock = await new FakeBedrock({ credentials: CREDS }).start();
    vx = await new FakeVertex({ apiKey: EXPRESS_KEY }).start();
    sa = vx.account('proj-count');
    const upstream = await fakeUpstream(kit);
    openaiRequests = () => upstream.requests.length;
    await setOption(kit.root, 'ModelRatio', Object.fromEntries(Object.values(M).map((m) => [m, MR])));
    await setOption(kit.root, 'CompletionRatio', { [M.express]: CR });
    const root = kit.root;
    await createChannel(root, { name: 'claude', type: 14, key: KEY_ANTHROPIC, base_url: claude.url, models: M.claude, model_mapping: JSON.stringify({ [M.claude]: CLAUDE }) });
    const bedrockKey = `${CREDS.accessKeyId}|${CREDS.secretAccessKey}|${CREDS.region}`;
    bedrockId = await createChannel(root, { name: 'bedrock', type: 33, key: bedrockKey, base_url: bedrock.url, models: M.bedrock, model_mapping: JSON.stringify({ [M.bedrock]: CLAUDE }) });
    await createChannel(root, { name: 'vertex-claude', type: 41, key: sa.keyFile, base_url: vx.url, models: M.vertexClaude, model_mapping: JSON.stringify({ [M.vertexClaude]: CLAUDE_VERTEX }), other: 'us-east5' });
    await createChannel(root, { name: 'gemini', type: 24, key: KEY_GEMINI, base_url: gemini.url, models: M.gemini, model_mapping: JSON.stringify({ [M.gemini]: GEMINI }) });
    await createChannel(root, { name: 'vertex-gemini', type: 41, key: sa.keyFile, base_url: vx.url, models: M.vertexGemini, model_mapping: JSON.stringify({ [M.vertexGemini]: GEMINI }) });
    expressId = await createChannel(root, { name: 'vertex-express', type: 41, key: EXPRESS_KEY, base_url: vx.url, models: M.express, model_mapping: JSON.stringify({ [M.express]: GEMINI }), other: 'europe-west4' });
    await createChannel(root, { name: 'vertex-express-claude', type: 41, key: EXPRESS_KEY, base_url: vx.url, models: M.expressClaude, model_mapping: JSON.stringify({ [M.expressClaude]: CLAUDE_VERTEX }) });
    await createChannel(root, { name: 'openai', key: 'sk-upstream-count-0123456789abcdefghij', base_url: upstream.url, models: M.openai });
    user = await fundedUser(kit, 10_000_000);
    token = await createToken(user.caller, { unlimited_quota: false, remain_quota: 5_000_000 });
    anthropic = new Anthropic({ apiKey: token.key, baseURL: kit.t.url, maxRetries: 0 });
    google = new GoogleGenAI({ apiKey: token.key, httpOptions: { baseUrl: kit.t.url, timeout: 30_000 } });
  });
  afterAll(async () => {
    await kit.close();
    await Promise.all([claude.stop(), gemini.stop(), bedrock.stop(), vx.stop()]);
  });
  beforeEach(() => {
    claude.reset();
    gemini.reset();
    bedrock.reset();
    vx.reset();
  });

  /** Runs `call` and checks that it was free: the balances and the consume logs are as they were. */
  async function free<T>(call: () => Promise<T>): Promise<T> {
    await relayIdle(kit);
    const before = { user: await userQuota(user.caller), token: await tokenState(user.caller, token.id), logs: (await consumeLogs(kit.root, user.username)).length };
    const value = await call();
    await relayIdle(kit);
    expect(await userQuota(user.caller)).toEqual(before.user);
    expect(await tokenState(user.caller, token.id)).toEqual(before.token);
    expect(await consumeLogs(kit.root, user.username)).toHaveLength(before.logs);
    return value;
  }

  it('Anthropic client, Claude channel: count_tokens answered by Anthropic (model mapped), not the estimate; free', async () => {
    const counted = await free(() => anthropic.messages.countTokens(messagesBody(M.claude)));
    expect(counted).toEqual({ input_tokens: 7 });
    expect(messagesEstimate).not.toBe(7);
    expect(claude.last()).toMatchObject({ path: '/v1/messages/count_tokens', json: { model: CLAUDE, system: SYSTEM, messages: [{ role: 'user', content: TEXT }] } });
    expect(claude.last().headers['x-api-key']).toBe(KEY_ANTHROPIC);
  });

  it('Anthropic client, AWS Claude channel: Bedrock CountTokens, SigV4-signed, the foundation-model id, the InvokeModel body in base64; free', async () => {
    const counted = await free(() => anthropic.messages.countTokens(messagesBody(M.bedrock)));
    expect(counted).toEqual({ input_tokens: 7 });
    const up = bedrock.last();
    // Generation in us-east-1 goes through the us. profile; CountTokens takes the model's own id.
    expect(up).toMatchObject({ modelId: 'anthropic.claude-sonnet-4-20250514-v1:0', action: 'count-tokens' });
    expect(String(up.headers.authorization)).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${CREDS.accessKeyId}/\\d{8}/us-east-1/bedrock/aws4_request`));
    const invoke = JSON.parse(Buffer.from(String((up.json?.input as { invokeModel: { body: string } }).invokeModel.body), 'base64').toString('utf8')) as Record<string, unknown>;
    expect(invoke).toEqual({ anthropic_version: 'bedrock-2023-05-31', system: SYSTEM, messages: [{ role: 'user', content: TEXT }], max_tokens: 8192 });
    expect(bedrock.refused).toBe(0);
  });

  it('Anthropic client, Vertex Claude channel: count-tokens:rawPredict with the model in the body and the exchanged token; free', async () => {
    const counted = await free(() => anthropic.messages.countTokens(messagesBody(M.vertexClaude)));
    expect(counted).toEqual({ input_tokens: 7 });
    const up = vx.last();
    expect(up).toMatchObject({ mode: 'project', project: 'proj-count', region: 'us-east5', publisher: 'anthropic', model: 'count-tokens', action: 'rawPredict' });
    expect(up.json).toEqual({ model: CLAUDE_VERTEX, system: SYSTEM, messages: [{ role: 'user', content: TEXT }] });
    expect(String(up.headers.authorization)).toMatch(/^Bearer ya29\.fake-/);
  });

  it('Google client, Gemini and Vertex Gemini channels: the provider counts (model mapped), answered as {totalTokens}; free', async () => {
    const words = 'one two three four five';
    expect(geminiEstimate(words)).not.toBe(5);
    const direct = await free(() => google.models.countTokens({ model: M.gemini, contents: words }));
    expect(direct.totalTokens).toBe(5);
    expect(gemini.last()).toMatchObject({ action: 'countTokens', model: GEMINI, json: { contents: [{ role: 'user', parts: [{ text: words }] }] } });
    expect(gemini.last().headers['x-goog-api-key']).toBe(KEY_GEMINI);
    const viaVertex = await free(() => google.models.countTokens({ model: M.vertexGemini, contents: words }));
    expect(viaVertex.totalTokens).toBe(5);
    expect(vx.last()).toMatchObject({ mode: 'project', project: 'proj-count', region: 'us-central1', publisher: 'google', model: GEMINI, action: 'countTokens' });
    expect(vx.last().json).toEqual({ contents: [{ role: 'user', parts: [{ text: words }] }] });
    // Gemini to Gemini: the provider's answer as it wrote it (its modality details too); converted, only the count.
    const raw = async (model: string) => {
      const res = await fetch(`${kit.t.url}/v1beta/models/${model}:countTokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': token.key },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: words }] }] }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await free(() => raw(M.gemini))).toEqual({ status: 200, body: { totalTokens: 5, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 5 }] } });
    expect(await free(() => raw(M.bedrock))).toEqual({ status: 200, body: { totalTokens: expect.any(Number) } });
  });

  it('the answer follows the caller whatever the upstream: a Google client on a Bedrock channel, an Anthropic client on Vertex Gemini and express mode', async () => {
    // (@google/genai sends no system instruction with a Gemini API count.)
    const onBedrock = await free(() => google.models.countTokens({ model: M.bedrock, contents: `${SYSTEM} ${TEXT}` }));
    expect(onBedrock.totalTokens).toBe(7);
    expect(geminiEstimate(`${SYSTEM} ${TEXT}`)).not.toBe(7);
    expect(bedrock.last()).toMatchObject({ modelId: 'anthropic.claude-sonnet-4-20250514-v1:0', action: 'count-tokens' });
    // The fake Gemini counts the contents only: 4 words.
    const onVertexGemini = await free(() => anthropic.messages.countTokens(messagesBody(M.vertexGemini)));
    expect(onVertexGemini).toEqual({ input_tokens: 4 });
    expect(vx.last().json).toEqual({ contents: [{ role: 'user', parts: [{ text: TEXT }] }], systemInstruction: { parts: [{ text: SYSTEM }] } });
    const onExpress = await free(() => google.models.countTokens({ model: M.express, contents: 'one two three' }));
    expect(onExpress.totalTokens).toBe(3);
    expect(vx.last()).toMatchObject({ mode: 'express', publisher: 'google', model: GEMINI, action: 'countTokens' });
    expect(vx.last().headers['x-goog-api-key']).toBe(EXPRESS_KEY);
  });

  it('a channel type that does not count gets the local estimate, nothing sent upstream', async () => {
    const before = openaiRequests();
    expect(await free(() => anthropic.messages.countTokens(messagesBody(M.openai)))).toEqual({ input_tokens: messagesEstimate });
    expect((await free(() => google.models.countTokens({ model: M.openai, contents: 'one two three four five' }))).totalTokens).toBe(geminiEstimate('one two three four five'));
    expect(openaiRequests()).toBe(before);
  });

  it('where Bedrock cannot count (a model without counting, a credential without the permission) the estimate answers; the channel is not held to it', async () => {
    await withOption(kit.root, 'AutomaticDisableChannelEnabled', 'true', 'false', async () => {
      bedrock.next({ kind: 'error', status: 400, type: 'ValidationException', message: "The provided model doesn't support counting tokens." });
      expect(await free(() => anthropic.messages.countTokens(messagesBody(M.bedrock)))).toEqual({ input_tokens: messagesEstimate });
      bedrock.next({ kind: 'error', status: 403, type: 'AccessDeniedException', message: 'User is not authorized to perform: bedrock:CountTokens' });
      expect((await free(() => google.models.countTokens({ model: M.bedrock, contents: 'one two three four five' }))).totalTokens).toBe(geminiEstimate('one two three four five'));
      expect(bedrock.requests.map((r) => r.action)).toEqual(['count-tokens', 'count-tokens']);
      // An AccessDeniedException on InvokeModel disables a channel; on CountTokens it says nothing about generation.
      expect((await kit.root.get(`/api/channel/${bedrockId}`)).body.data.status).toBe(1);
    });
  });

  it('an upstream error reaches each caller in its own format; a Claude model on an express-mode key is the channel\'s misconfiguration; all free', async () => {
    bedrock.next({ kind: 'error', status: 429, type: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' });
    const claudeErr = await free(() => failure(anthropic.messages.countTokens(messagesBody(M.bedrock))));
    expect(claudeErr).toBeInstanceOf(Anthropic.RateLimitError);
    expect(claudeErr).toMatchObject({ status: 429, error: { type: 'error', error: { type: 'rate_limit_error', message: expect.stringContaining('Too many requests') as unknown } } });
    bedrock.next({ kind: 'error', status: 503, type: 'ServiceUnavailableException', message: 'Bedrock is unable to process your request.' });
    const googleErr = await free(() => failure(google.models.countTokens({ model: M.bedrock, contents: 'x' })));
    expect(googleErr).toBeInstanceOf(ApiError);
    expect(googleErr).toMatchObject({ status: 503 });
    expect((googleErr as Error).message).toMatch(/UNAVAILABLE/);
    expect((googleErr as Error).message).toMatch(/unable to process/);
    const misconfigured = await free(() => failure(anthropic.messages.countTokens(messagesBody(M.expressClaude))));
    expect(misconfigured).toBeInstanceOf(Anthropic.InternalServerError);
    expect(misconfigured).toMatchObject({ status: 500, error: { type: 'error', error: { type: 'api_error' } } });
    expect(vx.requests).toHaveLength(0);
  });

  it('Vertex express mode: generateContent with the API key on the project-less path, no token exchange, billed once by the usage', async () => {
    let res: Awaited<ReturnType<typeof google.models.generateContent>> | null = null;
    const log = await expectCharged(kit, user, token.id, async () => {
      res = await google.models.generateContent({ model: M.express, contents: 'Say hello', config: { systemInstruction: 'You are terse.' } });
    });
    const answer = res as unknown as Awaited<ReturnType<typeof google.models.generateContent>>;
    expect(answer.text).toBe('Hello from the fake Gemini.');
    expect(answer.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 });
    const up = vx.last();
    expect(up).toMatchObject({ mode: 'express', version: 'v1', project: '', publisher: 'google', model: GEMINI, action: 'generateContent' });
    expect(up.headers['x-goog-api-key']).toBe(EXPRESS_KEY);
    expect(up.headers.authorization).toBeUndefined();
    // The key travels in a header, never in the URL.
    expect(up.query.get('key')).toBeNull();
    expect(up.json).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }], systemInstruction: { parts: [{ text: 'You are terse.' }] } });
    expect(vx.exchanges).toHaveLength(0);
    // (12 + 5·4)·2 = 64
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, model_name: M.express, channel: expressId, is_stream: false });
  });

  it('Vertex express mode: streamGenerateContent?alt=sse, chunks relayed, billed once by the final usage', async () => {
    let text = '';
    let usage: unknown = null;
    const log = await expectCharged(kit, user, token.id, async () => {
      for await (const chunk of await google.models.generateContentStream({ model: M.express, contents: 'Say hello' })) {
        text += chunk.text ?? '';
        usage = chunk.usageMetadata ?? usage;
      }
    });
    expect(text).toBe('Hello from the fake Gemini.');
    expect(usage).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 5 });
    expect(vx.last()).toMatchObject({ mode: 'express', action: 'streamGenerateContent' });
    expect(vx.last().query.get('alt')).toBe('sse');
    expect(vx.exchanges).toHaveLength(0);
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, is_stream: true, channel: expressId });
  });

  it('Vertex express mode: the channel test runs through the relay\'s attempt path without a token exchange', async () => {
    const res = await kit.root.get(`/api/channel/test/${expressId}`);
    expect(res.body).toMatchObject({ success: true });
    expect(vx.last()).toMatchObject({ mode: 'express', action: 'generateContent', model: GEMINI });
    expect(vx.exchanges).toHaveLength(0);
  });
});
