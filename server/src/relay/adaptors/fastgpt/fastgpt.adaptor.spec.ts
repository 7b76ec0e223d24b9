import { parseChatRequest } from '../../../wire/openai-chat/parse';
import { context, fixtureText, replayStream, response } from '../__fixtures__/replay';
import { fastgptAdaptor } from './fastgpt.adaptor';

describe('FastGPT adaptor (type 22)', () => {
  const ctx = context(22, { key: 'fastgpt-abcdefgh123456', upstreamModel: 'FastAI-4k' });

  it('calls the OpenAPI root under /api/openapi, or a private deployment', () => {
    const req = parseChatRequest({ model: 'FastAI-4k', messages: [{ role: 'user', content: '导演是谁' }], chatId: '111' });
    const built = fastgptAdaptor.buildTextRequest(req, ctx);
    expect(built.url).toBe('https://fastgpt.run/api/openapi/v1/chat/completions');
    expect(built.headers.Authorization).toBe('Bearer fastgpt-abcdefgh123456');
    // FastGPT's own fields (chatId, detail, variables) pass through untouched.
    expect(JSON.parse(built.body as string).chatId).toBe('111');
    expect(fastgptAdaptor.buildTextRequest(req, context(22, { baseUrl: 'https://gpt.corp.example/api' })).url).toBe(
      'https://gpt.corp.example/api/v1/chat/completions',
    );
  });

  it('takes the reported usage as is and leaves a stream without usage to the estimator', () => {
    const req = parseChatRequest({ model: 'FastAI-4k', messages: [{ role: 'user', content: '导演是谁' }], stream: true });
    expect(fastgptAdaptor.parseTextResponse(req, response(fixtureText(__dirname, 'chat-response.json')), ctx)).toMatchObject({
      ok: true,
      usage: { promptTokens: 1, completionTokens: 1 },
    });
    const steps = replayStream(fixtureText(__dirname, 'chat-stream.sse'), (e) => fastgptAdaptor.parseTextStreamEvent(req, e, ctx));
    expect(steps.map((s) => s.text).join('')).toBe('电影《铃芽之旅》的导演是新海诚。');
    expect(steps.some((s) => s.usage)).toBe(false);
    expect(steps.at(-1)?.done).toBe(true);
  });

  it('offers chat only', () => {
    expect([fastgptAdaptor.embeddings, fastgptAdaptor.images, fastgptAdaptor.audio, fastgptAdaptor.rerank, fastgptAdaptor.models]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
