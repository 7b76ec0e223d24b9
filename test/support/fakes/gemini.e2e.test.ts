import { ApiError, GoogleGenAI, Type, type Content } from '@google/genai';
import { FakeGemini } from './gemini';

/**
 * The fake Gemini must speak the protocol real clients expect: the official `@google/genai`
 * drives it here (whole answers, streams, a function call round trip, typed errors), so the
 * relay tests that use it exercise the wire format of production.
 */
describe('FakeGemini upstream', () => {
  const key = 'AIzaFakeGeminiKey0123456789abcdefghij';
  let fake: FakeGemini;
  let ai: GoogleGenAI;

  beforeAll(async () => {
    fake = await new FakeGemini({ key, reply: 'Hi there friend.', promptTokens: 9, toolArgs: { city: 'Paris' } }).start();
    ai = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: fake.url } });
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it('answers generateContent with usage; the SDK sent its key in x-goog-api-key and the system instruction', async () => {
    const res = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hello', config: { systemInstruction: 'Be brief.' } });
    expect(res.text).toBe('Hi there friend.');
    expect(res.candidates?.[0]?.finishReason).toBe('STOP');
    expect(res.usageMetadata).toMatchObject({ promptTokenCount: 9, candidatesTokenCount: 3, totalTokenCount: 12 });
    const r = fake.last();
    expect([r.version, r.model, r.action]).toEqual(['v1beta', 'gemini-2.5-flash', 'generateContent']);
    expect(r.headers['x-goog-api-key']).toBe(key);
    expect(r.json).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'Hello' }] }], systemInstruction: { parts: [{ text: 'Be brief.' }] } });
  });

  it('streams with alt=sse: the SDK rebuilds the text from the pieces, the last carrying the finish reason and usage', async () => {
    const stream = await ai.models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'Hello' });
    let text = '';
    let finish: string | undefined;
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.text ?? '';
      finish = chunk.candidates?.[0]?.finishReason ?? finish;
      usage = chunk.usageMetadata ?? usage;
    }
    expect(text).toBe('Hi there friend.');
    expect(finish).toBe('STOP');
    expect(usage).toMatchObject({ promptTokenCount: 9, candidatesTokenCount: 3 });
    expect(fake.last().action).toBe('streamGenerateContent');
    expect(fake.last().query.get('alt')).toBe('sse');
  });

  it('a function call round trip: functionCall answered, then the functionResponse reported', async () => {
    const tools = [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather by city', parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] } }] }];
    const first = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Weather in Paris?', config: { tools } });
    expect(first.functionCalls).toEqual([expect.objectContaining({ name: 'get_weather', args: { city: 'Paris' } })]);
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { content: '18C and sunny' } } }] },
    ];
    const second = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: history, config: { tools } });
    expect(second.text).toBe('Tool result: 18C and sunny');
  });

  it('errors are typed ApiErrors with Google statuses: a bad key, a 429, a scripted 403', async () => {
    const bad = new GoogleGenAI({ apiKey: 'AIzaWrong', httpOptions: { baseUrl: fake.url } });
    const e1 = await bad.models.generateContent({ model: 'gemini-2.5-flash', contents: 'x' }).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(ApiError);
    expect(e1).toMatchObject({ status: 400, message: expect.stringContaining('API_KEY_INVALID') });

    fake.next({ kind: 'error', status: 429, grpcStatus: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).', retryDelay: '7s' });
    const e2 = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'x' }).catch((e: unknown) => e);
    expect(e2).toBeInstanceOf(ApiError);
    expect(e2).toMatchObject({ status: 429, message: expect.stringContaining('RESOURCE_EXHAUSTED') });

    fake.next({ kind: 'error', status: 403, grpcStatus: 'PERMISSION_DENIED', message: 'Method doesn\'t allow unregistered callers.' });
    const e3 = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'x' }).catch((e: unknown) => e);
    expect(e3).toMatchObject({ status: 403 });
  });

  it('refuses what Google refuses: a JSON-schema keyword outside its subset, an empty text part', async () => {
    const raw = await fetch(`${fake.url}/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'x' }] }], tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'object', additionalProperties: false, properties: {} } }] }] }),
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
    const empty = await fetch(`${fake.url}/v1beta/models/gemini-2.5-flash:generateContent?key=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: '' }] }] }),
    });
    expect(empty.status).toBe(400);
  });

  it('embeddings (the SDK batches through batchEmbedContents), embedContent, countTokens and the model list', async () => {
    const emb = await ai.models.embedContent({ model: 'text-embedding-004', contents: ['hello', 'goodbye'], config: { outputDimensionality: 2 } });
    expect(emb.embeddings?.map((e) => e.values)).toEqual([
      [0.05, 0.06],
      [0.07, 0.08],
    ]);
    expect(fake.last().action).toBe('batchEmbedContents');
    const one = await fetch(`${fake.url}/v1beta/models/text-embedding-004:embedContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ content: { parts: [{ text: 'hello' }] } }),
    });
    expect(await one.json()).toEqual({ embedding: { values: [0.05, 0.06, 0.07, 0.08] } });
    const count = await ai.models.countTokens({ model: 'gemini-2.5-flash', contents: 'one two three' });
    expect(count.totalTokens).toBe(3);
    const names: string[] = [];
    for await (const m of await ai.models.list()) names.push(m.name ?? '');
    expect(names).toEqual(['models/gemini-2.5-flash']);
  });
});
