import { Logger } from '@nestjs/common';
import { DomainError } from '../../common/domain-error';
import { randomHex } from '../../common/secrets';
import type { ChannelHealthService } from '../../channels/channel-health.service';
import { CHANNEL_ENABLED } from '../../channels/channel.entity';
import type { ChannelsService, RelayChannel } from '../../channels/channels.service';
import type { RoutingIndexService } from '../../channels/routing-index.service';
import { withMappedStatus } from '../adaptors/openai-compatible/error';
import { adaptorFor } from '../adaptors/registry';
import type { Adaptor, ChannelContext, TokenAnswer, TokenExchangeCapability, UpstreamRequest } from '../adaptors/types';
import { mapStatus, upstreamModelFor } from './channel-transforms';
import type { UpstreamFailure } from '../../wire/canonical/errors';
import type { CanonicalRequest } from '../../wire/canonical/request';
import type { HeldRequest } from './held-request';
import type { EndpointOps } from './endpoints';
import type { ClientExchange } from './exchange';
import type { Charge } from '../money/relay-billing';
import { RelayError, UpstreamError, unavailableOnFailure } from '../edge/relay-errors';
import type { AttemptResult } from './upstream-attempt';

const logger = new Logger('RelayFailover');

export interface FailoverRequest {
  exchange: ClientExchange;
  ops: EndpointOps;
  /** The client's request, read by each attempt's preparation (let go at the answer's first byte). */
  request: HeldRequest;
  group: string;
  /** `sk-KEY-CHANNELID` (admins): that channel only, no retry. */
  pinned: RelayChannel | null;
  /** The channel chosen before the hold (the (group, model) pair was checked then). */
  first: RelayChannel;
  retryTimes: number;
  retryWindowMs: number;
  /** Runs one upstream call. */
  attempt(channel: RelayChannel, adaptor: Adaptor, ctx: ChannelContext, upstream: UpstreamRequest): Promise<AttemptResult>;
  /** The access token of an adaptor that declares a token exchange (Vertex AI), cached by the relay. */
  authorize?(exchange: TokenExchangeCapability, ctx: ChannelContext): Promise<TokenAnswer>;
}

export type FailoverResult =
  | { kind: 'served'; charge: Charge; channel: RelayChannel; upstreamModel: string; mapped: boolean; chain: number[] }
  | { kind: 'failed'; error: DomainError; chain: number[]; clientGone: boolean };

/**
 * Channel choice and failover (rule 21): the highest priority tier first, weighted random inside
 * it; on a retryable failure (connect error, timeout before headers, 5xx or 429 after
 * status_code_mapping) the next attempt goes to a channel not yet tried in this request, while
 * nothing has reached the client, the client is still there, and the retry window is open.
 * Every upstream failure is reported, with its mapped status, to the channel health service
 * (auto-disable).
 */
export class Failover {
  constructor(
    private readonly routing: RoutingIndexService,
    private readonly channels: ChannelsService,
    private readonly health: ChannelHealthService,
  ) {}

  /** The first channel: the pinned one (must be enabled) or a pick; 503 `model_not_found` when none. */
  async firstChannel(group: string, model: string, pinnedId: number | null, preferId: number | null = null): Promise<{ channel: RelayChannel; pinned: boolean }> {
    if (pinnedId !== null) {
      const c = await unavailableOnFailure(this.channels.getForRelay(pinnedId));
      if (!c) throw new RelayError('channel_not_found', 'relay.channel_pin_not_found', 400, { id: pinnedId });
      if (c.status !== CHANNEL_ENABLED) throw new RelayError('channel_disabled', 'relay.channel_pin_disabled', 403, { id: pinnedId });
      return { channel: c, pinned: true };
    }
    // Channel affinity: the channel that served the key last, while it is an enabled candidate of
    // the pair in the top priority tier; otherwise the usual pick (the caller rebinds after).
    if (preferId !== null) {
      const list = this.routing.candidates(group, model);
      const top = list[0]?.priority;
      if (list.some((x) => x.channelId === preferId && x.priority === top)) {
        const c = await unavailableOnFailure(this.channels.getForRelay(preferId));
        if (c && c.status === CHANNEL_ENABLED) return { channel: c, pinned: false };
      }
    }
    const c = await this.next(group, model, new Set());
    if (!c) throw noChannel(group, model);
    return { channel: c, pinned: false };
  }

  /** A channel for the pair outside `tried`, skipping entries the index still lists but that are gone or disabled. */
  private async next(group: string, model: string, tried: Set<number>): Promise<RelayChannel | null> {
    for (;;) {
      const hit = this.routing.pick(group, model, tried);
      if (!hit) return null;
      // A cold cache reads the database: one that cannot answer is a 503 (rule 22).
      const c = await unavailableOnFailure(this.channels.getForRelay(hit.channelId));
      if (c && c.status === CHANNEL_ENABLED) return c;
      tried.add(hit.channelId);
    }
  }

