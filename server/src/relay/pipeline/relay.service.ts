import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { BillingService } from '../../billing/billing.service';
import { completionBound, estimatePromptTokens } from '../../billing/estimate';
import { holdFor, quotaFor } from '../../billing/quota';
import { settleUsage } from '../../billing/usage-clamp';
import { ChannelHealthService } from '../../channels/channel-health.service';
import { ChannelsService } from '../../channels/channels.service';
import { RoutingIndexService } from '../../channels/routing-index.service';
import { OptionsService } from '../../options/options.service';
import { OutboundClient } from '../../outbound/outbound.service';
import { DEFAULT_RELAY_LIMITS } from '../../wire/canonical/limits';
import type { CanonicalRequest } from '../../wire/canonical/request';
import { DrainLimiter } from './drain-limiter';
import { isStreaming, type EndpointOps } from './endpoints';
import type { ClientExchange } from './exchange';
import { Failover, type FailoverRequest } from './failover';
import { BillingSession, computeCharge, consumeLog, logContent } from '../money/relay-billing';
import type { RelayCaller } from '../edge/relay-auth.service';
import { RelayAuthService } from '../edge/relay-auth.service';
import { RelayError } from '../edge/relay-errors';
import { TokenCounting } from '../edge/count-tokens';
import { RelayPricing, type ResolvedPricing } from '../money/relay-pricing';
import { findSensitiveWord, parseSensitiveWords, promptTexts } from '../admission/sensitive-words';
import { runAttempt, type AttemptLimits } from './upstream-attempt';
import { HeldRequest } from './held-request';
import { ChannelTokens } from './channel-tokens.service';
import { RelayOutcomes } from '../../observability/relay-outcomes.service';
import type { RelayOutcome } from '../../observability/relay-outcome';
import { ChannelAffinity } from '../admission/limits/channel-affinity.service';
import { RelayLimits, type LimitTicket } from '../admission/limits/relay-limits.service';

/**
 * How often every running request's hold is touched, so that the sweeper (which closes holds not
 * touched for HOLD_SWEEP_AFTER_SECONDS) never closes one whose request is still running, however
 * long it lasts: a third of the sweep age, at most a minute.
 */
export function heartbeatMs(holdSweepAfterSeconds: number): number {
  return Math.min(60_000, Math.max(100, Math.floor((holdSweepAfterSeconds * 1000) / 3)));
}

/** Checkpoints of a running stream reach the ledger at most this often. */
const CHECKPOINT_MS = 5_000;

/**
 * The relay's request path after admission: parse and bound the body, check model limits,
 * sensitive words and rate limits, price the model, pick the first channel, hold the quota,
 * fail over across channels, and settle (or refund) exactly once. Every error path refunds.
 */
@Injectable()
export class RelayService implements OnModuleDestroy {
  private readonly failover: Failover;
  private readonly limits: AttemptLimits;
  private readonly counting: TokenCounting;
  private inflight = 0;
  /** Requests holding quota now; one timer touches their holds (heartbeatMs). */
  private readonly running = new Set<BillingSession>();
  private readonly heartbeat: NodeJS.Timeout;
  private idleWaiters: (() => void)[] = [];
  private sensitive: { raw: string; words: string[] } = { raw: '', words: [] };
  /** The token exchange of adaptors that need one (Vertex AI), cached by ChannelTokens: one closure for every request. */
  private readonly authorize: NonNullable<FailoverRequest['authorize']> = (exchange, ctx) => this.tokens.get(exchange, ctx);

  constructor(
    private readonly auth: RelayAuthService,
    private readonly pricing: RelayPricing,
    private readonly options: OptionsService,
    private readonly outbound: OutboundClient,
    private readonly ledger: BillingService,
    routing: RoutingIndexService,
    channels: ChannelsService,
    health: ChannelHealthService,
    private readonly tokens: ChannelTokens,
    private readonly outcomes: RelayOutcomes,
    private readonly rateLimits: RelayLimits,
    private readonly affinity: ChannelAffinity,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const every = heartbeatMs(config.holdSweepAfterSeconds);
    this.heartbeat = setInterval(() => {
      // A hold reserved within the last interval is fresh already.
      const due = Date.now() - every;
      for (const s of this.running) if (s.heldAt <= due) s.heartbeat();
    }, every);
    this.heartbeat.unref();
    this.failover = new Failover(routing, channels, health);
    const r = config.relay;
    this.limits = {
      headersTimeoutMs: r.headersTimeoutMs,
      idleTimeoutMs: r.idleTimeoutMs,
      drain: { ms: r.drainTimeoutMs, maxBytes: r.drainMaxBytes, limiter: new DrainLimiter(r.maxConcurrentDrains) },
      maxEventBytes: r.maxStreamEventBytes,
      maxResponseBytes: 64 * 1024 * 1024,
      maxErrorBytes: 64 * 1024,
      checkpointMs: CHECKPOINT_MS,
    };
    this.counting = new TokenCounting({
      auth,
      failover: this.failover,
      outbound,
      options,
      limits: this.limits,
      totalTimeoutMs: r.totalTimeoutMs,
      retryWindowMs: r.retryWindowMs,
      authorize: (exchange, ctx) => tokens.get(exchange, ctx),
    });
  }

