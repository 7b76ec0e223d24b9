import { Readable } from 'node:stream';
import WebSocket, { type RawData } from 'ws';

function bytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * An open upstream WebSocket as a stream of its messages (object mode: one Buffer per message,
 * never split or joined), so the stream pump reads it like any upstream body: backpressure pauses
 * the socket, the upstream's close ends the stream, a socket error errors it, and `signal` (the
 * relay's cancel) destroys it with an error and drops the socket. Destroying the stream closes the
 * socket too.
 */
export function socketMessages(socket: WebSocket, signal: AbortSignal): Readable {
  const body = new Readable({
    objectMode: true,
    read: () => {
      if (socket.isPaused) socket.resume();
    },
  });
  socket.on('message', (data: RawData) => {
    if (body.destroyed) return;
    if (!body.push(bytes(data))) socket.pause();
  });
  socket.once('close', () => {
    if (!body.destroyed) body.push(null);
  });
  socket.on('error', (err) => body.destroy(err));
  const onAbort = (): void => {
    body.destroy(new Error('cancelled by the relay'));
  };
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  body.once('close', () => {
    signal.removeEventListener('abort', onAbort);
    if (socket.readyState === WebSocket.OPEN) socket.close(1000);
    else if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
    // A peer that does not answer the close is dropped after a short while.
    setTimeout(() => socket.terminate(), 2000).unref();
  });
  return body;
}
