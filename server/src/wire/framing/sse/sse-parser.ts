/** One dispatched server-sent event. */
export interface SseEvent {
  /** `event:` field; null for the default "message" type. */
  readonly event: string | null;
  /** `data:` lines joined with "\n". */
  readonly data: string;
  readonly id: string | null;
  /**
   * Non-standard fields the parser was asked to keep (`fields` option), by name, when the event
   * had any (several lines of one field joined with "\n"); absent otherwise. ChatGLM's v3 stream
   * puts the usage of its `finish` event in a `meta:` field.
   */
  readonly fields?: Readonly<Record<string, string>>;
  /**
   * Set by a parser made with `undecoded` on an event whose data is one `data:` line whole in
   * one pushed chunk: the data's own bytes are `raw[rawFrom, rawTo)`, and `data` decodes them on
   * its first read. A glance at the bytes (the relay's `Skim`) then costs no string.
   */
  readonly raw?: Buffer;
  readonly rawFrom?: number;
  readonly rawTo?: number;
}

/** An event of one `data:` line, its data decoded when first read (`SseParser` option `undecoded`). */
class UndecodedEvent implements SseEvent {
  private text: string | null = null;

  constructor(
    readonly event: string | null,
    readonly id: string | null,
    readonly raw: Buffer,
    readonly rawFrom: number,
    readonly rawTo: number,
  ) {}

  get data(): string {
    return (this.text ??= this.raw.toString('utf8', this.rawFrom, this.rawTo));
  }
}

/**
 * The reference's scanner buffer (`STREAM_SCANNER_MAX_BUFFER_MB`, 64): Responses streams carry
 * generated images as multi-megabyte base64 events. The relay passes its configured value.
 */
export const DEFAULT_MAX_SSE_EVENT_BYTES = 64 * 1024 * 1024;

/** An upstream event grew past the bound: the relay aborts the upstream instead of buffering more. */
export class SseEventTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`upstream SSE event exceeds ${limit} bytes`);
    this.name = 'SseEventTooLargeError';
  }
}

const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;
/** The first byte of a UTF-8 byte order mark. */
const BOM_FIRST = 0xef;
const BOM = '\ufeff';
const NOTHING = Buffer.alloc(0);
/** What a push that completed no event returns (never written to: callers only read the list). */
const NO_EVENTS = Object.freeze([]) as unknown as SseEvent[];
/** A line buffer larger than this is let go once its line is taken (a past big event pins no memory). */
const KEEP_LINE_BUFFER_BYTES = 64 * 1024;

/**
 * Incremental SSE parser (WHATWG event-stream rules: CRLF, CR or LF line ends, `:` comments,
 * `event`/`data`/`id` fields, one optional space after the colon). Works on bytes, so UTF-8
 * characters split across chunks are decoded whole, and the size of the event being built is
 * known exactly: past `maxEventBytes` it throws SseEventTooLargeError. Memory is bounded by the
 * limit plus one incoming chunk; a big event in many small chunks is copied in linear time.
 */
