import { parseChatRequest } from '../../../wire/openai-chat/parse';
import { parseEmbeddingRequest } from '../../../wire/openai-media/parse-misc';
import { ClientUsageFilter } from '../../../wire/framing/sse/stream-usage';
import { context, fixtureText, replayStream, response } from '../__fixtures__/replay';
import { ollamaAdaptor } from './ollama.adaptor';

describe('Ollama adaptor (type 4)', () => {
  const req = parseChatRequest({ model: 'llama3', messages: [{ role: 'user', content: 'Say this is a test' }], stream: true });

  it('calls the local default with no Authorization when the channel has no key', () => {
    const built = ollamaAdaptor.buildTextRequest(req, context(4, { key: '', upstreamModel: 'llama3' }));
    expect(built.url).toBe('http://localhost:11434/v1/chat/completions');
    expect(built.headers).not.toHaveProperty('Authorization');
    expect(JSON.parse(built.body as string).stream_options).toEqual({ include_usage: true });
  });

  it('sends the key when one is configured (a proxy in front of Ollama)', () => {
    expect(ollamaAdaptor.buildTextRequest(req, context(4, { key: 'k-123456', baseUrl: 'http://10.0.0.5:11434' })).headers).toMatchObject({
      Authorization: 'Bearer k-123456',
    });
  });

  it('replays a stream with its usage chunk and parses a plain answer', () => {
    const steps = replayStream(fixtureText(__dirname, 'chat-stream.sse'), (e) => ollamaAdaptor.parseTextStreamEvent(req, e, context(4)));
    expect(steps.map((s) => s.text).join('')).toBe('This is a test.');
    expect(steps.find((s) => s.usage)?.usage).toMatchObject({ promptTokens: 13, completionTokens: 6 });
    const filter = new ClientUsageFilter(false);
    expect(steps.filter((s) => s.forward && filter.filter(s.forward.data) !== null)).toHaveLength(3);
    expect(ollamaAdaptor.parseTextResponse(req, response(fixtureText(__dirname, 'chat-response.json')), context(4))).toMatchObject({
      ok: true,
      usage: { promptTokens: 13, completionTokens: 6 },
      outputText: 'This is a test.',
    });
  });

  it('serves embeddings and the model list, nothing else', () => {
    const emb = parseEmbeddingRequest({ model: 'all-minilm', input: ['a', 'b'] });
    expect(ollamaAdaptor.embeddings?.buildRequest(emb, context(4, { key: '' })).url).toBe('http://localhost:11434/v1/embeddings');
    expect(ollamaAdaptor.models?.buildListRequest(context(4, { key: '' })).url).toBe('http://localhost:11434/v1/models');
    expect(ollamaAdaptor.images).toBeUndefined();
    expect(ollamaAdaptor.audio).toBeUndefined();
  });
});
