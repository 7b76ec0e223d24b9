import { DEFAULT_MAX_SSE_EVENT_BYTES, SseEventTooLargeError, SseParser, type SseEvent } from './sse-parser';

function parseAll(chunks: (string | Uint8Array)[], maxEventBytes?: number): SseEvent[] {
  const p = new SseParser({ maxEventBytes });
  const out: SseEvent[] = [];
  for (const c of chunks) out.push(...p.push(c));
  out.push(...p.end());
  return out;
}

const STREAM = 'event: ping\ndata: {"a":1}\n\n: keep-alive\n\ndata: line one\ndata: line two\nid: 7\n\nretry: 100\ndata:no-space\r\n\r\ndata: 你好🌍\r\rdata: [DONE]\n\n';
const EXPECTED: SseEvent[] = [
  { event: 'ping', data: '{"a":1}', id: null },
  { event: null, data: 'line one\nline two', id: '7' },
  { event: null, data: 'no-space', id: '7' },
  { event: null, data: '你好🌍', id: '7' },
  { event: null, data: '[DONE]', id: '7' },
];

describe('SseParser', () => {
  it('parses fields, comments, multi-line data and all three line endings', () => {
    expect(parseAll([STREAM])).toEqual(EXPECTED);
  });

  it('a chunk of many events with mixed line ends (a backlog read at once) gives every event in order', () => {
    const one = (i: number) => (i % 3 === 0 ? `data: {"n":${i}}\r\n\r\n` : i % 3 === 1 ? `data: {"n":${i}}\n\n` : `data: {"n":${i}}\r\r`);
    const text = Array.from({ length: 3000 }, (_, i) => one(i)).join('');
    const events = parseAll([text, Buffer.from(text)]);
    expect(events).toHaveLength(6000);
    expect(events.map((e) => JSON.parse(e.data).n)).toEqual([...Array(3000).keys(), ...Array(3000).keys()]);
  });

  it('gives the same events whatever the chunk boundaries (split inside CRLF and inside UTF-8 characters)', () => {
    const bytes = Buffer.from(STREAM, 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(parseAll([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(EXPECTED);
    }
    expect(parseAll([...bytes].map((b) => new Uint8Array([b])))).toEqual(EXPECTED);
  });

  it('drops a byte order mark opening the stream, and only there (later it is content)', () => {
    expect(parseAll(['\ufeffdata: a\n\ndata: \ufeffb\n\n'])).toEqual([
      { event: null, data: 'a', id: null },
      { event: null, data: '\ufeffb', id: null },
    ]);
    // The mark split across chunks, and as raw bytes.
    const bytes = Buffer.from('\ufeffdata: a\n\n', 'utf8');
    expect(parseAll([bytes.subarray(0, 2), bytes.subarray(2)])).toEqual([{ event: null, data: 'a', id: null }]);
    expect(parseAll([new Uint8Array(bytes)])).toEqual([{ event: null, data: 'a', id: null }]);
  });

  it('reads data lines from any view of the bytes (a Uint8Array inside a larger buffer)', () => {
    const backing = Buffer.from('xxxxdata: {"a":1}\n\ndata:b\n\nyyyy', 'utf8');
    const view = new Uint8Array(backing.buffer, backing.byteOffset + 4, backing.length - 8);
    expect(parseAll([view])).toEqual([
      { event: null, data: '{"a":1}', id: null },
      { event: null, data: 'b', id: null },
    ]);
  });

  it('counts comments (keep-alives are not events)', () => {
    const p = new SseParser();
    expect(p.push(': PING\n\n: PING\n\n')).toEqual([]);
    expect(p.comments).toBe(2);
  });

  it('dispatches a last event without its blank line when the upstream closes', () => {
    expect(parseAll(['data: {"x":1}\n'])).toEqual([{ event: null, data: '{"x":1}', id: null }]);
    expect(parseAll(['data: {"x":'])).toEqual([{ event: null, data: '{"x":', id: null }]);
    expect(parseAll(['event: lonely\n\n'])).toEqual([]);
  });

  it('refuses an event larger than the bound, whether in one line or many', () => {
    const p = new SseParser({ maxEventBytes: 64 });
    expect(p.push(`data: ${'x'.repeat(40)}\n\n`)).toHaveLength(1);
    expect(() => p.push(`data: ${'x'.repeat(70)}`)).toThrow(SseEventTooLargeError);
    const q = new SseParser({ maxEventBytes: 64 });
    expect(() => {
      for (let i = 0; i < 10; i++) q.push('data: 0123456789\n');
    }).toThrow(SseEventTooLargeError);
    // A long line arriving in small pieces is caught before it is buffered whole.
    const r = new SseParser({ maxEventBytes: 64 });
    expect(() => {
      for (let i = 0; i < 100; i++) r.push('yyyyyyyyyy');
    }).toThrow(/64 bytes/);
  });

  it('takes multi-megabyte events by default (the reference scanner buffer, 64 MiB)', () => {
    expect(DEFAULT_MAX_SSE_EVENT_BYTES).toBe(64 * 1024 * 1024);
    const image = 'A'.repeat(3 * 1024 * 1024);
    const line = `event: response.image_generation_call.partial_image\ndata: {"partial_image_b64":"${image}"}\n\n`;
    const events = parseAll([line]);
    expect(events).toHaveLength(1);
    expect(events[0]?.data.length).toBe(image.length + '{"partial_image_b64":""}'.length);
  });

  it('copies a big event arriving in many small chunks in linear time, and never buffers past the bound', () => {
    const payload = Buffer.from(`data: ${'b'.repeat(2 * 1024 * 1024)}\n\n`);
    const grown: number[] = [];
    const alloc = jest.spyOn(Buffer, 'allocUnsafe');
    try {
      const p = new SseParser({ maxEventBytes: 4 * 1024 * 1024 });
      const out: SseEvent[] = [];
      for (let at = 0; at < payload.length; at += 16) out.push(...p.push(payload.subarray(at, at + 16)));
      expect(out).toHaveLength(1);
      expect(out[0]?.data.length).toBe(2 * 1024 * 1024);
      for (const call of alloc.mock.calls) grown.push(Number(call[0]));
    } finally {
      alloc.mockRestore();
    }
    // Doubling: a handful of buffers, the largest within the bound, together at most four times the line.
    expect(grown.length).toBeLessThanOrEqual(16);
    expect(Math.max(...grown)).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(grown.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(4 * payload.length);

    // The same line under a smaller bound is refused once the bound is passed, not after.
    const q = new SseParser({ maxEventBytes: 1024 * 1024 });
    let fed = 0;
    expect(() => {
      for (let at = 0; at < payload.length; at += 16) {
        q.push(payload.subarray(at, at + 16));
        fed = at + 16;
      }
    }).toThrow(SseEventTooLargeError);
    expect(fed).toBeLessThanOrEqual(1024 * 1024);
  });

  it('keeps memory to the limit: many small events pass under a small bound', () => {
    const p = new SseParser({ maxEventBytes: 32 });
    let n = 0;
    for (let i = 0; i < 1000; i++) n += p.push(`data: ${i}\n\n`).length;
    expect(n).toBe(1000);
  });

  describe('kept non-standard fields (ChatGLM v3 `meta:`)', () => {
    const META = '{"task_status":"SUCCESS","usage":{"prompt_tokens":2,"completion_tokens":5,"total_tokens":7}}';
    const GLM = `event: add\nid: t1\ndata: Hello\n\nevent: finish\nid: t1\ndata: \nmeta: ${META}\nx-other: dropped\n\n`;

    it('keeps the asked fields on their event, and only there', () => {
      const p = new SseParser({ fields: ['meta'] });
      expect([...p.push(GLM), ...p.end()]).toStrictEqual([
        { event: 'add', data: 'Hello', id: 't1' },
        { event: 'finish', data: '', id: 't1', fields: { meta: META } },
      ]);
    });

    it('the usual parser drops them and its events carry no fields key', () => {
      expect(parseAll([GLM])).toStrictEqual([
        { event: 'add', data: 'Hello', id: 't1' },
        { event: 'finish', data: '', id: 't1' },
      ]);
    });

    it('gives the same events whatever the chunk boundaries', () => {
      const bytes = Buffer.from(GLM, 'utf8');
      const all = (chunks: Uint8Array[]): SseEvent[] => {
        const p = new SseParser({ fields: ['meta'] });
        return [...chunks.flatMap((c) => p.push(c)), ...p.end()];
      };
      const whole = all([bytes]);
      for (let cut = 1; cut < bytes.length; cut++) expect(all([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(whole);
    });

    it('dispatches an event that has a kept field and no data line; joins repeated lines', () => {
      const p = new SseParser({ fields: ['meta'] });
      expect(p.push('event: finish\nmeta: {"a":\nmeta: 1}\n\ndata: next\n\n')).toStrictEqual([
        { event: 'finish', data: '', id: null, fields: { meta: '{"a":\n1}' } },
        { event: null, data: 'next', id: null },
      ]);
    });

    it('bounds a kept field with the event', () => {
      const p = new SseParser({ maxEventBytes: 64, fields: ['meta'] });
      expect(() => p.push(`data: ${'x'.repeat(30)}\nmeta: ${'y'.repeat(40)}\n`)).toThrow(SseEventTooLargeError);
    });
  });

  describe('wholeEvent', () => {
    const whole = (chunks: string[], undecoded = false): boolean[] => {
      const p = new SseParser({ undecoded });
      return chunks.map((c) => {
        p.push(c);
        return p.wholeEvent;
      });
    };

    it('is true only for a chunk that is one `data: <data>` event and nothing else, after the first chunk', () => {
      for (const undecoded of [false, true]) {
        expect(whole(['data: a\n\n', 'data: {"b":1}\n\n', 'data: 你好🌍\n\n', 'data: \n\n', '\ndata: x\n\n'], undecoded)).toEqual([false, true, true, true, false]);
      }
      // Told from the bytes: an invalid UTF-8 byte (decoded to a longer replacement character) still makes a whole chunk.
      const p = new SseParser();
      p.push(': open\n\n');
      p.push(Buffer.from([...Buffer.from('data: a'), 0xff, 0x0a, 0x0a]));
      expect(p.wholeEvent).toBe(true);
    });

    it('is false for any other shape of the same event, or bytes of an earlier chunk', () => {
      expect(
        whole([
          ': open\n\n',
          'data:x\n\n',
          'data: x\r\n\r\n',
          'data: x\n\ndata: y\n\n',
          'event: e\ndata: x\n\n',
          'id: 1\ndata: x\n\n',
          'data: x\n: c\n\n',
          'data: x\ndata: y\n\n',
          'data: par',
          'tial\n\n',
          'data: x\n',
          'data: y\n\n',
          'data: z\n\ndata: w',
          '\n\n',
          ': comment\n\n',
        ]),
      ).toEqual([false, false, false, false, false, false, false, false, false, false, false, false, false, false, false]);
    });

    it('is reset by end()', () => {
      const p = new SseParser();
      p.push(': open\n\n');
      p.push('data: x\n\n');
      expect(p.wholeEvent).toBe(true);
      p.end();
      expect(p.wholeEvent).toBe(false);
    });
  });

  describe('undecoded', () => {
    /** What a reader of the events sees, whatever their class. */
    const seen = (e: SseEvent) => ({ event: e.event, data: e.data, id: e.id, ...(e.fields ? { fields: e.fields } : {}) });
    const run = (chunks: Buffer[], undecoded: boolean, fields?: string[]): SseEvent[] => {
      const p = new SseParser({ undecoded, fields });
      return [...chunks.flatMap((c) => p.push(c)), ...p.end()];
    };
    const cuts = (bytes: Buffer, seed: number): Buffer[] => {
      const out: Buffer[] = [];
      let at = 0;
      let x = seed;
      while (at < bytes.length) {
        x = (x * 1103515245 + 12345) % 2147483648;
        const n = 1 + (x % 40);
        out.push(Buffer.from(bytes.subarray(at, at + n)));
        at += n;
      }
      return out;
    };

    it('gives the events the decoding parser gives, whatever the chunks, and the raw bytes decode to the data', () => {
      const text = `${STREAM}data: {"x":"ünï"}\n\nevent: e\ndata: one\n\ndata: a\ndata: b\n\nmeta: m\ndata: kept\n\ndata: 你好\r\n\r\n`;
      const bytes = Buffer.from(text, 'utf8');
      for (let seed = 1; seed <= 200; seed++) {
        const chunks = seed === 1 ? [bytes] : cuts(bytes, seed);
        for (const fields of [undefined, ['meta']]) {
          const lazy = run(chunks, true, fields);
          expect(lazy.map(seen)).toEqual(run(chunks, false, fields).map(seen));
          for (const e of lazy) {
            if (e.raw === undefined) continue;
            expect(e.raw.toString('utf8', e.rawFrom, e.rawTo)).toBe(e.data);
            expect(e.fields).toBeUndefined();
          }
        }
      }
    });

    it('keeps the bytes of an event of one data line whole in one chunk, and only of such an event', () => {
      const p = new SseParser({ undecoded: true });
      const [a] = p.push('data: {"a":1}\n\n');
      const [b] = p.push('event: e\ndata: x\n\n');
      expect([a?.raw?.toString('utf8', a.rawFrom, a.rawTo), b?.raw?.toString('utf8', b.rawFrom, b.rawTo), b?.event]).toEqual(['{"a":1}', 'x', 'e']);
      expect(p.push('data: sp').length + p.push('lit\n\n').length).toBe(1);
      expect(p.push('data: a\ndata: b\n\n')[0]?.raw).toBeUndefined();
      // A byte order mark opening the stream is dropped by the line path: that first event is decoded.
      const q = new SseParser({ undecoded: true });
      expect(q.push('\ufeffdata: x\n\n')[0]).toEqual({ event: null, data: 'x', id: null });
    });

    it('the decoding parser reads a pending line before the caller may reuse its chunk', () => {
      const p = new SseParser();
      const chunk = Buffer.from('data: abc\n');
      expect(p.push(chunk)).toEqual([]);
      chunk.fill(0x7a);
      expect(p.push('\n').map((e) => e.data)).toEqual(['abc']);
    });
  });

  it('a push that completes no event returns an empty list; one that does, its own list', () => {
    const p = new SseParser();
    expect(p.push('data: x')).toEqual([]);
    const a = p.push('\n\ndata: y\n\n');
    const b = p.push('data: z\n\n');
    expect(a.map((e) => e.data)).toEqual(['x', 'y']);
    expect(b.map((e) => e.data)).toEqual(['z']);
  });
});
