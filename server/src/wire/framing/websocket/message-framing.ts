import type { StreamFraming } from '../eventstream/aws-event-stream';
import type { SseEvent } from '../sse/sse-parser';

/**
 * A WebSocket upstream's messages as stream events: the socket already frames them, so each
 * message (one chunk of the relay's message stream, never split or joined) is one event whose data
 * is its UTF-8 text. Its size was bounded by the socket (`maxPayload`).
 */
export class WebSocketMessageFraming implements StreamFraming {
  push(chunk: Uint8Array): SseEvent[] {
    return [{ event: null, data: Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8'), id: null }];
  }

  end(): SseEvent[] {
    return [];
  }
}
