import { generateKeyPairSync, verify } from 'node:crypto';
import { parseGeminiRequest } from '../../../wire/gemini/parse';
import { parseMessagesRequest } from '../../../wire/anthropic-messages/parse';
import { DEFAULT_RELAY_LIMITS } from '../../../wire/canonical/limits';
import { parseChatRequest } from '../../../wire/openai-chat/parse';
import { encodeAnswer } from '../../../wire/format';
import { openAIChatFormat } from '../../../wire/openai-chat';
import { ChannelConfigError } from '../errors';
import { context, describeRequest, fixtureJson, fixtureText, response } from '../__fixtures__/replay';
import { vertexCredentials } from './credentials';
import { regionHost, vertexRegion } from './region';
import { signedAssertion, VERTEX_SCOPE, vertexTokenExchange } from './token';
import { vertexAdaptor } from './vertex.adaptor';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KEY_FILE = JSON.stringify({
  type: 'service_account',
  project_id: 'proj-spec',
  private_key_id: 'kid-0123',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  client_email: 'relay@proj-spec.iam.gserviceaccount.com',
  token_uri: 'https://oauth2.googleapis.com/token',
});
const TOKEN = 'ya29.spec-token';
const claudeCtx = context(41, { key: KEY_FILE, upstreamModel: 'claude-sonnet-4@20250514', other: 'europe-west1', accessToken: TOKEN });
const geminiCtx = context(41, { key: KEY_FILE, upstreamModel: 'gemini-2.5-flash', accessToken: TOKEN });
const EXPRESS_KEY = 'AIzaSyD-express-mode-key_0123456789';
const expressCtx = context(41, { key: EXPRESS_KEY, upstreamModel: 'gemini-2.5-flash' });
const chat = (extra: Record<string, unknown> = {}) => parseChatRequest({ model: 'public', messages: [{ role: 'user', content: 'Hey Claude!' }], max_tokens: 100, ...extra });

describe('Vertex AI credentials and token exchange', () => {
  it('parses the service-account key once into typed credentials', () => {
    const a = vertexCredentials(KEY_FILE);
    expect(a).toMatchObject({ kind: 'service_account', projectId: 'proj-spec', clientEmail: 'relay@proj-spec.iam.gserviceaccount.com', privateKeyId: 'kid-0123', tokenUri: 'https://oauth2.googleapis.com/token' });
    expect(vertexCredentials(KEY_FILE)).toBe(a);
  });

  it('reads a key that is not JSON as an express mode API key, which needs no token exchange', () => {
    expect(vertexCredentials(` ${EXPRESS_KEY}\n`)).toEqual({ kind: 'api_key', apiKey: EXPRESS_KEY });
    expect(vertexTokenExchange.applies?.(expressCtx)).toBe(false);
    expect(vertexTokenExchange.applies?.(geminiCtx)).toBe(true);
    expect(() => vertexTokenExchange.buildRequest(expressCtx, 1_700_000_000)).toThrow(ChannelConfigError);
  });

  it('refuses keys that are neither service-account keys nor API keys, without echoing them', () => {
    const bad = [
      'AIzaSy secret-not-pem with spaces',
      '{"type": "service_account", "private_key": "secret-not-pem"',
      JSON.stringify({ type: 'authorized_user', project_id: 'p' }),
      JSON.stringify({ type: 'service_account', project_id: 'p', client_email: 'a@b', private_key: 'secret-not-pem' }),
      JSON.stringify({ type: 'service_account', client_email: 'a@b', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }),
    ];
    for (const key of bad) {
      expect(() => vertexCredentials(key)).toThrow(ChannelConfigError);
      try {
        vertexCredentials(key);
      } catch (err) {
        expect((err as Error).message).not.toContain('secret-not-pem');
        expect((err as Error).message).not.toContain('AIzaSy');
      }
    }
  });

  it('signs an RS256 JWT for the token URI with the cloud-platform scope, one hour from the clock given', () => {
    const jwt = signedAssertion(geminiCtx, 1_700_000_000);
    const [h, c, s] = jwt.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'kid-0123' });
    expect(JSON.parse(Buffer.from(c, 'base64url').toString())).toEqual({
      iss: 'relay@proj-spec.iam.gserviceaccount.com',
      scope: VERTEX_SCOPE,
      aud: 'https://oauth2.googleapis.com/token',
      iat: 1_700_000_000,
      exp: 1_700_003_600,
    });
    expect(verify('sha256', Buffer.from(`${h}.${c}`), publicKey, Buffer.from(s, 'base64url'))).toBe(true);
    // Pure: the same clock gives the same assertion (PKCS#1 v1.5 signatures are deterministic).
    expect(signedAssertion(geminiCtx, 1_700_000_000)).toBe(jwt);
  });

  it('posts the jwt-bearer grant form to the key’s token_uri', () => {
    const req = vertexTokenExchange.buildRequest(geminiCtx, 1_700_000_000);
    expect(req).toMatchObject({ method: 'POST', url: 'https://oauth2.googleapis.com/token', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    const form = new URLSearchParams(String(req.body));
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(form.get('assertion')).toBe(signedAssertion(geminiCtx, 1_700_000_000));
    // The cache identity is a digest, never the key.
    expect(vertexTokenExchange.cacheKey(geminiCtx)).toMatch(/^vertex:[0-9a-f]{64}$/);
  });

  it('reads the documented token answer and error', () => {
    expect(vertexTokenExchange.parseResponse(response(fixtureText(__dirname, 'token-response.json')), geminiCtx)).toEqual({ ok: true, token: 'ya29.c.b0AXv0zTPsample-access-token', expiresInSeconds: 3599 });
    const refused = vertexTokenExchange.parseResponse(response(fixtureText(__dirname, 'token-error-invalid-grant.json'), 400), geminiCtx);
    expect(refused).toMatchObject({ ok: false, failure: { class: 'auth', disableChannel: true, retryable: false, status: 401, code: 'invalid_grant' } });
    expect(refused.ok ? '' : refused.failure.message).toContain('Invalid JWT Signature.');
    const down = vertexTokenExchange.parseResponse(response('<html>oops</html>', 503), geminiCtx);
    expect(down).toMatchObject({ ok: false, failure: { class: 'server', retryable: true, disableChannel: false, status: 503 } });
    expect(vertexTokenExchange.parseResponse(response('{"token_type":"Bearer"}'), geminiCtx)).toMatchObject({ ok: false, failure: { status: 502 } });
  });
});

