import { verify } from 'node:crypto';
import AnthropicBedrock from '@anthropic-ai/bedrock-sdk';
import Anthropic, { type APIError } from '@anthropic-ai/sdk';
import AnthropicVertex from '@anthropic-ai/vertex-sdk';
// The AWS SDK's own Bedrock runtime client and its HTTP/1.1 handler (both installed with
// @anthropic-ai/bedrock-sdk, not declared here): CountTokens on the AWS SDK's wire.
import { BedrockRuntimeClient, CountTokensCommand, ValidationException } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { ApiError, FinishReason, GoogleGenAI, type FunctionDeclaration } from '@google/genai';
import { GoogleAuth } from 'google-auth-library';
import { BEDROCK_ANTHROPIC_VERSIONS, FakeBedrock } from '../support/fakes/bedrock';
import { FakeVertex, GOOGLE_TOKEN_URL, VERTEX_ANTHROPIC_VERSIONS, VERTEX_SCOPE, serviceAccount, type ServiceAccount } from '../support/fakes/vertex';

/**
 * The official provider clients pointed straight at the fake upstreams, with no gateway between:
 * AnthropicBedrock signs with SigV4 (the AWS SDK's signer, not ours) and decodes the binary AWS
 * event stream with the AWS SDK's own deserializer; AnthropicVertex calls rawPredict /
 * streamRawPredict with a google-auth-library token; @google/genai in Vertex mode calls
 * generateContent / streamGenerateContent with a token google-auth-library exchanged for a
 * service-account JWT at the fake's token endpoint. What they accept and refuse proves the fakes
 * speak the providers' documented wire formats, not merely the gateway's reading of them.
 */

const BEDROCK_MODEL = 'us.anthropic.claude-sonnet-4-20250514-v1:0';
const CREDS = { accessKeyId: 'AKIAFAKEOFFICIALCLNT', secretAccessKey: 'fakeSecret/K7MDENG/bPxRfiCYEXAMPLEKEYoc', region: 'us-east-1' };
const BEDROCK_API_KEY = 'ABSKQmVkcm9ja0FQSUtleS1vZmZpY2lhbC1jbGllbnQ=';
const VERTEX_CLAUDE = 'claude-sonnet-4@20250514';
const EXPRESS_KEY = 'AQ.Ab8RN6Lfake-express-mode-key-official';
const GEMINI = 'gemini-2.5-flash';
const WEATHER: Anthropic.Tool[] = [{ name: 'get_weather', description: 'Weather by city', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }];
const WEATHER_FN: FunctionDeclaration = { name: 'get_weather', description: 'Weather by city', parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };

/**
 * google-auth-library (Node) posts every service-account JWT to Google's token endpoint and ignores
 * the key file's `token_uri`; its documented `clientOptions.transporterOptions.fetchImplementation`
 * is the seam that delivers that one request to the fake's token endpoint, untouched. Any other
 * URL fails, so the test never reaches the network.
 */
function tokenRoute(vx: FakeVertex): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== GOOGLE_TOKEN_URL) return Promise.reject(new Error(`unexpected request to ${url}`));
    return fetch(vx.tokenUri, init);
  };
}

function googleAuthOptions(vx: FakeVertex, sa: ServiceAccount) {
  return { credentials: JSON.parse(sa.keyFile) as Record<string, string>, scopes: [VERTEX_SCOPE], clientOptions: { transporterOptions: { fetchImplementation: tokenRoute(vx) } } };
}

/**
 * A tool round trip through an official Messages client (Bedrock's or Vertex's): the call streamed,
 * then its result sent back and answered. Returns the first (tool_use) message.
 */
