import { parseChatRequest } from '../../../wire/openai-chat/parse';
import { parseRerankRequest } from '../../../wire/openai-media/parse-misc';
import { context, describeRequest, fixtureJson, fixtureText, replayStream, response } from '../__fixtures__/replay';
import { siliconcloudAdaptor } from './siliconcloud.adaptor';

describe('SiliconCloud adaptor (type 40)', () => {
  const ctx = context(40, { upstreamModel: 'BAAI/bge-reranker-v2-m3' });

  it('sends the documented rerank request to /v1/rerank and reads tokens.input_tokens', () => {
    const req = parseRerankRequest(fixtureJson(__dirname, 'rerank-request.json'));
    expect(req.documents).toEqual(['苹果', '香蕉', '水果', '蔬菜']);
    const rerank = siliconcloudAdaptor.rerank;
    if (!rerank) throw new Error('rerank missing');
    expect(describeRequest(rerank.buildRequest(req, ctx))).toEqual({
      method: 'POST',
      url: 'https://api.siliconflow.cn/v1/rerank',
      headers: { Authorization: `Bearer ${ctx.key}`, 'Content-Type': 'application/json', Accept: '*/*' },
      body: fixtureJson(__dirname, 'rerank-request.json'),
    });
    expect(rerank.parseResponse(req, response(fixtureText(__dirname, 'rerank-response.json')), ctx)).toMatchObject({
      ok: true,
      usage: { promptTokens: 28, completionTokens: 0 },
    });
  });

  it('takes the latest usage of a stream that reports it on every chunk', () => {
    const req = parseChatRequest({ model: 'Qwen/Qwen2.5-7B-Instruct', messages: [{ role: 'user', content: '你好' }], stream: true });
    const steps = replayStream(fixtureText(__dirname, 'chat-stream.sse'), (e) => siliconcloudAdaptor.parseTextStreamEvent(req, e, ctx));
    const usages = steps.flatMap((s) => (s.usage ? [s.usage] : []));
    expect(usages.at(-1)).toMatchObject({ promptTokens: 9, completionTokens: 3 });
    expect(steps.map((s) => s.text).join('')).toBe('你好！');
  });

  it('offers embeddings, images, rerank and models', () => {
    expect(siliconcloudAdaptor.embeddings).toBeDefined();
    expect(siliconcloudAdaptor.images?.buildEditRequest).toBeUndefined();
    expect(siliconcloudAdaptor.models?.buildListRequest(ctx).url).toBe('https://api.siliconflow.cn/v1/models');
    expect(siliconcloudAdaptor.audio).toBeUndefined();
  });
});
