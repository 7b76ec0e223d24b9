import type { StreamFraming } from '../eventstream/aws-event-stream';
import { SseEventTooLargeError, type SseEvent } from '../sse/sse-parser';

/*
 * The framing of a provider without a stream (PaLM 2's generateMessage): a stream request is sent
 * as a plain one, and its whole answer is one event, given when the body is complete
 * (`{event: null, data: <the body>, id: null}`), so the adaptor's stream parser answers the
 * client's stream from it (one chunk, the usage, the end) through the same pump as real streams:
 * its timeouts, client-gone drain and in-stream errors. Bounded like a whole answer: past
 * `maxBytes` it throws SseEventTooLargeError.
 */

export class WholeBodyFraming implements StreamFraming {
  private readonly max: number;
  private pieces: Buffer[] = [];
  private size = 0;

  constructor(options: { maxBytes: number }) {
    this.max = options.maxBytes;
  }

  push(chunk: Uint8Array): SseEvent[] {
    if (chunk.byteLength === 0) return [];
    this.size += chunk.byteLength;
    if (this.size > this.max) throw new SseEventTooLargeError(this.max);
    // Copied: the caller may reuse its buffer.
    this.pieces.push(Buffer.from(chunk));
    return [];
  }

  /** The body as one event; nothing for an empty body. */
  end(): SseEvent[] {
    if (this.size === 0) return [];
    const data = Buffer.concat(this.pieces, this.size).toString('utf8');
    this.pieces = [];
    this.size = 0;
    return [{ event: null, data, id: null }];
  }
}