  onModuleDestroy(): void {
    clearInterval(this.heartbeat);
  }

  /** Resolves once no relay request is running (drains and settlements included). For tests and shutdown. */
  idle(): Promise<void> {
    if (this.inflight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Streams being drained after their client left. */
  get draining(): number {
    return this.limits.drain.limiter.inUse;
  }

  /** Serves one admitted request on a hijacked reply. Never throws: errors are answered or logged. */
  async serve(x: ClientExchange, ops: EndpointOps, caller: RelayCaller, input: unknown, pathModel?: string): Promise<void> {
    this.inflight += 1;
    let session: BillingSession | null = null;
    // The outcome, filled in as the request goes (one small object: no work on the hot path).
    const o: RelayOutcome = { model: '', channelId: 0, status: 0, served: false, upstreamFailed: false, isStream: false, durationMs: 0, firstChunkMs: -1, promptTokens: 0, cacheTokens: 0, completionTokens: 0, quota: 0 };
    let endedAt = 0;
    let reported = false;
    let ticket: LimitTicket | null = null;
    let usedTokens = 0;
    try {
      // Held, not kept in a local: a stream lets the request go at its first byte (HeldRequest).
      const held = new HeldRequest(ops.parse(input, DEFAULT_RELAY_LIMITS, pathModel));
      const model = held.model;
      o.model = model;
      o.isStream = isStreaming(held.req);
      this.auth.checkModel(caller, model);
      this.checkSensitive(held.req);
      if (this.auth.hasRateLimits(caller)) await this.auth.checkRateLimits(caller);
      const priced = this.pricing.resolve(held.req, caller.group);
      const affinity = caller.pinnedChannelId === null ? this.affinity.ref(caller.group, model, sentBody(ops, input), x.sessionHeader) : null;
      // Nothing below reads the client's JSON, and this frame lives as long as the stream does.
      input = undefined;
      const bound = affinity ? await this.affinity.bound(affinity) : null;
      const first = await this.failover.firstChannel(caller.group, model, caller.pinnedChannelId, bound);
      const promptEstimate = estimatePromptTokens(held.req);
      const outputBound = completionBound(held.req);
      const preConsumed = this.options.num('PreConsumedQuota');
      // Token and group limits (relay/limits): before the hold and any upstream call; null when none apply.
      const scopes = this.rateLimits.scopes(caller);
      if (scopes) {
        const t = await this.rateLimits.admit(scopes, promptEstimate + (outputBound ?? Math.max(0, preConsumed)));
        ticket = t;
        x.addHeaders(t.headers);
        x.onGone(() => t.releaseSlot());
      }
      const amount = holdFor({ promptTokens: promptEstimate, completionBound: outputBound }, priced.pricing, {
        preConsumedTokens: preConsumed,
        perCallMultiplier: priced.perCallMultiplier,
      });
      const s = new BillingSession(this.ledger, { requestId: x.requestId, userId: caller.userId, tokenId: caller.token?.id ?? null, amount, modelName: model });
      session = s;
      await s.hold();
      this.running.add(s);
      if (x.gone) return;

      const allowPrivate = this.options.bool('AllowPrivateUpstreamEnabled');
      const result = await this.failover.run({
        exchange: x,
        ops,
        request: held,
        group: caller.group,
        pinned: first.pinned ? first.channel : null,
        first: first.channel,
        retryTimes: this.options.num('RetryTimes'),
        retryWindowMs: this.config.relay.retryWindowMs,
        authorize: this.authorize,
        attempt: (channel, adaptor, ctx, upstream) =>
          runAttempt(this.outbound, this.limits, {
            exchange: x,
            ops,
            request: held,
            adaptor,
            ctx,
            upstream,
            allowPrivate,
            deadline: x.startedAt + this.config.relay.totalTimeoutMs,
            promptEstimate,
            checkpoint: (tokens) => s.checkpoint(deliveredQuota(promptEstimate, tokens, priced), channel.id),
          }),
      });
      endedAt = Date.now();
      if (result.kind === 'failed') {
        o.channelId = result.chain[result.chain.length - 1] ?? 0;
        o.upstreamFailed = !result.clientGone && result.chain.length > 0;
        if (!result.clientGone) x.sendError(result.error);
        return;
      }
      o.channelId = result.channel.id;
      o.served = true;
      // The key now belongs to the channel that served it (a failover rebinds); the TTL starts again.
      if (affinity) this.affinity.bind(affinity, result.channel.id);
      // The client has its bytes; the ledger work below is off the response's path.
      const computed = computeCharge(result.charge, promptEstimate, priced);
      ticket?.releaseSlot();
      if (!computed) return;
      o.promptTokens = computed.usage.promptTokens;
      o.cacheTokens = computed.usage.cachedTokens;
      o.completionTokens = computed.usage.completionTokens;
      usedTokens = computed.usage.promptTokens + computed.usage.completionTokens;
      const charge = result.charge;
      const content = logContent(priced, computed, {
        clientGone: charge.kind === 'delivered' && charge.reason === 'client_gone',
        upstreamError: charge.kind === 'delivered' && charge.reason === 'upstream_error',
      });
      const log = consumeLog(
        {
          username: caller.username,
          tokenName: caller.token?.name ?? '',
          tokenId: caller.token?.id ?? 0,
          modelName: model,
          group: caller.group,
          clientIp: caller.clientIp,
          isStream: o.isStream,
          requestPath: ops.path,
          startedAt: x.startedAt,
          frtMs: x.firstByteMs,
          upstreamModel: result.upstreamModel,
          mapped: result.mapped,
          chain: result.chain,
          affinity: affinity ? (bound === result.channel.id ? 'hit' : 'miss') : undefined,
        },
        priced,
        computed,
        content,
      );
      o.quota = computed.quota;
      // Reported before the ledger wait: a graceful stop flushes model speed while settlements finish.
      reported = true;
      this.report(x, o, endedAt);
      await s.settle(computed.quota, result.channel.id, log);
    } catch (err) {
      x.sendError(err);
    } finally {
      if (session) this.running.delete(session);
      if (!reported) this.report(x, o, endedAt);
      if (session?.held) {
        await session.refund();
        usedTokens = 0;
      }
      // Exactly once per admitted request: the slot freed, the reservation settled (0 when refunded).
      ticket?.settle(usedTokens);
      this.inflight -= 1;
      if (this.inflight === 0) for (const w of this.idleWaiters.splice(0)) w();
    }
  }

  /**
   * The one place a request's outcome leaves the relay (metrics and model speed read it): once per
   * request, when its answer is over, before any wait on the ledger.
   */
  private report(x: ClientExchange, o: RelayOutcome, endedAt: number): void {
    o.durationMs = (endedAt || Date.now()) - x.startedAt;
    o.status = x.status !== 0 ? x.status : 499;
    o.firstChunkMs = o.isStream && x.firstByteMs !== null && x.status === 200 ? x.firstByteMs : -1;
    this.outcomes.record(o);
  }

  /** `POST /v1/messages/count_tokens`: free; the picked channel's own count or the local estimate (count-tokens.ts). */
  countTokens(x: ClientExchange, caller: RelayCaller, input: unknown): Promise<void> {
    return this.counting.messages(x, caller, input);
  }

  /** `POST /v1beta/models/{model}:countTokens`: free; as countTokens, answered in Google's shape. */
  geminiCountTokens(x: ClientExchange, caller: RelayCaller, body: unknown, model: string): Promise<void> {
    return this.counting.gemini(x, caller, body, model);
  }

  private checkSensitive(req: CanonicalRequest): void {
    if (!this.options.bool('CheckSensitiveEnabled') || !this.options.bool('CheckSensitiveOnPromptEnabled')) return;
    const raw = this.options.get('SensitiveWords');
    if (raw !== this.sensitive.raw) this.sensitive = { raw, words: parseSensitiveWords(raw) };
    if (findSensitiveWord(promptTexts(req), this.sensitive.words) !== null) {
      throw new RelayError('sensitive_words_detected', 'relay.sensitive_words', 400);
    }
  }
}

/** The body as the client sent it, for channel affinity (/v1/messages and Gemini wrap it with their headers / stream mode). */
function sentBody(ops: EndpointOps, input: unknown): unknown {
  return ops.endpoint === 'messages' || ops.endpoint === 'gemini' ? (input as { body: unknown }).body : input;
}

/** Quota of a stream so far (prompt estimate + generated tokens), for the crash checkpoint. */
function deliveredQuota(promptEstimate: number, completionTokens: number, priced: ResolvedPricing): number {
  const usage = settleUsage(null, { promptTokens: promptEstimate, completionTokens }).usage;
  return quotaFor(usage, priced.pricing, priced.perCallMultiplier).quota;
}
