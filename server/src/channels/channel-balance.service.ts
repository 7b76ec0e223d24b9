import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { In } from 'typeorm';
import { t } from '../common/messages';
import type { Principal } from '../common/request-context';
import { DatabaseService } from '../database/database.service';
import { OptionsService } from '../options/options.service';
import { OutboundClient } from '../outbound/outbound.service';
import { QUEUE_DRIVER, type JobContext, type QueueDriver } from '../queue/jobs';
import { BALANCE_PROVIDERS, balanceProviderFor, type BalanceContext, type BalanceProvider } from './balance/balance-providers';
import { forEachLimit } from './bounded';
import { CHANNEL_ENABLED, ChannelEntity } from './channel.entity';
import { splitKeyLines } from './channel-key';
import { ChannelHealthService } from './channel-health.service';
import { ChannelsError } from './channels.errors';
import { ChannelsService, type RelayChannel } from './channels.service';
import { RunGate } from './run-gate';
import { RunProgress } from './run-progress';
import { upstreamGetText } from './upstream-get';

const MAX_BODY = 1024 * 1024;
/** No provider needs more; a guard against a provider definition that never ends. */
const MAX_STEPS = 4;
const BALANCE_ALL_CONCURRENCY = 4;

/**
 * Upstream balances (informational USD, not our money): the per-type request builders in
 * balance/ say what to GET, this service fetches through the one outbound client and stores the
 * result. The refresh of all enabled channels is a queue job (clicked, or periodic with
 * CHANNEL_UPDATE_FREQUENCY); an exhausted balance (<= 0) auto-disables under the same switches as
 * any other structured signal.
 */
@Injectable()
export class ChannelBalanceService implements OnModuleInit {
  private readonly logger = new Logger('ChannelBalance');

  constructor(
    private readonly channels: ChannelsService,
    private readonly health: ChannelHealthService,
    private readonly outbound: OutboundClient,
    private readonly options: OptionsService,
    private readonly db: DatabaseService,
    private readonly gate: RunGate,
    private readonly progress: RunProgress,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
  ) {}

  onModuleInit(): void {
    this.queue.register('channels.balance_all', (_payload, ctx) => this.onJob(ctx));
  }

  /** GET /api/channel/update_balance/:id: queries, stores and answers the balance (USD). */
  async update(_actor: Principal, id: number): Promise<number> {
    const ch = await this.channels.getForRelay(id);
    if (!ch) throw ChannelsError.of('channel.not_found', {}, 404);
    const provider = balanceProviderFor(ch.type);
    if (!provider) throw ChannelsError.of('channel.balance_unsupported');
    const balance = await this.query(provider, ch);
    await this.channels.recordBalance(id, balance);
    return balance;
  }

  /** GET /api/channel/update_balance: one queued run over every enabled channel. */
  async requestUpdateAll(_actor: Principal): Promise<void> {
    await this.enqueueRun();
  }

  private async enqueueRun(): Promise<void> {
    await this.progress.queued('balance-all');
    await this.queue.enqueue('channels.balance_all', {}, { jobId: await this.gate.jobId('balance-all'), attempts: 1 });
  }

  /** A gated run does the work; a scheduler tick (CHANNEL_UPDATE_FREQUENCY) joins or starts one. */
  private async onJob(ctx: JobContext): Promise<void> {
    if (this.gate.owns('balance-all', ctx.id)) await this.runAll();
    else await this.enqueueRun();
  }

  private async runAll(): Promise<void> {
    let token: string | null = null;
    try {
      const rows = await this.db.manager.find(ChannelEntity, {
        where: { status: CHANNEL_ENABLED, type: In(Object.keys(BALANCE_PROVIDERS).map(Number)) },
        select: { id: true },
        order: { id: 'ASC' },
      });
      token = await this.progress.started('balance-all', rows.length);
      await forEachLimit(rows, BALANCE_ALL_CONCURRENCY, async ({ id }) => {
        let failed = false;
        try {
          const ch = await this.channels.getForRelay(id);
          const provider = ch ? balanceProviderFor(ch.type) : null;
          if (!ch || !provider || ch.status !== CHANNEL_ENABLED) return;
          const balance = await this.query(provider, ch);
          await this.channels.recordBalance(id, balance);
          // A number the provider reported, not a message: a structured billing signal.
          if (balance <= 0) await this.health.disableIfAllowed(id, t('channel.reason_no_balance', 'zh'));
        } catch (err) {
          failed = true;
          this.logger.warn(`channel ${id}: balance update failed: ${(err as Error).message}`);
        } finally {
          await this.progress.step('balance-all', failed);
        }
      });
    } finally {
      // The gate first: a click from here on starts a new run, whose figures this one leaves alone.
      await this.gate.finished('balance-all');
      await this.progress.finished('balance-all', token);
    }
  }

  private async query(provider: BalanceProvider, ch: RelayChannel): Promise<number> {
    const key = splitKeyLines(ch.key)[0];
    if (!key) throw ChannelsError.of('channel.fetch_models_key_required');
    if (ch.baseUrl === '') throw ChannelsError.of('channel.invalid_base_url');
    const ctx: BalanceContext = { baseUrl: ch.baseUrl, key, now: new Date(), cnyPerUsd: this.options.num('USDExchangeRate') };
    const allowPrivate = this.options.bool('AllowPrivateUpstreamEnabled');
    const bodies: unknown[] = [];
    for (let req = provider.next(ctx, bodies); req !== null; req = provider.next(ctx, bodies)) {
      if (bodies.length >= MAX_STEPS) break;
      bodies.push(await this.getJson(req.url, req.headers, allowPrivate));
    }
    const balance = provider.balance(bodies, ctx);
    if (balance === null) throw ChannelsError.of('channel.balance_failed', { reason: 'unexpected response' }, 502);
    return balance;
  }

  private async getJson(url: string, headers: Readonly<Record<string, string>>, allowPrivate: boolean): Promise<unknown> {
    const text = await upstreamGetText(this.outbound, { url, headers, allowPrivate, maxBytes: MAX_BODY }, 'channel.balance_failed');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw ChannelsError.of('channel.balance_failed', { reason: 'invalid JSON' }, 502);
    }
  }
}
