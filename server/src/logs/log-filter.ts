import { Brackets, type SelectQueryBuilder } from 'typeorm';
import { boundKeyword, escapeLike } from '../common/sql';
import type { LogEntity } from './log.entity';
import { LogsError } from './logs.error';

/** Log types a filter accepts; 0 means all. */
export const LOG_FILTER_TYPES = [0, 1, 2, 3, 4, 5, 6, 99] as const;

export type LogScope = 'admin' | 'self';

/**
 * A validated log filter. Plain data so an export can store it as JSON and replay it later.
 * `userId` is set for self queries (from the session, never from the query string).
 */
export interface LogFilter {
  type: number;
  start: number | null;
  end: number | null;
  tokenName: string;
  modelName: string;
  group: string;
  requestId: string;
  username: string;
  channel: number | null;
  userId: number | null;
}

const MAX_TIMESTAMP = 1e11;

function present(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

function int(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return null;
}

function timestamp(v: unknown): number | null {
  if (!present(v)) return null;
  const n = int(v);
  if (n === null || n < 0 || n > MAX_TIMESTAMP) throw LogsError.of('log.invalid_timestamp');
  // The console sends 0 for "no bound".
  return n === 0 ? null : n;
}

/**
 * Reads the query (or export body) of a log call. Admin-only filters (username, channel) are
 * ignored on self calls, as the reference does; the user id of a self call is the actor's.
 */
export function parseLogFilter(raw: Record<string, unknown>, scope: LogScope, actorId: number): LogFilter {
  let type = 0;
  if (present(raw.type)) {
    const t = int(raw.type);
    if (t === null || !(LOG_FILTER_TYPES as readonly number[]).includes(t)) throw LogsError.of('log.invalid_type');
    type = t;
  }
  const start = timestamp(raw.start_timestamp);
  const end = timestamp(raw.end_timestamp);
  if (start !== null && end !== null && start > end) throw LogsError.of('log.invalid_time_range');
  let channel: number | null = null;
  if (scope === 'admin' && present(raw.channel)) {
    const c = int(raw.channel);
    if (c === null || c < 0) throw LogsError.of('log.invalid_channel');
    channel = c === 0 ? null : c;
  }
  return {
    type,
    start,
    end,
    tokenName: boundKeyword(raw.token_name, 64),
    modelName: boundKeyword(raw.model_name, 128),
    group: boundKeyword(raw.group, 64),
    requestId: boundKeyword(raw.request_id, 64),
    username: scope === 'admin' ? boundKeyword(raw.username, 64) : '',
    channel,
    userId: scope === 'self' ? actorId : null,
  };
}

export interface ApplyOptions {
  /** Stats ignore the time range for their last-60-seconds figures. */
  withTime?: boolean;
  /** Stats count consume logs whatever the type filter says. */
  withType?: boolean;
}

/** Adds the filter's conditions to a query over `logs` aliased `l`. */
export function applyLogFilter(qb: SelectQueryBuilder<LogEntity>, f: LogFilter, opts: ApplyOptions = {}): SelectQueryBuilder<LogEntity> {
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

/** Keyword search over the text columns a scope may see (LIKE, escaped, bounded). */
export function applyKeyword(qb: SelectQueryBuilder<LogEntity>, keyword: string, scope: LogScope): SelectQueryBuilder<LogEntity> {
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
