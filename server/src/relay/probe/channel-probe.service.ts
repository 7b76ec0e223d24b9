import { Inject, Injectable } from '@nestjs/common';
import type { OutgoingHttpHeaders } from 'node:http';
import type { RelayChannel } from '../../channels/channels.service';
import { DomainError } from '../../common/domain-error';
import type { Lang, MessageKey } from '../../common/messages';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OptionsService } from '../../options/options.service';
import { OutboundClient } from '../../outbound/outbound.service';
import { withMappedStatus } from '../adaptors/openai-compatible/error';
import { ChannelConfigError } from '../adaptors/errors';
import type { UpstreamFailure } from '../../wire/canonical/errors';
import { DEFAULT_RELAY_LIMITS } from '../../wire/canonical/limits';
import { mapStatus } from '../pipeline/channel-transforms';
import { DrainLimiter } from '../pipeline/drain-limiter';
import { ENDPOINTS } from '../pipeline/endpoints';
import { prepare } from '../pipeline/failover';
import type { AttemptClient } from '../pipeline/attempt-client';
import { ChannelTokens } from '../pipeline/channel-tokens.service';
import { runAttempt, type AttemptLimits } from '../pipeline/upstream-attempt';
import { HeldRequest } from '../pipeline/held-request';

/** A probe is a short question: the relay's timeouts, capped so one dead channel cannot hold "test all". */
const PROBE_HEADERS_MS = 30_000;
const PROBE_IDLE_MS = 30_000;
const PROBE_TOTAL_MS = 60_000;
/** The captured answer is kept only this far (a test reads a few tokens). */
const MAX_CAPTURED = 256 * 1024;

/** What one probe attempt came to. `ms` is the upstream call's time (0 when nothing was sent). */
export type ProbeResult =
  | { kind: 'answered'; ms: number; status: number; contentType: string; body: string; upstreamModel: string }
  | {
      kind: 'failed';
      ms: number;
      /** After status_code_mapping, as the relay's failover and health decisions see it. */
      failure: UpstreamFailure;
      /** The status the upstream itself answered, when the failure is an upstream answer. */
      upstreamStatus: number | null;
      /** The relay's catalogue text for failures it detected itself (timeouts, connect, invalid answers). */
      messageKey: MessageKey | null;
    }
  /** Nothing was sent: the request cannot be built for this channel, or the address is refused. */
  | { kind: 'not_sent'; messageKey: MessageKey | null; params: Record<string, string | number>; configError: string | null };

/** The client side of a probe: the answer the relay would have sent, kept in memory. */
class CapturedAnswer implements AttemptClient {
  readonly startedAt = Date.now();
  committed = false;
  gone = false;
  status = 0;
  contentType = '';
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(
    readonly requestId: string,
    readonly lang: Lang,
  ) {}

  get body(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }

  onGone(): () => void {
    // The caller is the gateway itself: it never leaves mid-answer.
    return () => undefined;
  }

  writeHead(status: number, headers: OutgoingHttpHeaders): void {
    if (this.committed) return;
    this.committed = true;
    this.status = status;
    const type = headers['Content-Type'] ?? headers['content-type'];
    this.contentType = typeof type === 'string' ? type : '';
  }

  write(chunk: string | Uint8Array): boolean {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
    if (this.size < MAX_CAPTURED) {
      this.chunks.push(b.subarray(0, MAX_CAPTURED - this.size));
      this.size += Math.min(b.byteLength, MAX_CAPTURED - this.size);
    }
    return true;
  }

  whenDrained(): Promise<void> {
    return Promise.resolve();
  }

  end(chunk?: string | Uint8Array): void {
    if (chunk !== undefined) this.write(chunk);
  }

  send(status: number, contentType: string, body: string | Uint8Array): void {
    if (this.committed) return;
    this.writeHead(status, { 'Content-Type': contentType });
    this.write(body);
  }
}

