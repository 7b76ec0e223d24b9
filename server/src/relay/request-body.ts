import type { IncomingMessage } from 'node:http';
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

/**
 * Reads a request body, counting bytes while they stream in: a declared or actual size past
 * `limit` is a 413 before the rest is buffered (money rule 20).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(bodyTooLarge(limit));
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(bodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    };
    const onError = () => {
      cleanup();
      reject(new ClientAbortedError());
    };
    const onAborted = onError;
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });
}
