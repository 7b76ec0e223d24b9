import { CohereClient, CohereError } from 'cohere-ai';
import { FakeCohere } from './cohere';

/**
 * The fake Cohere must speak the wire Cohere's clients expect: the official `cohere-ai` SDK drives it
 * here (v1 chat whole and streamed as newline-delimited JSON, rerank, a typed 401), so the relay
 * tests that use it exercise the wire format of production.
 */
describe('FakeCohere upstream, driven by the official cohere-ai SDK', () => {
  const key = 'co-sdk-proof-0123456789abcdefghijklm';
  let fake: FakeCohere;
  let client: CohereClient;

  beforeAll(async () => {
    fake = await new FakeCohere({ key, reply: 'Hi there from Cohere.' }).start();
    client = new CohereClient({ token: key, baseUrl: fake.url, maxRetries: 0 } as ConstructorParameters<typeof CohereClient>[0]);
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it('chat: preamble, history and message as the SDK sends them; text, finish reason and billed units back', async () => {
    const answer = await client.chat({
      model: 'command-r',
      preamble: 'Be brief.',
      chatHistory: [
        { role: 'USER', message: 'Hi' },
        { role: 'CHATBOT', message: 'Hello.' },
      ],
      message: 'Say more please',
      maxTokens: 40,
      temperature: 0.2,
    });
    expect(answer.text).toBe('Hi there from Cohere.');
    expect(answer.finishReason).toBe('COMPLETE');
    // 2 + 1 + 1 + 3 words in, 4 out.
    expect(answer.meta?.billedUnits).toEqual({ inputTokens: 7, outputTokens: 4 });
    expect(fake.last()).toMatchObject({ method: 'POST', path: '/v1/chat', json: { model: 'command-r', preamble: 'Be brief.', message: 'Say more please', max_tokens: 40, temperature: 0.2 } });
    expect(fake.last().headers.authorization).toBe(`Bearer ${key}`);
  });

  it('chatStream: the SDK reads the newline-delimited events and the stream-end carries the whole response', async () => {
    const stream = await client.chatStream({ model: 'command-r', message: 'Hello there' });
    const types: string[] = [];
    let text = '';
    let end: unknown;
    for await (const event of stream) {
      types.push(event.eventType);
      if (event.eventType === 'text-generation') text += event.text;
      if (event.eventType === 'stream-end') end = event.response;
    }
    expect(types[0]).toBe('stream-start');
    expect(types.at(-1)).toBe('stream-end');
    expect(types.filter((t) => t === 'text-generation').length).toBeGreaterThan(1);
    expect(text).toBe('Hi there from Cohere.');
    expect(end).toMatchObject({ text: 'Hi there from Cohere.', meta: { billedUnits: { inputTokens: 2, outputTokens: 4 } } });
    expect(fake.last().json).toMatchObject({ stream: true });
  });

  it('rerank: results by relevance with their indexes', async () => {
    const answer = await client.rerank({ model: 'rerank-english-v3.0', query: 'capital of France', documents: ['Paris is the capital of France.', 'Berlin is in Germany.'], topN: 2 });
    expect(answer.results).toHaveLength(2);
    for (const r of answer.results) expect(typeof r.relevanceScore).toBe('number');
    expect(answer.results.map((r) => r.index).sort()).toEqual([0, 1]);
    expect(fake.last()).toMatchObject({ path: '/v1/rerank', json: { query: 'capital of France', top_n: 2 } });
  });

  it('a wrong key is a typed 401 with Cohere\'s message', async () => {
    const wrong = new CohereClient({ token: 'co-wrong', baseUrl: fake.url, maxRetries: 0 } as ConstructorParameters<typeof CohereClient>[0]);
    const err = await wrong.chat({ model: 'command-r', message: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CohereError);
    expect((err as CohereError).statusCode).toBe(401);
    expect(JSON.stringify((err as CohereError).body)).toContain('invalid api token');
  });
});