describe('Vertex AI region', () => {
  it('reads a plain region, a map with per-model entries and a default, and defaults to us-central1', () => {
    expect(vertexRegion('', 'm')).toBe('us-central1');
    expect(vertexRegion(' asia-northeast1 ', 'm')).toBe('asia-northeast1');
    const map = JSON.stringify({ default: 'us-east5', 'gemini-2.5-pro': 'europe-west4' });
    expect(vertexRegion(map, 'gemini-2.5-pro')).toBe('europe-west4');
    expect(vertexRegion(map, 'gemini-2.0-flash')).toBe('us-east5');
    expect(regionHost('global')).toBe('https://aiplatform.googleapis.com');
    expect(regionHost('us-east5')).toBe('https://us-east5-aiplatform.googleapis.com');
  });

  it('refuses a map without default and names that are not regions', () => {
    expect(() => vertexRegion(JSON.stringify({ 'gemini-2.5-pro': 'europe-west4' }), 'x')).toThrow(ChannelConfigError);
    expect(() => vertexRegion('us-central1/../../x', 'm')).toThrow(ChannelConfigError);
    expect(() => vertexRegion(JSON.stringify({ default: 'evil.example.com' }), 'm')).toThrow(ChannelConfigError);
  });
});

describe('Vertex AI adaptor (type 41): OpenAI chat to rawPredict and generateContent', () => {
  it('sends Claude models to publishers/anthropic rawPredict with the documented body and the Bearer token', () => {
    const req = describeRequest(vertexAdaptor.buildTextRequest(chat(), claudeCtx));
    expect(req.url).toBe('https://europe-west1-aiplatform.googleapis.com/v1/projects/proj-spec/locations/europe-west1/publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict');
    expect(req.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` });
    expect(req.body).toEqual(fixtureJson(__dirname, 'raw-predict-request.json'));
  });

  it('streams Claude through streamRawPredict and Gemini through streamGenerateContent?alt=sse', () => {
    expect(vertexAdaptor.buildTextRequest(chat({ stream: true }), claudeCtx)).toMatchObject({ expect: 'sse', url: expect.stringMatching(/:streamRawPredict$/) });
    expect(JSON.parse(String(vertexAdaptor.buildTextRequest(chat({ stream: true }), claudeCtx).body))).toMatchObject({ stream: true, anthropic_version: 'vertex-2023-10-16' });
    const g = vertexAdaptor.buildTextRequest(chat({ stream: true }), geminiCtx);
    expect(g.url).toBe('https://us-central1-aiplatform.googleapis.com/v1/projects/proj-spec/locations/us-central1/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
  });

  it('sends Gemini models to publishers/google generateContent with the Generative Language body, no API key', () => {
    const req = describeRequest(vertexAdaptor.buildTextRequest(chat(), { ...geminiCtx, other: 'global' }));
    expect(req.url).toBe('https://aiplatform.googleapis.com/v1/projects/proj-spec/locations/global/publishers/google/models/gemini-2.5-flash:generateContent');
    expect(req.headers).not.toHaveProperty('x-goog-api-key');
    expect(req.body).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'Hey Claude!' }] }], generationConfig: { maxOutputTokens: 100 } });
  });

  it('uses the channel base URL in place of the regional host', () => {
    const req = vertexAdaptor.buildTextRequest(chat(), { ...geminiCtx, baseUrl: 'http://127.0.0.1:9/' });
    expect(req.url).toBe('http://127.0.0.1:9/v1/projects/proj-spec/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent');
  });

  it('reads a rawPredict answer as a canonical answer with its usage (an OpenAI chat completion from the chat format)', () => {
    const parsed = vertexAdaptor.parseTextResponse(chat(), response(fixtureText(__dirname, 'raw-predict-response.json')), claudeCtx);
    expect(parsed).toMatchObject({ ok: true, answer: { parts: [{ type: 'text', text: 'Hello! How can I help you today?' }], finishReason: 'stop' } });
    const encoded = encodeAnswer(openAIChatFormat, chat(), parsed);
    if (!parsed.ok || !encoded.ok) throw new Error('expected ok');
    expect(JSON.parse(encoded.clientBody)).toMatchObject({ object: 'chat.completion', choices: [{ message: { content: 'Hello! How can I help you today?' }, finish_reason: 'stop' }] });
    expect(parsed.usage).toMatchObject({ promptTokens: 10, completionTokens: 12 });
  });

  it('maps Google and Anthropic error shapes, scrubbing the access token', () => {
    const unauth = vertexAdaptor.mapError({ status: 401, text: fixtureText(__dirname, 'error-unauthenticated.json') }, geminiCtx);
    expect(unauth).toMatchObject({ class: 'auth', disableChannel: true, status: 401, type: 'UNAUTHENTICATED' });
    const overloaded = vertexAdaptor.mapError({ status: 529, text: JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: `busy ${TOKEN}` } }) }, claudeCtx);
    expect(overloaded).toMatchObject({ retryable: true, type: 'overloaded_error' });
    expect(overloaded.message).not.toContain(TOKEN);
  });

  it('builds nothing without an access token', () => {
    expect(() => vertexAdaptor.buildTextRequest(chat(), { ...claudeCtx, accessToken: undefined })).toThrow('without an access token');
  });

  it('passes a Messages body through to rawPredict for Claude models and converts it for Gemini models', () => {
    const msg = parseMessagesRequest({ model: 'public', max_tokens: 50, metadata: { user_id: 'u1' }, messages: [{ role: 'user', content: 'hi' }] }, DEFAULT_RELAY_LIMITS);
    const messages = vertexAdaptor.messages;
    if (!messages) throw new Error('Vertex serves /v1/messages');
    const claude = describeRequest(messages.buildRequest(msg, claudeCtx));
    expect(claude.url).toMatch(/publishers\/anthropic\/models\/claude-sonnet-4@20250514:rawPredict$/);
    expect(claude.body).toEqual({ anthropic_version: 'vertex-2023-10-16', max_tokens: 50, metadata: { user_id: 'u1' }, messages: [{ role: 'user', content: 'hi' }] });
    const gemini = describeRequest(messages.buildRequest(msg, geminiCtx));
    expect(gemini.url).toMatch(/publishers\/google\/models\/gemini-2.5-flash:generateContent$/);
    expect(gemini.body).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 50 } });
  });

  it('passes a Gemini-native body through to publishers/google for Gemini models and converts it for Claude models', () => {
    const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' }] };
    const native = vertexAdaptor.gemini;
    if (!native) throw new Error('Vertex serves the Gemini-native inbound');
    const whole = describeRequest(native.buildRequest(parseGeminiRequest(body, DEFAULT_RELAY_LIMITS, 'public'), geminiCtx));
    expect(whole.url).toBe('https://us-central1-aiplatform.googleapis.com/v1/projects/proj-spec/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent');
    expect(whole.body).toEqual(body);
    expect(whole.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` });
    const stream = native.buildRequest(parseGeminiRequest({ body, stream: true, sse: false }, DEFAULT_RELAY_LIMITS, 'public'), geminiCtx);
    expect(stream).toMatchObject({ expect: 'sse', url: expect.stringMatching(/:streamGenerateContent\?alt=sse$/) });
    const claude = describeRequest(native.buildRequest(parseGeminiRequest(body, DEFAULT_RELAY_LIMITS, 'public'), claudeCtx));
    expect(claude.url).toMatch(/publishers\/anthropic\/models\/claude-sonnet-4@20250514:rawPredict$/);
    expect(claude.body).toMatchObject({ anthropic_version: 'vertex-2023-10-16', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
  });
});