export class SseParser {
  private readonly maxEventBytes: number;
  /**
   * The line not terminated yet: one buffer grown by doubling, so a long line arriving in many
   * small chunks costs linear copying and no per-chunk object (never larger than the bound).
   */
  private partial: Buffer = NOTHING;
  private partialBytes = 0;
  private skipLeadingLf = false;
  /** No line taken yet: a byte order mark opening the stream is dropped (the standard's UTF-8 decode). */
  private atStart = true;
  private dataLines: string[] = [];
  /**
   * The event's first `data:` line while it is its only one and came whole in one chunk:
   * `rawBuf[rawFrom, rawTo)`, not decoded yet (null otherwise; a second line or a kept field
   * decodes it into `dataLines`). The chunk is the caller's and is never written to afterwards.
   */
  private rawBuf: Buffer | null = null;
  private rawFrom = 0;
  private rawTo = 0;
  /** The bytes of the event the last `dispatch` made of a raw line (`rawBuf` then), else null. */
  private lastRaw: Buffer | null = null;
  private lastRawFrom = 0;
  private lastRawTo = 0;
  /** Events of a raw line keep its bytes and decode their data when read (`SseEvent.raw`). */
  private readonly undecoded: boolean;
  private dataBytes = 0;
  private eventName: string | null = null;
  private lastId: string | null = null;
  /** Field names kept besides the standard ones (null: none, the usual parser). */
  private readonly keep: readonly string[] | null;
  /** The kept fields of the event being built. */
  private extra: Record<string, string> | null = null;
  /**
   * The events of the current push, made on the first one as a one-element literal: an empty
   * `[]` grown by `push` reserves 17 slots (about 150 bytes), per upstream chunk of every stream.
   */
  private out: SseEvent[] | null = null;
  /** Comment lines seen (`: PING` keep-alives); they are not events and do not reset idle timers. */
  comments = 0;
  /**
   * The last `push` was one whole event and nothing else, written `data: <its data>\n\n` (one
   * data line, one space, LF ends): the chunk's bytes are that event's text exactly, so a relay
   * that forwards the event unchanged can write the chunk itself instead of encoding the text
   * again. Told from the bytes, never from the decoded data (an invalid UTF-8 sequence in the
   * data then reaches the client as the upstream's own bytes).
   */
  wholeEvent = false;

  /**
   * `fields`: non-standard field names to keep on the events (`SseEvent.fields`) instead of
   * ignoring them; an event with only such fields and no `data` is dispatched too (data '').
   * Lines of other fields never reach the check: the `data:` fast path is the same either way.
   * `undecoded`: an event of one `data:` line whole in one chunk keeps that chunk's bytes and
   * decodes its data on first read (`SseEvent.raw`); the caller must not change a pushed chunk.
   */
  constructor(options: { maxEventBytes?: number; fields?: readonly string[]; undecoded?: boolean } = {}) {
    this.maxEventBytes = options.maxEventBytes ?? DEFAULT_MAX_SSE_EVENT_BYTES;
    this.keep = options.fields && options.fields.length > 0 ? [...options.fields] : null;
    this.undecoded = options.undecoded === true;
  }

  push(chunk: Uint8Array | string): SseEvent[] {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.out = null;
    // Nothing of an earlier chunk is pending: an event dispatched here is made of this chunk alone.
    const clean =
      this.partialBytes === 0 && this.dataLines.length === 0 && this.rawBuf === null && this.eventName === null && this.extra === null && !this.atStart && !this.skipLeadingLf;
    this.lastRaw = null;
    let start = 0;
    if (this.skipLeadingLf && bytes.length > 0) {
      if (bytes[0] === LF) start = 1;
      this.skipLeadingLf = false;
    }
    // A stream that does not open with a byte order mark's first byte opens with none.
    if (this.atStart && this.partialBytes === 0 && start < bytes.length && bytes[start] !== BOM_FIRST) this.atStart = false;
    // Next LF and CR at or after `start`, each searched once per chunk position (a chunk of
    // many events must not be rescanned to its end for every line).
    let lf = -2;
    let cr = -2;
    while (start < bytes.length) {
      if (lf !== -1 && lf < start) lf = bytes.indexOf(LF, start);
      if (cr !== -1 && cr < start) cr = bytes.indexOf(CR, start);
      const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      if (end === -1) {
        this.appendPartial(bytes.subarray(start));
        break;
      }
      // The usual line, `data:` whole in this chunk, is decoded from its value's bytes alone.
      if (this.partialBytes === 0 && !this.atStart && isDataLine(bytes, start, end)) {
        const from = start + (end > start + 5 && bytes[start + 5] === SPACE ? 6 : 5);
        if (this.dataLines.length === 0 && this.rawBuf === null) this.takeRawData(bytes, from, end);
        else this.takeData(bytes.toString('utf8', from, end), end - from);
      } else this.takeLine(this.lineOf(bytes, start, end));
      if (bytes[end] === CR) {
        if (end + 1 < bytes.length) start = bytes[end + 1] === LF ? end + 2 : end + 1;
        else {
          // CR at the chunk edge: a LF opening the next chunk belongs to this line end.
          this.skipLeadingLf = true;
          start = end + 1;
        }
      } else start = end + 1;
    }
    // A line whose event ends in a later chunk is decoded now unless the caller keeps its chunks.
    if (!this.undecoded) this.decodeRaw();
    const out = this.out as SseEvent[] | null;
    this.wholeEvent =
      clean &&
      out !== null &&
      out.length === 1 &&
      this.partialBytes === 0 &&
      this.dataLines.length === 0 &&
      this.rawBuf === null &&
      this.lastRaw === bytes &&
      (out[0] as SseEvent).event === null &&
      isWholeDataChunk(bytes, this.lastRawFrom, this.lastRawTo);
    // Read only above: a stream held after this chunk does not keep it (nor the read it is part of).
    this.lastRaw = null;
    return this.taken();
  }

