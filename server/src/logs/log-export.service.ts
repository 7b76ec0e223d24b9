import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import type { Principal } from '../common/request-context';
import { nowSeconds } from '../common/sql';
import { QUEUE_DRIVER, type JobContext, type QueueDriver } from '../queue/jobs';
import { ROLE_ADMIN } from '../users/users.service';
import { CSV_BOM, csvRow, type CsvValue } from './csv';
import { LogExportEntity, type LogExportScope } from './log-export.entity';
import type { LogFilter, LogFilterInput } from './dto/log.dto';
import type { LogEntity } from './log.entity';
import { toAdminLogView, toSelfLogView, type AdminLogView, type LogExportView, type SelfLogView } from './logs.mapper';
import { LogsError } from './logs.errors';
import { LogsService } from './logs.service';

/** Rows read per query: memory stays bounded whatever the export size. */
const EXPORT_BATCH = 2000;
const EXPORT_ATTEMPTS = 3;
/** Exports waiting or running per user; more would let one user fill the queue. */
const MAX_OPEN_EXPORTS = 3;
/** Finished export files and rows are removed after a day. */
const EXPORT_RETENTION_SECONDS = 86_400;
const CLEANUP_EVERY_MS = 3_600_000;
export const EXPORT_FILE_NAME = 'logs.csv';

const ADMIN_COLUMNS: readonly (keyof AdminLogView)[] = [
  'id', 'created_at', 'type', 'user_id', 'username', 'token_name', 'token_group', 'model_name', 'channel', 'quota',
  'prompt_tokens', 'completion_tokens', 'use_time', 'is_stream', 'client_ip', 'request_id', 'content', 'other',
];
const SELF_COLUMNS: readonly (keyof SelfLogView)[] = [
  'id', 'created_at', 'type', 'token_name', 'token_group', 'model_name', 'quota',
  'prompt_tokens', 'completion_tokens', 'use_time', 'is_stream', 'client_ip', 'request_id', 'content', 'other',
];

function toExportView(e: LogExportEntity): LogExportView {
  return { id: e.id, status: e.status, row_count: e.rowCount, created_at: e.createdAt, finished_at: e.finishedAt, error: e.error };
}

/**
 * CSV exports of filtered logs. A request stores the filter and enqueues a job; the job streams
 * the rows in id-keyset batches into <dataDir>/exports/logs/<id>/logs.csv (written as .part,
 * renamed when complete). Several nodes must share the data directory to serve each other's files.
 */
