import type { MultipartForm } from '../../../wire/canonical/request';

const encoder = new TextEncoder();

/** Quoted-string value for a Content-Disposition parameter; CR, LF and quotes cannot break out. */
function quote(v: string): string {
  return `"${v.replace(/[\r\n]/g, ' ').replace(/(["\\])/g, '\\$1')}"`;
}

/**
 * multipart/form-data bytes for an upstream call. Pure: the caller supplies the boundary (the
 * relay uses a random one), so fixtures can compare bytes.
 */
export function encodeMultipart(form: MultipartForm, boundary: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const f of form.fields) {
    chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name=${quote(f.name)}\r\n\r\n${f.value}\r\n`));
  }
  for (const f of form.files) {
    const type = f.contentType.replace(/[\r\n]/g, '') || 'application/octet-stream';
    chunks.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name=${quote(f.name)}; filename=${quote(f.filename)}\r\nContent-Type: ${type}\r\n\r\n`,
      ),
    );
    chunks.push(f.data);
    chunks.push(encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export function multipartContentType(boundary: string): string {
  return `multipart/form-data; boundary=${boundary}`;
}
