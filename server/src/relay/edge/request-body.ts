import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { RelayError } from './relay-errors';

/** The client went away while its body was arriving. */
export class ClientAbortedError extends Error {
  constructor() {
    super('the client closed the connection while sending the request');
    this.name = 'ClientAbortedError';
  }
}

export function bodyTooLarge(limit: number): RelayError {
  // The rest of the body is never read: the connection is closed after the answer.
  return new RelayError('request_too_large', 'relay.body_too_large', 413, { max: limit }, { Connection: 'close' });
}

/** Request content codings the relay decodes (reference §1.1). `deflate` is the zlib format (RFC 9110). */
export type BodyCoding = 'gzip' | 'deflate' | 'br';
export const SUPPORTED_CODINGS = 'gzip, deflate, br';

/** A body the relay cannot decode; the connection is closed because the rest of it is left unread. */
export class BodyEncodingError extends RelayError {
  constructor(status: 400 | 415, code: string, key: 'relay.body_encoding_unsupported' | 'relay.body_encoding_corrupt', params: Record<string, string>, headers: Record<string, string> = {}) {
    super(code, key, status, params, { Connection: 'close', ...headers });
  }
}

/**
 * The coding named by Content-Encoding; null for none or `identity`. An unknown coding, or more
 * than one stacked, is a 415 with `Accept-Encoding` listing what is accepted (RFC 9110 §15.5.16).
 */
export function bodyCoding(header: string | string[] | undefined): BodyCoding | null {
  // The usual request names none.
  if (header === undefined) return null;
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  const codings = raw
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0) return null;
  const unsupported = (what: string) =>
    new BodyEncodingError(
      415,
      'unsupported_content_encoding',
      'relay.body_encoding_unsupported',
      { coding: what.slice(0, 64), accepted: SUPPORTED_CODINGS },
      { 'Accept-Encoding': SUPPORTED_CODINGS },
    );
  if (codings.length > 1) throw unsupported(codings.join(', '));
  const only = codings[0] as string;
  if (only === 'gzip' || only === 'x-gzip') return 'gzip';
  if (only === 'deflate' || only === 'br') return only;
  throw unsupported(only);
}

function decoder(coding: BodyCoding): Transform {
  switch (coding) {
    case 'gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default: {
      const never: never = coding;
      throw new Error(`unknown coding ${String(never)}`);
    }
  }
}

function corruptBody(coding: BodyCoding): BodyEncodingError {
  return new BodyEncodingError(400, 'invalid_request_body', 'relay.body_encoding_corrupt', { coding });
}

/**
 * Reads a request body, counting bytes while they stream in: a declared or actual size past
 * `limit` is a 413 before the rest is buffered (money rule 20). A gzip, deflate or br body is
 * decoded as it arrives and the cap applies to the decoded bytes as well (a small bomb is cut
 * as soon as its output passes the cap); a corrupt one is a 400, an unknown coding a 415.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  let coding: BodyCoding | null;
  try {
    coding = bodyCoding(req.headers['content-encoding']);
  } catch (err) {
    return Promise.reject(err);
  }
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(bodyTooLarge(limit));
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    /** Bytes on the wire, and bytes of the body (the same without a coding). */
    let wire = 0;
    let size = 0;
    let settled = false;
    const decoding = coding === null ? null : { coding, stream: decoder(coding) };
    const inflate = decoding?.stream ?? null;

    const cleanup = () => {
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
    };
    const fail = (err: Error) => {
      if (settled) return;
      cleanup();
      req.pause();
      // Its late output and errors go nowhere: `settled` is set.
      inflate?.destroy();
      reject(err);
    };
    const finish = () => {
      if (settled) return;
      cleanup();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    };
    const take = (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        fail(bodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };

    const onData = (chunk: Buffer) => {
      wire += chunk.length;
      if (wire > limit) {
        fail(bodyTooLarge(limit));
        return;
      }
      if (!inflate) {
        take(chunk);
        return;
      }
      // Backpressure: a decoder behind on its output stops the socket rather than queueing input.
      if (!inflate.write(chunk)) {
        req.pause();
        inflate.once('drain', () => {
          if (!settled) req.resume();
        });
      }
    };
    const onEnd = () => {
      if (inflate) inflate.end();
      else finish();
    };
    const onError = () => fail(new ClientAbortedError());
    const onAborted = onError;

    if (decoding) {
      decoding.stream.on('data', take);
      decoding.stream.on('end', finish);
      decoding.stream.on('error', () => fail(corruptBody(decoding.coding)));
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });
}
