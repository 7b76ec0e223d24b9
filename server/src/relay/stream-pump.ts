import type { Readable } from 'node:stream';
import { TokenCounter } from '../billing/token-estimator';
import { transportFailure, type UpstreamFailure } from './canonical/errors';
import type { JsonObject } from './canonical/json';
import type { StreamStep } from './canonical/response';
import type { ReportedUsage } from './canonical/usage';
import type { DrainLimiter } from './drain-limiter';
import type { AttemptClient } from './attempt-client';
import { TOOL_CALL_TOKENS, type Charge } from './relay-billing';
import { StreamFrameError, type StreamFraming } from './eventstream/aws-event-stream';
import { SseEventTooLargeError, SseParser, type SseEvent } from './sse/sse-parser';
import { SSE_DONE, SSE_HEADERS, formatSseEvent } from './sse/sse-writer';
import { ClientUsageFilter, usageChunk } from './sse/stream-usage';
import type { ClientFraming } from './json-array/json-array';

/** Why the relay cancelled an upstream request. */
export type AbortReason = 'client' | 'headers' | 'idle' | 'total' | 'drain' | 'done';

export interface DrainBounds {
  ms: number;
  maxBytes: number;
  limiter: DrainLimiter;
}

export interface PumpOptions {
  body: Readable;
  /** How the upstream's bytes become events; SSE when absent. */
  framing?: StreamFraming;
  exchange: AttemptClient;
  parse(event: SseEvent): StreamStep;
  /** chat/completions: `[DONE]`, include_usage filtering. Responses streams pass events as they are. */
  chatLike: boolean;
  /** How chunks reach the client when not as SSE (not for chat-like streams); SSE when absent. */
  clientFraming?: ClientFraming;
  clientWantsUsage: boolean;
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
  /** Prompt tokens for a usage chunk the relay writes itself (upstream sent none, client asked). */
  promptEstimate: number;
  /** Localised client-facing text for an interrupted stream. */
  interruptedMessage(kind: 'idle' | 'total' | 'interrupted'): string;
}

export type PumpResult =
  /** Nothing reached the client: the failover loop may try another channel. */
  | { kind: 'failed'; failure: UpstreamFailure; clientGone: boolean }
  | { kind: 'served'; charge: Charge };

const noop = (): void => undefined;

/**
 * Relays one upstream SSE stream to the client. Commits the client answer on the first event
 * worth forwarding (so an upstream that fails before that can still be retried elsewhere),
 * counts generated text incrementally, honours backpressure, and applies the disconnect policy:
 * a client that leaves starts a bounded drain to learn the usage.
 */
export class StreamPump {
  private readonly parser: StreamFraming;
  private readonly counter = new TokenCounter();
  private readonly usageFilter: ClientUsageFilter;
  private toolCalls = 0;
  private usage: ReportedUsage | null = null;
  private finishSeen = false;
  /** Some event parsed as a real chunk (garbage and bare [DONE] do not count). */
  private valid = false;
  private last: { id: string; model: string; created: number; object?: string } | null = null;
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
  private resolve: (r: PumpResult) => void = noop;

  constructor(private readonly o: PumpOptions) {
    this.parser = o.framing ?? new SseParser({ maxEventBytes: o.maxEventBytes });
    this.usageFilter = new ClientUsageFilter(o.clientWantsUsage);
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
    for (const ev of events) {
      this.handle(ev);
      if (this.done) return;
    }
  };

  private readonly onEnd = (): void => {
    if (this.done) return;
    for (const ev of this.parser.end()) {
      this.handle(ev);
      if (this.done) return;
    }
    // Lenient upstreams end without [DONE] after a finish reason: the answer is complete.
    if (this.finishSeen && this.o.chatLike) this.complete();
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
    return this.counter.count + this.toolCalls * TOOL_CALL_TOKENS;
  }

