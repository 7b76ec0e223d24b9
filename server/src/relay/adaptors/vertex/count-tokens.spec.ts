import { generateKeyPairSync } from 'node:crypto';
import { DEFAULT_RELAY_LIMITS } from '../../../wire/canonical/limits';
import { parseChatRequest } from '../../../wire/openai-chat/parse';
import { parseGeminiRequest } from '../../../wire/gemini/parse';
import { parseMessagesRequest } from '../../../wire/anthropic-messages/parse';
import { ChannelConfigError } from '../errors';
import { context, describeRequest, fixtureJson, fixtureText, response } from '../__fixtures__/replay';
import { vertexAdaptor } from './vertex.adaptor';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KEY_FILE = JSON.stringify({ type: 'service_account', project_id: 'proj-count', client_email: 'c@proj-count.iam.gserviceaccount.com', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
const TOKEN = 'ya29.count-token';
const EXPRESS_KEY = 'AQ.express-mode-key-0123456789abcdef';
const claudeCtx = context(41, { key: KEY_FILE, upstreamModel: 'claude-3-haiku@20240307', other: 'us-east5', accessToken: TOKEN });
const geminiCtx = context(41, { key: KEY_FILE, upstreamModel: 'gemini-2.5-flash', accessToken: TOKEN });
const expressCtx = context(41, { key: EXPRESS_KEY, upstreamModel: 'gemini-2.5-flash', other: 'europe-west4' });
const count = vertexAdaptor.countTokens;
const question = () => parseMessagesRequest({ model: 'public', messages: [{ role: 'user', content: 'how many tokens are in this request?' }] }, DEFAULT_RELAY_LIMITS, { countOnly: true });

describe('Vertex AI token counting', () => {
  if (!count) throw new Error('Vertex counts tokens');

  it('Claude: rawPredict on publishers/anthropic/models/count-tokens with the Messages body and its model, as Google documents', () => {
    const req = describeRequest(count.buildRequest(question(), claudeCtx));
    expect(req.url).toBe('https://us-east5-aiplatform.googleapis.com/v1/projects/proj-count/locations/us-east5/publishers/anthropic/models/count-tokens:rawPredict');
    expect(req.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` });
    expect(req.body).toEqual(fixtureJson(__dirname, 'count-tokens-request.json'));
    expect(count.parseCount(response(fixtureText(__dirname, 'count-tokens-response.json')), claudeCtx)).toEqual({ ok: true, inputTokens: 14, wire: 'messages' });
  });

  it('Gemini: :countTokens with the prompt fields at the top level (a wrapped request unwrapped)', () => {
    const body = { generateContentRequest: { model: 'models/public', contents: [{ role: 'user', parts: [{ text: 'hi' }] }], systemInstruction: { parts: [{ text: 'Be brief.' }] }, safetySettings: [] } };
    const req = describeRequest(count.buildRequest(parseGeminiRequest(body, DEFAULT_RELAY_LIMITS, 'public', { countOnly: true }), geminiCtx));
    expect(req.url).toBe('https://us-central1-aiplatform.googleapis.com/v1/projects/proj-count/locations/us-central1/publishers/google/models/gemini-2.5-flash:countTokens');
    expect(req.body).toEqual({ contents: body.generateContentRequest.contents, systemInstruction: body.generateContentRequest.systemInstruction });
    expect(count.parseCount(response('{"totalTokens": 7, "totalBillableCharacters": 20}'), geminiCtx)).toEqual({ ok: true, inputTokens: 7, wire: 'gemini' });
  });
});

describe('Vertex AI express mode (an API key)', () => {
  it('calls the global project-less publishers/google URL with the key in x-goog-api-key, whatever the region', () => {
    const chat = parseChatRequest({ model: 'public', messages: [{ role: 'user', content: 'hi' }] });
    const req = describeRequest(vertexAdaptor.buildTextRequest(chat, expressCtx));
    expect(req.url).toBe('https://aiplatform.googleapis.com/v1/publishers/google/models/gemini-2.5-flash:generateContent');
    expect(req.headers).toMatchObject({ 'x-goog-api-key': EXPRESS_KEY });
    expect(req.headers).not.toHaveProperty('Authorization');
    expect(vertexAdaptor.buildTextRequest(parseChatRequest({ model: 'public', stream: true, messages: [{ role: 'user', content: 'hi' }] }), expressCtx).url).toBe(
      'https://aiplatform.googleapis.com/v1/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
    const native = vertexAdaptor.gemini;
    if (!native) throw new Error('Vertex serves the Gemini-native inbound');
    const g = parseGeminiRequest({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, DEFAULT_RELAY_LIMITS, 'public');
    expect(native.buildRequest(g, { ...expressCtx, baseUrl: 'http://127.0.0.1:9/' }).url).toBe('http://127.0.0.1:9/v1/publishers/google/models/gemini-2.5-flash:generateContent');
    expect(count?.buildRequest(question(), expressCtx).url).toBe('https://aiplatform.googleapis.com/v1/publishers/google/models/gemini-2.5-flash:countTokens');
  });

  it('refuses Claude models with a ChannelConfigError (express mode serves Google models only), and scrubs the key from errors', () => {
    const claude = { ...expressCtx, upstreamModel: 'claude-sonnet-4@20250514' };
    const chat = parseChatRequest({ model: 'public', messages: [{ role: 'user', content: 'hi' }] });
    expect(() => vertexAdaptor.buildTextRequest(chat, claude)).toThrow(ChannelConfigError);
    expect(() => vertexAdaptor.buildTextRequest(chat, claude)).toThrow(/Gemini models only/);
    expect(() => count?.buildRequest(question(), claude)).toThrow(ChannelConfigError);
    const failure = vertexAdaptor.mapError({ status: 400, text: JSON.stringify({ error: { code: 400, message: `API key not valid: ${EXPRESS_KEY}`, status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } }) }, expressCtx);
    expect(failure).toMatchObject({ class: 'auth', disableChannel: true });
    expect(failure.message).not.toContain(EXPRESS_KEY);
  });
});
