import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { EventEmitter } from 'node:events';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { Agent } from 'undici';
import { H1Agent } from './h1-agent';
import { OutboundHandler, type OutboundBody, type OutboundHead } from './outbound-body';
import WebSocket from 'ws';
import { isPublicIp } from './address-policy';

export class OutboundError extends Error {
  constructor(
    readonly kind: 'blocked' | 'bad_url' | 'connect' | 'timeout' | 'too_large' | 'aborted' | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundTimeouts {
  connectMs: number;
  /** Until the response headers arrive. */
  headersMs: number;
  /** Between two body chunks. */
  idleMs: number;
  /** Whole request, body included (enforced by the caller's signal). */
  totalMs: number;
}

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  headers?: Record<string, string>;
  body?: string | Buffer | Uint8Array | Readable | null;
  /** Loopback and private targets; only for operator-configured endpoints or when root allowed them. */
  allowPrivate?: boolean;
  timeouts?: Partial<OutboundTimeouts>;
  signal?: AbortSignal | CancelSwitch;
}

/**
 * A request's cancel switch, cheaper than an AbortController (whose EventTarget, with a listener
 * added and removed, costs microseconds per request): the request's handler takes an EventEmitter
 * with `aborted` and an 'abort' event as a signal. A request cancelled by it fails, and its body
 * ends, with undici's RequestAbortedError (mapped to 'aborted' as an AbortError is).
 */
export class CancelSwitch extends EventEmitter {
  aborted = false;

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.emit('abort');
  }
}

export type OutboundResponse = OutboundHead;
export type { OutboundBody };

export interface OutboundWebSocketRequest {
  /** `ws:` or `wss:`. */
  url: string;
  headers?: Record<string, string>;
  allowPrivate?: boolean;
  /** Until the socket is open (connect and upgrade). */
  handshakeMs: number;
  /** Largest message taken; a larger one closes the socket with an error. */
  maxPayload: number;
  /** Bytes of a refused upgrade's answer kept (error bodies need no more). */
  maxErrorBytes: number;
  signal: AbortSignal;
}

/** An open socket, or the HTTP answer that refused the upgrade (its status and the start of its body). */
export type OutboundWebSocket =
  | { kind: 'open'; socket: WebSocket }
  | { kind: 'refused'; status: number; headers: Record<string, string | string[] | undefined>; text: string };

/** Longest a pooled connection waits for its next request (the server's keep-alive hint may shorten it). */
const KEEP_ALIVE_MS = 30_000;

