import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { In } from 'typeorm';
import { t, type Lang, type MessageKey } from '../common/messages';
import type { Principal } from '../common/request-context';
import { DatabaseService } from '../database/database.service';
import { OptionsService } from '../options/options.service';
import { OutboundClient, OutboundError } from '../outbound/outbound.service';
import { QUEUE_DRIVER, type JobContext, type JobMap, type QueueDriver } from '../queue/jobs';
import { transportFailure, type UpstreamFailure } from '../wire/canonical/errors';
import { ChannelProbeService, type ProbeResult } from '../relay/probe/channel-probe.service';
import { scrubAndTruncate } from '../relay/pipeline/scrub';
import { forEachLimit } from './bounded';
import { CHANNEL_AUTO_DISABLED, CHANNEL_ENABLED, ChannelEntity } from './channel.entity';
import { ChannelHealthService, failureReason } from './channel-health.service';
import { ChannelsError } from './channels.errors';
import { ChannelsService, type RelayChannel } from './channels.service';
import { RunGate } from './run-gate';
import { taskServerProbe, type TaskServerProbe } from './task-server-probe';
import { RunProgress } from './run-progress';

/** Used when neither the request, the channel's test_model nor its model list names one. */
export const FALLBACK_TEST_MODEL = 'gpt-4o-mini';
const MODEL_MAX = 255;
const TEST_MAX_TOKENS = 16;
const MAX_BODY = 4 * 1024 * 1024;
const TIMEOUTS = { headersMs: 30_000, idleMs: 30_000, totalMs: 60_000 };
const TEST_ALL_CONCURRENCY = 4;

interface Localized {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** One test call. `attempted`: a request went out, so its time is worth recording. */
export type ProbeOutcome =
  | { ok: true; ms: number; attempted: true }
  | { ok: false; ms: number; attempted: boolean; failure: UpstreamFailure | null; message: Localized };

/** The spec's answer: `time` in seconds. */
export interface TestAnswer {
  success: boolean;
  message: string;
  time: number;
}

/** Query model, else the channel's test_model, else its first model, else a common default. */
export function testModelOf(ch: Pick<RelayChannel, 'testModel' | 'models'>, requested: unknown): string {
  const asked = typeof requested === 'string' ? requested.trim() : '';
  if (asked.length > MODEL_MAX) throw ChannelsError.of('channel.test_model_invalid');
  if (asked !== '') return asked;
  const configured = ch.testModel.trim();
  if (configured !== '') return configured;
  return ch.models[0] ?? FALLBACK_TEST_MODEL;
}

/**
 * Channel tests: one synthetic chat request through the relay's own attempt path
 * (ChannelProbeService), timed; task servers (types 2, 5, 36) get their task-list probe. The single test answers at once; "test all" is a queue job
 * (deterministic id, so double clicks do not run twice at once) with bounded concurrency (in
 * place of the reference's POLLING_INTERVAL sleeps), the response-time threshold and auto-enable.
 * The scheduled run (ChannelScheduleService) is a repeating tick of the same job that only
 * enqueues the gated run, so a scheduled and a clicked run never overlap and behave alike.
 */
@Injectable()
export class ChannelTestService implements OnModuleInit {
  private readonly logger = new Logger('ChannelTest');

  constructor(
    private readonly channels: ChannelsService,
    private readonly health: ChannelHealthService,
    private readonly outbound: OutboundClient,
    private readonly relay: ChannelProbeService,
    private readonly options: OptionsService,
    private readonly db: DatabaseService,
    private readonly gate: RunGate,
    private readonly progress: RunProgress,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
  ) {}

  onModuleInit(): void {
    this.queue.register('channels.test_all', (payload, ctx) => this.onJob(payload, ctx));
  }

  /** GET /api/channel/test/:id. An upstream failure is a result (success false), not an error. */
  async test(_actor: Principal, id: number, requestedModel: unknown, lang: Lang): Promise<TestAnswer> {
    const ch = await this.channels.getForRelay(id);
    if (!ch) throw ChannelsError.of('channel.not_found', {}, 404);
    const outcome = await this.probe(ch, testModelOf(ch, requestedModel));
    await this.settle(ch, outcome, null);
    return {
      success: outcome.ok,
      message: outcome.ok ? '' : t(outcome.message.key, lang, outcome.message.params ?? {}),
      time: Math.round(outcome.ms) / 1000,
    };
  }

