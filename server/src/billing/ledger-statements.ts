import type { SqliteConnection, SqliteStatement } from '../database/database.service';
import { NEVER_EXPIRES, TOKEN_ENABLED, TOKEN_EXHAUSTED } from '../tokens/token.entity';
import { BillingError } from './billing.errors';
import { HOLD_HELD } from './hold.entity';
import type { ConsumeLogInput } from './ledger.types';

/*
 * The ledger's hot path as raw SQL: a hold and a settlement are the whole per-request database
 * cost of the relay, and through TypeORM's query builder they were ~10 statements and two
 * transactions (2.9 ms CPU per request on SQLite, 5.2 ms on PostgreSQL). Here a hold and a
 * settlement are each one synchronous better-sqlite3 transaction of prepared statements, or one
 * PostgreSQL statement (data-modifying CTEs, one round trip, atomic on its own).
 *
 * Why the ledger writes the users/tokens/channels/logs rows itself instead of calling those
 * modules' services: one combined statement (PostgreSQL) cannot be assembled from separate
 * service calls, and on SQLite the statements must run synchronously inside one better-sqlite3
 * transaction. So the ledger is the one owner of the hold and settlement statements (the users
 * and tokens services keep no copies; they only credit: UsersService.addQuota, TokensService.refund);
 * channel usage and logs follow ChannelsService.addUsedQuota and LogsService.record, and the
 * ledger e2e suites (test/billing, test/relay) cover both databases.
 */

/** A hold row as it was held (what settlement and refund need). */
export interface ClosedHold {
  userId: number;
  tokenId: number | null;
  amount: number;
}

export interface HoldArgs {
  requestId: string;
  userId: number;
  tokenId: number | null;
  amount: number;
  model: string;
  now: number;
}

export interface SettleArgs {
  requestId: string;
  quota: number;
  channelId: number;
  log: ConsumeLogInput | null;
  logType: number;
  now: number;
}

export interface SettleResult {
  userId: number;
  /** The user's balance after, or null when the user is gone. */
  after: number | null;
}

const LOG_COLUMNS =
  'user_id, type, created_at, content, username, token_name, token_id, model_name, quota, prompt_tokens, ' +
  'completion_tokens, use_time, is_stream, channel_id, token_group, client_ip, request_id, other';

/** A settlement's log row, for a `?`-placeholder driver (SQLite, MySQL). */
export const INSERT_LOG_SQL = `INSERT INTO logs (${LOG_COLUMNS}) VALUES (${Array.from({ length: 18 }, () => '?').join(', ')})`;

/** The values of INSERT_LOG_SQL, in its column order. */
export function logRowValues(userId: number, a: SettleArgs, l: NonNullable<SettleArgs['log']>): unknown[] {
  return [
    userId,
    a.logType,
    a.now,
    l.content,
    l.username,
    l.tokenName,
    l.tokenId,
    l.modelName,
    a.quota,
    l.promptTokens,
    l.completionTokens,
    l.useTime,
    // better-sqlite3 binds no booleans; TypeORM stores them as 0/1 (and MySQL's tinyint too).
    l.isStream ? 1 : 0,
    a.channelId,
    l.tokenGroup,
    l.clientIp,
    a.requestId,
    JSON.stringify(l.other),
  ];
}

interface HoldRowRaw {
  user_id: number | string;
  token_id: number | string | null;
  amount: number | string;
}

function closedHold(row: HoldRowRaw): ClosedHold {
  return { userId: Number(row.user_id), tokenId: row.token_id === null ? null : Number(row.token_id), amount: Number(row.amount) };
}

/**
 * SQLite: the statements prepared once per connection. Every method runs inside
 * DatabaseService.sqliteSync() (synchronously, under the write lock, as one op of a
 * group commit); a throw rolls the whole move back.
 */
export class SqliteLedger {
  private readonly reserveUser: SqliteStatement;
  private readonly reserveToken: SqliteStatement;
  private readonly insertHold: SqliteStatement;
  private readonly closeHold: SqliteStatement;
  private readonly chargeUser: SqliteStatement;
  private readonly creditUserUsage: SqliteStatement;
  private readonly refundUser: SqliteStatement;
  private readonly tokenUp: SqliteStatement;
  private readonly tokenDown: SqliteStatement;
  private readonly channelUsed: SqliteStatement;
  private readonly insertLog: SqliteStatement;
  private readonly checkpointHold: SqliteStatement;