const DEFAULT_TIMEOUTS: OutboundTimeouts = { connectMs: 10_000, headersMs: 60_000, idleMs: 60_000, totalMs: 600_000 };

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** DNS lookup that refuses names resolving to non-public addresses (checked at connect time). */
function guardedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => !isPublicIp(a.address));
    if (bad || addresses.length === 0) {
      const e: NodeJS.ErrnoException = new Error(`address of ${hostname} is not allowed`);
      e.code = 'ESSRFBLOCKED';
      return callback(e, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}

const PARSED_URLS_MAX = 1024;

/** A parsed outbound URL, with what a dispatch takes. */
interface Target {
  url: URL;
  origin: string;
  path: string;
}

const ignore = (): void => undefined;

/** Bodies of at least this many bytes go to undici as a `SentOnce` (smaller ones are not worth an object). */
export const SENT_ONCE_MIN_BYTES = 16 * 1024;

/**
 * A body undici reads once and then lets go. undici keeps a request's body until its answer has
 * ended (for a stream, minutes): given bytes it keeps the bytes, given an iterable it keeps the
 * iterable, and this one hands its bytes over once and drops them. The length goes in a
 * `content-length` header, so the request is the same on the wire (not chunked).
 */
class SentOnce implements Iterable<Uint8Array> {
  constructor(private bytes: Uint8Array | null) {}

  *[Symbol.iterator](): Iterator<Uint8Array> {
    const bytes = this.bytes;
    this.bytes = null;
    if (bytes !== null) yield bytes;
  }
}

/** The body and headers as handed to undici: a long byte body as a `SentOnce` with its length. */
function dispatchBody(body: OutboundRequest['body'], headers: Record<string, string> | undefined): { body: OutboundRequest['body'] | SentOnce; headers: Record<string, string> | undefined } {
  if (!(body instanceof Uint8Array) || body.byteLength < SENT_ONCE_MIN_BYTES) return { body: body ?? null, headers };
  for (const k in headers) if (k.toLowerCase() === 'content-length') return { body, headers };
  return { body: new SentOnce(body), headers: { ...headers, 'content-length': String(body.byteLength) } };
}

/**
 * The one outbound HTTP client: relay, model lists, balance queries, Turnstile, webhooks.
 * http/https only, target IP checked after DNS at connect time, redirects never followed,
 * keep-alive pools per origin, timeouts per phase.
 */
@Injectable()
export class OutboundClient implements OnApplicationShutdown {
  private readonly strict = new Agent({
    connect: { lookup: guardedLookup as never, timeout: DEFAULT_TIMEOUTS.connectMs },
    keepAliveTimeout: KEEP_ALIVE_MS,
    // No per-origin cap: the relay holds thousands of streams to one provider at once, and a
    // capped pool would queue new requests behind streams that last minutes.
    connections: null,
  });
  private readonly open = new Agent({
    connect: { timeout: DEFAULT_TIMEOUTS.connectMs },
    keepAliveTimeout: KEEP_ALIVE_MS,
    connections: null,
  });
  /**
   * The lean HTTP/1.1 agents (`h1-agent.ts`) for every request whose body is bytes or none;
   * `OUTBOUND_CLIENT=undici` sends everything through undici's agents above instead.
   */
  private lean = process.env.OUTBOUND_CLIENT !== 'undici';
  private readonly leanStrict = new H1Agent({ lookup: guardedLookup as never, connectTimeoutMs: DEFAULT_TIMEOUTS.connectMs, keepAliveMs: KEEP_ALIVE_MS });
  private readonly leanOpen = new H1Agent({ connectTimeoutMs: DEFAULT_TIMEOUTS.connectMs, keepAliveMs: KEEP_ALIVE_MS });

  /** A client that sends every request through undici, as `OUTBOUND_CLIENT=undici` makes the server's (tests, benches). */
  static undiciOnly(): OutboundClient {
    const client = new OutboundClient();
    client.lean = false;
    return client;
  }

  /** Throws OutboundError('blocked') for a URL that may not be fetched under the policy. */
  check(rawUrl: string, allowPrivate: boolean): URL {
    return this.target(rawUrl, allowPrivate).url;
  }

  /** `check`, with the origin and path a dispatch takes. */
  private target(rawUrl: string, allowPrivate: boolean): Target {
    const target = this.parse(rawUrl);
    const url = target.url;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('bad_url', 'only http and https are allowed');
    if (url.username || url.password) throw new OutboundError('bad_url', 'credentials in URL are not allowed');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate) {
      if (isIP(host) && !isPublicIp(host)) throw new OutboundError('blocked', 'private or loopback address not allowed');
      if (host === 'localhost' || host.endsWith('.localhost')) throw new OutboundError('blocked', 'private or loopback address not allowed');
    }
    return target;
  }

  /**
   * URLs parsed before: the relay sends every request of a channel to the same few URLs. Only
   * this class reads the URL objects (undici reads, never changes them), so they are shared.
   */
  private readonly parsed = new Map<string, Target>();

  private parse(rawUrl: string): Target {
    const known = this.parsed.get(rawUrl);
    if (known) return known;
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new OutboundError('bad_url', 'invalid URL');
    }
    if (this.parsed.size >= PARSED_URLS_MAX) this.parsed.clear();
    // The origin and path are getters that build new strings: read once per URL.
    const target = { url, origin: url.origin, path: `${url.pathname}${url.search}` };
    this.parsed.set(rawUrl, target);
    return target;
  }

  /**
   * Sends the request and resolves at the answer's headers. The body is an `OutboundBody` fed by
   * undici's dispatch handler (no `Readable` per answer: see `outbound-body.ts`); it must be read
   * or destroyed, as undici's own.
   */
  async request(req: OutboundRequest): Promise<OutboundResponse> {
    const allowPrivate = req.allowPrivate === true;
    const { origin, path } = this.target(req.url, allowPrivate);
    const timeouts = req.timeouts;
    const headersTimeout = timeouts?.headersMs ?? DEFAULT_TIMEOUTS.headersMs;
    const bodyTimeout = timeouts?.idleMs ?? DEFAULT_TIMEOUTS.idleMs;
    const method = req.method ?? 'GET';
    const body = req.body ?? null;
    try {
      return await new Promise<OutboundHead>((resolve, reject) => {
        const handler = new OutboundHandler(req.signal ?? AbortSignal.timeout(timeouts?.totalMs ?? DEFAULT_TIMEOUTS.totalMs), resolve, reject);
        if (this.lean && (body === null || typeof body === 'string' || body instanceof Uint8Array)) {
          (allowPrivate ? this.leanOpen : this.leanStrict).dispatch({ origin, path, method, headers: req.headers, body, headersTimeout, bodyTimeout }, handler);
          return;
        }
        const sent = dispatchBody(body, req.headers);
        (allowPrivate ? this.open : this.strict).dispatch(
          {
            origin,
            path,
            method,
            headers: sent.headers,
            // undici sends any iterable body (client-h1's writeIterable); its types list only a few kinds.
            body: sent.body as Exclude<OutboundRequest['body'], SentOnce>,
            headersTimeout,
            bodyTimeout,
          },
          handler,
        );
      });
    } catch (err) {
      throw toOutboundError(err);
    }
  }

  /**
   * Reads a whole (small) response as text. Past `maxBytes` the body is dropped and the read
   * either fails (`too_large`) or, with `overflow: 'truncate'`, returns its first `maxBytes`
   * (error bodies need no more).
   */
  readText(res: OutboundResponse, maxBytes = 4 * 1024 * 1024, overflow: 'reject' | 'truncate' = 'reject'): Promise<string> {
    // Plain stream events: an async iterator costs more than the read itself for a one-chunk answer.
    const body = res.body;
    return new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const text = (): string => (chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8'));
      const onData = (chunk: Buffer): void => {
        if (overflow === 'truncate' && size + chunk.length >= maxBytes) {
          chunks.push(chunk.subarray(0, maxBytes - size));
          done();
          body.destroy();
          resolve(text());
          return;
        }
        size += chunk.length;
        if (size > maxBytes) {
          done();
          body.destroy();
          reject(new OutboundError('too_large', 'response too large'));
          return;
        }
        chunks.push(chunk);
      };
      const onEnd = (): void => {
        done();
        resolve(text());
      };
      const onError = (err: unknown): void => {
        done();
        reject(toOutboundError(err));
      };
      // Destroyed without an error (or before we listened): the answer is cut short.
      const onClose = (): void => onError(new OutboundError('aborted', 'response closed before its end'));
      const done = (): void => {
        body.off('data', onData);
        body.off('end', onEnd);
        body.off('error', onError);
        body.off('close', onClose);
        // A late error after we stopped listening must not become an uncaught exception.
        body.on('error', ignore);
      };
      if (body.destroyed) {
        onClose();
        return;
      }
      // `on`, not `once`: each handler calls done() first, which removes all four (no once-wrappers).
      body.on('data', onData);
      body.on('end', onEnd);
      body.on('error', onError);
      body.on('close', onClose);
    });
  }

  /**
   * Opens a WebSocket under the same rules as `request`: ws/wss only, the target address checked
   * (literal addresses here, names after DNS at connect time), redirects never followed, no
   * compression. A refused upgrade comes back with its status and body, not as an error.
   */
  openWebSocket(req: OutboundWebSocketRequest): Promise<OutboundWebSocket> {
    const allowPrivate = req.allowPrivate === true;
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return Promise.reject(new OutboundError('bad_url', 'invalid URL'));
    }
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return Promise.reject(new OutboundError('bad_url', 'only ws and wss are allowed'));
    try {
      // The address rules are the HTTP ones: checked on the same URL with the http(s) scheme.
      this.check(req.url.replace(/^ws/i, 'http'), allowPrivate);
    } catch (err) {
      return Promise.reject(err);
    }
    if (req.signal.aborted) return Promise.reject(new OutboundError('aborted', 'request aborted'));
    return new Promise<OutboundWebSocket>((resolve, reject) => {
      const socket = new WebSocket(url, {
        headers: req.headers,
        handshakeTimeout: req.handshakeMs,
        maxPayload: req.maxPayload,
        perMessageDeflate: false,
        followRedirects: false,
        ...(allowPrivate ? {} : { lookup: guardedLookup as never }),
      });
      let settled = false;
      const settle = (fn: () => void): void => {
        if (settled) return;
        settled = true;
        req.signal.removeEventListener('abort', onAbort);
        fn();
      };
      const onAbort = (): void => {
        socket.terminate();
        settle(() => reject(new OutboundError('aborted', 'request aborted')));
      };
      req.signal.addEventListener('abort', onAbort, { once: true });
      socket.once('open', () => settle(() => resolve({ kind: 'open', socket })));
      socket.on('error', (err) => settle(() => reject(toOutboundError(/handshake has timed out/i.test(err.message) ? Object.assign(err, { code: 'UND_ERR_CONNECT_TIMEOUT' }) : err))));
      socket.once('unexpected-response', (_r, res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (): void => {
          socket.terminate();
          settle(() => resolve({ kind: 'refused', status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        };
        res.on('data', (c: Buffer) => {
          if (size >= req.maxErrorBytes) return;
          chunks.push(c.subarray(0, req.maxErrorBytes - size));
          size += c.length;
        });
        res.once('end', done);
        res.once('error', done);
        res.once('close', done);
      });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.strict.close(), this.open.close(), this.leanStrict.close(), this.leanOpen.close()]);
  }
}

function toOutboundError(err: unknown): OutboundError {
  if (err instanceof OutboundError) return err;
  const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = e.code ?? e.cause?.code ?? '';
  const name = e.name ?? '';
  if (code === 'ESSRFBLOCKED' || e.cause?.code === 'ESSRFBLOCKED') return new OutboundError('blocked', 'address not allowed');
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return new OutboundError('timeout', 'connect timeout');
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || name === 'TimeoutError')
    return new OutboundError('timeout', 'upstream timeout');
  if (name === 'AbortError' || code === 'UND_ERR_ABORTED') return new OutboundError('aborted', 'request aborted');
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ECONNRESET' || code === 'EAI_AGAIN')
    return new OutboundError('connect', `connect failed (${code})`);
  return new OutboundError('network', 'network error');
}
