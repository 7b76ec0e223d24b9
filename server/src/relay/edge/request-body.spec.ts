import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { BodyEncodingError, bodyCoding, readBody } from './request-body';
import { RelayError } from './relay-errors';

/** A request stand-in: the body written in chunks of `chunk` bytes, with headers. */
function request(body: Buffer, headers: Record<string, string> = {}, chunk = 1024): IncomingMessage {
  const s = new PassThrough();
  Object.assign(s, { headers });
  setImmediate(() => {
    for (let at = 0; at < body.length; at += chunk) s.write(body.subarray(at, at + chunk));
    s.end();
  });
  return s as unknown as IncomingMessage;
}

const JSON_BODY = Buffer.from(JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi '.repeat(500) }] }));

describe('readBody', () => {
  it('reads a plain body, and decodes gzip, x-gzip, deflate and br bodies', async () => {
    expect((await readBody(request(JSON_BODY), 64 * 1024)).equals(JSON_BODY)).toBe(true);
    const cases: [string, Buffer][] = [
      ['gzip', gzipSync(JSON_BODY)],
      ['x-gzip', gzipSync(JSON_BODY)],
      ['deflate', deflateSync(JSON_BODY)],
      ['br', brotliCompressSync(JSON_BODY)],
      ['identity', JSON_BODY],
      ['GZIP', gzipSync(JSON_BODY)],
    ];
    for (const [coding, wire] of cases) {
      const got = await readBody(request(wire, { 'content-encoding': coding }, 7), 64 * 1024);
      expect({ coding, same: got.equals(JSON_BODY) }).toEqual({ coding, same: true });
    }
  });

  it('applies the cap to the decoded size: a small bomb is a 413', async () => {
    const limit = 64 * 1024;
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(limit);
    const err = await readBody(request(bomb, { 'content-encoding': 'gzip' }), limit).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RelayError);
    expect(err).toMatchObject({ status: 413, code: 'request_too_large', params: { max: limit } });
    const br = await readBody(request(brotliCompressSync(Buffer.alloc(limit + 1)), { 'content-encoding': 'br' }), limit).catch((e: unknown) => e);
    expect(br).toMatchObject({ status: 413, code: 'request_too_large' });
  });

  it('still caps the compressed bytes (declared or streamed)', async () => {
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
    const err = await readBody(request(noise, { 'content-encoding': 'identity', 'content-length': String(noise.length) }), 1024).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 413 });
    const streamed = await readBody(request(gzipSync(noise, { level: 0 }), { 'content-encoding': 'gzip' }), 1024).catch((e: unknown) => e);
    expect(streamed).toMatchObject({ status: 413 });
  });

  it('a corrupt or truncated body is a 400 naming the coding', async () => {
    const gz = gzipSync(JSON_BODY);
    for (const [coding, wire] of [
      ['gzip', Buffer.from('definitely not gzip')],
      ['gzip', gz.subarray(0, gz.length - 20)],
      ['deflate', deflateRawSync(JSON_BODY)],
      ['br', Buffer.from([0xff, 0xff, 0xff, 0xff])],
    ] as [string, Buffer][]) {
      const err = await readBody(request(wire, { 'content-encoding': coding }), 64 * 1024).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BodyEncodingError);
      expect(err).toMatchObject({ status: 400, code: 'invalid_request_body', headers: { Connection: 'close' } });
      expect((err as BodyEncodingError).params).toEqual({ coding });
    }
  });
});

describe('bodyCoding', () => {
  it('names the coding, or null for none and identity', () => {
    expect(bodyCoding(undefined)).toBeNull();
    expect(bodyCoding('')).toBeNull();
    expect(bodyCoding('identity')).toBeNull();
    expect(bodyCoding(' Gzip ')).toBe('gzip');
    expect(bodyCoding('identity, br')).toBe('br');
  });

  it('refuses an unknown or stacked coding with 415 and Accept-Encoding', () => {
    for (const header of ['zstd', 'compress', 'gzip, br']) {
      let err: unknown;
      try {
        bodyCoding(header);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(BodyEncodingError);
      expect(err).toMatchObject({ status: 415, code: 'unsupported_content_encoding', headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    }
  });
});
