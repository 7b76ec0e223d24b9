import type { MultipartField, MultipartFile, MultipartForm } from '../../wire/canonical/request';

/** Bounds on a multipart body beyond its byte size (which the body reader caps). */
export interface MultipartLimits {
  maxParts: number;
  /** Bytes of one text field. */
  maxFieldBytes: number;
}

export const DEFAULT_MULTIPART_LIMITS: Readonly<MultipartLimits> = Object.freeze({ maxParts: 256, maxFieldBytes: 1024 * 1024 });

export class MultipartError extends Error {
  constructor(reason: string) {
    super(`malformed multipart body: ${reason}`);
    this.name = 'MultipartError';
  }
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data` content type; null when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^\s*multipart\/form-data\b/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s"]{1,70}))/i.exec(contentType);
  return m?.[1] ?? m?.[2] ?? null;
}

/** `name="a b"; filename*=UTF-8''%E4%BD%A0.wav` parameters of a Content-Disposition value. */
function dispositionParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  const re = /;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    const name = (m[1] ?? '').toLowerCase();
    const quoted = m[2];
    let v = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (m[3] ?? '').trim();
    if (name.endsWith('*')) {
      // RFC 5987 extended value: charset'lang'percent-encoded.
      const ext = /^([^']*)'[^']*'(.*)$/.exec(v);
      if (ext) {
        try {
          v = decodeURIComponent(ext[2] ?? '');
        } catch {
          continue;
        }
      }
      params.set(name.slice(0, -1), v);
      continue;
    }
    if (!params.has(name)) params.set(name, v);
  }
  return params;
}

function headersOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    out.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return out;
}

/**
 * Parses a whole multipart/form-data body (RFC 7578) that was already read under the size cap.
 * File contents are views into `body` (no copy). Throws MultipartError on anything malformed.
 */
export function parseMultipart(body: Buffer, boundary: string, limits: MultipartLimits = DEFAULT_MULTIPART_LIMITS): MultipartForm {
  const dash = Buffer.from(`--${boundary}`);
  const between = Buffer.concat([CRLF, dash]);
  const fields: MultipartField[] = [];
  const files: MultipartFile[] = [];
  let pos = body.indexOf(dash);
  if (pos !== 0 && pos !== -1) {
    // A preamble is allowed, but the first delimiter must then start a line.
    pos = body.indexOf(between);
    if (pos !== -1) pos += 2;
  }
  if (pos === -1) throw new MultipartError('no boundary found');
  pos += dash.length;
  for (let parts = 0; ; parts++) {
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) break;
    // Transport padding (spaces, tabs) may follow a delimiter before its CRLF.
    while (body[pos] === 0x20 || body[pos] === 0x09) pos++;
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) throw new MultipartError('delimiter not followed by CRLF');
    pos += 2;
    if (parts >= limits.maxParts) throw new MultipartError(`more than ${limits.maxParts} parts`);
    let contentStart: number;
    let headerText = '';
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) contentStart = pos + 2;
    else {
      const end = body.indexOf(HEADER_END, pos);
      if (end === -1) throw new MultipartError('unterminated part headers');
      headerText = body.toString('utf8', pos, end);
      contentStart = end + 4;
    }
    const next = body.indexOf(between, contentStart);
    if (next === -1) throw new MultipartError('unterminated part');
    const content = body.subarray(contentStart, next);
    pos = next + between.length;

    const headers = headersOf(headerText);
    const disposition = headers.get('content-disposition') ?? '';
    if (!/^form-data\b/i.test(disposition)) continue;
    const params = dispositionParams(disposition);
    const name = params.get('name');
    if (name === undefined) continue;
    const filename = params.get('filename');
    if (filename === undefined) {
      if (content.length > limits.maxFieldBytes) throw new MultipartError(`field ${name.slice(0, 64)} is too large`);
      fields.push({ name, value: content.toString('utf8') });
    } else {
      files.push({ name, filename, contentType: headers.get('content-type') ?? 'application/octet-stream', data: content });
    }
  }
  return { fields, files };
}
