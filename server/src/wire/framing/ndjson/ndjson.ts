import type { StreamFraming } from '../eventstream/aws-event-stream';
import { SseEventTooLargeError, type SseEvent } from '../sse/sse-parser';

/*
 * The newline-delimited JSON stream framing (NDJSON, `application/stream+json`, `application/x-ndjson`):
 * what Cohere's v1 `/v1/chat` answers with `stream: true`, one JSON object per line. The relay owns
 * it, as it owns SSE: this decoder splits the upstream's bytes into one SSE-shaped event per line
 * (`{event: null, data: <the line>, id: null}`) as they arrive, so adaptors keep one stream
 * contract. Lines end with LF (a CR before it is dropped); blank lines are skipped; a byte order
 * mark opening the stream is dropped. Works on bytes, so a UTF-8 character split across chunks is
 * decoded whole. Memory is bounded by one line: past `maxEventBytes` it throws
 * SseEventTooLargeError, like the SSE parser. A last line without its newline is still given at
 * the end (a truncated object then fails in the adaptor's JSON parse).
 */

const LF = 0x0a;
const CR = 0x0d;
const BOM = '\ufeff';

export class NdjsonDecoder implements StreamFraming {
  private readonly max: number;
  /** Pieces of the line not terminated yet (copies: the caller may reuse its buffers). */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private atStart = true;

  constructor(options: { maxEventBytes: number }) {
    this.max = options.maxEventBytes;
  }

  push(chunk: Uint8Array): SseEvent[] {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const out: SseEvent[] = [];
    let start = 0;
    while (start < bytes.length) {
      const lf = bytes.indexOf(LF, start);
      if (lf === -1) {
        this.keep(bytes.subarray(start));
        break;
      }
      this.line(out, bytes, start, lf);
      start = lf + 1;
    }
    return out;
  }

  end(): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.pendingBytes > 0) this.take(out, this.joinPending(Buffer.alloc(0)));
    this.pending = [];
    this.pendingBytes = 0;
    return out;
  }

  private keep(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.pendingBytes + piece.length > this.max) throw new SseEventTooLargeError(this.max);
    this.pending.push(Buffer.from(piece));
    this.pendingBytes += piece.length;
  }

  /** The line from `start` to the LF at `end`, with whatever earlier chunks left of it. */
  private line(out: SseEvent[], bytes: Buffer, start: number, end: number): void {
    if (this.pendingBytes === 0) {
      if (end - start > this.max) throw new SseEventTooLargeError(this.max);
      if (end === start) return;
      this.take(out, bytes.toString('utf8', start, end));
      return;
    }
    if (this.pendingBytes + end - start > this.max) throw new SseEventTooLargeError(this.max);
    this.take(out, this.joinPending(bytes.subarray(start, end)));
  }

  private joinPending(last: Buffer): string {
    const whole = Buffer.concat([...this.pending, last], this.pendingBytes + last.length);
    this.pending = [];
    this.pendingBytes = 0;
    return whole.toString('utf8');
  }

  private take(out: SseEvent[], decoded: string): void {
    let line = decoded;
    if (this.atStart) {
      this.atStart = false;
      if (line.startsWith(BOM)) line = line.slice(1);
    }
    if (line.charCodeAt(line.length - 1) === CR) line = line.slice(0, -1);
    if (line.trim() === '') return;
    out.push({ event: null, data: line, id: null });
  }
}
