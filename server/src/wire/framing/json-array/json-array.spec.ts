import { SseEventTooLargeError } from '../sse/sse-parser';
import { JsonArrayDecoder, JsonArrayFrameError, JsonArrayWriter, SseClientFraming } from './json-array';

const enc = new TextEncoder();

describe('JsonArrayWriter', () => {
  it('frames chunks as one JSON array that parses whole', () => {
    const w = new JsonArrayWriter();
    const text = w.event('{"a":1}') + w.event('{ "b": "x]" }') + w.end();
    expect(JSON.parse(text)).toEqual([{ a: 1 }, { b: 'x]' }]);
    expect(w.end()).toBe('');
    expect(w.headers['Content-Type']).toMatch(/^application\/json/);
  });

  it('an answer without chunks is an empty array', () => {
    expect(JSON.parse(new JsonArrayWriter().end())).toEqual([]);
  });

  it('the SSE framing writes data lines and nothing at the end', () => {
    const s = new SseClientFraming();
    expect(s.event('{"a":1}')).toBe('data: {"a":1}\n\n');
    expect(s.end()).toBe('');
    expect(s.headers['Content-Type']).toBe('text/event-stream');
  });
});

describe('JsonArrayDecoder', () => {
  const body = '[{"text":"a, }{ \\"q\\" ]"}\r\n,{"n":[1,{"m":2}]}\r\n]';

  it('yields one event per element, whatever the chunking (byte by byte too)', () => {
    for (const size of [1, 2, 5, body.length]) {
      const d = new JsonArrayDecoder({ maxEventBytes: 1024 });
      const bytes = enc.encode(body);
      const events = [];
      for (let i = 0; i < bytes.length; i += size) events.push(...d.push(bytes.subarray(i, i + size)));
      expect(events.map((e) => JSON.parse(e.data))).toEqual([{ text: 'a, }{ "q" ]' }, { n: [1, { m: 2 }] }]);
      expect(d.complete).toBe(true);
    }
  });

  it('keeps a UTF-8 character split across chunks whole', () => {
    const bytes = enc.encode('[{"t":"日本"}]');
    const d = new JsonArrayDecoder({ maxEventBytes: 1024 });
    const events = [...d.push(bytes.subarray(0, 9)), ...d.push(bytes.subarray(9))];
    expect(JSON.parse(events[0]?.data ?? '')).toEqual({ t: '日本' });
  });

  it('a cut stream is not complete and its partial element is dropped', () => {
    const d = new JsonArrayDecoder({ maxEventBytes: 1024 });
    expect(d.push(enc.encode('[{"a":1},{"b":'))).toHaveLength(1);
    expect(d.complete).toBe(false);
    expect(d.end()).toEqual([]);
  });

  it('an element past the bound throws instead of buffering more', () => {
    const d = new JsonArrayDecoder({ maxEventBytes: 16 });
    expect(() => d.push(enc.encode(`[{"a":"${'x'.repeat(32)}"}]`))).toThrow(SseEventTooLargeError);
  });

  it('refuses what is not an array of objects', () => {
    expect(() => new JsonArrayDecoder({ maxEventBytes: 64 }).push(enc.encode('{"a":1}'))).toThrow(JsonArrayFrameError);
    expect(() => new JsonArrayDecoder({ maxEventBytes: 64 }).push(enc.encode('[1]'))).toThrow(JsonArrayFrameError);
    expect(() => new JsonArrayDecoder({ maxEventBytes: 64 }).push(enc.encode('[]x'))).toThrow(JsonArrayFrameError);
  });
});
