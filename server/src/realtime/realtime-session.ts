import type { Logger } from '@nestjs/common';
import WebSocket, { type RawData } from 'ws';
import type { Ledger } from '../billing/ledger.types';
import { LOG_CONSUME } from '../logs/log.entity';
import type { NewLog } from '../logs/logs.service';
import type { Usage } from '../wire/canonical/usage';
import { BillingSession, computeCharge, consumeLog, logContent, type ComputedCharge } from '../relay/money/relay-billing';
import { renderRelayError } from '../relay/edge/relay-errors';
import type { RealtimeAdmission, UpstreamSocket } from './realtime.service';
import { realtimeUsage } from './realtime-usage';

/** After the client leaves mid-response, how long the upstream's `response.done` (with usage) is awaited. */
export const CLIENT_GONE_GRACE_MS = 5_000;

export interface RealtimeDeps {
  ledger: Ledger;
  writeLog(log: NewLog): Promise<void>;
  logConsume(): boolean;
  maxClientFrame: number;
  logger: Logger;
}

interface OpenHold {
  billing: BillingSession;
  responseId: string | null;
}

const ZERO_USAGE: Usage = {
  promptTokens: 0,
  completionTokens: 0,
  cachedTokens: 0,
  cacheCreationTokens: 0,
  cacheCreation1hTokens: 0,
  imageTokens: 0,
  audioTokens: 0,
  audioCompletionTokens: 0,
  reasoningTokens: 0,
};

