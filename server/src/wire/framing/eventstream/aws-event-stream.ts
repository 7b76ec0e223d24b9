import { EventStreamCodec, type Message, type MessageHeaders } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { SseEventTooLargeError, type SseEvent } from '../sse/sse-parser';

/*
 * The AWS event stream framing (`application/vnd.amazon.eventstream`, what Bedrock's
 * InvokeModelWithResponseStream answers): length-prefixed binary messages with typed headers
 * and CRCs. The relay owns the framing, as it owns SSE: this decoder buffers at most one message
 * (bounded like an SSE event), decodes it with `@smithy/eventstream-codec` (prelude and message
 * CRCs checked there), and yields SSE-shaped events so adaptors keep one stream contract:
 *
 * - an `event` message of type `chunk` whose payload is `{"bytes": "<base64>"}` (Bedrock's
 *   ResponseStream) yields `{event: "chunk", data: <the decoded bytes as text>}`;
 * - any other event yields `{event: <:event-type>, data: <payload text>}`;
 * - an `exception` message yields `{event: "exception", data: <payload JSON + exceptionType>}`,
 *   an `error` message the same from its `:error-code` / `:error-message` headers.
 */

/** Prelude (total length, headers length, prelude CRC) plus the trailing message CRC. */
const PRELUDE_BYTES = 12;
const MIN_MESSAGE_BYTES = PRELUDE_BYTES + 4;

/** A message that is not a valid event stream message (bad length or CRC, unreadable headers). */
export class StreamFrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamFrameError';
  }
}

/** What a stream framing gives the pump: events from bytes, and the rest at the end. */
export interface StreamFraming {
  push(chunk: Uint8Array): SseEvent[];
  end(): SseEvent[];
}

function header(headers: MessageHeaders, name: string): string | null {
  const h = headers[name];
  return h && h.type === 'string' ? h.value : null;
}

function payloadObject(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** One decoded message as an SSE-shaped event (see the file comment). */
export function eventOfMessage(message: Message): SseEvent {
  const text = toUtf8(message.body);
  const kind = header(message.headers, ':message-type') ?? 'event';
  if (kind === 'exception') {
    const type = header(message.headers, ':exception-type') ?? 'exception';
    const body = payloadObject(text) ?? { message: text };
    return { event: 'exception', data: JSON.stringify({ ...body, exceptionType: type }), id: null };
  }
  if (kind === 'error') {
    const type = header(message.headers, ':error-code') ?? 'error';
    return { event: 'exception', data: JSON.stringify({ message: header(message.headers, ':error-message') ?? text, exceptionType: type }), id: null };
  }
  const type = header(message.headers, ':event-type') ?? 'message';
  const body = type === 'chunk' ? payloadObject(text) : null;
  if (body && typeof body.bytes === 'string') return { event: 'chunk', data: Buffer.from(body.bytes, 'base64').toString('utf8'), id: null };
  return { event: type, data: text, id: null };
}

/**
 * Incremental decoder: bytes in any chunking, messages out in order. Memory is bounded by
 * `maxEventBytes` (a message announcing more throws SseEventTooLargeError before it is
 * buffered) plus one incoming chunk.
 */
export class AwsEventStreamDecoder implements StreamFraming {
  private readonly codec = new EventStreamCodec(toUtf8, fromUtf8);
  private readonly maxEventBytes: number;
  /** Bytes not yet decoded, kept as received until a whole message is there (linear copying). */
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(options: { maxEventBytes: number }) {
    this.maxEventBytes = options.maxEventBytes;
  }

  push(chunk: Uint8Array): SseEvent[] {
    if (chunk.length > 0) {
      // Copied in: the caller may reuse its buffer.
      this.pending.push(Buffer.from(chunk));
      this.pendingBytes += chunk.length;
    }
    const events: SseEvent[] = [];
    while (this.pendingBytes >= 4) {
      if ((this.pending[0] as Buffer).length < 4) this.pending = [Buffer.concat(this.pending)];
      const total = (this.pending[0] as Buffer).readUInt32BE(0);
      if (total < MIN_MESSAGE_BYTES) throw new StreamFrameError(`event stream message length ${total} is too short`);
      if (total > this.maxEventBytes) throw new SseEventTooLargeError(this.maxEventBytes);
      if (this.pendingBytes < total) break;
      const all = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending);
      let message: Message;
      try {
        message = this.codec.decode(all.subarray(0, total));
      } catch (err) {
        throw new StreamFrameError((err as Error)?.message ?? 'invalid event stream message');
      }
      events.push(eventOfMessage(message));
      // A big decoded message is let go: the rest is copied off it.
      const rest = all.length > 64 * 1024 ? Buffer.from(all.subarray(total)) : all.subarray(total);
      this.pending = rest.length > 0 ? [rest] : [];
      this.pendingBytes = rest.length;
    }
    return events;
  }

  /** A cut message at the end is dropped: the stream ended without finishing, which the pump sees. */
  end(): SseEvent[] {
    this.pending = [];
    this.pendingBytes = 0;
    return [];
  }
}
