import { ChatStreamError, SseParser, readChatChunk } from './sse';

describe('SseParser', () => {
  it('delivers a message only once its blank line arrives, across arbitrary chunk splits', () => {
    const parser = new SseParser();
    expect(parser.feed('data: {"a"')).toEqual([]);
    expect(parser.feed(':1}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ event: 'message', data: '{"a":1}' }]);
  });

  it('handles CRLF split between chunks without emitting an extra empty line', () => {
    const parser = new SseParser();
    expect(parser.feed('data: one\r')).toEqual([]);
    expect(parser.feed('\n\r\ndata: two\r\n\r\n')).toEqual([
      { event: 'message', data: 'one' },
      { event: 'message', data: 'two' },
    ]);
  });

  it('joins multi-line data, keeps event names and ids, ignores comments', () => {
    const parser = new SseParser();
    const out = parser.feed(': keep-alive\nevent: ping\nid: 7\ndata: a\ndata:b\n\n');
    expect(out).toEqual([{ event: 'ping', data: 'a\nb', id: '7' }]);
  });

  it('feeds one character at a time and still yields every message', () => {
    const text = 'data: x\n\ndata: y\n\n';
    const parser = new SseParser();
    const seen = [...text].flatMap((ch) => parser.feed(ch)).map((m) => m.data);
    expect(seen).toEqual(['x', 'y']);
  });

  it('flushes a last message without its blank line on end()', () => {
    const parser = new SseParser();
    expect(parser.feed('data: [DONE]')).toEqual([]);
    expect(parser.end()).toEqual([{ event: 'message', data: '[DONE]' }]);
  });
});

describe('readChatChunk', () => {
  it('reads delta content', () => {
    expect(readChatChunk('{"choices":[{"delta":{"content":"你好"}}]}')).toEqual([{ type: 'delta', content: '你好' }]);
  });

  it('ignores role-only and empty deltas', () => {
    expect(readChatChunk('{"choices":[{"delta":{"role":"assistant"}}]}')).toEqual([]);
    expect(readChatChunk('{"choices":[{"delta":{"content":""}}]}')).toEqual([]);
  });

  it('ends on [DONE] and on an empty choices list', () => {
    expect(readChatChunk('[DONE]')).toEqual([{ type: 'done' }]);
    expect(readChatChunk('{"choices":[],"usage":{"total_tokens":3}}')).toEqual([{ type: 'done' }]);
  });

  it('throws the upstream error message', () => {
    expect(() => readChatChunk('{"error":{"message":"quota exhausted","type":"x"}}')).toThrow(
      new ChatStreamError('quota exhausted'),
    );
  });

  it('throws on a payload that is not JSON', () => {
    expect(() => readChatChunk('oops')).toThrow(ChatStreamError);
  });
});
