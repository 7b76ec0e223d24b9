import { TokenCounter } from '../../billing/token-estimator';
import { transportFailure, type UpstreamFailure } from '../../wire/canonical/errors';
import type { Skim, StreamStep } from '../../wire/canonical/response';
import type { FinishReason, ReportedUsage } from '../../wire/canonical/usage';
import type { DrainLimiter } from './drain-limiter';
import type { AttemptClient } from './attempt-client';
import { sseEvent, type ClientError, type ClientStreamEncoder } from '../../wire/format';
import { reportsCompletion } from '../../billing/usage-clamp';
import { TOOL_CALL_TOKENS, type Charge } from '../money/relay-billing';
import { StreamFrameError, type StreamFraming } from '../../wire/framing/eventstream/aws-event-stream';
import { SseEventTooLargeError, SseParser, type SseEvent } from '../../wire/framing/sse/sse-parser';

/** Why the relay cancelled an upstream request. */
export type AbortReason = 'client' | 'headers' | 'idle' | 'total' | 'drain' | 'done';

export interface DrainBounds {
  ms: number;
  maxBytes: number;
  limiter: DrainLimiter;
}

/** What the pump reads an upstream body through (an `OutboundBody`, or any Readable). */
export interface PumpBody {
  on(event: 'data', fn: (chunk: Buffer) => void): unknown;
  on(event: 'end' | 'error', fn: () => void): unknown;
  off(event: 'data', fn: (chunk: Buffer) => void): unknown;
  off(event: 'end' | 'error', fn: () => void): unknown;
  pause(): unknown;
  resume(): unknown;
  readonly readableEnded: boolean;
}

export interface PumpOptions {
  body: PumpBody;
  /** How the upstream's bytes become events; SSE when absent. */
  framing?: StreamFraming;
  exchange: AttemptClient;
  parse(event: SseEvent): StreamStep;
  /**
   * A glance at an event (`Skim`) for a stateless `parse` of SSE events: a plain event of an
   * answer already begun goes out as it came, and its parse waits until a count is needed.
   */
  skim?(event: SseEvent): Skim;
  /** The client side in the inbound format: its chunks, its end and its in-stream errors. */
  encoder: ClientStreamEncoder;
  idleMs: number;
  drain: DrainBounds;
  maxEventBytes: number;
  /** Cancels the upstream request (the body then errors). */
  abort(reason: AbortReason): void;
  /** The reason given to `abort`, if the request was cancelled. */
  aborted(): AbortReason | null;
  /** Tokens generated so far, at most every `checkpointMs` (for the ledger's crash checkpoint). */
  checkpoint(completionTokens: number): void;
  checkpointMs: number;
  /** Prompt tokens for a usage the client is told when the upstream sent none. */
  promptEstimate: number;
  /** The client's request, let go when the answer is committed (no other channel is tried after). */
  request?: { release(): void };
  /** Localised client-facing text for an interrupted stream. */
  interruptedMessage(kind: 'idle' | 'total' | 'interrupted'): string;
}

export type PumpResult =
  /** Nothing reached the client: the failover loop may try another channel. */
  | { kind: 'failed'; failure: UpstreamFailure; clientGone: boolean }
  | { kind: 'served'; charge: Charge };

const noop = (): void => undefined;

/** Plain events `unread` holds at the most before it counts them (a few KB of chunk text). */
const MAX_UNREAD = 64;
/**
 * Bytes of text `unread` holds at the most before it counts them: a waiting event keeps its bytes
 * and the socket read they came in, so large events (a Responses stream's images, a long first
 * delta) are counted at once instead of kept for 64 events or until the upstream speaks again.
 */
const MAX_UNREAD_BYTES = 16 * 1024;

/**
 * Relays one upstream stream to the client. Commits the client answer on the first event worth
 * forwarding (so an upstream that fails before that can still be retried elsewhere), counts
 * generated text incrementally, honours backpressure, and applies the disconnect policy: a
 * client that leaves starts a bounded drain to learn the usage. It knows no wire format: the
 * inbound format's encoder writes every chunk, the end and an in-stream error.
 */