async function toolRoundTrip(client: AnthropicBedrock | AnthropicVertex, model: string): Promise<Anthropic.Message> {
  const first = await client.messages.stream({ model, max_tokens: 64, tools: WEATHER, messages: [{ role: 'user', content: 'Weather in Paris?' }] }).finalMessage();
  expect(first.stop_reason).toBe('tool_use');
  const call = first.content[0];
  if (call?.type !== 'tool_use') throw new Error('expected a tool_use block');
  expect(call).toMatchObject({ name: 'get_weather', input: { city: 'Paris' } });
  const second = await client.messages.create({
    model,
    max_tokens: 64,
    tools: WEATHER,
    messages: [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: first.content },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '18C and sunny' }] },
    ],
  });
  expect(second.content).toEqual([{ type: 'text', text: 'Tool result: 18C and sunny' }]);
  return first;
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
}

describe('AnthropicBedrock straight at the fake Bedrock runtime', () => {
  let fake: FakeBedrock;
  let client: AnthropicBedrock;
  /** A SigV4-signing client of the fake's key, with some options changed. */
  const bedrock = (opts: { awsAccessKey?: string; awsSecretKey?: string; awsRegion?: string; defaultHeaders?: Record<string, string> }) =>
    new AnthropicBedrock({ baseURL: fake.url, awsRegion: CREDS.region, awsAccessKey: CREDS.accessKeyId, awsSecretKey: CREDS.secretAccessKey, apiKey: null, maxRetries: 0, ...opts });

  beforeAll(async () => {
    fake = await new FakeBedrock({ credentials: CREDS, apiKey: BEDROCK_API_KEY, inputTokens: 21, toolInput: { city: 'Paris' } }).start();
    client = bedrock({});
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it('InvokeModel: the SDK-signed request is accepted; text, stop reason and usage as the fixture says', async () => {
    const msg = await client.messages.create({ model: BEDROCK_MODEL, max_tokens: 64, system: 'You are terse.', messages: [{ role: 'user', content: 'Say hello' }] });
    expect(msg.content).toEqual([{ type: 'text', text: 'Hello from the fake Bedrock.' }]);
    expect(msg).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'end_turn', usage: { input_tokens: 21, output_tokens: 5 } });
    const up = fake.last();
    expect(up).toMatchObject({ modelId: BEDROCK_MODEL, action: 'invoke' });
    // The SDK moves its anthropic-version header into the body (2026-10-21 for @anthropic-ai/sdk 1.x); model and stream leave it.
    expect(up.json).toEqual({ anthropic_version: expect.any(String) as unknown, max_tokens: 64, system: 'You are terse.', messages: [{ role: 'user', content: 'Say hello' }] });
    expect(BEDROCK_ANTHROPIC_VERSIONS).toContain(up.json?.anthropic_version);
    expect(String(up.headers.authorization)).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${CREDS.accessKeyId}/\\d{8}/us-east-1/bedrock/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$`));
    expect(fake.refused).toBe(0);
  });

  it('InvokeModelWithResponseStream: the AWS SDK deserializer reads the binary event stream; the stream helper rebuilds the message', async () => {
    const stream = client.messages.stream({ model: BEDROCK_MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'Say hello' }] });
    const types: string[] = [];
    let text = '';
    stream.on('streamEvent', (e) => types.push(e.type));
    stream.on('text', (t) => (text += t));
    const final = await stream.finalMessage();
    expect(text).toBe('Hello from the fake Bedrock.');
    expect(final).toMatchObject({ stop_reason: 'end_turn', usage: { input_tokens: 21, output_tokens: 5 }, content: [{ type: 'text', text: 'Hello from the fake Bedrock.' }] });
    expect(types[0]).toBe('message_start');
    expect(types.at(-1)).toBe('message_stop');
    expect(types.filter((t) => t === 'content_block_delta')).toHaveLength(5);
    expect(fake.last()).toMatchObject({ modelId: BEDROCK_MODEL, action: 'invoke-with-response-stream' });
    expect(fake.last().json).not.toHaveProperty('stream');
  });

  it('a tool round trip: tool_use streamed as input_json_delta fragments, then the tool result answered', async () => {
    await toolRoundTrip(client, BEDROCK_MODEL);
    expect(fake.last().json).toMatchObject({ tools: [{ name: 'get_weather' }] });
  });

  it('a wrong secret fails the signature check and an unknown access key is not recognized: 403, typed by the SDK', async () => {
    const wrongSecret = await failure(bedrock({ awsSecretKey: 'wrongSecret0123456789' }).messages.create({ model: BEDROCK_MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }));
    expect(wrongSecret).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect(wrongSecret).toMatchObject({ status: 403, error: { message: expect.stringMatching(/^The request signature we calculated does not match/) as unknown } });
    expect((wrongSecret as APIError).headers?.get('x-amzn-errortype')).toMatch(/^InvalidSignatureException:/);
    const unknownKey = await failure(bedrock({ awsAccessKey: 'AKIAUNKNOWNKEY000000' }).messages.create({ model: BEDROCK_MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }));
    expect(unknownKey).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect((unknownKey as APIError).headers?.get('x-amzn-errortype')).toMatch(/^UnrecognizedClientException:/);
    // Signed for another region: the credential scope does not match.
    const otherRegion = await failure(bedrock({ awsRegion: 'eu-west-1' }).messages.create({ model: BEDROCK_MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }));
    expect(otherRegion).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect(fake.refused).toBe(3);
    expect(fake.requests).toHaveLength(0);
  });

  it('a Bedrock API key (Bearer) is accepted; a wrong one is refused 403', async () => {
    const viaKey = new AnthropicBedrock({ baseURL: fake.url, awsRegion: CREDS.region, apiKey: BEDROCK_API_KEY, maxRetries: 0 });
    const msg = await viaKey.messages.create({ model: BEDROCK_MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'Say hello' }] });
    expect(msg.content).toEqual([{ type: 'text', text: 'Hello from the fake Bedrock.' }]);
    expect(fake.last().headers.authorization).toBe(`Bearer ${BEDROCK_API_KEY}`);
    const wrong = new AnthropicBedrock({ baseURL: fake.url, awsRegion: CREDS.region, apiKey: 'ABSKwrong', maxRetries: 0 });
    await expect(wrong.messages.create({ model: BEDROCK_MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(Anthropic.PermissionDeniedError);
  });

  it('Bedrock errors: an HTTP ThrottlingException is a RateLimitError, a ValidationException a BadRequestError, a stream exception frame an SDK error event', async () => {
    fake.next({ kind: 'error', status: 429, type: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' });
    const throttled = await failure(client.messages.create({ model: BEDROCK_MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }));
    expect(throttled).toBeInstanceOf(Anthropic.RateLimitError);
    expect(throttled).toMatchObject({ status: 429, error: { message: 'Too many requests, please wait before trying again.' } });
    const invalid = await failure(client.messages.create({ model: BEDROCK_MODEL, max_tokens: 8, messages: [] }));
    expect(invalid).toBeInstanceOf(Anthropic.BadRequestError);
    expect((invalid as APIError).headers?.get('x-amzn-errortype')).toMatch(/^ValidationException:/);
    // An API version Bedrock does not know, sent the way the SDK sends its own.
    const unknownVersion = await failure(bedrock({ defaultHeaders: { 'anthropic-version': '2099-01-01' } }).messages.create({ model: BEDROCK_MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }));
    expect(unknownVersion).toBeInstanceOf(Anthropic.BadRequestError);
    expect(fake.last().json).toMatchObject({ anthropic_version: '2099-01-01' });
    fake.next({ kind: 'message', content: [{ type: 'text', text: 'one two three four' }], exceptionAfter: 3 });
    let text = '';
    const stream = client.messages.stream({ model: BEDROCK_MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'x' }] });
    stream.on('text', (t) => (text += t));
    const mid = await failure(stream.finalMessage());
    expect(mid).toBeInstanceOf(Anthropic.APIError);
    expect(mid).toMatchObject({ error: { type: 'error', error: { type: 'throttlingException', message: 'Too many tokens, please wait before trying again.' } } });
    expect(text).toBe('one ');
  });

  it('a frame whose CRC does not match fails the stream in the AWS decoder', async () => {
    fake.next({ kind: 'stream_corrupt' });
    await expect(client.messages.stream({ model: BEDROCK_MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }).finalMessage()).rejects.toThrow(/checksum|crc/i);
  });

  it('CountTokens from the AWS SDK: the base64 InvokeModel body counted for a foundation model; a cross-region profile is a ValidationException', async () => {
    // The SDK warns once that its 2027 releases need Node 22; this machine runs Node 20.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
    const runtime = new BedrockRuntimeClient({ endpoint: fake.url, region: CREDS.region, credentials: { accessKeyId: CREDS.accessKeyId, secretAccessKey: CREDS.secretAccessKey }, maxAttempts: 1, requestHandler: new NodeHttpHandler() });
    const body = JSON.stringify({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 64, system: 'You are terse.', messages: [{ role: 'user', content: 'Say hello to everyone' }] });
    const counted = await runtime.send(new CountTokensCommand({ modelId: 'anthropic.claude-sonnet-4-20250514-v1:0', input: { invokeModel: { body: new TextEncoder().encode(body) } } }));
    // One token per word: 3 + 4.
    expect(counted.inputTokens).toBe(7);
    const up = fake.last();
    expect(up).toMatchObject({ modelId: 'anthropic.claude-sonnet-4-20250514-v1:0', action: 'count-tokens' });
    expect(Buffer.from(String((up.json?.input as { invokeModel: { body: string } }).invokeModel.body), 'base64').toString('utf8')).toBe(body);
    expect(String(up.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=/);
    const converse = await runtime.send(new CountTokensCommand({ modelId: 'anthropic.claude-sonnet-4-20250514-v1:0', input: { converse: { messages: [{ role: 'user', content: [{ text: 'one two three' }] }] } } }));
    expect(converse.inputTokens).toBe(3);
    const profile = await failure(runtime.send(new CountTokensCommand({ modelId: BEDROCK_MODEL, input: { invokeModel: { body: new TextEncoder().encode(body) } } })));
    expect(profile).toBeInstanceOf(ValidationException);
    expect(fake.refused).toBe(0);
    runtime.destroy();
  });
});

describe('AnthropicVertex and @google/genai (Vertex mode) straight at the fake Vertex AI', () => {
  let vx: FakeVertex;
  let sa: ServiceAccount;
  let claude: AnthropicVertex;
  let gemini: GoogleGenAI;
  const exchangesOf = (account: ServiceAccount) => vx.exchanges.filter((e) => e.claims.iss === account.clientEmail);

  beforeAll(async () => {
    // @google/genai announces on console.debug that explicit credentials win over an API key.
    jest.spyOn(console, 'debug').mockImplementation(() => undefined);
    vx = await new FakeVertex({ toolArgs: { city: 'Paris' }, apiKey: EXPRESS_KEY }).start();
    sa = vx.account('proj-official');
    claude = new AnthropicVertex({ baseURL: `${vx.url}/v1`, region: 'europe-west1', googleAuth: new GoogleAuth(googleAuthOptions(vx, sa)), maxRetries: 0 });
    gemini = new GoogleGenAI({ vertexai: true, project: 'proj-official', location: 'us-central1', googleAuthOptions: googleAuthOptions(vx, sa), httpOptions: { baseUrl: vx.url } });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await vx.stop();
  });
  beforeEach(() => {
    vx.gemini.reset();
    vx.anthropic.reset();
    vx.requests.length = 0;
  });

  it('google-auth-library exchanges an RS256 JWT at the token endpoint; AnthropicVertex calls rawPredict with the token: text and usage as the fixture says', async () => {
    const msg = await claude.messages.create({ model: VERTEX_CLAUDE, max_tokens: 64, system: 'You are terse.', messages: [{ role: 'user', content: 'Say hello' }] });
    expect(msg.content).toEqual([{ type: 'text', text: 'Hello from the fake Claude.' }]);
    expect(msg).toMatchObject({ stop_reason: 'end_turn', usage: { input_tokens: 21, output_tokens: 5 } });
    const [ex] = exchangesOf(sa);
    if (!ex) throw new Error('no token exchange');
    expect(ex.claims).toMatchObject({ iss: sa.clientEmail, scope: VERTEX_SCOPE, aud: GOOGLE_TOKEN_URL });
    const [h, c, sig] = ex.assertion.split('.') as [string, string, string];
    expect(verify('sha256', Buffer.from(`${h}.${c}`), sa.publicKey, Buffer.from(sig, 'base64url'))).toBe(true);
    const up = vx.last();
    expect(up).toMatchObject({ project: 'proj-official', region: 'europe-west1', publisher: 'anthropic', model: VERTEX_CLAUDE, action: 'rawPredict' });
    expect(up.headers.authorization).toBe(`Bearer ${ex.token}`);
    expect(up.json).toEqual({ anthropic_version: expect.any(String) as unknown, max_tokens: 64, system: 'You are terse.', messages: [{ role: 'user', content: 'Say hello' }] });
    expect(VERTEX_ANTHROPIC_VERSIONS).toContain(up.json?.anthropic_version);
  });

  it('AnthropicVertex streams through streamRawPredict; the stream helper rebuilds the message; the token is reused', async () => {
    const stream = claude.messages.stream({ model: VERTEX_CLAUDE, max_tokens: 64, messages: [{ role: 'user', content: 'Say hello' }] });
    let text = '';
    stream.on('text', (t) => (text += t));
    const final = await stream.finalMessage();
    expect(text).toBe('Hello from the fake Claude.');
    expect(final).toMatchObject({ stop_reason: 'end_turn', usage: { input_tokens: 21, output_tokens: 5 } });
    expect(vx.last()).toMatchObject({ publisher: 'anthropic', model: VERTEX_CLAUDE, action: 'streamRawPredict' });
    expect(vx.last().json).toMatchObject({ stream: true });
    expect(vx.last().json).not.toHaveProperty('model');
    // google-auth-library caches the access token: a second call exchanges nothing.
    const issued = exchangesOf(sa).length;
    expect(issued).toBeGreaterThanOrEqual(1);
    await claude.messages.create({ model: VERTEX_CLAUDE, max_tokens: 64, messages: [{ role: 'user', content: 'Again' }] });
    expect(exchangesOf(sa)).toHaveLength(issued);
    expect(vx.last().headers.authorization).toBe(`Bearer ${exchangesOf(sa).at(-1)?.token}`);
  });

  it('AnthropicVertex: a tool round trip', async () => {
    await toolRoundTrip(claude, VERTEX_CLAUDE);
  });

  it('AnthropicVertex: an anthropic_version Vertex does not know is a 400 BadRequestError in Anthropic\'s error shape', async () => {
    const odd = new AnthropicVertex({ baseURL: `${vx.url}/v1`, region: 'europe-west1', googleAuth: new GoogleAuth(googleAuthOptions(vx, sa)), defaultHeaders: { 'anthropic-version': '2099-01-01' }, maxRetries: 0 });
    const err = await failure(odd.messages.create({ model: VERTEX_CLAUDE, max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }));
    expect(err).toBeInstanceOf(Anthropic.BadRequestError);
    expect(err).toMatchObject({ status: 400, error: { type: 'error', error: { type: 'invalid_request_error' } } });
    expect(vx.last().json).toMatchObject({ anthropic_version: '2099-01-01' });
  });

  it('AnthropicVertex: an access token the fake did not issue is a 401 AuthenticationError; an unknown service account fails the token exchange', async () => {
    const forged = new AnthropicVertex({ baseURL: `${vx.url}/v1`, region: 'europe-west1', projectId: 'proj-official', googleAuth: new GoogleAuth(googleAuthOptions(vx, sa)), defaultHeaders: { authorization: 'Bearer ya29.not-issued' }, maxRetries: 0 });
    const err = await failure(forged.messages.create({ model: VERTEX_CLAUDE, max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }));
    expect(err).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(err).toMatchObject({ status: 401, error: { error: { code: 401, status: 'UNAUTHENTICATED' } } });
    const exchangeFails = async (account: ServiceAccount) => {
      const issued = vx.exchanges.length;
      const c = new AnthropicVertex({ baseURL: `${vx.url}/v1`, region: 'europe-west1', googleAuth: new GoogleAuth(googleAuthOptions(vx, account)), maxRetries: 0 });
      const e = await failure(c.messages.create({ model: VERTEX_CLAUDE, max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }));
      expect(e).toBeInstanceOf(Anthropic.APIConnectionError);
      expect(vx.exchanges).toHaveLength(issued);
      return String((e as Error & { cause?: unknown }).cause);
    };
    // An account Google does not know; a known account signing with a key it does not have.
    expect(await exchangeFails(serviceAccount(vx.tokenUri, 'proj-stranger'))).toMatch(/invalid_client/);
    expect(await exchangeFails(serviceAccount(vx.tokenUri, 'proj-official'))).toMatch(/invalid_grant: Invalid JWT Signature/);
    expect(vx.requests).toHaveLength(1);
  });

  it('@google/genai (Vertex): generateContent on the SDK default API version; text, finish reason and usage as the fixture says', async () => {
    const res = await gemini.models.generateContent({ model: GEMINI, contents: 'Say hello', config: { systemInstruction: 'You are terse.' } });
    expect(res.text).toBe('Hello from the fake Gemini.');
    expect(res.candidates?.[0]?.finishReason).toBe(FinishReason.STOP);
    expect(res.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 });
    const up = vx.last();
    expect(up).toMatchObject({ project: 'proj-official', region: 'us-central1', publisher: 'google', model: GEMINI, action: 'generateContent' });
    expect(up.version).toBe('v1beta1');
    expect(up.json).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }], systemInstruction: { parts: [{ text: 'You are terse.' }] } });
    expect(String(up.headers.authorization)).toMatch(/^Bearer ya29\.fake-/);
  });

  it('@google/genai (Vertex, v1): streamGenerateContent?alt=sse, chunks joined, final usage', async () => {
    const v1 = new GoogleGenAI({ vertexai: true, project: 'proj-official', location: 'europe-west4', apiVersion: 'v1', googleAuthOptions: googleAuthOptions(vx, sa), httpOptions: { baseUrl: vx.url } });
    let text = '';
    let last: Awaited<ReturnType<typeof v1.models.generateContent>> | undefined;
    for await (const chunk of await v1.models.generateContentStream({ model: GEMINI, contents: 'Say hello' })) {
      text += chunk.text ?? '';
      last = chunk;
    }
    expect(text).toBe('Hello from the fake Gemini.');
    expect(last?.candidates?.[0]?.finishReason).toBe(FinishReason.STOP);
    expect(last?.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 });
    const up = vx.last();
    expect(up).toMatchObject({ region: 'europe-west4', publisher: 'google', action: 'streamGenerateContent' });
    expect(up.version).toBe('v1');
    expect(up.query.get('alt')).toBe('sse');
  });

  it('@google/genai (Vertex): a function call round trip', async () => {
    const first = await gemini.models.generateContent({ model: GEMINI, contents: 'Weather in Paris?', config: { tools: [{ functionDeclarations: [WEATHER_FN] }] } });
    expect(first.functionCalls).toEqual([expect.objectContaining({ name: 'get_weather', args: { city: 'Paris' } })]);
    const second = await gemini.models.generateContent({
      model: GEMINI,
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { content: '18C and sunny' } } }] },
      ],
      config: { tools: [{ functionDeclarations: [WEATHER_FN] }] },
    });
    expect(second.text).toBe('Tool result: 18C and sunny');
  });

  it('AnthropicVertex counts tokens through count-tokens:rawPredict with the model in the body; the fake answers Anthropic\'s count', async () => {
    const counted = await claude.messages.countTokens({ model: VERTEX_CLAUDE, system: 'You are terse.', messages: [{ role: 'user', content: 'Say hello to everyone' }] });
    // One token per word: 3 + 4.
    expect(counted).toEqual({ input_tokens: 7 });
    const up = vx.last();
    expect(up).toMatchObject({ mode: 'project', project: 'proj-official', region: 'europe-west1', publisher: 'anthropic', model: 'count-tokens', action: 'rawPredict' });
    expect(up.json).toMatchObject({ model: VERTEX_CLAUDE, system: 'You are terse.', messages: [{ role: 'user', content: 'Say hello to everyone' }] });
    expect(String(up.headers.authorization)).toMatch(/^Bearer ya29\.fake-/);
    expect(vx.anthropic.last()).toMatchObject({ path: '/v1/messages/count_tokens', json: { model: VERTEX_CLAUDE } });
  });

  it('@google/genai (Vertex): countTokens on publishers/google; express mode (an API key) on the project-less global path, a wrong key refused', async () => {
    const counted = await gemini.models.countTokens({ model: GEMINI, contents: 'one two three four' });
    expect(counted.totalTokens).toBe(4);
    expect(vx.last()).toMatchObject({ mode: 'project', project: 'proj-official', publisher: 'google', model: GEMINI, action: 'countTokens' });
    const express = new GoogleGenAI({ vertexai: true, apiKey: EXPRESS_KEY, httpOptions: { baseUrl: vx.url } });
    const res = await express.models.generateContent({ model: GEMINI, contents: 'Say hello' });
    expect(res.text).toBe('Hello from the fake Gemini.');
    expect(res.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 5 });
    const up = vx.last();
    expect(up).toMatchObject({ mode: 'express', project: '', publisher: 'google', model: GEMINI, action: 'generateContent' });
    expect(up.path).toBe(`/${up.version}/publishers/google/models/${GEMINI}:generateContent`);
    expect(up.headers['x-goog-api-key']).toBe(EXPRESS_KEY);
    expect(up.headers.authorization).toBeUndefined();
    let text = '';
    for await (const chunk of await express.models.generateContentStream({ model: GEMINI, contents: 'Say hello' })) text += chunk.text ?? '';
    expect(text).toBe('Hello from the fake Gemini.');
    expect(vx.last()).toMatchObject({ mode: 'express', action: 'streamGenerateContent' });
    expect((await express.models.countTokens({ model: GEMINI, contents: 'one two' })).totalTokens).toBe(2);
    const wrong = new GoogleGenAI({ vertexai: true, apiKey: 'AQ.wrong-express-key-000000000000', httpOptions: { baseUrl: vx.url } });
    const err = await failure(wrong.models.generateContent({ model: GEMINI, contents: 'x' }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400 });
    expect((err as Error).message).toMatch(/API_KEY_INVALID/);
  });

  it('@google/genai (Vertex): an access token the fake did not issue is refused 401 with a typed ApiError', async () => {
    const forged = new GoogleGenAI({ vertexai: true, project: 'proj-official', location: 'us-central1', googleAuthOptions: googleAuthOptions(vx, sa), httpOptions: { baseUrl: vx.url, headers: { Authorization: 'Bearer ya29.not-issued' } } });
    const err = await failure(forged.models.generateContent({ model: GEMINI, contents: 'x' }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401 });
    expect((err as Error).message).toMatch(/UNAUTHENTICATED/);
  });
});
