import { parseChatRequest } from '../../../wire/openai-chat/parse';
import { context } from '../__fixtures__/replay';
import { palmAdaptor } from './palm.adaptor';

const ctx = context(11, { key: 'AIzaSpecKey0123456789', baseUrl: 'http://palm.test', upstreamModel: 'chat-bison-001' });
const ask = (stream: boolean, n = 1) => parseChatRequest({ model: 'chat-bison-001', messages: [{ role: 'user', content: 'Hi' }], stream, n });
const event = (data: string) => ({ event: null, data, id: null });

describe('PaLM 2 (type 11) streams', () => {
  it('a stream request is the plain generateMessage call, read as one whole answer (json-as-stream)', () => {
    const streamed = palmAdaptor.buildTextRequest(ask(true), ctx);
    const plain = palmAdaptor.buildTextRequest(ask(false), ctx);
    expect(streamed.expect).toBe('json-as-stream');
    expect(plain.expect).toBe('json');
    expect({ ...streamed, expect: 'json' }).toEqual(plain);
    expect(streamed.url).toBe('http://palm.test/v1beta2/models/chat-bison-001:generateMessage?key=AIzaSpecKey0123456789');
  });

  it('the whole answer is one step: a whole start, each candidate\'s text and finish, the end; its text counted', () => {
    const step = palmAdaptor.parseTextStreamEvent(ask(true, 2), event('{"candidates":[{"author":"1","content":"Hello"},{"author":"1","content":"Hi"}],"messages":[]}'), ctx);
    expect(step).toMatchObject({ done: true, finishReason: 'stop', text: 'HelloHi', usage: null, error: null, malformed: false });
    expect(step.parts).toEqual([
      { type: 'start', id: '', model: 'chat-bison-001', whole: true },
      { type: 'text', text: 'Hello' },
      { type: 'finish', reason: 'stop' },
      { type: 'text', text: 'Hi', choice: 1 },
      { type: 'finish', reason: 'stop', choice: 1 },
      { type: 'end' },
    ]);
  });

  it('a blocked prompt (filters, no candidate) ends with content_filter; an error body is an error step; garbage is malformed', () => {
    const blocked = palmAdaptor.parseTextStreamEvent(ask(true), event('{"filters":[{"reason":"OTHER"}]}'), ctx);
    expect(blocked.parts).toEqual([{ type: 'start', id: '', model: 'chat-bison-001', whole: true }, { type: 'finish', reason: 'content_filter' }, { type: 'end' }]);
    const failed = palmAdaptor.parseTextStreamEvent(ask(true), event('{"error":{"code":400,"message":"bad prompt","status":"INVALID_ARGUMENT"}}'), ctx);
    expect(failed.error).toMatchObject({ retryable: false, message: expect.stringContaining('bad prompt') });
    expect(failed.done).toBe(true);
    expect(palmAdaptor.parseTextStreamEvent(ask(true), event('{"candidates":'), ctx).malformed).toBe(true);
  });
});