export class StreamPump {
  private readonly parser: StreamFraming;
  private readonly counter = new TokenCounter();
  private toolCalls = 0;
  private usage: ReportedUsage | null = null;
  private finishReason: FinishReason | null = null;
  /** Some event parsed as a real chunk (garbage and a bare end marker do not count). */
  private valid = false;
  private draining = false;
  private drainSlot = false;
  private drainBytes = 0;
  private deliveredTokens = 0;
  private paused = false;
  private done = false;
  private idleTimer: NodeJS.Timeout | null = null;
  private drainTimer: NodeJS.Timeout | null = null;
  private lastCheckpoint = Date.now();
  private removeGone: () => void = noop;
  /**
   * While the events of one upstream chunk are handled: the text they write, sent as one write
   * after them (each write is its own socket write, see `writeChunkDirect`). Null otherwise.
   */
  private batch: string | null = null;
  private resolve: (r: PumpResult) => void = noop;
  /**
   * Plain events forwarded unparsed (see `skimmed`), and the text of later events while any
   * wait, in the stream's order; counted by `readUnread`. Most streams end with the upstream's
   * usage, and then their content chunks are never parsed at all.
   */
  private unread: (SseEvent | string)[] = [];
  /** The text bytes (UTF-16 units for a string) waiting in `unread`. */
  private unreadBytes = 0;

  constructor(private readonly o: PumpOptions) {
    // The upstream's chunks are never written to after they arrive: events keep their bytes.
    this.parser = o.framing ?? new SseParser({ maxEventBytes: o.maxEventBytes, undecoded: true });
  }

  run(): Promise<PumpResult> {
    return new Promise<PumpResult>((resolve) => {
      this.resolve = resolve;
      const { body } = this.o;
      this.idleTimer = setTimeout(() => this.o.abort('idle'), this.o.idleMs);
      body.on('data', this.onData);
      body.on('end', this.onEnd);
      body.on('error', this.onError);
      this.removeGone = this.o.exchange.onGone(this.onClientGone);
    });
  }

  private readonly onData = (chunk: Buffer): void => {
    if (this.done) return;
    if (this.draining) {
      this.drainBytes += chunk.length;
      if (this.drainBytes > this.o.drain.maxBytes) {
        this.o.abort('drain');
        return;
      }
    }
    let events: SseEvent[];
    try {
      events = this.parser.push(chunk);
    } catch (err) {
      if (err instanceof SseEventTooLargeError || err instanceof StreamFrameError) this.interrupted('protocol');
      else throw err;
      return;
    }
    // A chunk that is one whole `data:` event (the usual chunk of an OpenAI-wire stream) may go
    // out as these bytes when the step forwards the event unchanged.
    const whole = this.parser instanceof SseParser && this.parser.wholeEvent ? chunk : null;
    const only = events.length === 1 ? events[0] : undefined;
    if (only !== undefined) {
      this.handle(only, whole);
      return;
    }
    this.batch = '';
    for (const ev of events) {
      this.handle(ev, whole);
      if (this.done) break;
    }
    const text = this.takeBatch();
    if (text !== '' && !this.done) this.send(text);
  };

  /** The text batched so far (see `batch`), which stops the batching. */
  private takeBatch(): string {
    const text = this.batch ?? '';
    this.batch = null;
    return text;
  }

  private readonly onEnd = (): void => {
    if (this.done) return;
    for (const ev of this.parser.end()) {
      this.handle(ev);
      if (this.done) return;
    }
    // Lenient upstreams close after a finish reason without their end marker: the answer is
    // complete (the encoder writes what the client is still owed).
    if (this.finishReason !== null) this.complete();
    else this.interrupted('interrupted');
  };

  private readonly onError = (): void => {
    if (this.done) return;
    const reason = this.o.aborted();
    if (reason === 'idle') this.interrupted('idle');
    else if (reason === 'total') this.interrupted('total');
    else this.interrupted('interrupted');
  };

  private readonly onClientGone = (): void => {
    if (this.done || this.draining) return;
    this.draining = true;
    this.deliveredTokens = this.completionTokens();
    if (this.paused) {
      this.paused = false;
      this.o.body.resume();
    }
    if (!this.o.drain.limiter.tryAcquire()) {
      this.o.abort('drain');
      return;
    }
    this.drainSlot = true;
    this.drainTimer = setTimeout(() => this.o.abort('drain'), this.o.drain.ms);
  };

  private completionTokens(): number {
    this.readUnread();
    return this.counter.count + this.toolCalls * TOOL_CALL_TOKENS;
  }

  private handle(ev: SseEvent, whole: Buffer | null = null): void {
    // Only events reset the idle timer; `: keep-alive` comments do not (rule 19).
    this.idleTimer?.refresh();
    // Only an answer already begun, and not in a drain, forwards plain events unparsed.
    const skim = this.o.skim;
    if (skim !== undefined && !this.draining && this.o.exchange.committed && this.skimmed(skim(ev), ev, whole)) return;
    const step = this.parsed(ev);
    if (step === null) return;
    if (step.forward || step.usage || (step.parts && step.parts.length > 0)) this.valid = true;
    if (step.usage) this.usage = step.usage;
    if (step.finishReason) this.finishReason = step.finishReason;
    if (step.text) {
      if (this.unread.length > 0) this.wait(step.text, step.text.length);
      else this.counter.push(step.text);
    }
    this.toolCalls += step.toolCalls;
    if (step.error) {
      this.upstreamError(step.error);
      return;
    }
    if (!this.draining) this.forward(step, ev, whole);
    if (this.done) return;
    if (step.done) {
      this.complete();
      return;
    }
    this.checkpointDue();
  }

