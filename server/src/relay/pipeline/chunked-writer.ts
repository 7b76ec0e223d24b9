import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The parts of Node's OutgoingMessage this writer relies on (stable since Node 0.x, not in the typings). */
interface OutgoingInternals {
  chunkedEncoding: boolean;
  _headerSent: boolean;
}

interface SocketInternals {
  _httpMessage?: unknown;
}

/**
 * Writes one chunk of a chunked HTTP/1.1 answer straight to the socket, framed here: the size line,
 * the bytes and the CRLF in one buffer and one `socket.write`.
 *
 * `ServerResponse.write` frames the same chunk as four socket writes (the size, a CRLF, the bytes,
 * a CRLF) behind a cork undone on the next tick: for a stream of small SSE events that is most of
 * what Node allocates per event (bench/README.md, "Node's write path"). The answer stays Node's
 * otherwise: its head goes out through `flushHeaders`, and `end()` writes the last chunk and
 * finishes it (keep-alive, the next request on the socket).
 *
 * Returns `undefined` when the answer is not one this may frame (not chunked, as for HTTP/1.0; not
 * yet the socket's current answer, as behind a pipelined one; the socket gone): the caller then
 * writes through `res.write`. Otherwise what `socket.write` returns (false: wait for its 'drain').
 */
export function writeChunkDirect(res: ServerResponse, chunk: string | Uint8Array): boolean | undefined {
  const socket = res.socket as (Socket & SocketInternals) | null;
  const out = res as unknown as OutgoingInternals;
  if (socket === null || socket._httpMessage !== res || !out.chunkedEncoding || socket.destroyed || !socket.writable) return undefined;
  const size = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
  if (size === 0) return true; // an empty chunk would end the body
  const head = size.toString(16);
  const frame = Buffer.allocUnsafe(head.length + size + 4);
  let at = frame.write(head, 0, 'latin1');
  frame[at++] = 13;
  frame[at++] = 10;
  if (typeof chunk === 'string') {
    at += frame.write(chunk, at, 'utf8');
  } else {
    frame.set(chunk, at);
    at += size;
  }
  frame[at++] = 13;
  frame[at] = 10;
  if (out._headerSent) return socket.write(frame);
  // The head and the first chunk leave in one packet, as res.write would send them.
  socket.cork();
  res.flushHeaders();
  const ok = socket.write(frame);
  socket.uncork();
  return ok;
}
