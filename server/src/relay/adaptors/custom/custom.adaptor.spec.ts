import { parseChatRequest } from '../../../wire/openai-chat/parse';
import { parseEmbeddingRequest } from '../../../wire/openai-media/parse-misc';
import { context, describeRequest, fixtureJson, fixtureText, response } from '../__fixtures__/replay';
import { ChannelConfigError } from '../errors';
import { customAdaptor } from './custom.adaptor';

const url = 'https://llm.internal.example/deployments/{model}/v1/chat/completions';

describe('Custom adaptor (type 8)', () => {
  it('posts to the configured full URL with {model} filled in; the client keeps its own stream options', () => {
    const req = parseChatRequest({ model: 'local', messages: [{ role: 'user', content: 'Hello!' }], stream: true, stream_options: { include_usage: true } });
    const built = customAdaptor.buildTextRequest(req, context(8, { baseUrl: url, upstreamModel: 'qwen2.5:7b' }));
    expect(describeRequest(built)).toEqual(fixtureJson(__dirname, 'upstream-request.json'));
  });

  it('does not add stream_options on its own (unknown upstream)', () => {
    const req = parseChatRequest({ model: 'local', messages: [{ role: 'user', content: 'x' }], stream: true });
    expect(JSON.parse(customAdaptor.buildTextRequest(req, context(8, { baseUrl: url })).body as string)).not.toHaveProperty('stream_options');
  });

  it('uses the same URL for every endpoint it serves', () => {
    const emb = parseEmbeddingRequest({ model: 'e', input: 'x' });
    expect(customAdaptor.embeddings?.buildRequest(emb, context(8, { baseUrl: 'https://h.example/embed', upstreamModel: 'e' })).url).toBe('https://h.example/embed');
  });

  it('keeps slashes of vendor-prefixed names and encodes query characters', () => {
    const req = parseChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(customAdaptor.buildTextRequest(req, context(8, { baseUrl: 'https://h.example/run/{model}', upstreamModel: 'Qwen/Qwen2.5 7B?x' })).url).toBe(
      'https://h.example/run/Qwen/Qwen2.5%207B%3Fx',
    );
  });

  it('refuses to run without a URL', () => {
    const req = parseChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(() => customAdaptor.buildTextRequest(req, context(8, { baseUrl: ' ' }))).toThrow(ChannelConfigError);
  });

  it('parses an OpenAI-shaped answer', () => {
    const req = parseChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(customAdaptor.parseTextResponse(req, response(fixtureText(__dirname, 'chat-response.json')), context(8, { baseUrl: url }))).toMatchObject({
      ok: true,
      usage: { promptTokens: 19, completionTokens: 10 },
    });
  });
});
