import { Injectable } from '@nestjs/common';
import { Brackets, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { DatabaseService } from '../database/database.service';
import { parsePage, toPage, type Page } from '../common/pagination';
import type { Principal } from '../common/request-context';
import { escapeLike, nowSeconds } from '../common/sql';
import type { LogFilter, LogFilterInput, LogScope } from './dto/log.dto';
import { LOG_CONSUME, LogEntity, type LogType } from './log.entity';
import { toAdminLogView, toSelfLogView, type AdminLogView, type SelfLogView } from './logs.mapper';

export interface NewLog {
  userId: number;
  type: LogType;
  content?: string;
  username?: string;
  tokenName?: string;
  tokenId?: number;
  modelName?: string;
  quota?: number;
  promptTokens?: number;
  completionTokens?: number;
  useTime?: number;
  isStream?: boolean;
  channelId?: number;
  tokenGroup?: string;
  clientIp?: string;
  requestId?: string | null;
  other?: Record<string, unknown>;
}

export interface LogStat {
  /** Sum of consume-log quota in the range. */
  quota: number;
  /** Consume logs (requests) in the range. */
  count: number;
  /** Prompt + completion tokens of those requests. */
  token: number;
  /** Tokens and requests in the last 60 seconds (same filters, no time range). */
  tpm: number;
  rpm: number;
}

/** Consume totals of one (user, model, hour): what the dashboard aggregates. */
export interface HourlyConsume {
  userId: number;
  username: string;
  modelName: string;
  /** Start of the hour, unix seconds. */
  hour: number;
  tokenUsed: number;
  count: number;
  quota: number;
}

/** Rows removed per statement when cleaning, so SQLite's single writer is not held for long. */
const CLEAN_BATCH = 5000;

/**
 * Writes log rows inside the caller's transaction, so a balance change and its log commit
 * together. Reads and the log API live here too.
 */
@Injectable()
export class LogsService {
  constructor(private readonly db: DatabaseService) {}

  async record(em: EntityManager, log: NewLog): Promise<void> {
    await em.insert(LogEntity, {
      userId: log.userId,
      type: log.type,
      createdAt: nowSeconds(),
      content: log.content ?? '',
      username: log.username ?? '',
      tokenName: log.tokenName ?? '',
      tokenId: log.tokenId ?? 0,
      modelName: log.modelName ?? '',
      quota: log.quota ?? 0,
      promptTokens: log.promptTokens ?? 0,
      completionTokens: log.completionTokens ?? 0,
      useTime: log.useTime ?? 0,
      isStream: log.isStream ?? false,
      channelId: log.channelId ?? 0,
      tokenGroup: log.tokenGroup ?? '',
      clientIp: log.clientIp ?? '',
      requestId: log.requestId ?? null,
      other: JSON.stringify(log.other ?? {}),
    });
  }

  // ---- lists ----

  /** The filter with the user its scope pins: none for an admin, the caller for a self call. */
  static scoped(actor: Principal, f: LogFilterInput, scope: LogScope): LogFilter {
    return scope === 'self' ? { ...f, username: '', channel: null, userId: actor.id } : { ...f, userId: null };
  }

  async listAll(actor: Principal, f: LogFilterInput, p: unknown, size: unknown): Promise<Page<AdminLogView>> {
    const [rows, total, page] = await this.list(actor, f, p, size, 'admin');
    return toPage(rows.map(toAdminLogView), total, page);
  }

  async listSelf(actor: Principal, f: LogFilterInput, p: unknown, size: unknown): Promise<Page<SelfLogView>> {
    const [rows, total, page] = await this.list(actor, f, p, size, 'self');
    return toPage(
      rows.map((l, i) => toSelfLogView(l, page.offset + i + 1)),
      total,
      page,
    );
  }

  /** One page of the filtered rows, newest first, in the scope's view of the filter. */
  private async list(actor: Principal, f: LogFilterInput, p: unknown, size: unknown, scope: LogScope) {
    const page = parsePage(p, size, 10);
    const [rows, total] = await this.pageOf(this.filtered(LogsService.scoped(actor, f, scope)), page);
    return [rows, total, page] as const;
  }

  /**
   * The page of `qb`'s rows, newest first, and how many there are in all. The page is a short
   * read by id; the count reads every matching row, off the event loop on SQLite (rawOffLoop).
   */
  private async pageOf(qb: SelectQueryBuilder<LogEntity>, page: { offset: number; pageSize: number }): Promise<[LogEntity[], number]> {
    const count = qb.clone().select('COUNT(*)', 'n');
    const [rows, counted] = await Promise.all([
      qb.orderBy('l.id', 'DESC').skip(page.offset).take(page.pageSize).getMany(),
      this.db.rawOffLoop<{ n: string | number }>(count),
    ]);
    return [rows, Number(counted[0]?.n ?? 0)];
  }

  async searchAll(actor: Principal, keyword: string, p: unknown, size: unknown): Promise<Page<AdminLogView>> {
    const [rows, total, page] = await this.search(actor, keyword, p, size, 'admin');
    return toPage(rows.map(toAdminLogView), total, page);
  }

  async searchSelf(actor: Principal, keyword: string, p: unknown, size: unknown): Promise<Page<SelfLogView>> {
    const [rows, total, page] = await this.search(actor, keyword, p, size, 'self');
    return toPage(
      rows.map((l, i) => toSelfLogView(l, page.offset + i + 1)),
      total,
      page,
    );
  }

  private async search(actor: Principal, keyword: string, p: unknown, size: unknown, scope: LogScope) {
    const page = parsePage(p, size, 10);
    const qb = this.db.manager.createQueryBuilder(LogEntity, 'l');
    if (scope === 'self') qb.where('l.user_id = :uid', { uid: actor.id });
    applyKeyword(qb, keyword, scope);
    const [rows, total] = await this.pageOf(qb, page);
    return [rows, total, page] as const;
  }

  // ---- statistics ----

  async stat(actor: Principal, input: LogFilterInput, scope: LogScope): Promise<LogStat> {
    const f = LogsService.scoped(actor, input, scope);
    const sums = (withTime: boolean) =>
      applyLogFilter(
        this.db.manager
          .createQueryBuilder(LogEntity, 'l')
          .select('COALESCE(SUM(l.quota), 0)', 'quota')
          .addSelect('COUNT(*)', 'count')
          .addSelect('COALESCE(SUM(l.prompt_tokens + l.completion_tokens), 0)', 'token')
          .where('l.type = :consume', { consume: LOG_CONSUME }),
        f,
        { withTime, withType: false },
      );
    // Every matching log since the first (the console asks on every visit): off the event loop on SQLite.
    const [range] = await this.db.rawOffLoop<{ quota: string | number; count: string | number; token: string | number }>(sums(true));
    const recent = await sums(false)
      .andWhere('l.created_at >= :since', { since: nowSeconds() - 60 })
      .getRawOne<{ count: string | number; token: string | number }>();
    return {
      quota: Number(range?.quota ?? 0),
      count: Number(range?.count ?? 0),
      token: Number(range?.token ?? 0),
      tpm: Number(recent?.token ?? 0),
      rpm: Number(recent?.count ?? 0),
    };
  }

  // ---- cleanup ----

  /** Deletes logs created before the timestamp (unix seconds), in batches; answers how many went. */
  async clean(_actor: Principal, t: number): Promise<number> {
    let total = 0;
    for (;;) {
      const removed = await this.db.write(async (em) => {
        if (this.db.kind === 'mysql') {
          // MySQL takes no LIMIT in an IN subquery, nor the target table in its own DELETE's subquery; it has DELETE ... LIMIT.
          const header = (await em.query(`DELETE FROM logs WHERE created_at < ? ORDER BY id LIMIT ${CLEAN_BATCH}`, [t])) as { affectedRows?: number };
          return header.affectedRows ?? 0;
        }
        const res = await em
          .createQueryBuilder()
          .delete()
          .from(LogEntity)
          .where(`id IN (SELECT id FROM logs WHERE created_at < :t ORDER BY id LIMIT ${CLEAN_BATCH})`, { t })
          .execute();
        return DatabaseService.affected(res);
      });
      total += removed;
      if (removed < CLEAN_BATCH) return total;
    }
  }

  // ---- aggregates for the dashboard ----

  /** Creation time of the oldest consume log, or null when there is none. */
  async firstConsumeAt(): Promise<number | null> {
    const row = await this.db.manager
      .createQueryBuilder(LogEntity, 'l')
      .select('MIN(l.created_at)', 'first')
      .where('l.type = :t', { t: LOG_CONSUME })
      .getRawOne<{ first: string | number | null }>();
    return row?.first === null || row?.first === undefined ? null : Number(row.first);
  }

  /** Consume totals per (user, model, hour) of the logs created in [from, to). */
  async consumeByHour(from: number, to: number): Promise<HourlyConsume[]> {
    const hour = 'l.created_at - (l.created_at % 3600)';
    // A scan of every consume log of the range (500,000 in an hour of a busy gateway): off the event loop on SQLite.
    const qb = this.db.manager
      .createQueryBuilder(LogEntity, 'l')
      .select('l.user_id', 'user_id')
      .addSelect('MAX(l.username)', 'username')
      .addSelect('l.model_name', 'model_name')
      .addSelect(hour, 'hour')
      .addSelect('SUM(l.prompt_tokens + l.completion_tokens)', 'token_used')
      .addSelect('COUNT(*)', 'count')
      .addSelect('SUM(l.quota)', 'quota')
      .where('l.type = :t', { t: LOG_CONSUME })
      .andWhere('l.created_at >= :from AND l.created_at < :to', { from, to })
      .groupBy('l.user_id')
      .addGroupBy('l.model_name')
      .addGroupBy(hour);
    const rows = await this.db.rawOffLoop<Record<'user_id' | 'username' | 'model_name' | 'hour' | 'token_used' | 'count' | 'quota', string | number>>(qb);
    return rows.map((r) => ({
      userId: Number(r.user_id),
      username: String(r.username ?? ''),
      modelName: String(r.model_name ?? ''),
      hour: Number(r.hour),
      tokenUsed: Number(r.token_used),
      count: Number(r.count),
      quota: Number(r.quota),
    }));
  }

  /** A query over `logs` aliased `l` with the filter applied (exports page through it by id). */
  filtered(f: LogFilter) {
    return applyLogFilter(this.db.manager.createQueryBuilder(LogEntity, 'l'), f);
  }
}

interface ApplyOptions {
  /** Stats ignore the time range for their last-60-seconds figures. */
  withTime?: boolean;
  /** Stats count consume logs whatever the type filter says. */
  withType?: boolean;
}

/** Adds the filter's conditions to a query over `logs` aliased `l`. */
function applyLogFilter(qb: SelectQueryBuilder<LogEntity>, f: LogFilter, opts: ApplyOptions = {}): SelectQueryBuilder<LogEntity> {
  const withTime = opts.withTime ?? true;
  const withType = opts.withType ?? true;
  if (f.userId !== null) qb.andWhere('l.user_id = :fUserId', { fUserId: f.userId });
  if (withType && f.type !== 0) qb.andWhere('l.type = :fType', { fType: f.type });
  if (withTime && f.start !== null) qb.andWhere('l.created_at >= :fStart', { fStart: f.start });
  if (withTime && f.end !== null) qb.andWhere('l.created_at <= :fEnd', { fEnd: f.end });
  if (f.tokenName) qb.andWhere('l.token_name = :fToken', { fToken: f.tokenName });
  if (f.modelName) {
    if (f.modelName.includes('%')) {
      // `%` is the caller's wildcard (reference behaviour); `_` and `!` stay literal.
      const pattern = f.modelName.replace(/[!_]/g, (c) => `!${c}`);
      qb.andWhere("l.model_name LIKE :fModel ESCAPE '!'", { fModel: pattern });
    } else {
      qb.andWhere('l.model_name = :fModel', { fModel: f.modelName });
    }
  }
  if (f.group) qb.andWhere('l.token_group = :fGroup', { fGroup: f.group });
  if (f.requestId) qb.andWhere('l.request_id = :fRequest', { fRequest: f.requestId });
  if (f.username) qb.andWhere('l.username = :fUsername', { fUsername: f.username });
  if (f.channel !== null) qb.andWhere('l.channel_id = :fChannel', { fChannel: f.channel });
  return qb;
}

/** Keyword search over the text columns a scope may see (LIKE, escaped). */
function applyKeyword(qb: SelectQueryBuilder<LogEntity>, keyword: string, scope: LogScope): SelectQueryBuilder<LogEntity> {
  if (!keyword) return qb;
  const like = `%${escapeLike(keyword)}%`;
  return qb.andWhere(
    new Brackets((w) => {
      w.orWhere("l.content LIKE :kw ESCAPE '!'", { kw: like })
        .orWhere("l.token_name LIKE :kw ESCAPE '!'", { kw: like })
        .orWhere("l.model_name LIKE :kw ESCAPE '!'", { kw: like })
        .orWhere('l.request_id = :kwExact', { kwExact: keyword });
      if (scope === 'admin') w.orWhere("l.username LIKE :kw ESCAPE '!'", { kw: like });
    }),
  );
}