  /** GET /api/channel/test: queues one run; clicks while it waits or runs join it. */
  async requestTestAll(_actor: Principal): Promise<void> {
    await this.enqueueRun(true);
  }

  private async enqueueRun(notify: boolean): Promise<void> {
    await this.progress.queued('test-all');
    await this.queue.enqueue('channels.test_all', { notify }, { jobId: await this.gate.jobId('test-all'), attempts: 1 });
  }

  /** A gated run does the work; a scheduler tick (any other id) joins or starts one. */
  private async onJob(payload: JobMap['channels.test_all'], ctx: JobContext): Promise<void> {
    if (this.gate.owns('test-all', ctx.id)) await this.runAll(payload);
    else await this.enqueueRun(payload.notify);
  }

  private async runAll(payload: JobMap['channels.test_all']): Promise<void> {
    let token: string | null = null;
    try {
      const rows = await this.db.manager.find(ChannelEntity, {
        where: { status: In([CHANNEL_ENABLED, CHANNEL_AUTO_DISABLED]) },
        select: { id: true },
        order: { id: 'ASC' },
      });
      const thresholdMs = Math.round(this.options.num('ChannelDisableThreshold') * 1000);
      const tally = { total: 0, failed: 0, disabled: 0, enabled: 0 };
      token = await this.progress.started('test-all', rows.length);
      await forEachLimit(rows, TEST_ALL_CONCURRENCY, async ({ id }) => {
        let failed = false;
        try {
          const ch = await this.channels.getForRelay(id);
          if (!ch || (ch.status !== CHANNEL_ENABLED && ch.status !== CHANNEL_AUTO_DISABLED)) return;
          const outcome = await this.probe(ch, testModelOf(ch, undefined));
          const moved = await this.settle(ch, outcome, thresholdMs);
          tally.total++;
          failed = !outcome.ok || (thresholdMs > 0 && outcome.ms > thresholdMs);
          if (failed) tally.failed++;
          if (moved === 'disabled') tally.disabled++;
          if (moved === 'enabled') tally.enabled++;
        } catch (err) {
          failed = true;
          this.logger.warn(`channel ${id}: test failed: ${(err as Error).message}`);
        } finally {
          await this.progress.step('test-all', failed);
        }
      });
      this.logger.log(`tested ${tally.total} channels: ${tally.failed} failed, ${tally.disabled} disabled, ${tally.enabled} enabled`);
      if (payload.notify) {
        await this.health.notifyRoot('channel.mail_test_done_subject', 'channel.mail_test_done_body', tally, `${await this.gate.jobId('test-all')}-done`);
      }
    } finally {
      // The gate first: a click from here on starts a new run, whose figures this one leaves alone.
      await this.gate.finished('test-all');
      await this.progress.finished('test-all', token);
    }
  }

  /**
   * Records the time and applies the automatic status rules: a structured auth/billing failure
   * or (test-all) a time over the threshold disables; a pass re-enables a status-3 channel.
   */
  private async settle(ch: RelayChannel, outcome: ProbeOutcome, thresholdMs: number | null): Promise<'disabled' | 'enabled' | null> {
    if (outcome.attempted) await this.channels.recordTest(ch.id, outcome.ms);
    if (!outcome.ok) {
      if (outcome.failure?.disableChannel && (await this.health.disableIfAllowed(ch.id, failureReason(outcome.failure)))) return 'disabled';
      return null;
    }
    if (thresholdMs !== null && thresholdMs > 0 && outcome.ms > thresholdMs) {
      const reason = t('channel.reason_slow', 'zh', { time: (outcome.ms / 1000).toFixed(2), threshold: (thresholdMs / 1000).toFixed(2) });
      return (await this.health.disableIfAllowed(ch.id, reason)) ? 'disabled' : null;
    }
    if (ch.status === CHANNEL_AUTO_DISABLED && (await this.health.enableIfAllowed(ch.id))) return 'enabled';
    return null;
  }

