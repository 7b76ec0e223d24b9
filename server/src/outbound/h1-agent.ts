import { isIP, connect as netConnect, type LookupFunction, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { errors, type Dispatcher } from 'undici';

/**
 * A lean HTTP/1.1 client for the outbound requests whose body is bytes (or none): the relay's
 * calls to providers, and every other outbound call but uploads. It drives the same undici
 * dispatch handler (`OutboundHandler`) as undici's Agent does, so everything above it is the same.
 *
 * Why: with undici every socket read of a streamed answer goes through the socket's `Readable`,
 * two `nextTick`s, a Buffer for the read and one for the body slice, and the wasm parser's copy:
 * about 1.4 KB of garbage and a few microseconds per SSE event (bench/README.md, session 26:
 * 37.7 KB and 405 µs per 20-event answer against 10.2 KB and 271 µs for a socket read into one
 * buffer). Here each socket reads into one buffer per process (`onread`), the answer is framed in
 * place and each body piece is copied out once.
 *
 * What it does as undici's Agent does for these requests: keep-alive pools per origin (the
 * server's `Keep-Alive: timeout` hint respected, idle sockets unref'd), no per-origin cap, no
 * pipelining, the connect timeout, the headers and body (idle) timeouts with undici's error codes,
 * `content-length` and chunked answers and answers delimited by the close, 1xx heads skipped,
 * HEAD/204/304 without a body, header names and values checked before anything is sent, TLS with
 * SNI and session reuse, and the caller's DNS lookup (the address policy's guard).
 * What it leaves to undici: request bodies that are streams or iterables, upgrades, proxies.
 * One difference: `pause()` stops the reads that follow, not the rest of the read being framed
 * (undici stops mid-read); `OutboundHandler` queues what comes meanwhile, at most one read.
 */

/** Origins kept (each with its pool); past it they are all let go, as the client's parsed URLs are. */
const ORIGINS_MAX = 1024;
/** Heads longer than this are refused (Node's http parser takes 16 KiB; providers send a few hundred bytes). */
const MAX_HEAD_BYTES = 64 * 1024;
/** One read buffer for every socket: a read is framed and copied out before the next one. */
const READ_BUFFER_BYTES = 64 * 1024;
/** Byte bodies up to this long go out in the request's one buffer (a copy; a longer one is written as it is). */
const INLINE_BODY_BYTES = 16 * 1024;
/** Body pieces up to this long are copied in a loop (no view object); longer ones with a memcpy. */
const SHORT_COPY_BYTES = 512;
/** How often deadlines (headers, idle body, idle keep-alive) are checked while any socket is open. */
const SWEEP_MS = 250;
/** TCP keep-alive probes after this long without traffic (as undici): a dead peer of a long stream is found. */
const TCP_KEEPALIVE_MS = 60_000;
/** A server's keep-alive hint is trusted to this much less than it says (a socket it is closing is not reused). */
const KEEP_ALIVE_MARGIN_MS = 1_000;

const HTTP_1 = Buffer.from('HTTP/1.', 'latin1');
const LF = 0x0a;
const SP = 0x20;
const TAB = 0x09;
const CR = 0x0d;
const COLON = 0x3a;
const SEMICOLON = 0x3b;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

export interface H1AgentOptions {
  /** DNS lookup for names (the address policy's guard); Node's by default. */
  lookup?: LookupFunction;
  connectTimeoutMs: number;
  /** Longest a socket waits in the pool (the server's hint may shorten it). */
  keepAliveMs: number;
  /** Certificates trusted for https besides Node's (a private CA); Node's own list when unset. */
  ca?: string | Buffer;
}

export interface H1DispatchOptions {
  origin: string;
  path: string;
  method: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | null;
  headersTimeout: number;
  bodyTimeout: number;
}

interface Origin {
  secure: boolean;
  host: string;
  port: number;
  /** The `host` header. */
  authority: string;
  servername: string | undefined;
  idle: Conn[];
  /** The last TLS session, for the next connection's resumption. */
  session: Buffer | undefined;
  /** Still in the agent's map (false once let go: its sockets are not pooled again). */
  live: boolean;
}

type BodyMode = 'none' | 'length' | 'chunked' | 'close';
/** Chunked framing: the size line, its extension, the data, the CRLF after it, the trailer lines. */
const enum Chunk {
  Size,
  Ext,
  Data,
  DataEnd,
  Trailer,
}

/** What the handler's `onResponseEnd` and `onRequestStart` get: the trailers are not read, no context is kept. */
const NOTHING = Object.freeze({});


/** One request and its answer on one connection; the handler's controller. */
class Exchange implements Dispatcher.DispatchController {
  done = false;
  paused = false;
  reason: Error | null = null;
  /** Head received (the handler has the answer). */
  started = false;
  /** Absolute time the current phase must have progressed by (0: none). */
  deadline = 0;
  constructor(
    readonly conn: Conn,
    readonly handler: Dispatcher.DispatchHandler,
    /** A HEAD request: its answer has no body whatever its head says. */
    readonly headRequest: boolean,
    headersTimeout: number,
    /** While reading the body: the idle allowance, renewed at each read. */
    readonly bodyTimeout: number,
  ) {
    this.deadline = headersTimeout > 0 ? Date.now() + headersTimeout : 0;
  }

  get aborted(): boolean {
    return this.reason !== null;
  }

  abort(reason: Error): void {
    if (this.done) return;
    this.reason = reason;
    this.conn.fail(this, reason);
  }

  pause(): void {
    if (!this.done) this.paused = true;
  }

  resume(): void {
    if (this.done || !this.paused) return;
    this.paused = false;
    if (this.started && this.bodyTimeout > 0) this.deadline = Date.now() + this.bodyTimeout;
    this.conn.resume();
  }
}

/** One socket and the parser of the answer on it. */
class Conn {
  readonly socket: Socket;
  current: Exchange | null = null;
  reused = false;
  /** Pooled until then (absolute time). */
  idleUntil = 0;
  /** The socket stopped reading because the handler paused. */
  private stopped = false;
  private gone = false;

  // Parser state of the current answer.
  private headBytes: Buffer | null = null;
  private mode: BodyMode = 'none';
  private remaining = 0;
  private chunk: Chunk = Chunk.Size;
  private lineBytes = 0;
  private keepAlive = false;
  private keepAliveMs = 0;

  constructor(
    readonly agent: H1Agent,
    readonly origin: Origin,
  ) {
    const onread = { buffer: agent.readBuffer, callback: this.onRead };
    if (origin.secure) {
      this.socket = tlsConnect({
        host: origin.host,
        port: origin.port,
        servername: origin.servername,
        ALPNProtocols: ['http/1.1'],
        session: origin.session,
        ca: agent.options.ca,
        lookup: agent.options.lookup,
        onread,
        // `onread` is taken by tls.connect as by net.connect (its types list it for net only).
      } as ConnectionOptions);
      this.socket.on('session', (session: Buffer) => (origin.session = session));
    } else {
      this.socket = netConnect({
        host: origin.host,
        port: origin.port,
        lookup: agent.options.lookup,
        noDelay: true,
        keepAlive: true,
        keepAliveInitialDelay: TCP_KEEPALIVE_MS,
        onread,
      });
    }
    if (origin.secure) {
      // tls.connect passes neither on to its socket (net.connect takes both above).
      this.socket.setNoDelay(true);
      this.socket.setKeepAlive(true, TCP_KEEPALIVE_MS);
    }
    const timer = setTimeout(() => this.socket.destroy(new errors.ConnectTimeoutError()), agent.options.connectTimeoutMs);
    this.socket.once(origin.secure ? 'secureConnect' : 'connect', () => clearTimeout(timer));
    this.socket.on('error', (err) => {
      clearTimeout(timer);
      this.lost(err);
    });
    this.socket.on('end', () => this.lost(null));
    this.socket.on('close', () => {
      clearTimeout(timer);
      this.lost(null);
    });
  }

  /** Sends the request: its bytes (with its body, unless that is long bytes), then a long byte body as it is. */
  start(ex: Exchange, bytes: Buffer, body: Uint8Array | null): void {
    this.current = ex;
    this.headBytes = null;
    this.mode = 'none';
    this.keepAlive = false;
    const socket = this.socket;
    if (this.reused) socket.ref();
    if (body === null || body.length === 0) socket.write(bytes);
    else {
      socket.cork();
      socket.write(bytes);
      socket.write(body);
      socket.uncork();
    }
  }

  resume(): void {
    if (!this.stopped || this.gone) return;
    this.stopped = false;
    // Starts the handle's reads again (the Readable holds nothing: every read came through `onread`).
    this.socket.read(0);
  }

  /** Ends the exchange with an error and drops the socket. */
  fail(ex: Exchange, err: Error): void {
    if (ex.done) return;
    ex.done = true;
    this.current = null;
    this.agent.release(this);
    this.socket.destroy();
    ex.handler.onResponseError?.(ex, err);
  }

  /** The socket ended, closed or failed. */
  private lost(err: Error | null): void {
    if (this.gone) return;
    this.gone = true;
    const ex = this.current;
    if (ex === null) {
      this.agent.dropIdle(this);
      this.socket.destroy();
      return;
    }
    // An answer delimited by the close ends with it.
    if (err === null && ex.started && this.mode === 'close') {
      this.finish(ex, false);
      return;
    }
    this.fail(ex, err ?? new errors.SocketError('other side closed'));
  }

  private readonly onRead = (n: number, buf: Buffer): boolean => {
    const ex = this.current;
    if (ex === null) {
      // Bytes on an idle socket: the server broke the exchange's framing; never reuse it.
      this.gone = true;
      this.agent.dropIdle(this);
      this.socket.destroy();
      return false;
    }
    try {
      this.parse(ex, buf, 0, n);
    } catch (err) {
      this.fail(ex, err as Error);
      return false;
    }
    if (ex.paused && !ex.done) {
      this.stopped = true;
      return false;
    }
    return true;
  };

  private parse(ex: Exchange, buf: Buffer, at: number, n: number): void {
    let i = at;
    while (!ex.started) {
      let data = buf;
      let from = i;
      let end = n;
      if (this.headBytes !== null) {
        data = Buffer.concat([this.headBytes, buf.subarray(i, n)]);
        from = 0;
        end = data.length;
        this.headBytes = null;
      }
      const stop = data.indexOf('\r\n\r\n', from, 'latin1');
      if (stop < 0 || stop + 4 > end) {
        if (end - from > MAX_HEAD_BYTES) throw new errors.HeadersOverflowError();
        this.headBytes = Buffer.from(data.subarray(from, end));
        return;
      }
      if (stop - from > MAX_HEAD_BYTES) throw new errors.HeadersOverflowError();
      const informational = this.head(ex, data, from, stop);
      if (data !== buf) {
        // The rest of the joined bytes is this read's rest.
        buf = data;
        n = end;
      }
      i = stop + 4;
      if (informational) continue;
      if (ex.done) return;
      if (this.mode === 'none' || (this.mode === 'length' && this.remaining === 0)) {
        this.finish(ex, i < n);
        return;
      }
    }
    ex.deadline = ex.bodyTimeout > 0 ? Date.now() + ex.bodyTimeout : 0;
    if (this.mode === 'chunked') this.chunked(ex, buf, i, n);
    else if (i < n) {
      if (this.mode === 'close') {
        this.data(ex, buf, i, n);
        return;
      }
      const take = Math.min(this.remaining, n - i);
      this.remaining -= take;
      this.data(ex, buf, i, i + take);
      if (this.remaining === 0 && !ex.done) this.finish(ex, i + take < n);
    }
  }

  /**
   * The head in `buf[from, stop)` (its blank line excluded): true for a 1xx (skipped), else the
   * answer starts. Read from the bytes in place: a string per header name and value, no more.
   */
  private head(ex: Exchange, buf: Buffer, from: number, stop: number): boolean {
    let eol = buf.indexOf(LF, from);
    if (eol < 0 || eol > stop) eol = stop;
    // "HTTP/1.x NNN" and an optional reason phrase (not read: nothing above uses it).
    const d0 = (buf[from + 9] as number) - 0x30;
    const d1 = (buf[from + 10] as number) - 0x30;
    const d2 = (buf[from + 11] as number) - 0x30;
    const minor = buf[from + 7];
    if (
      buf.compare(HTTP_1, 0, HTTP_1.length, from, from + HTTP_1.length) !== 0 ||
      (minor !== 0x30 && minor !== 0x31) ||
      buf[from + 8] !== SP ||
      !(d0 >= 1 && d0 <= 5 && d1 >= 0 && d1 <= 9 && d2 >= 0 && d2 <= 9) ||
      (from + 12 < eol && buf[from + 12] !== SP && buf[from + 12] !== CR)
    ) {
      throw new errors.HTTPParserError('invalid status line');
    }
    const code = d0 * 100 + d1 * 10 + d2;
    if (code < 200) {
      if (code === 101) throw new errors.HTTPParserError('unexpected upgrade');
      return true;
    }
    const headers: Record<string, string | string[]> = {};
    for (let at = eol + 1; at < stop; ) {
      let end = buf.indexOf(LF, at);
      if (end < 0 || end > stop) end = stop;
      const colon = buf.indexOf(COLON, at);
      if (colon <= at || colon >= end) throw new errors.HTTPParserError('invalid header line');
      let vs = colon + 1;
      let ve = end;
      while (vs < ve && (buf[vs] === SP || buf[vs] === TAB)) vs++;
      while (ve > vs && (buf[ve - 1] === SP || buf[ve - 1] === TAB || buf[ve - 1] === CR)) ve--;
      // Already lower case from most servers: toLowerCase then returns the same string.
      const name = buf.toString('latin1', at, colon).toLowerCase();
      const value = buf.toString('latin1', vs, ve);
      const had = headers[name];
      if (had === undefined) headers[name] = value;
      else if (typeof had === 'string') headers[name] = [had, value];
      else had.push(value);
      at = end + 1;
    }
    const minorOne = minor === 0x31;
    const connection = String(headers['connection'] ?? '').toLowerCase();
    this.keepAlive = minorOne ? !connection.includes('close') : connection.includes('keep-alive');
    this.keepAliveMs = this.agent.options.keepAliveMs;
    const hint = /timeout=(\d+)/i.exec(String(headers['keep-alive'] ?? ''));
    if (hint !== null) this.keepAliveMs = Math.min(this.keepAliveMs, Number(hint[1]) * 1000 - KEEP_ALIVE_MARGIN_MS);
    const te = headers['transfer-encoding'];
    const length = headers['content-length'];
    if (ex.headRequest || code === 204 || code === 304) this.mode = 'none';
    else if (te !== undefined) {
      if (!/(?:^|,)\s*chunked\s*$/i.test(String(te))) throw new errors.HTTPParserError('unsupported transfer-encoding');
      this.mode = 'chunked';
      this.chunk = Chunk.Size;
      this.remaining = 0;
    } else if (length !== undefined) {
      if (typeof length !== 'string' || !/^\d{1,15}$/.test(length)) throw new errors.HTTPParserError('invalid content-length');
      this.mode = 'length';
      this.remaining = Number(length);
    } else {
      this.mode = 'close';
      this.keepAlive = false;
    }
    ex.started = true;
    ex.handler.onResponseStart?.(ex, code, headers);
    return false;
  }

  private chunked(ex: Exchange, buf: Buffer, at: number, n: number): void {
    let i = at;
    while (i < n && !ex.done) {
      switch (this.chunk) {
        case Chunk.Size: {
          const c = buf[i++] as number;
          if (c === LF) {
            if (this.lineBytes === 0) throw new errors.HTTPParserError('invalid chunk size');
            this.lineBytes = 0;
            this.chunk = this.remaining === 0 ? Chunk.Trailer : Chunk.Data;
          } else if (c === CR) {
            // The LF follows.
          } else if (c === SEMICOLON || c === SP || c === TAB) {
            if (this.lineBytes === 0) throw new errors.HTTPParserError('invalid chunk size');
            this.chunk = Chunk.Ext;
          } else {
            const d = c >= 0x30 && c <= 0x39 ? c - 0x30 : (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 ? (c | 0x20) - 0x57 : -1;
            if (d < 0 || this.lineBytes >= 12) throw new errors.HTTPParserError('invalid chunk size');
            this.remaining = this.remaining * 16 + d;
            this.lineBytes++;
          }
          break;
        }
        case Chunk.Ext:
          if (buf[i++] === LF) {
            this.lineBytes = 0;
            this.chunk = this.remaining === 0 ? Chunk.Trailer : Chunk.Data;
          }
          break;
        case Chunk.Data: {
          const take = Math.min(this.remaining, n - i);
          this.remaining -= take;
          this.data(ex, buf, i, i + take);
          i += take;
          if (this.remaining === 0) this.chunk = Chunk.DataEnd;
          break;
        }
        case Chunk.DataEnd: {
          const c = buf[i++];
          if (c === LF) this.chunk = Chunk.Size;
          else if (c !== CR) throw new errors.HTTPParserError('missing chunk terminator');
          break;
        }
        case Chunk.Trailer: {
          const c = buf[i++];
          if (c === LF) {
            if (this.lineBytes === 0) {
              this.finish(ex, i < n);
              return;
            }
            this.lineBytes = 0;
          } else if (c !== CR) {
            if (++this.lineBytes > MAX_HEAD_BYTES) throw new errors.HeadersOverflowError();
          }
          break;
        }
      }
    }
  }

  /** A body piece, copied out of the shared read buffer. */
  private data(ex: Exchange, buf: Buffer, from: number, to: number): void {
    if (to <= from) return;
    const size = to - from;
    const piece = Buffer.allocUnsafe(size);
    // A short piece byte by byte: buf.copy makes a view of the source's range for each call.
    if (size <= SHORT_COPY_BYTES) for (let k = 0; k < size; k++) piece[k] = buf[from + k] as number;
    else buf.copy(piece, 0, from, to);
    ex.handler.onResponseData?.(ex, piece);
  }

  /** The answer is complete: the socket goes back to the pool (unless bytes follow it or it may not), then the handler hears. */
  private finish(ex: Exchange, extra: boolean): void {
    ex.done = true;
    this.current = null;
    this.agent.release(this);
    if (this.keepAlive && !extra && !this.gone && this.keepAliveMs > 0 && this.origin.live) this.agent.pool(this, this.keepAliveMs);
    else if (!this.gone) {
      this.gone = true;
      this.socket.destroy();
    }
    ex.handler.onResponseEnd?.(ex, NOTHING);
  }
}


/** A keep-alive HTTP/1.1 agent: `dispatch` with an undici dispatch handler. */
export class H1Agent {
  readonly readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
  readonly busy = new Set<Conn>();
  private readonly origins = new Map<string, Origin>();
  private idleCount = 0;
  private sweeper: NodeJS.Timeout | null = null;
  /** Set by `close`: resolved once nothing is in flight. */
  private closing: Promise<void> | null = null;
  private closed: (() => void) | null = null;

  constructor(readonly options: H1AgentOptions) {}

  dispatch(o: H1DispatchOptions, handler: Dispatcher.DispatchHandler): void {
    let bytes: Buffer;
    let origin: Origin;
    const body = o.body ?? null;
    // A string body is always encoded into the request's buffer; bytes up to INLINE_BODY_BYTES are copied in.
    const long = typeof body !== 'string' && body !== null && body.byteLength > INLINE_BODY_BYTES ? body : null;
    try {
      origin = this.origin(o.origin);
      bytes = requestBytes(o, origin.authority, body, long === null);
    } catch (err) {
      handler.onResponseError?.(failedController(err as Error), err as Error);
      return;
    }
    const conn = this.take(origin);
    const ex = new Exchange(conn, handler, o.method === 'HEAD', o.headersTimeout, o.bodyTimeout);
    handler.onRequestStart?.(ex, NOTHING);
    if (ex.done) return;
    this.busy.add(conn);
    this.sweep();
    conn.start(ex, bytes, long);
  }

  /** Closes the idle sockets now and resolves once the requests in flight have ended. */
  close(): Promise<void> {
    if (this.closing === null) {
      this.closing = new Promise((resolve) => (this.closed = resolve));
      this.closeIdle();
    }
    return this.closing;
  }

  /** The socket's exchange ended (it is pooled or dropped next). */
  release(conn: Conn): void {
    this.busy.delete(conn);
    if (this.busy.size === 0) this.closed?.();
  }

  pool(conn: Conn, keepAliveMs: number): void {
    conn.reused = true;
    conn.idleUntil = Date.now() + keepAliveMs;
    conn.socket.unref();
    conn.origin.idle.push(conn);
    this.idleCount++;
    if (this.closing !== null) this.closeIdle();
  }

  dropIdle(conn: Conn): void {
    const idle = conn.origin.idle;
    const at = idle.indexOf(conn);
    if (at >= 0) {
      idle.splice(at, 1);
      this.idleCount--;
    }
  }

  private closeIdle(): void {
    for (const origin of this.origins.values()) this.letGoIdle(origin);
    if (this.busy.size === 0) this.closed?.();
  }

  /** Closes an origin's idle sockets. */
  private letGoIdle(origin: Origin): void {
    this.idleCount -= origin.idle.length;
    for (const conn of origin.idle.splice(0)) conn.socket.destroy();
  }

  private take(origin: Origin): Conn {
    const conn = origin.idle.pop();
    if (conn !== undefined) {
      this.idleCount--;
      return conn;
    }
    return new Conn(this, origin);
  }

  private origin(raw: string): Origin {
    const known = this.origins.get(raw);
    if (known !== undefined) return known;
    // Bounded as the client's parsed URLs are (image proxies reach many hosts): when full, every
    // origin is let go with its idle sockets; a socket busy meanwhile is closed when it ends.
    if (this.origins.size >= ORIGINS_MAX) {
      for (const old of this.origins.values()) {
        old.live = false;
        this.letGoIdle(old);
      }
      this.origins.clear();
    }
    const url = new URL(raw);
    const secure = url.protocol === 'https:';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const origin: Origin = {
      secure,
      host,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      authority: url.host,
      servername: secure && isIP(host) === 0 ? host : undefined,
      idle: [],
      session: undefined,
      live: true,
    };
    this.origins.set(raw, origin);
    return origin;
  }

  /** Starts the deadline sweep (while any socket is busy or pooled). */
  private sweep(): void {
    if (this.sweeper !== null) return;
    this.sweeper = setInterval(this.check, SWEEP_MS);
    this.sweeper.unref();
  }

  private readonly check = (): void => {
    const now = Date.now();
    for (const conn of this.busy) {
      const ex = conn.current;
      // A paused answer waits for its reader, not for the server (as undici: no body timeout while paused).
      if (ex === null || ex.deadline === 0 || ex.paused || now < ex.deadline) continue;
      conn.fail(ex, ex.started ? new errors.BodyTimeoutError() : new errors.HeadersTimeoutError());
    }
    if (this.idleCount > 0) {
      for (const origin of this.origins.values()) {
        // Each socket has its own allowance (the server's hint): any of them may be due.
        for (let k = origin.idle.length - 1; k >= 0; k--) {
          const conn = origin.idle[k] as Conn;
          if (conn.idleUntil > now) continue;
          origin.idle.splice(k, 1);
          this.idleCount--;
          conn.socket.destroy();
        }
      }
    }
    if (this.busy.size === 0 && this.idleCount === 0 && this.sweeper !== null) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  };
}

/**
 * The request's bytes in one buffer: the request line, the headers and, when `inline`, the body
 * (a string encoded, bytes copied; a long byte body is written after this buffer as it is). Sized
 * first, then written in place: no string per header, one socket write. Throws undici's
 * InvalidArgumentError for a header that could not be sent (before anything is).
 */
function requestBytes(o: H1DispatchOptions, authority: string, body: string | Uint8Array | null, inline: boolean): Buffer {
  let host = false;
  let length = false;
  // The request line's " " and " HTTP/1.1\r\n", and the blank line: 14 bytes. Names and values
  // are latin1 (checked): one byte a character.
  let size = o.method.length + o.path.length + 14;
  const headers = o.headers;
  for (const name in headers) {
    const value = headers[name] as string;
    if (!TOKEN.test(name)) throw new errors.InvalidArgumentError(`invalid header name ${JSON.stringify(name)}`);
    if (BAD_VALUE.test(value)) throw new errors.InvalidArgumentError(`invalid ${name} header`);
    const lower = name.length === 4 || name.length === 14 ? name.toLowerCase() : '';
    if (lower === 'host') host = true;
    else if (lower === 'content-length') length = true;
    size += name.length + value.length + 4;
  }
  if (!host) size += authority.length + 8;
  const bodyBytes = body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  // As undici: a length for any body, and 0 for a POST, PUT or PATCH without one.
  const lengthLine = !length && (body !== null || o.method === 'POST' || o.method === 'PUT' || o.method === 'PATCH') ? String(bodyBytes) : null;
  if (lengthLine !== null) size += lengthLine.length + 18;
  if (inline) size += bodyBytes;
  const out = Buffer.allocUnsafe(size);
  let at = out.write(o.method, 0, 'latin1');
  out[at++] = SP;
  at += out.write(o.path, at, 'latin1');
  at += out.write(' HTTP/1.1\r\n', at, 'latin1');
  for (const name in headers) {
    at += out.write(name, at, 'latin1');
    out[at++] = COLON;
    out[at++] = SP;
    at += out.write(headers[name] as string, at, 'latin1');
    out[at++] = CR;
    out[at++] = LF;
  }
  if (!host) at += writeLine(out, at, 'host: ', authority);
  if (lengthLine !== null) at += writeLine(out, at, 'content-length: ', lengthLine);
  out[at++] = CR;
  out[at++] = LF;
  if (inline && typeof body === 'string') out.write(body, at, 'utf8');
  else if (inline && body instanceof Uint8Array) out.set(body, at);
  return out;
}

function writeLine(out: Buffer, at: number, name: string, value: string): number {
  let n = out.write(name, at, 'latin1');
  n += out.write(value, at + n, 'latin1');
  out[at + n] = CR;
  out[at + n + 1] = LF;
  return n + 2;
}

/** The controller a handler gets for a request that failed before it started. */
function failedController(reason: Error): Dispatcher.DispatchController {
  return { aborted: true, paused: false, reason, abort: () => undefined, pause: () => undefined, resume: () => undefined };
}
