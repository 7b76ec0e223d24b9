import { parseChatRequest } from '../../../wire/openai-chat/parse';
import { context, fixtureText, replayStream, response } from '../__fixtures__/replay';
import { yiAdaptor } from './yi.adaptor';

describe('01.AI Yi adaptor (type 31)', () => {
  const ctx = context(31, { upstreamModel: 'yi-large' });
  const req = parseChatRequest({ model: 'yi-large', messages: [{ role: 'user', content: 'Hi' }], stream: true });

  it('calls api.lingyiwanwu.com under /v1 without stream_options', () => {
    const built = yiAdaptor.buildTextRequest(req, ctx);
    expect(built.url).toBe('https://api.lingyiwanwu.com/v1/chat/completions');
    expect(JSON.parse(built.body as string)).not.toHaveProperty('stream_options');
  });

  it('reads the usage on the last chunk; the running `content` echo is not counted twice', () => {
    const steps = replayStream(fixtureText(__dirname, 'chat-stream.sse'), (e) => yiAdaptor.parseTextStreamEvent(req, e, ctx));
    expect(steps.map((s) => s.text).join('')).toBe('Hi there!');
    expect(steps.find((s) => s.usage)?.usage).toMatchObject({ promptTokens: 17, completionTokens: 3 });
    expect(yiAdaptor.parseTextResponse(req, response(fixtureText(__dirname, 'chat-response.json')), ctx)).toMatchObject({
      ok: true,
      usage: { promptTokens: 17, completionTokens: 11 },
    });
  });
});