  /**
   * A plain event (`PumpOptions.skim`) that the encoder writes without reading it: its bytes go
   * out and its parse waits in `unread`. False: parse it as usual.
   */
  private skimmed(skim: Skim, ev: SseEvent, whole: Buffer | null): boolean {
    if (skim === 'no') return false;
    const out = this.o.encoder.plainEvent?.(ev, skim === 'null-usage');
    if (out === undefined || out === null) return false;
    this.wait(ev, ev.raw !== undefined ? (ev.rawTo as number) - (ev.rawFrom as number) : ev.data.length);
    this.send(out !== true ? out : whole !== null ? whole : sseEvent(ev.data, ev.event ?? undefined));
    this.checkpointDue();
    return true;
  }

  /** An item to count later, in order; bounded: a long stream without a checkpoint holds only a few chunks. */
  private wait(item: SseEvent | string, bytes: number): void {
    this.unread.push(item);
    this.unreadBytes += bytes;
    if (this.unread.length >= MAX_UNREAD || this.unreadBytes >= MAX_UNREAD_BYTES) this.readUnread();
  }

  /** Counts the events and text waiting in `unread`, in order. */
  private readUnread(): void {
    const unread = this.unread;
    if (unread.length === 0) return;
    this.unread = [];
    this.unreadBytes = 0;
    for (const item of unread) {
      if (typeof item === 'string') {
        this.counter.push(item);
        continue;
      }
      const step = this.parsed(item);
      if (step === null) continue;
      if (step.text) this.counter.push(step.text);
      this.toolCalls += step.toolCalls;
    }
  }

  /** The event's step; null for garbage (a parse that throws, or malformed data). */
  private parsed(ev: SseEvent): StreamStep | null {
    let step: StreamStep;
    try {
      step = this.o.parse(ev);
    } catch {
      return null;
    }
    return step.malformed ? null : step;
  }

  private checkpointDue(): void {
    const now = Date.now();
    if (now - this.lastCheckpoint >= this.o.checkpointMs) {
      this.lastCheckpoint = now;
      this.o.checkpoint(this.completionTokens());
    }
  }

  private commit(): void {
    this.o.exchange.writeHead(200, this.o.encoder.headers);
    this.o.request?.release();
  }

  /**
   * The step's chunks (or canonical parts) as the inbound format writes them; `whole`, the
   * upstream chunk when it is exactly this event's text, written itself when the format forwards
   * the event unchanged (no second copy of the text per chunk).
   */
  private forward(step: StreamStep, ev: SseEvent, whole: Buffer | null): void {
    const enc = this.o.encoder;
    if (whole !== null && step.forward && !step.more && !(step.parts && step.parts.length > 0) && enc.forwardAsIs?.(step.forward, ev) === true) {
      if (!this.o.exchange.committed) this.commit();
      this.send(whole);
      return;
    }
    let text = step.forward ? enc.forward(step.forward, ev) : '';
    if (step.more) for (const f of step.more) text += enc.forward(f, ev);
    if (step.parts && step.parts.length > 0) {
      // A converted stream on a format that cannot write canonical parts: nothing sensible to send.
      if (!enc.parts) {
        this.interrupted('protocol');
        return;
      }
      text += enc.parts(step.parts);
    }
    if (text === '') return;
    if (!this.o.exchange.committed) this.commit();
    this.send(text);
  }

  private send(text: string | Uint8Array): void {
    if (this.batch !== null) {
      // In the stream's order with the other events of the chunk (bytes only for a plain one).
      this.batch += typeof text === 'string' ? text : Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('utf8');
      return;
    }
    if (this.o.exchange.write(text)) return;
    if (this.paused) return;
    this.paused = true;
    this.o.body.pause();
    void this.o.exchange.whenDrained().then(() => {
      if (!this.paused) return;
      this.paused = false;
      this.o.body.resume();
    });
  }

