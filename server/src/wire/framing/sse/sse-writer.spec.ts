import { SSE_HEADERS, formatSseComment, formatSseEvent } from './sse-writer';
import { SseParser } from './sse-parser';

describe('SSE writer', () => {
  it('sets the streaming headers proxies need', () => {
    expect(SSE_HEADERS).toEqual({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  });

  it('writes events the parser reads back, newlines included', () => {
    const text = formatSseEvent({ a: 'x\ny' }) + formatSseEvent('two\nlines', 'response.created\nevil') + formatSseComment('PING\n') + formatSseEvent('[DONE]');
    expect(formatSseEvent({ a: 1 })).toBe('data: {"a":1}\n\n');
    expect(new SseParser().push(text)).toEqual([
      { event: null, data: '{"a":"x\\ny"}', id: null },
      { event: 'response.created evil', data: 'two\nlines', id: null },
      { event: null, data: '[DONE]', id: null },
    ]);
  });
});
