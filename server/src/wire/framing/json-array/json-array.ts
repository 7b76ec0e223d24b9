import { SseEventTooLargeError, type SseEvent } from '../sse/sse-parser';
import { SSE_HEADERS } from '../sse/sse-writer';

/*
 * The JSON-array stream framing: what Google's `streamGenerateContent` answers without
 * `alt=sse` (`[{...}\r\n,{...}\r\n]`, each element one GenerateContentResponse, sent as it is
 * generated). The relay owns it, as it owns SSE:
 *
 * - `JsonArrayWriter` frames the chunks a relayed stream sends its client (one writer per
 *   answer); `SseClientFraming` is the default SSE framing behind the same interface;
 * - `JsonArrayDecoder` splits an upstream's array into one SSE-shaped event per element as the
 *   bytes arrive, holding at most one element (bounded like an SSE event).
 */

/** How a relayed stream's chunks reach its client (the inbound format decides what the chunks say). */
export interface ClientFraming {
  readonly headers: Readonly<Record<string, string>>;
  /** One chunk (JSON text) as wire text. */
  event(json: string): string;
  /** The text that closes the stream (after the last chunk, or an error chunk). */
  end(): string;
}

/** Server-sent events: a `data:` line per chunk, nothing at the end. */
export class SseClientFraming implements ClientFraming {
  readonly headers = SSE_HEADERS;

  event(json: string): string {
    return `data: ${json}\n\n`;
  }

  end(): string {
    return '';
  }
}

export const JSON_ARRAY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'application/json; charset=UTF-8',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
});

/** A JSON array written element by element: `[` before the first, `,` between, `]` at the end. */
export class JsonArrayWriter implements ClientFraming {
  readonly headers = JSON_ARRAY_HEADERS;
  private opened = false;
  private closed = false;

  event(json: string): string {
    if (this.opened) return `,\r\n${json}`;
    this.opened = true;
    return `[${json}`;
  }

  /** Closes the array (an empty one when nothing was written); idempotent. */
  end(): string {
    if (this.closed) return '';
    this.closed = true;
    const close = this.opened ? '\r\n]' : '[]';
    this.opened = true;
    return close;
  }
}

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
const BRACE_OPEN = 0x7b;
const BRACE_CLOSE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/** The upstream's bytes are not a JSON array of objects. */
export class JsonArrayFrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonArrayFrameError';
  }
}

/**
 * Splits a streamed JSON array of objects into one event per element (`{event: null, data:
 * <element text>}`), scanning bytes once (strings and escapes tracked, so braces inside strings
 * do not count). Memory is bounded by one element: past `maxEventBytes` it throws
 * SseEventTooLargeError, like the SSE parser. Whitespace and commas between elements are skipped.
 */
export class JsonArrayDecoder {
  private readonly max: number;
  private readonly decoder = new TextDecoder('utf-8');
  private state: 'before' | 'between' | 'element' | 'after' = 'before';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private parts: Uint8Array[] = [];
  private size = 0;

  constructor(options: { maxEventBytes: number }) {
    this.max = options.maxEventBytes;
  }

  push(chunk: Uint8Array): SseEvent[] {
    const out: SseEvent[] = [];
    let start = -1;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i] as number;
      if (this.state === 'element') {
        if (start < 0) start = i;
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (b === BACKSLASH) this.escaped = true;
          else if (b === QUOTE) this.inString = false;
          continue;
        }
        if (b === QUOTE) this.inString = true;
        else if (b === BRACE_OPEN || b === OPEN) this.depth++;
        else if (b === BRACE_CLOSE || b === CLOSE) {
          this.depth--;
          if (this.depth === 0) {
            this.take(chunk.subarray(start, i + 1));
            out.push({ event: null, data: this.flush(), id: null });
            this.state = 'between';
            start = -1;
          }
        }
        continue;
      }
      if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) continue;
      if (this.state === 'before') {
        if (b !== OPEN) throw new JsonArrayFrameError('the stream is not a JSON array');
        this.state = 'between';
      } else if (this.state === 'between') {
        if (b === COMMA) continue;
        if (b === CLOSE) this.state = 'after';
        else if (b === BRACE_OPEN) {
          this.state = 'element';
          this.depth = 1;
          start = i;
        } else throw new JsonArrayFrameError('a JSON array element is not an object');
      } else throw new JsonArrayFrameError('data after the end of the JSON array');
    }
    if (this.state === 'element' && start >= 0) this.take(chunk.subarray(start));
    return out;
  }

  /** Whether the closing `]` was seen (a stream that ends before it was cut). */
  get complete(): boolean {
    return this.state === 'after';
  }

  /** An element cut by the end of the stream is dropped (it cannot be parsed). */
  end(): SseEvent[] {
    this.parts = [];
    this.size = 0;
    return [];
  }

  private take(bytes: Uint8Array): void {
    this.size += bytes.length;
    if (this.size > this.max) throw new SseEventTooLargeError(this.max);
    // The chunk may be reused by its producer: keep a copy.
    this.parts.push(bytes.slice());
  }

  private flush(): string {
    const all = new Uint8Array(this.size);
    let at = 0;
    for (const p of this.parts) {
      all.set(p, at);
      at += p.length;
    }
    this.parts = [];
    this.size = 0;
    return this.decoder.decode(all);
  }
}
