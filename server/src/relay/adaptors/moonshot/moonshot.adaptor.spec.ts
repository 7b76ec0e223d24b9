import { parseChatRequest } from '../../../wire/openai-chat/parse';
import { context, fixtureText, replayStream, response } from '../__fixtures__/replay';
import { moonshotAdaptor } from './moonshot.adaptor';

describe('Moonshot adaptor (type 25)', () => {
  const req = parseChatRequest({ model: 'moonshot-v1-8k', messages: [{ role: 'user', content: '你好，我叫李雷，1+1等于多少？' }], stream: true });
  const ctx = context(25, { upstreamModel: 'moonshot-v1-8k' });

  it('calls api.moonshot.cn with a bearer key and no stream_options', () => {
    const built = moonshotAdaptor.buildTextRequest(req, ctx);
    expect(built.url).toBe('https://api.moonshot.cn/v1/chat/completions');
    expect(built.headers.Authorization).toBe(`Bearer ${ctx.key}`);
    expect(JSON.parse(built.body as string)).not.toHaveProperty('stream_options');
  });

  it('reads the usage Moonshot puts inside the last choice', () => {
    const steps = replayStream(fixtureText(__dirname, 'chat-stream.sse'), (e) => moonshotAdaptor.parseTextStreamEvent(req, e, ctx));
    expect(steps.map((s) => s.text).join('')).toBe('你好，李雷！');
    expect(steps.filter((s) => s.usage).map((s) => s.usage)).toEqual([
      { promptTokens: 19, completionTokens: 13, cachedTokens: null, cacheCreationTokens: null, cacheCreation1hTokens: null, imageTokens: null, audioTokens: null, audioCompletionTokens: null, reasoningTokens: null },
    ]);
    expect(steps.at(-1)?.done).toBe(true);
  });

  it('parses the non-stream answer', () => {
    expect(moonshotAdaptor.parseTextResponse(req, response(fixtureText(__dirname, 'chat-response.json')), ctx)).toMatchObject({
      ok: true,
      usage: { promptTokens: 19, completionTokens: 21 },
    });
  });
});