  /**
   * The upstream closed. Lenient on purpose: a last line or event without its blank line is
   * still dispatched (sloppy upstreams do this); truncated JSON fails later, in the adaptor.
   */
  end(): SseEvent[] {
    this.out = null;
    this.wholeEvent = false;
    this.lastRaw = null;
    if (this.partialBytes > 0) this.takeLine(this.takePartial());
    this.dispatch();
    return this.taken();
  }

  /** The events of this push or end, handed over (the parser keeps no reference to the list). */
  private taken(): SseEvent[] {
    const out = this.out;
    this.out = null;
    return out ?? NO_EVENTS;
  }

  private emit(event: SseEvent): void {
    if (this.out === null) this.out = [event];
    else this.out.push(event);
  }

  private appendPartial(piece: Buffer): void {
    if (piece.length === 0) return;
    const need = this.partialBytes + piece.length;
    if (need + this.dataBytes > this.maxEventBytes) throw new SseEventTooLargeError(this.maxEventBytes);
    if (need > this.partial.length) {
      // `need` is within the bound here, so the grown buffer is too.
      const grown = Buffer.allocUnsafe(Math.min(Math.max(need, this.partial.length * 2, 1024), this.maxEventBytes));
      grown.set(this.partial.subarray(0, this.partialBytes));
      this.partial = grown;
    }
    // Copied in: the caller may reuse its buffer.
    this.partial.set(piece, this.partialBytes);
    this.partialBytes = need;
  }

  /** The line ending at `end`: decoded straight from the chunk unless earlier pieces wait. */
  private lineOf(bytes: Buffer, start: number, end: number): string {
    if (this.partialBytes === 0) {
      if (end - start + this.dataBytes > this.maxEventBytes) throw new SseEventTooLargeError(this.maxEventBytes);
      return end === start ? '' : bytes.toString('utf8', start, end);
    }
    this.appendPartial(bytes.subarray(start, end));
    return this.takePartial();
  }

