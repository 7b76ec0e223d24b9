import { SseEventTooLargeError, type SseEvent } from '../sse/sse-parser';
import { NdjsonDecoder } from './ndjson';

function decodeAll(chunks: Uint8Array[], maxEventBytes = 1024 * 1024): string[] {
  const d = new NdjsonDecoder({ maxEventBytes });
  const out: SseEvent[] = [];
  for (const c of chunks) out.push(...d.push(c));
  out.push(...d.end());
  return out.map((e) => {
    expect(e).toEqual({ event: null, data: e.data, id: null });
    return e.data;
  });
}

// Cohere's v1 chat stream: one object per line (a multi-byte character and a CRLF line end included).
const LINES = [
  '{"is_finished":false,"event_type":"stream-start","generation_id":"g1"}',
  '{"is_finished":false,"event_type":"text-generation","text":"Grüße "}',
  '{"is_finished":false,"event_type":"text-generation","text":"你好🌍"}',
  '{"is_finished":true,"event_type":"stream-end","finish_reason":"COMPLETE","response":{"text":"Grüße 你好🌍","meta":{"billed_units":{"input_tokens":3,"output_tokens":2}}}}',
];
const STREAM = Buffer.from(`${LINES[0]}\n${LINES[1]}\r\n\n${LINES[2]}\n${LINES[3]}\n`, 'utf8');

describe('NdjsonDecoder', () => {
  it('gives one event per line, blank lines skipped, CRLF accepted', () => {
    expect(decodeAll([STREAM])).toEqual(LINES);
  });

  it('gives the same lines whatever the chunk boundaries (inside a line, at its LF, inside UTF-8 characters)', () => {
    for (let cut = 1; cut < STREAM.length; cut++) {
      expect(decodeAll([STREAM.subarray(0, cut), STREAM.subarray(cut)])).toEqual(LINES);
    }
    expect(decodeAll([...STREAM].map((b) => new Uint8Array([b])))).toEqual(LINES);
  });

  it('gives each line as soon as its newline arrives (a stream relays line by line)', () => {
    const d = new NdjsonDecoder({ maxEventBytes: 1024 });
    expect(d.push(Buffer.from('{"a":1}\n{"b":'))).toEqual([{ event: null, data: '{"a":1}', id: null }]);
    expect(d.push(Buffer.from('2}'))).toEqual([]);
    expect(d.push(Buffer.from('\n'))).toEqual([{ event: null, data: '{"b":2}', id: null }]);
    expect(d.end()).toEqual([]);
  });

  it('copies what it keeps (the caller may reuse its buffer) and reads any view of the bytes', () => {
    const d = new NdjsonDecoder({ maxEventBytes: 1024 });
    const reused = Buffer.from('{"x":"ab');
    expect(d.push(reused)).toEqual([]);
    reused.fill(0x7a);
    const backing = Buffer.from('yyc"}\nzz', 'utf8');
    expect(d.push(new Uint8Array(backing.buffer, backing.byteOffset + 2, backing.length - 4))).toEqual([{ event: null, data: '{"x":"abc"}', id: null }]);
  });

  it('drops a byte order mark opening the stream', () => {
    expect(decodeAll([Buffer.from('\ufeff{"a":1}\n{"b":"\ufeff"}\n', 'utf8')])).toEqual(['{"a":1}', '{"b":"\ufeff"}']);
  });

  it('gives a last line without its newline at the end of the stream', () => {
    expect(decodeAll([Buffer.from('{"a":1}\n{"b":2}')])).toEqual(['{"a":1}', '{"b":2}']);
    expect(decodeAll([Buffer.from('{"a":1}\n   \n')])).toEqual(['{"a":1}']);
  });

  it('refuses a line larger than the bound, whole in one chunk or in many, before buffering past it', () => {
    expect(() => decodeAll([Buffer.from(`{"t":"${'x'.repeat(100)}"}\n`)], 64)).toThrow(SseEventTooLargeError);
    const d = new NdjsonDecoder({ maxEventBytes: 64 });
    let fed = 0;
    expect(() => {
      for (let i = 0; i < 100; i++) {
        d.push(Buffer.from('yyyyyyyyyy'));
        fed += 10;
      }
    }).toThrow(/64 bytes/);
    expect(fed).toBeLessThanOrEqual(64);
    // Many small lines pass under a small bound.
    const e = new NdjsonDecoder({ maxEventBytes: 16 });
    let n = 0;
    for (let i = 0; i < 1000; i++) n += e.push(Buffer.from(`{"n":${i}}\n`)).length;
    expect(n).toBe(1000);
  });
});
