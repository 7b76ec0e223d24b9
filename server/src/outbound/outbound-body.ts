import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { errors, type Dispatcher } from 'undici';

/** Bytes held for a reader that has not started or has paused, before the upstream is paused too. */
const HIGH_WATER_BYTES = 64 * 1024;

/**
 * The body of an outbound answer, fed straight by undici's dispatch handler (`BodyFeed`): the part
 * of a `Readable` that its readers use, and nothing else. Events `data`, `end`, `error` and
 * `close` in a Readable's order; `pause`/`resume`; `destroy`; `destroyed` and `readableEnded`;
 * `readable()` for a reader that needs a real stream (a pipe, `for await`).
 *
 * undici's `request()` wraps every answer in a `Readable` whose buffering and `nextTick`s cost the
 * relay more per SSE chunk than anything it does itself with the chunk (bench/README.md, session
 * 20). As a Readable does:
 * - nothing flows until a `data` listener is added or `resume` is called (chunks that come sooner
 *   wait, and past 64 KiB the upstream is paused), and a reader's first chunks come on a later tick;
 * - `pause` stops the flow and pauses the upstream once a chunk arrives meanwhile; `resume` gives
 *   the waiting chunks (on a later tick) and resumes the upstream;
 * - `end` comes after the last chunk the reader got; `close` after `end` or after an error;
 * - `destroy(err?)` cuts the upstream request; `error` is emitted only to a listener (undici's own
 *   body is always given one before it is destroyed, so an unheard error is never thrown).
 */
export class OutboundBody extends EventEmitter {
  destroyed = false;
  readableEnded = false;
  /** null: no reader yet; true: flowing; false: paused by the reader. */
  private flowing: boolean | null = null;
  private waiting: Buffer[] = [];
  private waitingBytes = 0;
  /** The upstream sent its last byte ('end' follows the waiting chunks). */
  private complete = false;
  /** A tick that gives the waiting chunks is scheduled. */
  private scheduled = false;
  private closed = false;

  constructor(private readonly feed: BodyFeed) {
    super();
  }

  override on(event: string | symbol, listener: (...args: never[]) => void): this {
    super.on(event, listener as (...args: unknown[]) => void);
    if (event === 'data' && this.flowing === null) this.resume();
    return this;
  }

  override addListener(event: string | symbol, listener: (...args: never[]) => void): this {
    return this.on(event, listener);
  }

  pause(): this {
    if (!this.destroyed) this.flowing = false;
    return this;
  }

  resume(): this {
    if (this.destroyed || this.flowing === true) return this;
    this.flowing = true;
    this.schedule();
    return this;
  }

  /** Cuts the upstream request (unless it has ended); `error` then `close` follow, on a later tick. */
  destroy(err?: Error): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.waiting = [];
    this.waitingBytes = 0;
    if (!this.complete) this.feed.cut(err ?? new errors.RequestAbortedError());
    process.nextTick(() => {
      if (err !== undefined && this.listenerCount('error') > 0) this.emit('error', err);
      this.close();
    });
    return this;
  }

  /** A real Readable over this body (backpressure both ways; destroying it destroys this). */
  readable(): Readable {
    const out = new Readable({
      read: () => void this.resume(),
      destroy: (err, cb) => {
        this.destroy(err ?? undefined);
        cb(err);
      },
    });
    this.on('data', (chunk: Buffer) => {
      if (!out.push(chunk)) this.pause();
    });
    this.on('end', () => out.push(null));
    this.on('error', (err: Error) => out.destroy(err));
    return out;
  }

  /** A chunk from the upstream; false: the upstream should pause. */
  push(chunk: Buffer): boolean {
    if (this.destroyed) return false;
    if (this.flowing === true && this.waitingBytes === 0 && !this.scheduled) {
      this.emit('data', chunk);
      return this.flowing === true;
    }
    this.waiting.push(chunk);
    this.waitingBytes += chunk.length;
    return this.flowing === true || this.waitingBytes < HIGH_WATER_BYTES;
  }

  /** The upstream's answer is complete. */
  end(): void {
    if (this.destroyed) return;
    this.complete = true;
    if (this.flowing === true) this.schedule();
  }

  /** The upstream failed after its headers. */
  fail(err: Error): void {
    if (this.destroyed) return;
    this.complete = true; // nothing left to cut
    this.destroy(err);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    process.nextTick(this.flow);
  }

  /** Gives the waiting chunks while the reader flows, then `end` if the upstream is complete. */
  private readonly flow = (): void => {
    this.scheduled = false;
    while (this.flowing === true && this.waiting.length > 0 && !this.destroyed) {
      const chunk = this.waiting.shift() as Buffer;
      this.waitingBytes -= chunk.length;
      this.emit('data', chunk);
    }
    if (this.destroyed || this.flowing !== true) return;
    this.feed.resume();
    if (this.complete && !this.readableEnded) {
      this.readableEnded = true;
      this.emit('end');
      process.nextTick(() => this.close());
    }
  };

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.emit('close');
  }
}

