import { MultipartError, multipartBoundary, parseMultipart } from './multipart';

function body(parts: string[], boundary = 'XyZ'): Buffer {
  return Buffer.from(parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') + `--${boundary}--\r\n`, 'utf8');
}

describe('multipart', () => {
  it('reads the boundary of multipart/form-data only, quoted or not', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc123')).toBe('abc123');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b:c"')).toBe('a b:c');
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
  });

  it('splits fields and files, keeping file bytes exact (CRLF inside content included)', () => {
    const bin = Buffer.from([0, 1, 2, 13, 10, 45, 45, 255]);
    const raw = Buffer.concat([
      Buffer.from('--B\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n'),
      Buffer.from('--B\r\nContent-Disposition: form-data; name="file"; filename="a \\"q\\".wav"\r\nContent-Type: audio/wav\r\n\r\n'),
      bin,
      Buffer.from('\r\n--B\r\nContent-Disposition: form-data; name="prompt"\r\n\r\n你好\r\n--B--\r\n'),
    ]);
    const form = parseMultipart(raw, 'B');
    expect(form.fields).toEqual([
      { name: 'model', value: 'whisper-1' },
      { name: 'prompt', value: '你好' },
    ]);
    expect(form.files).toHaveLength(1);
    expect(form.files[0]).toMatchObject({ name: 'file', filename: 'a "q".wav', contentType: 'audio/wav' });
    expect(Buffer.from(form.files[0]?.data ?? []).equals(bin)).toBe(true);
  });

  it('accepts a preamble, transport padding and RFC 5987 filenames', () => {
    const raw = Buffer.from(
      'preamble text\r\n--B  \r\nContent-Disposition: form-data; name="image"; filename*=UTF-8\'\'%E5%9B%BE.png\r\n\r\nPNG\r\n--B--',
    );
    const form = parseMultipart(raw, 'B');
    expect(form.files[0]).toMatchObject({ name: 'image', filename: '图.png', contentType: 'application/octet-stream' });
  });

  it('skips parts without a form-data name', () => {
    const form = parseMultipart(body(['Content-Type: text/plain\r\n\r\nx', 'Content-Disposition: form-data; name="n"\r\n\r\n2']), 'XyZ');
    expect(form.fields).toEqual([{ name: 'n', value: '2' }]);
  });

  it('refuses malformed bodies and bounds parts and field sizes', () => {
    expect(() => parseMultipart(Buffer.from('no boundary here'), 'B')).toThrow(MultipartError);
    expect(() => parseMultipart(Buffer.from('--B\r\nContent-Disposition: form-data; name="a"\r\n\r\nnever closed'), 'B')).toThrow(/unterminated/);
    expect(() => parseMultipart(Buffer.from('--B\r\nContent-Disposition: form-data; name="a"'), 'B')).toThrow(/headers/);
    const many = body(Array.from({ length: 5 }, (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nv`));
    expect(() => parseMultipart(many, 'XyZ', { maxParts: 4, maxFieldBytes: 10 })).toThrow(/more than 4 parts/);
    const big = body(['Content-Disposition: form-data; name="big"\r\n\r\n' + 'x'.repeat(11)]);
    expect(() => parseMultipart(big, 'XyZ', { maxParts: 4, maxFieldBytes: 10 })).toThrow(/too large/);
  });
});
