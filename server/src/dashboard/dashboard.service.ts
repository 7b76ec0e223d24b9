import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import type { Principal } from '../common/request-context';
import { nowSeconds } from '../common/sql';
import { LogsService } from '../logs/logs.service';
import { OptionsService } from '../options/options.service';
import { QUEUE_DRIVER, type QueueDriver } from '../queue/jobs';
import { EventBus } from '../redis/event-bus.service';
import { DashboardError } from './dashboard.errors';
import type { DataAdminQuery, DataSelfQuery } from './dto/dashboard.dto';
import { toModelHourView, toQuotaDataView, type QuotaDataView } from './dashboard.mapper';
import { QuotaDataEntity } from './quota-data.entity';

const HOUR = 3600;
/** A self query spans at most a month (30 days), like the reference. */
export const SELF_MAX_SPAN = 30 * 86_400;
/** Backfill reads the logs a day at a time so memory stays bounded. */
const CHUNK = 86_400;
/** Rows per upsert statement. */
const UPSERT_BATCH = 500;
const OPTION_KEYS = ['DataExportEnabled', 'DataExportInterval'] as const;

/**
 * The data dashboard: when DataExportEnabled is on, a repeating job (every DataExportInterval
 * minutes) sums consume logs per (user, model, hour) into quota_data.
 *
 * Idempotent by recomputation: each run recomputes every hour from the hour before the newest
 * bucket already stored (or from the first consume log on an empty table) up to now, and upserts
 * on (user_id, model_name, created_at), so a re-run replaces rows and never adds to them. Older
 * buckets are left alone, so cleaning old logs does not erase the dashboard.
 */
@Injectable()
export class DashboardService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Dashboard');

  constructor(
    private readonly db: DatabaseService,
    private readonly logs: LogsService,
    private readonly options: OptionsService,
    private readonly bus: EventBus,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
  ) {}

  onModuleInit(): void {
    this.queue.register('dashboard.aggregate', () => this.aggregate());
    this.bus.on('options.changed', async ({ keys }) => {
      if (!keys.some((k) => (OPTION_KEYS as readonly string[]).includes(k))) return;
      // Handlers run in no set order: read the new values ourselves before rescheduling.
      await this.options.reload([...OPTION_KEYS]);
      await this.schedule(true);
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.schedule(false);
  }

  /** Starts, re-times or stops the repeating job; a fresh start also runs once at once. */
  private async schedule(runNow: boolean): Promise<void> {
    if (!this.options.bool('DataExportEnabled')) {
      await this.queue.cancelRepeat('dashboard.aggregate');
      return;
    }
    const minutes = Math.max(1, Math.trunc(this.options.num('DataExportInterval')));
    await this.queue.repeat('dashboard.aggregate', {}, minutes * 60_000);
    if (runNow) {
      // One id per minute: every node hears the change, one run is enough.
      await this.queue.enqueue('dashboard.aggregate', {}, { jobId: `dashboard-aggregate-${Math.floor(Date.now() / 60_000)}` });
    }
  }

  /** The job. Answers how many (user, model, hour) rows were written. */
  async aggregate(): Promise<number> {
    if (!this.options.bool('DataExportEnabled')) return 0;
    const latest = await this.db.manager
      .createQueryBuilder(QuotaDataEntity, 'q')
      .select('MAX(q.created_at)', 'latest')
      .getRawOne<{ latest: string | number | null }>();
    let from: number;
    if (latest?.latest !== null && latest?.latest !== undefined) {
      from = Number(latest.latest) - HOUR;
    } else {
      const first = await this.logs.firstConsumeAt();
      if (first === null) return 0;
      from = first - (first % HOUR);
    }
    const end = nowSeconds() + 1;
    let written = 0;
    for (let start = from; start < end; start += CHUNK) {
      const rows = await this.logs.consumeByHour(start, Math.min(start + CHUNK, end));
      for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
        const slice = rows.slice(i, i + UPSERT_BATCH);
        await this.db.write((em) =>
          em
            .createQueryBuilder()
            .insert()
            .into(QuotaDataEntity)
            .values(
              slice.map((r) => ({
                userId: r.userId,
                username: r.username,
                modelName: r.modelName,
                createdAt: r.hour,
                tokenUsed: r.tokenUsed,
                count: r.count,
                quota: r.quota,
              })),
            )
            .orUpdate(['username', 'token_used', 'count', 'quota'], ['user_id', 'model_name', 'created_at'])
            // No read-back of generated ids: nothing uses them, and SQLite would select them with a huge OR.
            .updateEntity(false)
            .execute(),
        );
      }
      written += rows.length;
    }
    if (written > 0) this.logger.debug(`aggregated ${written} hour bucket(s) from ${from}`);
    return written;
  }

  // ---- reads ----

  /** Admin: one user's buckets by username, or without a username all users summed per (model, hour). */
  async listAll(_actor: Principal, q: DataAdminQuery): Promise<QuotaDataView[]> {
    const { start_timestamp: start, end_timestamp: end, username } = q;
    if (username) {
      const qb = this.db.manager.createQueryBuilder(QuotaDataEntity, 'q').where('q.username = :username', { username });
      if (start !== null) qb.andWhere('q.created_at >= :start', { start });
      if (end !== null) qb.andWhere('q.created_at <= :end', { end });
      const rows = await qb.orderBy('q.created_at', 'ASC').addOrderBy('q.model_name', 'ASC').getMany();
      return rows.map(toQuotaDataView);
    }
    const qb = this.db.manager
      .createQueryBuilder(QuotaDataEntity, 'q')
      .select('q.model_name', 'model_name')
      .addSelect('q.created_at', 'created_at')
      .addSelect('SUM(q.token_used)', 'token_used')
      .addSelect('SUM(q.count)', 'count')
      .addSelect('SUM(q.quota)', 'quota');
    if (start !== null) qb.andWhere('q.created_at >= :start', { start });
    if (end !== null) qb.andWhere('q.created_at <= :end', { end });
    const rows = await qb
      .groupBy('q.model_name')
      .addGroupBy('q.created_at')
      .orderBy('q.created_at', 'ASC')
      .addOrderBy('q.model_name', 'ASC')
      .getRawMany<{ model_name: string; created_at: string | number; token_used: string | number; count: string | number; quota: string | number }>();
    return rows.map(toModelHourView);
  }

  /** Self: the caller's own buckets, a month at most (default: the last 30 days). */
  async listSelf(actor: Principal, q: DataSelfQuery): Promise<QuotaDataView[]> {
    const end = q.end_timestamp ?? nowSeconds();
    const start = q.start_timestamp ?? end - SELF_MAX_SPAN;
    if (start > end) throw DashboardError.of('data.invalid_time_range');
    if (end - start > SELF_MAX_SPAN) throw DashboardError.of('data.span_too_long');
    const rows = await this.db.manager
      .createQueryBuilder(QuotaDataEntity, 'q')
      .where('q.user_id = :uid AND q.created_at >= :start AND q.created_at <= :end', { uid: actor.id, start, end })
      .orderBy('q.created_at', 'ASC')
      .addOrderBy('q.model_name', 'ASC')
      .getMany();
    return rows.map(toQuotaDataView);
  }
}