  /**
   * The failover loop every upstream caller shares (the relay, and Midjourney and Suno
   * submissions): the first channel, then channels not yet tried while the last failure is
   * retryable (after the channel's status_code_mapping), within `retryTimes` and the retry window
   * and while the caller is still there; every failure reported to channel health.
   */
  async walk<T>(w: ChannelWalk<T>): Promise<WalkResult<T>> {
    const started = Date.now();
    const tried = new Set<number>();
    const chain: number[] = [];
    const maxAttempts = w.pinned ? 1 : 1 + Math.max(0, w.retryTimes);
    let channel: RelayChannel | null = w.pinned ?? w.first;
    for (let i = 0; i < maxAttempts; i++) {
      if (w.gone?.()) return { kind: 'failed', chain, clientGone: true };
      if (i > 0 && Date.now() - started > w.retryWindowMs) break;
      if (i > 0 || channel === null) channel = await this.next(w.group, w.model, tried);
      if (!channel) break;
      tried.add(channel.id);
      chain.push(channel.id);
      const outcome = await w.attempt(channel);
      if (outcome.kind === 'served') return { kind: 'served', value: outcome.value, channel, chain };
      if (outcome.kind === 'skip') continue;
      if (outcome.kind === 'gone') return { kind: 'failed', chain, clientGone: true };
      // status_code_mapping rewrites an upstream status before every decision: retry, disable, answer.
      const failure = outcome.fromStatus ? withMappedStatus(outcome.failure, mapStatus(channel.statusCodeMapping, outcome.failure.status)) : outcome.failure;
      const failedChannel = channel.id;
      this.health.reportFailure(failedChannel, failure).catch((err: unknown) => {
        logger.warn(`health report for channel ${failedChannel} failed: ${(err as Error)?.message ?? String(err)}`);
      });
      outcome.mapped?.(failure);
      if (!failure.retryable) break;
    }
    return { kind: 'failed', chain, clientGone: w.gone?.() ?? false };
  }

  async run(r: FailoverRequest): Promise<FailoverResult> {
    let lastError: DomainError | null = null;
    const walked = await this.walk<{ charge: Charge; upstreamModel: string; mapped: boolean }>({
      group: r.group,
      model: r.request.model,
      pinned: r.pinned,
      first: r.first,
      retryTimes: r.retryTimes,
      retryWindowMs: r.retryWindowMs,
      gone: () => r.exchange.gone,
      attempt: async (channel) => {
        let prepared: Prepared | { failed: FailedAttempt };
        try {
          // Awaited only when the adaptor exchanges a token (no promise for the others).
          const p = prepareNow(channel, r.ops, r.request.req, r.authorize);
          prepared = p instanceof Promise ? await p : p;
        } catch (err) {
          // This channel cannot serve the request (type without adaptor, missing capability, bad
          // configuration): another channel may.
          lastError = err instanceof DomainError ? err : new RelayError('channel_misconfigured', 'relay.channel_misconfigured', 500);
          if (!(err instanceof DomainError)) logger.warn(`channel ${channel.id} cannot serve ${r.ops.endpoint}: ${(err as Error)?.message ?? String(err)}`);
          return { kind: 'skip' };
        }
        let result: AttemptResult;
        if ('failed' in prepared) result = prepared.failed;
        else {
          result = await r.attempt(channel, prepared.adaptor, prepared.ctx, prepared.upstream);
          if (result.kind === 'served') return { kind: 'served', value: { charge: result.charge, upstreamModel: prepared.upstreamModel, mapped: prepared.mapped } };
        }
        if (result.clientGone) return { kind: 'gone' };
        const failed = result;
        return { kind: 'failed', failure: failed.failure, fromStatus: failed.fromStatus, mapped: (failure) => (lastError = clientError(failed, failure)) };
      },
    });
    if (walked.kind === 'served') return { kind: 'served', ...walked.value, channel: walked.channel, chain: walked.chain };
    return { kind: 'failed', error: lastError ?? noChannel(r.group, r.request.model), chain: walked.chain, clientGone: walked.clientGone };
  }
}

/** One caller's use of the failover loop (`Failover.walk`). */
export interface ChannelWalk<T> {
  group: string;
  model: string;
  /** That channel only, no retry. */
  pinned: RelayChannel | null;
  /** The channel chosen before the walk (`firstChannel`); null: the walk picks it. */
  first: RelayChannel | null;
  retryTimes: number;
  retryWindowMs: number;
  /** The caller left: stop before the next attempt. */
  gone?(): boolean;
  /** One attempt on a channel. */
  attempt(channel: RelayChannel): Promise<WalkOutcome<T>>;
}