  constructor(readonly conn: SqliteConnection) {
    this.reserveUser = conn.prepare('UPDATE users SET quota = quota - ? WHERE id = ? AND deleted_at IS NULL AND quota > 0 AND quota >= ?');
    this.reserveToken = conn.prepare(
      'UPDATE tokens SET remain_quota = remain_quota - ?, used_quota = used_quota + ? ' +
        'WHERE id = ? AND status = ? AND (expired_time = ? OR expired_time > ?) AND (unlimited_quota OR (remain_quota > 0 AND remain_quota >= ?))',
    );
    this.insertHold = conn.prepare(
      'INSERT INTO holds (request_id, user_id, token_id, amount, status, model_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.closeHold = conn.prepare(
      'UPDATE holds SET status = ?, settled_quota = ?, updated_at = ? WHERE request_id = ? AND status = ? RETURNING user_id, token_id, amount',
    );
    // Every settlement charges its full usage, also below zero: nothing used is forgiven (money rule 7).
    this.chargeUser = conn.prepare(
      'UPDATE users SET quota = quota - ?, used_quota = used_quota + ?, request_count = request_count + 1 WHERE id = ? RETURNING quota',
    );
    this.creditUserUsage = conn.prepare(
      'UPDATE users SET quota = quota + ?, used_quota = used_quota + ?, request_count = request_count + 1 WHERE id = ? RETURNING quota',
    );
    this.refundUser = conn.prepare('UPDATE users SET quota = quota + ? WHERE id = ? AND deleted_at IS NULL');
    this.tokenUp = conn.prepare('UPDATE tokens SET remain_quota = remain_quota - ?, used_quota = used_quota + ? WHERE id = ?');
    // A give-back that lifts an exhausted token above zero enables it again (TokensService.adjust).
    this.tokenDown = conn.prepare(
      'UPDATE tokens SET remain_quota = remain_quota + ?, used_quota = used_quota - ?, ' +
        `status = CASE WHEN status = ${TOKEN_EXHAUSTED} AND (unlimited_quota OR remain_quota + ? > 0) THEN ${TOKEN_ENABLED} ELSE status END WHERE id = ?`,
    );
    this.channelUsed = conn.prepare('UPDATE channels SET used_quota = used_quota + ? WHERE id = ?');
    this.checkpointHold = conn.prepare(SQLITE_CHECKPOINT_SQL);
    this.insertLog = conn.prepare(INSERT_LOG_SQL);
  }

  /** User, then token (unless none), then the row; throws the exact 403 (rolling back) when short. */
  hold(a: HoldArgs): void {
    if (this.reserveUser.run(a.amount, a.userId, a.amount).changes !== 1) throw BillingError.insufficientUserQuota(a.amount);
    if (a.tokenId !== null && this.reserveToken.run(a.amount, a.amount, a.tokenId, TOKEN_ENABLED, NEVER_EXPIRES, a.now, a.amount).changes !== 1) {
      throw BillingError.tokenQuotaExhausted(a.amount);
    }
    this.insertRow(a);
  }

  /** The bare row (the trust bypass holds 0 without reserving). */
  insertRow(a: HoldArgs): void {
    try {
      this.insertHold.run(a.requestId, a.userId, a.tokenId, a.amount, HOLD_HELD, a.model, a.now, a.now);
    } catch (err) {
      if (/unique|primary key/i.test((err as Error).message)) throw BillingError.duplicateRequest();
      throw err;
    }
  }

  /** held -> settled by compare-and-set, then the delta, the counters and the log; null when already closed. */
  settle(a: SettleArgs, closedStatus: string): SettleResult | null {
    const row = this.closeHold.get(closedStatus, a.quota, a.now, a.requestId, HOLD_HELD) as HoldRowRaw | undefined;
    if (!row) return null;
    const hold = closedHold(row);
    const delta = a.quota - hold.amount;
    const after = (delta > 0 ? this.chargeUser.get(delta, a.quota, hold.userId) : this.creditUserUsage.get(-delta, a.quota, hold.userId)) as
      | { quota: number | bigint }
      | undefined;
    if (hold.tokenId !== null && delta !== 0) this.moveToken(hold.tokenId, delta);
    if (a.channelId > 0 && a.quota > 0) this.channelUsed.run(a.quota, a.channelId);
    const l = a.log;
    if (l) {
      this.insertLog.run(...logRowValues(hold.userId, a, l));
    }
    return { userId: hold.userId, after: after ? Number(after.quota) : null };
  }

  /** held -> refunded by compare-and-set, the whole hold given back; false when already closed. */
  refund(requestId: string, closedStatus: string, now: number): boolean {
    const row = this.closeHold.get(closedStatus, 0, now, requestId, HOLD_HELD) as HoldRowRaw | undefined;
    if (!row) return false;
    const hold = closedHold(row);
    if (hold.amount > 0) {
      this.refundUser.run(hold.amount, hold.userId);
      if (hold.tokenId !== null) this.moveToken(hold.tokenId, -hold.amount);
    }
    return true;
  }