  private handle(ev: SseEvent): void {
    // Only events reset the idle timer; `: keep-alive` comments do not (rule 19).
    this.idleTimer?.refresh();
    let step: StreamStep;
    try {
      step = this.o.parse(ev);
    } catch {
      return;
    }
    if (step.malformed) return;
    if (step.forward || step.usage) this.valid = true;
    if (step.usage) this.usage = step.usage;
    if (step.finishReason) this.finishSeen = true;
    if (step.text) this.counter.push(step.text);
    this.toolCalls += step.toolCalls;
    if (step.error) {
      this.upstreamError(step.error);
      return;
    }
    if (step.forward && !this.draining) this.forward(step.forward, ev);
    if (step.more && !this.draining) for (const f of step.more) this.forward(f, ev);
    if (step.done) {
      this.complete();
      return;
    }
    const now = Date.now();
    if (now - this.lastCheckpoint >= this.o.checkpointMs) {
      this.lastCheckpoint = now;
      this.o.checkpoint(this.completionTokens());
    }
  }

  private commit(): void {
    this.o.exchange.writeHead(200, this.o.clientFraming?.headers ?? SSE_HEADERS);
  }

  private forward(fwd: NonNullable<StreamStep['forward']>, ev: SseEvent): void {
    let text: string;
    if (this.o.chatLike) {
      const data = this.usageFilter.filter(fwd.data);
      if (data === null) return;
      this.remember(data);
      // Unchanged chunks go out as the upstream wrote them (no re-serialisation).
      text = data === fwd.data && ev.event === null && !fwd.converted ? `data: ${ev.data}\n\n` : formatSseEvent(data);
    } else {
      text = this.o.clientFraming ? this.o.clientFraming.event(fwd.data, fwd.event) : formatSseEvent(fwd.data, fwd.event);
    }
    if (!this.o.exchange.committed) this.commit();
    this.send(text);
  }

  private remember(data: JsonObject): void {
    if (this.last || typeof data.id !== 'string') return;
    this.last = {
      id: data.id,
      model: typeof data.model === 'string' ? data.model : '',
      created: typeof data.created === 'number' ? data.created : Math.floor(Date.now() / 1000),
      object: typeof data.object === 'string' ? data.object : undefined,
    };
  }

  private send(text: string): void {
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

  /** The upstream finished ([DONE], response.completed, or a finish reason then a clean close). */
  private complete(): void {
    if (!this.valid && !this.o.exchange.committed && !this.draining) {
      // Garbage then [DONE]: nothing usable came, and nothing reached the client yet.
      this.finish({ kind: 'failed', failure: { ...transportFailure('protocol'), retryable: true }, clientGone: false });
      return;
    }
    // Only text generation streams (chat, completions, responses): reported zeros the local
    // count contradicts are missing usage.
    const charge: Charge = { kind: 'usage', reported: this.usage, completionEstimate: this.completionTokens(), zeroIsMissing: true };
    if (!this.draining) {
      if (!this.o.exchange.committed) this.commit();
      if (this.o.chatLike) {
        if (this.o.clientWantsUsage && !this.usage && this.last) {
          const u = { promptTokens: this.o.promptEstimate, completionTokens: this.completionTokens(), cachedTokens: 0, reasoningTokens: 0 };
          this.o.exchange.write(formatSseEvent(usageChunk(this.last, u)));
        }
        this.o.exchange.write(SSE_DONE);
      }
      if (this.o.clientFraming) this.o.exchange.write(this.o.clientFraming.end());
      this.o.exchange.end();
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
    this.writeErrorEvent(failure.message, failure.code, failure.type ?? 'upstream_error');
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
    const text = this.o.interruptedMessage(kind === 'protocol' ? 'interrupted' : kind);
    this.writeErrorEvent(text, kind === 'idle' || kind === 'total' ? 'upstream_timeout' : 'upstream_interrupted', 'upstream_error');
    this.finish({ kind: 'served', charge: { kind: 'delivered', deliveredTokens: this.completionTokens(), reason: 'upstream_error' } });
  }

  private writeErrorEvent(message: string, code: string | null, type: string): void {
    const x = this.o.exchange;
    const suffix = ` (request id: ${x.requestId})`;
    if (this.o.chatLike) x.write(formatSseEvent({ error: { message: message + suffix, type, param: null, code } }));
    else if (this.o.clientFraming) x.write(this.o.clientFraming.event(this.o.clientFraming.error(message + suffix, code, type)) + this.o.clientFraming.end());
    else x.write(formatSseEvent({ type: 'error', code, message: message + suffix, param: null }, 'error'));
    x.end();
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
      // The tail after [DONE] is read and dropped so the connection returns to the pool.
      body.resume();
    } else if (!body.readableEnded) {
      this.o.abort('done');
    }
    this.resolve(result);
  }
}