function parse(data: RawData, isBinary: boolean): Record<string, unknown> | null {
  if (isBinary) return null;
  try {
    const v: unknown = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function size(data: RawData): number {
  if (Buffer.isBuffer(data)) return data.length;
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data.byteLength;
}

/**
 * One client socket relayed to one upstream socket. Frames pass unchanged both ways. Money: a hold
 * per response (reserved before `response.create` is forwarded, or at `response.created` for a
 * response the server started itself), settled with the usage of its `response.done`, refunded
 * when the session ends without one; each hold closes exactly once (BillingSession). The session's
 * summed usage is one consume log when it ends.
 */
export class RealtimeSession {
  private readonly holds: OpenHold[] = [];
  private readonly settling = new Set<Promise<void>>();
  private clientChain: Promise<void> = Promise.resolve();
  private upstreamChain: Promise<void> = Promise.resolve();
  private seq = 0;
  private ending = false;
  private finished = false;
  private responses = 0;
  private quota = 0;
  private usage: Usage = { ...ZERO_USAGE };
  private resolveDone!: () => void;
  readonly done = new Promise<void>((r) => (this.resolveDone = r));

  constructor(
    private readonly a: RealtimeAdmission,
    private readonly client: WebSocket,
    upstreamSocket: UpstreamSocket,
    private readonly deps: RealtimeDeps,
  ) {
    this.upstream = upstreamSocket.ws;
    this.early = upstreamSocket;
  }

  private readonly upstream: WebSocket;
  private readonly early: UpstreamSocket;

  start(): void {
    this.client.on('message', (data, isBinary) => {
      this.clientChain = this.clientChain.then(() => this.fromClient(data, isBinary));
    });
    this.early.stopBuffering();
    for (const [data, isBinary] of this.early.early.splice(0)) this.upstreamChain = this.upstreamChain.then(() => this.fromUpstream(data, isBinary));
    this.upstream.on('message', (data, isBinary) => {
      this.upstreamChain = this.upstreamChain.then(() => this.fromUpstream(data, isBinary));
    });
    this.client.on('close', () => this.clientGone());
    this.client.on('error', () => this.clientGone());
    this.upstream.on('close', (code) => void this.end(code === 1000 ? 1000 : 1011, 'upstream closed'));
    this.upstream.on('error', (err) => {
      this.deps.logger.warn(`realtime ${this.a.requestId} upstream error: ${err.message}`);
      void this.end(1011, 'upstream error');
    });
  }

  /** Touches the holds reserved before `due` (epoch ms). */
  heartbeat(due: number): void {
    for (const h of this.holds) if (h.billing.heldAt <= due) h.billing.heartbeat();
  }

  /** Server shutdown: refund what is open, log what was served. */
  async shutdown(): Promise<void> {
    await this.end(1001, 'server shutting down');
  }

  private async fromClient(data: RawData, isBinary: boolean): Promise<void> {
    if (this.ending) return;
    if (size(data) > this.deps.maxClientFrame) {
      this.sendError('invalid_request_error', 'frame_too_large', `client event larger than ${this.deps.maxClientFrame} bytes`);
      await this.end(1009, 'frame too large');
      return;
    }
    const event = parse(data, isBinary);
    if (event?.type === 'response.create' && !(await this.openHold(null))) return;
    if (this.upstream.readyState === WebSocket.OPEN) this.upstream.send(data, { binary: isBinary });
  }

  private async fromUpstream(data: RawData, isBinary: boolean): Promise<void> {
    const event = parse(data, isBinary);
    const type = event?.type;
    const response = event && typeof event.response === 'object' && event.response !== null ? (event.response as Record<string, unknown>) : null;
    const responseId = typeof response?.id === 'string' ? response.id : null;
    if (event && type === 'response.created') {
      const free = this.holds.find((h) => h.responseId === null);
      if (free) free.responseId = responseId;
      // A response the server started itself (voice activity detection): held now, before its deltas pass.
      else if (!(await this.openHold(responseId))) return;
    }
    if (this.client.readyState === WebSocket.OPEN) this.client.send(data, { binary: isBinary });
    if (event && type === 'response.done') {
      const i = Math.max(0, this.holds.findIndex((h) => h.responseId !== null && h.responseId === responseId));
      const [hold] = this.holds.splice(i, 1);
      if (hold) this.track(this.settle(hold.billing, event));
    }
  }

  /** Reserves one response's hold; on refusal (quota run out) the client gets an error event and the session ends. */
  private async openHold(responseId: string | null): Promise<boolean> {
    this.seq += 1;
    const a = this.a;
    const billing = new BillingSession(this.deps.ledger, {
      requestId: `${a.requestId}-${this.seq}`,
      userId: a.caller.userId,
      tokenId: a.caller.token?.id ?? null,
      amount: a.holdAmount,
      modelName: a.model,
    });
    try {
      await billing.hold();
    } catch (err) {
      const r = renderRelayError(err, 'en', a.requestId);
      this.sendError(r.error.type, String(r.error.code ?? 'quota_exhausted'), r.error.message);
      // Not awaited: called from inside the upstream chain (server-started responses), which end() waits for.
      void this.end(1008, 'quota exhausted');
      return false;
    }
    this.holds.push({ billing, responseId });
    if (this.ending) await this.refundOpen();
    return !this.ending;
  }

  private async settle(billing: BillingSession, event: Record<string, unknown>): Promise<void> {
    const computed = computeCharge({ kind: 'usage', reported: realtimeUsage(event), completionEstimate: 0, zeroIsMissing: false }, 0, this.a.priced);
    const quota = computed?.quota ?? 0;
    await billing.settle(quota, this.a.channel.id, null);
    this.responses += 1;
    this.quota += quota;
    if (computed) for (const k of Object.keys(this.usage) as (keyof Usage)[]) this.usage[k] += computed.usage[k];
  }

  private track(p: Promise<void>): void {
    this.settling.add(p);
    void p.finally(() => this.settling.delete(p));
  }

  /** The client left: a response in progress is cancelled and its `response.done` awaited briefly, then the session ends. */
  private clientGone(): void {
    if (this.ending) return;
    if (this.holds.length === 0 || this.upstream.readyState !== WebSocket.OPEN) {
      void this.end(1000, 'client gone');
      return;
    }
    try {
      this.upstream.send(JSON.stringify({ type: 'response.cancel' }));
    } catch {
      // the close below ends it anyway
    }
    const timer = setTimeout(() => void this.end(1000, 'client gone'), CLIENT_GONE_GRACE_MS);
    const check = (): void => {
      void this.upstreamChain.then(() => {
        if (this.holds.length === 0 && !this.ending) {
          clearTimeout(timer);
          void this.end(1000, 'client gone');
        }
      });
    };
    this.upstream.on('message', check);
  }

  private async refundOpen(): Promise<void> {
    const open = this.holds.splice(0);
    await Promise.all(open.map((h) => h.billing.refund()));
  }

  private async end(code: number, reason: string): Promise<void> {
    if (this.ending) return this.done;
    this.ending = true;
    for (const ws of [this.client, this.upstream]) {
      if (ws.readyState === WebSocket.OPEN) ws.close(code === 1005 || code === 1006 ? 1011 : code, reason);
      else if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
    }
    await this.upstreamChain.catch(() => undefined);
    await Promise.all([...this.settling]);
    await this.refundOpen();
    await this.writeLog().catch((err: unknown) => this.deps.logger.error(`realtime ${this.a.requestId} log: ${(err as Error)?.message ?? String(err)}`));
    this.a.ticket?.settle(this.usage.promptTokens + this.usage.completionTokens);
    this.finished = true;
    this.resolveDone();
    return this.done;
  }

  private async writeLog(): Promise<void> {
    if (this.responses === 0 || !this.deps.logConsume()) return;
    const a = this.a;
    const computed: ComputedCharge = { quota: this.quota, usage: this.usage, source: 'usage', emptyUsage: this.usage.promptTokens + this.usage.completionTokens === 0 };
    const log = consumeLog(
      {
        username: a.caller.username,
        tokenName: a.caller.token?.name ?? '',
        tokenId: a.caller.token?.id ?? 0,
        modelName: a.model,
        group: a.caller.group,
        clientIp: a.caller.clientIp,
        isStream: true,
        requestPath: '/v1/realtime',
        startedAt: a.startedAt,
        frtMs: null,
        upstreamModel: a.upstreamModel,
        mapped: a.upstreamModel !== a.model,
        chain: [a.channel.id],
      },
      a.priced,
      computed,
      logContent(a.priced, computed, { clientGone: false, upstreamError: false }),
    );
    log.other.realtime = { responses: this.responses };
    await this.deps.writeLog({ ...log, userId: a.caller.userId, type: LOG_CONSUME, quota: this.quota, channelId: a.channel.id, requestId: a.requestId });
  }

  private sendError(type: string, code: string, message: string): void {
    if (this.client.readyState !== WebSocket.OPEN) return;
    this.client.send(JSON.stringify({ type: 'error', event_id: `event_${this.a.requestId}_${this.seq}`, error: { type, code, message, param: null, event_id: null } }));
  }

  get closed(): boolean {
    return this.finished;
  }
}