@Injectable()
export class LogExportService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('LogExport');

  constructor(
    private readonly db: DatabaseService,
    private readonly logs: LogsService,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.queue.register('logs.export', ({ exportId }, ctx) => this.run(exportId, ctx));
    this.queue.register('logs.export_cleanup', () => this.cleanup());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.repeat('logs.export_cleanup', {}, CLEANUP_EVERY_MS);
    // The in-process queue forgets its jobs on restart: pick up exports left open.
    if (this.queue.kind === 'memory') {
      const open = await this.db.manager
        .createQueryBuilder(LogExportEntity, 'e')
        .select('e.id', 'id')
        .where("e.status IN ('pending', 'running')")
        .getRawMany<{ id: number }>();
      for (const { id } of open) await this.enqueue(Number(id));
    }
  }

  async create(actor: Principal, scope: LogExportScope, input: LogFilterInput): Promise<LogExportView> {
    const filter: LogFilter = LogsService.scoped(actor, input, scope);
    const id = await this.db.write(async (em) => {
      const open = await em
        .createQueryBuilder(LogExportEntity, 'e')
        .where("e.user_id = :uid AND e.status IN ('pending', 'running')", { uid: actor.id })
        .getCount();
      if (open >= MAX_OPEN_EXPORTS) throw LogsError.of('log.export_busy', { max: MAX_OPEN_EXPORTS }, 409);
      const res = await em.insert(LogExportEntity, {
        userId: actor.id,
        scope,
        status: 'pending',
        filters: JSON.stringify(filter),
        rowCount: 0,
        error: '',
        createdAt: nowSeconds(),
        finishedAt: null,
      });
      return Number((res.identifiers[0] as { id: number }).id);
    });
    await this.enqueue(id);
    return toExportView(await this.mustFind(id));
  }

  async status(actor: Principal, id: number): Promise<LogExportView> {
    return toExportView(await this.visible(actor, id));
  }

  /** Path of a finished export's file, for its owner or an admin. */
  async file(actor: Principal, id: number): Promise<string> {
    const e = await this.visible(actor, id);
    if (e.status !== 'done') throw LogsError.of('log.export_not_ready', {}, 409);
    const path = join(this.dirOf(e.id), EXPORT_FILE_NAME);
    if (!existsSync(path)) throw LogsError.of('log.export_not_found', {}, 404);
    return path;
  }

  private async enqueue(id: number): Promise<void> {
    await this.queue.enqueue('logs.export', { exportId: id }, { jobId: `logs-export-${id}`, attempts: EXPORT_ATTEMPTS });
  }

  /** Another user's export is "not found", like any other resource of theirs. */
  private async visible(actor: Principal, id: number): Promise<LogExportEntity> {
    const e = await this.db.manager.findOne(LogExportEntity, { where: { id } });
    if (!e || (e.userId !== actor.id && actor.role < ROLE_ADMIN)) throw LogsError.of('log.export_not_found', {}, 404);
    return e;
  }

  private async mustFind(id: number): Promise<LogExportEntity> {
    const e = await this.db.manager.findOne(LogExportEntity, { where: { id } });
    if (!e) throw LogsError.of('log.export_not_found', {}, 404);
    return e;
  }

  private dirOf(id: number): string {
    return join(this.config.dataDir, 'exports', 'logs', String(id));
  }

  // ---- the job ----

  /** Idempotent: a retry rewrites the file from the start; a finished export is left alone. */
  async run(id: number, ctx: JobContext): Promise<void> {
    const claimed = await this.db.write((em) =>
      em
        .createQueryBuilder()
        .update(LogExportEntity)
        .set({ status: 'running' })
        .where("id = :id AND status IN ('pending', 'running')", { id })
        .execute(),
    );
    if (DatabaseService.affected(claimed) !== 1) return;
    const e = await this.mustFind(id);
    try {
      const rows = await this.writeFile(e);
      await this.db.write((em) =>
        em
          .createQueryBuilder()
          .update(LogExportEntity)
          .set({ status: 'done', rowCount: rows, finishedAt: nowSeconds() })
          .where("id = :id AND status = 'running'", { id })
          .execute(),
      );
    } catch (err) {
      this.logger.warn(`export ${id} attempt ${ctx.attempt} failed: ${(err as Error).message}`);
      if (ctx.attempt >= EXPORT_ATTEMPTS) {
        await this.db.write((em) =>
          em
            .createQueryBuilder()
            .update(LogExportEntity)
            .set({ status: 'failed', error: 'export failed', finishedAt: nowSeconds() })
            .where("id = :id AND status = 'running'", { id })
            .execute(),
        );
      }
      throw err;
    }
  }

  private async writeFile(e: LogExportEntity): Promise<number> {
    const filter = JSON.parse(e.filters) as LogFilter;
    const dir = this.dirOf(e.id);
    await mkdir(dir, { recursive: true });
    const part = join(dir, `${EXPORT_FILE_NAME}.part`);
    const out = createWriteStream(part, { encoding: 'utf8' });
    const write = async (chunk: string): Promise<void> => {
      // Honour backpressure: wait for the buffer to drain (rejects on a stream error).
      if (!out.write(chunk)) await once(out, 'drain');
    };
    let rows = 0;
    try {
      const columns: readonly string[] = e.scope === 'admin' ? ADMIN_COLUMNS : SELF_COLUMNS;
      await write(CSV_BOM + csvRow(['time', ...columns]));
      let cursor: number | null = null;
      for (;;) {
        const qb = this.logs.filtered(filter);
        if (cursor !== null) qb.andWhere('l.id < :cursor', { cursor });
        const batch: LogEntity[] = await qb.orderBy('l.id', 'DESC').limit(EXPORT_BATCH).getMany();
        if (batch.length === 0) break;
        let chunk = '';
        for (const l of batch) {
          rows++;
          const view: Record<string, CsvValue> = e.scope === 'admin' ? { ...toAdminLogView(l) } : { ...toSelfLogView(l, rows) };
          chunk += csvRow([new Date(l.createdAt * 1000).toISOString(), ...columns.map((c) => view[c])]);
        }
        await write(chunk);
        cursor = (batch[batch.length - 1] as LogEntity).id;
        if (batch.length < EXPORT_BATCH) break;
      }
      out.end();
      await finished(out);
    } catch (err) {
      out.destroy();
      await rm(part, { force: true });
      throw err;
    }
    await rename(part, join(dir, EXPORT_FILE_NAME));
    return rows;
  }

  /** Removes exports (rows and folders) older than the retention period. */
  async cleanup(): Promise<number> {
    const before = nowSeconds() - EXPORT_RETENTION_SECONDS;
    const old = await this.db.manager
      .createQueryBuilder(LogExportEntity, 'e')
      .select('e.id', 'id')
      .where('e.created_at < :before', { before })
      .getRawMany<{ id: number }>();
    for (const { id } of old) {
      await rm(this.dirOf(Number(id)), { recursive: true, force: true });
      await this.db.write((em) => em.delete(LogExportEntity, { id: Number(id) }));
    }
    return old.length;
  }
}