  /** Raises the delivered quota of a hold still held (never lowers it). */
  checkpoint(requestId: string, quota: number, channelId: number, now: number): void {
    this.checkpointHold.run(quota, quota, now, channelId, channelId, requestId, HOLD_HELD);
  }

  private moveToken(tokenId: number, delta: number): void {
    if (delta > 0) this.tokenUp.run(delta, delta, tokenId);
    else this.tokenDown.run(-delta, -delta, -delta, tokenId);
  }
}

// Delivered content only grows: an out-of-order checkpoint never lowers it. A channel id of 0
// leaves the recorded channel as it was.
const SQLITE_CHECKPOINT_SQL =
  'UPDATE holds SET checkpoint_quota = CASE WHEN checkpoint_quota < ? THEN ? ELSE checkpoint_quota END, updated_at = ?, ' +
  'channel_id = CASE WHEN ? > 0 THEN ? ELSE channel_id END WHERE request_id = ? AND status = ?';

// ---- PostgreSQL: the batch function ----

/**
 * One op of `sluice_ledger_batch(jsonb)` (migration LedgerBatchFunction documents the fields and
 * results; LedgerBatchFastPath made the function write each hot row once per batch).
 * BillingService sends them in group commits: one round trip and one transaction for all the
 * ops gathered while the previous batch was being written, so concurrent requests never queue
 * on each other's row locks (a busy token is one hot row).
 */
export type PgLedgerOp = Record<string, unknown>;

/** The function's result for a hold. */
export type PgHoldResult = { ok: true } | { e: 'user' | 'token' | 'dup' };

/**
 * At most this many ops per batch: op by op (the function's fallback), each op is a
 * subtransaction, and PostgreSQL caches 64 per transaction.
 */
export const PG_BATCH_MAX = 48;

/** SQLSTATE of a deadlock PostgreSQL broke by failing one transaction: the whole batch rolled back. */
const PG_DEADLOCK = '40P01';

/** Runs a batch again (at most `tries` times in all) when PostgreSQL failed it to break a deadlock. */
export async function retryDeadlock<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= tries || (err as { code?: unknown })?.code !== PG_DEADLOCK) throw err;
    }
  }
}

export const PG_BATCH_SQL = 'SELECT sluice_ledger_batch($1::jsonb) AS r';

export function pgHoldOp(a: HoldArgs): PgLedgerOp {
  return { k: 'hold', r: a.requestId, u: a.userId, t: a.tokenId, a: a.amount, m: a.model, n: a.now, hs: HOLD_HELD, te: TOKEN_ENABLED, ne: NEVER_EXPIRES };
}

export function pgSettleOp(a: SettleArgs, closedStatus: string): PgLedgerOp {
  const l = a.log;
  const log = l
    ? {
        type: a.logType,
        content: l.content,
        username: l.username,
        token_name: l.tokenName,
        token_id: l.tokenId,
        model_name: l.modelName,
        prompt_tokens: l.promptTokens,
        completion_tokens: l.completionTokens,
        use_time: l.useTime,
        is_stream: l.isStream,
        token_group: l.tokenGroup,
        client_ip: l.clientIp,
        other: JSON.stringify(l.other),
      }
    : null;
  return { k: 'settle', r: a.requestId, q: a.quota, n: a.now, c: a.channelId, cs: closedStatus, hs: HOLD_HELD, tx: TOKEN_EXHAUSTED, te: TOKEN_ENABLED, l: log };
}

export function pgRefundOp(requestId: string, closedStatus: string, now: number): PgLedgerOp {
  return { k: 'refund', r: requestId, n: now, cs: closedStatus, hs: HOLD_HELD, tx: TOKEN_EXHAUSTED, te: TOKEN_ENABLED };
}

export function pgCheckpointOp(requestId: string, quota: number, channelId: number, now: number): PgLedgerOp {
  return { k: 'checkpoint', r: requestId, q: quota, c: channelId, n: now, hs: HOLD_HELD };
}

/** An op's error reported by the function ({err, code}), as a thrown Error; other results as they are. */
export function pgOutcome(result: unknown): { ok: true; value: unknown } | { ok: false; err: Error } {
  if (result !== null && typeof result === 'object' && 'err' in result) {
    const r = result as { err: unknown; code?: unknown };
    return { ok: false, err: Object.assign(new Error(String(r.err)), { code: r.code }) };
  }
  return { ok: true, value: result };
}