  /** The upstream finished (its end marker or terminal event, or a finish reason then a clean close). */
  private complete(): void {
    if (!this.valid && !this.o.exchange.committed && !this.draining) {
      // Garbage then an end marker: nothing usable came, and nothing reached the client yet.
      this.finish({ kind: 'failed', failure: { ...transportFailure('protocol'), retryable: true }, clientGone: false });
      return;
    }
    // Only text generation streams (chat, completions, responses): reported zeros the local
    // count contradicts are missing usage.
    // An estimate the upstream's completion count makes moot is not taken (0, as for a whole
    // answer): the unread chunks are then never parsed. Only OpenAI-wire encoders leave any, and
    // they write the estimate only when the upstream reported no usage.
    const completion = this.unread.length > 0 && reportsCompletion(this.usage, true) ? 0 : this.completionTokens();
    const charge: Charge = { kind: 'usage', reported: this.usage, completionEstimate: completion, zeroIsMissing: true };
    if (!this.draining) {
      if (!this.o.exchange.committed) this.commit();
      const estimate = { promptTokens: this.o.promptEstimate, completionTokens: completion };
      // What this chunk's events wrote, the encoder's tail and the end of the answer, in one write.
      const tail = this.takeBatch() + this.o.encoder.end({ usage: this.usage, finishReason: this.finishReason, estimate });
      this.o.exchange.end(tail === '' ? undefined : tail);
    }
    this.finish({ kind: 'served', charge });
  }

  private upstreamError(failure: UpstreamFailure): void {
    if (!this.o.exchange.committed && !this.draining) {
      this.finish({ kind: 'failed', failure, clientGone: false });
      return;
    }
    if (this.draining) {
      // The upstream failed on its own while the drain read on: what the client received is
      // charged as for any upstream error after a 200 (nothing when nothing was delivered).
      this.finish({ kind: 'served', charge: { kind: 'delivered', deliveredTokens: this.deliveredTokens, reason: 'upstream_error' } });
      return;
    }
    this.writeErrorEvent({ status: failure.status, code: failure.code, type: failure.type ?? 'upstream_error', message: failure.message, param: null });
    this.finish({ kind: 'served', charge: { kind: 'delivered', deliveredTokens: this.completionTokens(), reason: 'upstream_error' } });
  }

  /** The stream broke: upstream closed early, an event was too large, or a timer fired. */
  private interrupted(kind: 'idle' | 'total' | 'interrupted' | 'protocol'): void {
    if (this.draining) {
      // The drain ended without the upstream finishing. Past its bounds (money rule 6) the prompt
      // estimate and what the client received are charged; an upstream that broke or stalled on
      // its own is an upstream error after a 200 (nothing charged when nothing was delivered).
      const bound = this.o.aborted();
      const reason = bound === 'drain' || bound === 'total' ? 'client_gone' : 'upstream_error';
      this.finish({ kind: 'served', charge: { kind: 'delivered', deliveredTokens: this.deliveredTokens, reason } });
      return;
    }
    if (!this.o.exchange.committed) {
      const failure =
        kind === 'idle'
          ? { ...transportFailure('headers_timeout') }
          : kind === 'total'
            ? transportFailure('total_timeout')
            : // Closed or garbage before anything was forwarded: another channel may do better.
              { ...transportFailure('protocol'), retryable: true };
      this.finish({ kind: 'failed', failure, clientGone: false });
      return;
    }
    const timeout = kind === 'idle' || kind === 'total';
    const message = this.o.interruptedMessage(kind === 'protocol' ? 'interrupted' : kind);
    this.writeErrorEvent({ status: timeout ? 504 : 502, code: timeout ? 'upstream_timeout' : 'upstream_interrupted', type: 'upstream_error', message, param: null });
    this.finish({ kind: 'served', charge: { kind: 'delivered', deliveredTokens: this.completionTokens(), reason: 'upstream_error' } });
  }

  /** The inbound format's in-stream error (the message gets the request id), then the end of the answer. */
  private writeErrorEvent(e: ClientError): void {
    const x = this.o.exchange;
    x.end(this.takeBatch() + this.o.encoder.error({ ...e, message: `${e.message} (request id: ${x.requestId})` }));
  }

  private finish(result: PumpResult): void {
    if (this.done) return;
    this.done = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.drainTimer) clearTimeout(this.drainTimer);
    if (this.drainSlot) this.o.drain.limiter.release();
    this.removeGone();
    const { body } = this.o;
    body.off('data', this.onData);
    body.off('end', this.onEnd);
    body.off('error', this.onError);
    body.on('error', noop);
    if (result.kind === 'served' && result.charge.kind === 'usage' && !body.readableEnded) {
      // The tail after the end is read and dropped so the connection returns to the pool.
      body.resume();
    } else if (!body.readableEnded) {
      this.o.abort('done');
    }
    this.resolve(result);
  }
}