export type WalkOutcome<T> =
  | { kind: 'served'; value: T }
  /** This channel cannot serve the call at all (not a failure of the upstream): try another, nothing reported. */
  | { kind: 'skip' }
  | { kind: 'gone' }
  /**
   * The upstream failed; `fromStatus`: it answered an HTTP status (status_code_mapping applies).
   * `mapped` hears the failure as mapped, before the retry decision.
   */
  | { kind: 'failed'; failure: UpstreamFailure; fromStatus: boolean; mapped?: (failure: UpstreamFailure) => void };

export type WalkResult<T> = { kind: 'served'; value: T; channel: RelayChannel; chain: number[] } | { kind: 'failed'; chain: number[]; clientGone: boolean };

type FailedAttempt = Extract<AttemptResult, { kind: 'failed' }>;

export interface Prepared {
  adaptor: Adaptor;
  ctx: ChannelContext;
  upstream: UpstreamRequest;
  upstreamModel: string;
  mapped: boolean;
}

/** The relay's channel preparation (model mapping, credentials, token exchange, request building); also used by channel tests. */
export async function prepare(channel: RelayChannel, ops: EndpointOps, req: CanonicalRequest, authorize: FailoverRequest['authorize']): Promise<Prepared | { failed: FailedAttempt }> {
  return prepareNow(channel, ops, req, authorize);
}

/** `prepare`, answered at once unless the adaptor exchanges a token (then a promise); throws where `prepare` rejects. */
function prepareNow(
  channel: RelayChannel,
  ops: EndpointOps,
  req: CanonicalRequest,
  authorize: FailoverRequest['authorize'],
): Prepared | { failed: FailedAttempt } | Promise<Prepared | { failed: FailedAttempt }> {
  const adaptor = adaptorFor(channel.type);
  const mapping = upstreamModelFor(channel.modelMapping, req.model);
  const ctx: ChannelContext = {
    type: adaptor.type,
    baseUrl: channel.baseUrl,
    key: channel.key,
    upstreamModel: mapping.model,
    other: channel.other,
    organization: channel.openaiOrganization,
  };
  const exchange = adaptor.tokenExchange;
  if (exchange && authorize && (exchange.applies?.(ctx) ?? true)) return withToken(exchange, authorize, adaptor, ctx, ops, req, mapping);
  return built(adaptor, ctx, ops, req, mapping);
}

/** A refused or unreachable token endpoint fails this channel like an upstream answer would. */
async function withToken(
  exchange: TokenExchangeCapability,
  authorize: NonNullable<FailoverRequest['authorize']>,
  adaptor: Adaptor,
  ctx: ChannelContext,
  ops: EndpointOps,
  req: CanonicalRequest,
  mapping: { model: string; mapped: boolean },
): Promise<Prepared | { failed: FailedAttempt }> {
  const token = await authorize(exchange, ctx);
  if (!token.ok) return { failed: { kind: 'failed', failure: token.failure, fromStatus: false, clientGone: false } };
  return built(adaptor, { ...ctx, accessToken: token.token }, ops, req, mapping);
}

function built(adaptor: Adaptor, ctx: ChannelContext, ops: EndpointOps, req: CanonicalRequest, mapping: { model: string; mapped: boolean }): Prepared {
  // JSON endpoints need no boundary: no random bytes on their path.
  const upstream = asBytes(ops.build(adaptor, req, ctx, ops.body === 'multipart' ? `----SluiceBoundary${randomHex(12)}` : ''));
  return { adaptor, ctx, upstream, upstreamModel: mapping.model, mapped: mapping.mapped };
}

/**
 * The upstream body as bytes, encoded once here. Given a string, undici makes a Buffer of its own
 * and keeps it until the answer ends (64 KB of prompt kept 197 KB per held stream, bench/README.md
 * session 22); bytes are handed over once and let go when written (`SentOnce` in OutboundClient,
 * `bodySent` in the attempt). A WebSocket body stays text (it goes out as a text frame).
 */
export function asBytes(upstream: UpstreamRequest): UpstreamRequest {
  return typeof upstream.body === 'string' && upstream.expect !== 'websocket' ? { ...upstream, body: Buffer.from(upstream.body) } : upstream;
}

export function noChannel(group: string, model: string): RelayError {
  return new RelayError('model_not_found', 'relay.no_channel', 503, { group: group.slice(0, 64), model: model.slice(0, 128) });
}

/** What the client sees of a failed attempt: the upstream's own (scrubbed) words, or ours. */
function clientError(result: Extract<AttemptResult, { kind: 'failed' }>, f: UpstreamFailure): DomainError {
  const status = f.status;
  if (result.fromStatus || !result.messageKey) {
    const headers: Record<string, string> = status === 429 && f.retryAfterSeconds !== null ? { 'Retry-After': String(f.retryAfterSeconds) } : {};
    return new UpstreamError(status, f.code, f.type, f.message, headers);
  }
  const code = f.class === 'timeout' ? 'upstream_timeout' : result.messageKey === 'relay.upstream_connect' ? 'upstream_connect_failed' : 'upstream_error';
  return new RelayError(code, result.messageKey, status, {}, {}, 'upstream_error');
}