/** What the body asks of the request that feeds it. */
export interface BodyFeed {
  /** The upstream may send again (after `push` said false). */
  resume(): void;
  /** Cut the request. */
  cut(reason: Error): void;
}

/** A signal the caller cancels the request with: an AbortSignal or an EventEmitter with `abort` (`CancelSwitch`). */
export type CancelSignal = AbortSignal | (EventEmitter & { aborted: boolean });

export interface OutboundHead {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: OutboundBody;
}

/**
 * undici dispatch handler for one outbound request: resolves with the status, the headers and an
 * `OutboundBody` at the first final status line, rejects with undici's error before it, and feeds
 * the body after it. A cancelled signal aborts the request, or destroys the body once it exists.
 */
export class OutboundHandler implements Dispatcher.DispatchHandler, BodyFeed {
  private controller: Dispatcher.DispatchController | null = null;
  private body: OutboundBody | null = null;
  private reason: Error | null = null;
  private settled = false;
  private readonly stopListening: () => void;

  constructor(
    private readonly signal: CancelSignal | undefined,
    private readonly resolve: (head: OutboundHead) => void,
    private readonly reject: (err: Error) => void,
  ) {
    this.stopListening = listen(signal, this.onCancel);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.reason !== null) controller.abort(this.reason);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    // undici's controller keeps the head's raw names and values for the request's life: slices of
    // the socket read that brought the head, so a held stream would keep that read's memory and a
    // Buffer per name and value. `headers` has them parsed; nothing here reads the raw ones.
    dropRawHeaders(controller);
    if (statusCode < 200 || this.settled) return;
    this.settled = true;
    const body = new OutboundBody(this);
    this.body = body;
    // The signal's listener goes with the body (its end, its error or its destroy).
    body.once('close', this.stopListening);
    this.resolve({ status: statusCode, headers, body });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.body !== null && !this.body.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.body?.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    if (!this.settled) {
      this.settled = true;
      this.stopListening();
      this.reject(err);
      return;
    }
    this.body?.fail(err);
  }

  resume(): void {
    this.controller?.resume();
  }

  cut(reason: Error): void {
    if (this.controller !== null) this.controller.abort(reason);
    else this.reason = reason;
  }

  private readonly onCancel = (): void => {
    const s = this.signal as { reason?: unknown } | undefined;
    const reason = s?.reason instanceof Error ? s.reason : new errors.RequestAbortedError();
    if (this.body !== null) this.body.destroy(reason);
    else this.cut(reason);
  };
}

/** Listens for the signal's cancel (at once if it is cancelled already); returns the removal. */
function listen(signal: CancelSignal | undefined, onCancel: () => void): () => void {
  if (signal === undefined) return noop;
  if (signal.aborted) {
    queueMicrotask(onCancel);
    return noop;
  }
  if (signal instanceof EventEmitter) {
    signal.once('abort', onCancel);
    return () => void signal.off('abort', onCancel);
  }
  signal.addEventListener('abort', onCancel, { once: true });
  return () => signal.removeEventListener('abort', onCancel);
}

const noop = (): void => undefined;

/** Lets go of the raw head undici's controller keeps (`rawHeaders`, a public field of undici 7's), where it has one. */
function dropRawHeaders(controller: Dispatcher.DispatchController): void {
  const c = controller as { rawHeaders?: unknown };
  if (c.rawHeaders != null) c.rawHeaders = null;
}
