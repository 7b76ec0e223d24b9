import { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { langOf, type Lang } from '../../common/messages';
import type { ErrorFormat } from '../../wire/format';
import { OPENAI_ERRORS } from '../../wire/openai-chat/index';
import { renderRelayError } from '../edge/relay-errors';
import { writeChunkDirect } from './chunked-writer';

const logger = new Logger('Relay');

/** Browsers may call the relay from any origin (web chat clients); credentials never ride on CORS. */
export const RELAY_CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Access-Control-Allow-Origin': '*' });

/**
 * The client side of one relay request, on the raw Node response (the Fastify reply is hijacked,
 * so nothing is serialised twice). Knows whether bytes went out (`committed`) and whether the
 * client left before the answer was complete (`gone`).
 */
export class ClientExchange {
  readonly res: ServerResponse;
  readonly requestId: string;
  readonly lang: Lang;
  readonly startedAt = Date.now();
  committed = false;
  gone = false;
  /** How errors are answered: the inbound format's shape (`/v1/messages` answers Anthropic's). */
  errors: ErrorFormat = OPENAI_ERRORS;
  /** ms from the start to the first byte of the answer. */
  firstByteMs: number | null = null;
  /** HTTP status written (0 until the head goes out). */
  status = 0;
  /** The `session_id` / `x-session-id` header (channel affinity), when sent. */
  readonly sessionHeader: string | undefined;
  private readonly goneHandlers: (() => void)[] = [];
  private readonly baseHeaders: OutgoingHttpHeaders;
  private drainWaiters: (() => void)[] = [];
  /** A chunk written straight to the socket found its buffer full: waiting for the socket's 'drain'. */
  private socketFull = false;
  private drainHeard = false;

  constructor(req: FastifyRequest, reply: FastifyReply) {
    this.res = reply.raw;
    this.requestId = String(req.id);
    this.lang = langOf(req.headers['accept-language']);
    // Headers hooks put on the reply (X-Request-Id) ride on every raw answer.
    const base: OutgoingHttpHeaders = { ...RELAY_CORS_HEADERS };
    const own = reply.getHeaders();
    for (const k in own) {
      const v = own[k];
      if (v !== undefined) base[k] = typeof v === 'number' ? String(v) : v;
    }
    this.baseHeaders = base;
    const session = req.headers['session_id'] ?? req.headers['x-session-id'];
    this.sessionHeader = typeof session === 'string' ? session : undefined;
    reply.hijack();
    this.res.on('close', () => {
      if (this.res.writableFinished) return;
      this.gone = true;
      for (const h of this.goneHandlers.splice(0)) h();
      this.releaseDrainWaiters();
    });
  }

  /** Runs `fn` once when the client leaves early (at once if it already has). Returns a remover. */
  onGone(fn: () => void): () => void {
    if (this.gone) {
      fn();
      return () => undefined;
    }
    this.goneHandlers.push(fn);
    return () => {
      const i = this.goneHandlers.indexOf(fn);
      if (i !== -1) this.goneHandlers.splice(i, 1);
    };
  }

  /** Headers every answer of this request carries from now on (the rate-limit headers). */
  addHeaders(headers: Readonly<Record<string, string>>): void {
    Object.assign(this.baseHeaders, headers);
  }

  writeHead(status: number, headers: OutgoingHttpHeaders): void {
    if (this.committed || this.gone) return;
    // Object.assign, not a spread: once addHeaders has filled the base, spreading it and then
    // another object took about 5 µs per answer on Node 20 (Object.assign: 0.1 µs).
    this.commitHead(status, Object.assign({}, this.baseHeaders, headers));
  }

  /** Writes the head: `all` is every header of the answer (the base ones included). */
  private commitHead(status: number, all: OutgoingHttpHeaders): void {
    this.committed = true;
    this.firstByteMs = Date.now() - this.startedAt;
    this.status = status;
    this.res.writeHead(status, all);
  }

  /** False when the socket buffer is full: the caller waits for `whenDrained()` (backpressure). */
  write(chunk: string | Uint8Array): boolean {
    if (this.gone || this.res.writableEnded) return true;
    const direct = writeChunkDirect(this.res, chunk);
    if (direct === undefined) return this.res.write(chunk);
    if (!direct && !this.socketFull) {
      this.socketFull = true;
      this.res.socket?.once('drain', () => {
        this.socketFull = false;
        this.releaseDrainWaiters();
      });
    }
    return direct;
  }

  /** Resolves when the client can take more bytes, or left. */
  whenDrained(): Promise<void> {
    if (this.gone) return Promise.resolve();
    if (!this.socketFull) {
      if (!this.res.writableNeedDrain) return Promise.resolve();
      // Listened for from the first wait on (most answers never fill the socket buffer).
      if (!this.drainHeard) {
        this.drainHeard = true;
        this.res.on('drain', () => this.releaseDrainWaiters());
      }
    }
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  end(chunk?: string | Uint8Array): void {
    if (this.res.writableEnded) return;
    if (chunk === undefined) this.res.end();
    else this.res.end(chunk);
  }

  /** A whole answer at once. */
  send(status: number, contentType: string, body: string | Uint8Array, headers: OutgoingHttpHeaders = {}): void {
    if (this.committed || this.gone) return;
    const len = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    // One object for the head (the same names, order and values as writeHead of the two merged).
    const all: OutgoingHttpHeaders = Object.assign({}, this.baseHeaders);
    all['Content-Type'] = contentType;
    all['Content-Length'] = len;
    this.commitHead(status, Object.assign(all, headers));
    this.res.end(body);
  }

  sendJson(status: number, value: unknown, headers: OutgoingHttpHeaders = {}): void {
    this.send(status, 'application/json; charset=utf-8', JSON.stringify(value), headers);
  }

  /** Answers an error in the inbound format's shape, unless bytes already went out or the client left. */
  sendError(err: unknown): void {
    const r = renderRelayError(err, this.lang, this.requestId, this.errors.fieldNames);
    if (r.unexpected) logger.error(`request ${this.requestId} failed: ${(err as Error)?.stack ?? String(err)}`);
    if (this.committed || this.gone) {
      this.end();
      return;
    }
    const { status, body } = this.errors.errorResponse(r.error);
    this.sendJson(status, body, r.headers);
  }

  private releaseDrainWaiters(): void {
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    for (const w of waiters) w();
  }
}