/**
 * One upstream attempt for a given channel, outside any client request: the relay's own channel
 * preparation (`prepare`: model mapping, credentials, token exchange, the adaptor's request) and
 * attempt (`runAttempt`: signing, the OutboundClient under the private-upstream rule, timeouts,
 * error parsing and scrubbing), with status_code_mapping applied like failover does. No billing,
 * no failover, no health report: the caller (channel tests) decides what a result means.
 */
@Injectable()
export class ChannelProbeService {
  private readonly limits: AttemptLimits;

  constructor(
    private readonly outbound: OutboundClient,
    private readonly options: OptionsService,
    private readonly tokens: ChannelTokens,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const r = config.relay;
    this.limits = {
      headersTimeoutMs: Math.min(r.headersTimeoutMs, PROBE_HEADERS_MS),
      idleTimeoutMs: Math.min(r.idleTimeoutMs, PROBE_IDLE_MS),
      // A probe's client never leaves, so nothing is ever drained.
      drain: { ms: r.drainTimeoutMs, maxBytes: r.drainMaxBytes, limiter: new DrainLimiter(1) },
      maxEventBytes: r.maxStreamEventBytes,
      maxResponseBytes: 4 * 1024 * 1024,
      maxErrorBytes: 64 * 1024,
      checkpointMs: 60_000,
    };
  }

  /** Sends one OpenAI chat body (`/v1/chat/completions`) to the channel, converted by its adaptor. */
  async chat(channel: RelayChannel, body: unknown, lang: Lang = 'zh'): Promise<ProbeResult> {
    const ops = ENDPOINTS.chat;
    const allowPrivate = this.options.bool('AllowPrivateUpstreamEnabled');
    let prepared: Awaited<ReturnType<typeof prepare>>;
    let req: ReturnType<typeof ops.parse>;
    try {
      req = ops.parse(body, DEFAULT_RELAY_LIMITS);
      prepared = await prepare(channel, ops, req, (exchange, ctx) => this.tokens.get(exchange, ctx));
    } catch (err) {
      if (err instanceof DomainError && err.messageKey) return { kind: 'not_sent', messageKey: err.messageKey, params: err.params, configError: null };
      if (err instanceof ChannelConfigError) return { kind: 'not_sent', messageKey: null, params: {}, configError: err.message };
      throw err;
    }
    if ('failed' in prepared) {
      const f = prepared.failed.failure;
      // A token endpoint that answered in its own words is an upstream answer; a transport failure is not.
      const answered = f.code !== null || f.type !== null;
      return { kind: 'failed', ms: 0, failure: f, upstreamStatus: answered ? f.status : null, messageKey: prepared.failed.messageKey ?? null };
    }
    const client = new CapturedAnswer(`probe-${channel.id}`, lang);
    const started = performance.now();
    const result = await runAttempt(this.outbound, this.limits, {
      exchange: client,
      ops,
      request: new HeldRequest(req),
      adaptor: prepared.adaptor,
      ctx: prepared.ctx,
      upstream: prepared.upstream,
      allowPrivate,
      deadline: Date.now() + PROBE_TOTAL_MS,
      promptEstimate: 0,
      checkpoint: () => undefined,
    });
    const ms = performance.now() - started;
    if (result.kind === 'served') {
      return { kind: 'answered', ms, status: client.status, contentType: client.contentType, body: client.body, upstreamModel: prepared.upstreamModel };
    }
    if (result.messageKey === 'relay.upstream_blocked') return { kind: 'not_sent', messageKey: 'channel.upstream_blocked', params: {}, configError: null };
    const failure = result.fromStatus ? withMappedStatus(result.failure, mapStatus(channel.statusCodeMapping, result.failure.status)) : result.failure;
    return { kind: 'failed', ms, failure, upstreamStatus: result.fromStatus ? result.failure.status : null, messageKey: result.messageKey ?? null };
  }
}