  private takeLine(decoded: string): void {
    let line = decoded;
    if (this.atStart) {
      this.atStart = false;
      if (line.startsWith(BOM)) line = line.slice(1);
    }
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) {
      this.comments += 1;
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.takeData(value, Buffer.byteLength(value));
        break;
      case 'event':
        this.eventName = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      default:
        // `retry` and unknown fields are ignored, as the standard says, unless asked for.
        if (this.keep !== null && this.keep.includes(field)) this.takeField(field, value);
        break;
    }
  }

  /** An event's first `data` line, whole in `chunk` at `[from, end)`: kept undecoded (`rawBuf`). */
  private takeRawData(chunk: Buffer, from: number, end: number): void {
    this.dataBytes += end - from + 1;
    if (this.dataBytes > this.maxEventBytes) throw new SseEventTooLargeError(this.maxEventBytes);
    this.rawBuf = chunk;
    this.rawFrom = from;
    this.rawTo = end;
  }

  /** The undecoded first line, decoded into `dataLines` (its bytes are counted already). */
  private decodeRaw(): void {
    const raw = this.rawBuf;
    if (raw === null) return;
    this.dataLines.push(raw.toString('utf8', this.rawFrom, this.rawTo));
    this.rawBuf = null;
  }

  /** One `data` line's value (`bytes`: its UTF-8 length). */
  private takeData(value: string, bytes: number): void {
    this.decodeRaw();
    this.dataLines.push(value);
    this.dataBytes += bytes + 1;
    if (this.dataBytes > this.maxEventBytes) throw new SseEventTooLargeError(this.maxEventBytes);
  }

  /** A kept non-standard field's value (bounded with the event's data). */
  private takeField(field: string, value: string): void {
    this.dataBytes += Buffer.byteLength(value) + 1;
    if (this.dataBytes > this.maxEventBytes) throw new SseEventTooLargeError(this.maxEventBytes);
    const extra = (this.extra ??= {});
    const before = extra[field];
    extra[field] = before === undefined ? value : `${before}\n${value}`;
  }

  private takePartial(): string {
    const line = this.partialBytes === 0 ? '' : this.partial.toString('utf8', 0, this.partialBytes);
    this.partialBytes = 0;
    if (this.partial.length > KEEP_LINE_BUFFER_BYTES) this.partial = NOTHING;
    return line;
  }

  private dispatch(): void {
    const raw = this.rawBuf;
    if (raw !== null && this.extra === null) {
      // One data line, whole in one chunk (the usual event): decoded here, or when read.
      this.lastRaw = raw;
      this.lastRawFrom = this.rawFrom;
      this.lastRawTo = this.rawTo;
      this.rawBuf = null;
      this.emit(
        this.undecoded
          ? new UndecodedEvent(this.eventName, this.lastId, raw, this.rawFrom, this.rawTo)
          : { event: this.eventName, data: raw.toString('utf8', this.rawFrom, this.rawTo), id: this.lastId },
      );
      this.dataBytes = 0;
      this.eventName = null;
      return;
    }
    this.decodeRaw();
    const lines = this.dataLines;
    const extra = this.extra;
    if (extra !== null) {
      this.emit({ event: this.eventName, data: lines.join('\n'), id: this.lastId, fields: extra });
      this.extra = null;
    } else if (lines.length > 0) this.emit({ event: this.eventName, data: lines.length === 1 ? (lines[0] as string) : lines.join('\n'), id: this.lastId });
    lines.length = 0;
    this.dataBytes = 0;
    this.eventName = null;
  }
}

/** `b` holds the bytes of `part` at `at`, all of them before `to` (the end of what may be read). */
export function bytesAt(b: Uint8Array, at: number, part: Uint8Array, to: number = b.length): boolean {
  if (at < 0 || at + part.length > to) return false;
  for (let i = 0; i < part.length; i++) if (b[at + i] !== part[i]) return false;
  return true;
}

/** `data:` opens the line at `start` (and `end` is its end). */
function isDataLine(b: Buffer, start: number, end: number): boolean {
  return end - start >= 5 && b[start] === 0x64 && b[start + 1] === 0x61 && b[start + 2] === 0x74 && b[start + 3] === 0x61 && b[start + 4] === COLON;
}

/**
 * `b` is `data: ` + its one event's data bytes `[from, to)` + LF LF. Given that these bytes alone
 * made that one event from one data line, the line opening the chunk with `data: ` and ending
 * two bytes before its end with two LFs leaves room for nothing else.
 */
function isWholeDataChunk(b: Buffer, from: number, to: number): boolean {
  const n = b.length;
  return from === 6 && to === n - 2 && b[n - 2] === LF && b[n - 1] === LF && b[5] === SPACE && isDataLine(b, 0, n);
}
