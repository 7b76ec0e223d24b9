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
 * transaction. The statements are the same conditional moves those services make
 * (UsersService.reserveQuota/recordConsumption/addQuota, TokensService.reserve/adjust,
 * ChannelsService.addUsedQuota, LogsService.record); a change to one of those rules must be
 * mirrored here, and the ledger e2e suites (test/billing, test/relay) cover both paths.
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
 * DatabaseService.sqliteSync() (one synchronous transaction under the write lock); a throw rolls
 * the whole move back.
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
        'WHERE id = ? AND status = ? AND (expired_time = ? OR expired_time > ?) AND (unlimited_quota OR remain_quota >= ?)',
    );
    this.insertHold = conn.prepare(
      'INSERT INTO holds (request_id, user_id, token_id, amount, status, model_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.closeHold = conn.prepare(
      'UPDATE holds SET status = ?, settled_quota = ?, updated_at = ? WHERE request_id = ? AND status = ? RETURNING user_id, token_id, amount',
    );
    // A positive delta is charged only while the balance is not already negative (money rule 7).
    this.chargeUser = conn.prepare(
      'UPDATE users SET quota = CASE WHEN quota >= 0 THEN quota - ? ELSE quota END, used_quota = used_quota + ?, ' +
        'request_count = request_count + 1 WHERE id = ? RETURNING quota',
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
    this.insertLog = conn.prepare(`INSERT INTO logs (${LOG_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
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
      this.insertLog.run(
        hold.userId,
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
        // better-sqlite3 binds no booleans; TypeORM stores them as 0/1.
        l.isStream ? 1 : 0,
        a.channelId,
        l.tokenGroup,
        l.clientIp,
        a.requestId,
        JSON.stringify(l.other),
      );
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

// ---- PostgreSQL: one statement per move ----

/** The same checkpoint, with the hold's relaxed commit (see BillingService.relaxedCommit). */
export const PG_CHECKPOINT_SQL =
  'UPDATE holds SET checkpoint_quota = CASE WHEN checkpoint_quota < $1::bigint THEN $1::bigint ELSE checkpoint_quota END, ' +
  'updated_at = $2::bigint, channel_id = CASE WHEN $3::integer > 0 THEN $3::integer ELSE channel_id END ' +
  "WHERE request_id = $4::varchar AND status = $5::varchar AND set_config('synchronous_commit', 'off', true) IS NOT NULL";

/**
 * A hold in one round trip: reserve the user conditionally, then the token (unless none) only
 * if the user was reserved, then the row only if both were. A user reserved without its token
 * must not stay reserved: the guard divides by zero in that case, which aborts the statement
 * (and with it the user's reservation); the caller maps that error to token_quota_exhausted.
 * The statement runs in its own implicit transaction, so it is all or nothing.
 *
 * $1 amount, $2 user, $3 token (null: none), $4 enabled status, $5 never-expires, $6 now,
 * $7 request id, $8 held status, $9 model.
 */
export const PG_HOLD_SQL = `WITH u AS (
  UPDATE users SET quota = quota - $1::bigint
  WHERE id = $2::integer AND deleted_at IS NULL AND quota > 0 AND quota >= $1::bigint
  RETURNING id
), t AS (
  UPDATE tokens SET remain_quota = remain_quota - $1::bigint, used_quota = used_quota + $1::bigint
  WHERE id = $3::integer AND EXISTS (SELECT 1 FROM u) AND status = $4::integer
    AND (expired_time = $5::bigint OR expired_time > $6::bigint) AND (unlimited_quota OR remain_quota >= $1::bigint)
  RETURNING id
), h AS (
  INSERT INTO holds (request_id, user_id, token_id, amount, status, model_name, created_at, updated_at)
  SELECT $7::varchar, $2::integer, $3::integer, $1::bigint, $8::varchar, $9::varchar, $6::bigint, $6::bigint
  WHERE EXISTS (SELECT 1 FROM u) AND ($3::integer IS NULL OR EXISTS (SELECT 1 FROM t))
  RETURNING 1
)
SELECT EXISTS (SELECT 1 FROM u) AS user_ok,
  1 / (CASE WHEN EXISTS (SELECT 1 FROM u) AND $3::integer IS NOT NULL AND NOT EXISTS (SELECT 1 FROM t) THEN 0 ELSE 1 END) AS guard
WHERE set_config('synchronous_commit', 'off', true) IS NOT NULL`;

/** PostgreSQL's division_by_zero: only PG_HOLD_SQL's guard divides. */
export const PG_DIVISION_BY_ZERO = '22012';

export function pgHoldParams(a: HoldArgs): unknown[] {
  return [a.amount, a.userId, a.tokenId, TOKEN_ENABLED, NEVER_EXPIRES, a.now, a.requestId, HOLD_HELD, a.model];
}

/**
 * A settlement (or refund) in one statement: the compare-and-set out of `held` feeds every
 * other move, so when another call already closed the hold nothing else happens. Settlements
 * keep synchronous commits.
 *
 * $1 closed status, $2 final quota (0 for a refund), $3 now, $4 request id, $5 held status,
 * $6 channel id, and for a settlement with a log $7.. the log's fields.
 */
function pgCloseSql(kind: 'settle' | 'refund', withLog: boolean): string {
  const close = `c AS (
  UPDATE holds SET status = $1::varchar, settled_quota = $2::bigint, updated_at = $3::bigint
  WHERE request_id = $4::varchar AND status = $5::varchar
  RETURNING user_id, token_id, amount, $2::bigint - amount AS delta
)`;
  // The token moves by the delta; a give-back re-enables an exhausted token it lifts above zero.
  const token = `t AS (
  UPDATE tokens SET remain_quota = remain_quota - c.delta, used_quota = used_quota + c.delta,
    status = CASE WHEN c.delta < 0 AND status = ${TOKEN_EXHAUSTED} AND (unlimited_quota OR remain_quota - c.delta > 0) THEN ${TOKEN_ENABLED} ELSE status END
  FROM c WHERE tokens.id = c.token_id AND c.delta <> 0
  RETURNING 1
)`;
  if (kind === 'refund') {
    return `WITH ${close}, u AS (
  UPDATE users SET quota = users.quota - c.delta FROM c WHERE users.id = c.user_id AND users.deleted_at IS NULL AND c.delta < 0
  RETURNING users.quota
), ${token}
SELECT c.user_id, c.token_id, c.amount, (SELECT quota FROM u) AS after, $6::integer AS channel FROM c`;
  }
  const log = withLog
    ? `, l AS (
  INSERT INTO logs (${LOG_COLUMNS})
  SELECT c.user_id, $7::integer, $3::bigint, $8::text, $9::varchar, $10::varchar, $11::integer, $12::varchar, $2::bigint, $13::integer,
    $14::integer, $15::integer, $16::boolean, $6::integer, $17::varchar, $18::varchar, $4::varchar, $19::text FROM c
  RETURNING 1
)`
    : '';
  // A positive delta is charged only while the balance is not already negative (money rule 7).
  return `WITH ${close}, u AS (
  UPDATE users SET quota = CASE WHEN c.delta > 0 THEN (CASE WHEN users.quota >= 0 THEN users.quota - c.delta ELSE users.quota END) ELSE users.quota - c.delta END,
    used_quota = users.used_quota + $2::bigint, request_count = users.request_count + 1
  FROM c WHERE users.id = c.user_id
  RETURNING users.quota
), ${token}, ch AS (
  UPDATE channels SET used_quota = used_quota + $2::bigint
  WHERE id = $6::integer AND $6::integer > 0 AND $2::bigint > 0 AND EXISTS (SELECT 1 FROM c)
  RETURNING 1
)${log}
SELECT c.user_id, (SELECT quota FROM u) AS after FROM c`;
}

export const PG_SETTLE_SQL = pgCloseSql('settle', false);
export const PG_SETTLE_LOG_SQL = pgCloseSql('settle', true);
export const PG_REFUND_SQL = pgCloseSql('refund', false);

export function pgSettleParams(a: SettleArgs, closedStatus: string): unknown[] {
  const base: unknown[] = [closedStatus, a.quota, a.now, a.requestId, HOLD_HELD, a.channelId];
  const l = a.log;
  if (!l) return base;
  base.push(
    a.logType,
    l.content,
    l.username,
    l.tokenName,
    l.tokenId,
    l.modelName,
    l.promptTokens,
    l.completionTokens,
    l.useTime,
    l.isStream,
    l.tokenGroup,
    l.clientIp,
    JSON.stringify(l.other),
  );
  return base;
}

export function pgRefundParams(requestId: string, closedStatus: string, now: number): unknown[] {
  return [closedStatus, 0, now, requestId, HOLD_HELD, 0];
}