  /**
   * One timed chat request through the relay's own attempt path (ChannelProbeService: the
   * relay's model mapping, credentials, request building, outbound policy and error parsing).
   * Never throws for upstream trouble.
   */
  async probe(ch: RelayChannel, model: string): Promise<ProbeOutcome> {
    const scrub = (s: string): string => scrubAndTruncate(s, [ch.key], 500, ch.baseUrl);
    // Task servers (Midjourney, Suno) take no chat request: their task list is asked instead.
    const task = taskServerProbe({ type: ch.type, baseUrl: ch.baseUrl, key: ch.key });
    if (task) return this.probeTaskServer(task, scrub);

    const r = await this.relay.chat(ch, { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: TEST_MAX_TOKENS });
    switch (r.kind) {
      case 'answered':
        return { ok: true, ms: r.ms, attempted: true };
      case 'not_sent': {
        const message: Localized =
          r.configError !== null
            ? { key: 'channel.test_config_error', params: { message: scrub(r.configError) } }
            : { key: r.messageKey ?? 'channel.test_connect_failed', params: r.params };
        return { ok: false, ms: 0, attempted: false, failure: null, message };
      }
      case 'failed':
        return { ok: false, ms: r.ms, attempted: true, failure: r.failure, message: failedMessage(r, scrub) };
      default: {
        const never: never = r;
        throw new Error(`unknown probe result ${String(never)}`);
      }
    }
  }

  /** A task server's test: a 200 in the server's own shape passes. */
  private async probeTaskServer(task: TaskServerProbe, scrub: (s: string) => string): Promise<ProbeOutcome> {
    const started = performance.now();
    try {
      const res = await this.outbound.request({
        url: task.url,
        method: 'POST',
        headers: task.headers,
        body: task.body,
        allowPrivate: this.options.bool('AllowPrivateUpstreamEnabled'),
        timeouts: TIMEOUTS,
      });
      const text = await this.outbound.readText(res, MAX_BODY);
      const ms = performance.now() - started;
      if (res.status < 200 || res.status >= 300) {
        return { ok: false, ms, attempted: true, failure: null, message: { key: 'channel.test_upstream_error', params: { status: res.status, message: scrub(text.slice(0, 500)) } } };
      }
      const wrong = task.check(text);
      if (wrong !== null) return { ok: false, ms, attempted: true, failure: null, message: { key: 'channel.test_bad_response', params: { message: wrong } } };
      return { ok: true, ms, attempted: true };
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      return outboundOutcome(err, performance.now() - started);
    }
  }
}

/** The test's message for a failed attempt: the upstream's own (scrubbed) words, or the relay's finding. */
function failedMessage(r: Extract<ProbeResult, { kind: 'failed' }>, scrub: (s: string) => string): Localized {
  if (r.upstreamStatus !== null) return { key: 'channel.test_upstream_error', params: { status: r.upstreamStatus, message: scrub(r.failure.message) } };
  if (r.failure.class === 'timeout') return { key: 'channel.test_timeout' };
  if (r.messageKey === 'relay.upstream_connect') return { key: 'channel.test_connect_failed' };
  return { key: 'channel.test_bad_response', params: { message: scrub(r.failure.message) } };
}

/** What an outbound failure means for a channel test. */
function outboundOutcome(err: OutboundError, ms: number): ProbeOutcome {
  switch (err.kind) {
    case 'blocked':
      return { ok: false, ms: 0, attempted: false, failure: null, message: { key: 'channel.upstream_blocked' } };
    case 'bad_url':
      return { ok: false, ms: 0, attempted: false, failure: null, message: { key: 'channel.invalid_base_url' } };
    case 'timeout':
      return { ok: false, ms, attempted: true, failure: transportFailure('headers_timeout'), message: { key: 'channel.test_timeout' } };
    case 'too_large':
      return { ok: false, ms, attempted: true, failure: transportFailure('protocol'), message: { key: 'channel.test_bad_response', params: { message: err.message } } };
    case 'connect':
    case 'network':
    case 'aborted':
      return { ok: false, ms, attempted: true, failure: transportFailure('connect'), message: { key: 'channel.test_connect_failed' } };
    default: {
      const never: never = err.kind;
      throw new Error(`unknown outbound error ${String(never)}`);
    }
  }
}
