import { parseChatRequest } from '../../../wire/openai-chat/parse';
import { parseEmbeddingRequest } from '../../../wire/openai-media/parse-misc';
import { context, fixtureText, response } from '../__fixtures__/replay';
import { qihoo360Adaptor } from './qihoo360.adaptor';

describe('360 Zhinao adaptor (type 19)', () => {
  const ctx = context(19, { upstreamModel: '360GPT_S2_V9' });

  it('calls api.360.cn under /v1 and does not ask for stream usage', () => {
    const req = parseChatRequest({ model: '360GPT_S2_V9', messages: [{ role: 'user', content: '你好' }], stream: true });
    const built = qihoo360Adaptor.buildTextRequest(req, ctx);
    expect(built.url).toBe('https://api.360.cn/v1/chat/completions');
    expect(JSON.parse(built.body as string)).toEqual({ model: '360GPT_S2_V9', messages: [{ role: 'user', content: '你好' }], stream: true });
  });

  it('parses chat and embeddings answers', () => {
    const req = parseChatRequest({ model: '360GPT_S2_V9', messages: [{ role: 'user', content: '你好' }] });
    expect(qihoo360Adaptor.parseTextResponse(req, response(fixtureText(__dirname, 'chat-response.json')), ctx)).toMatchObject({
      ok: true,
      usage: { promptTokens: 5, completionTokens: 9 },
      outputText: '你好！有什么我可以帮助你的吗？',
    });
    const emb = parseEmbeddingRequest({ model: 'embedding_s1_v1', input: '你好' });
    expect(qihoo360Adaptor.embeddings?.buildRequest(emb, ctx).url).toBe('https://api.360.cn/v1/embeddings');
    expect(qihoo360Adaptor.embeddings?.parseResponse(emb, response(fixtureText(__dirname, 'embeddings-response.json')), ctx)).toMatchObject({
      ok: true,
      usage: { promptTokens: 4 },
    });
  });
});
