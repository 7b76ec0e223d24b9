import type { BatchOutcome } from '../common/group-commit';
import type { MysqlConnection } from '../database/database.service';
import { NEVER_EXPIRES, TOKEN_ENABLED, TOKEN_EXHAUSTED } from '../tokens/token.entity';
import { HOLD_HELD } from './hold.entity';
import { INSERT_LOG_SQL, logRowValues, type HoldArgs, type SettleArgs, type SettleResult } from './ledger-statements';

/*
 * The ledger on MySQL / MariaDB: the same moves as SqliteLedger (ledger-statements.ts), as plain
 * statements on one pooled connection. BillingService sends the ops in group commits: one
 * transaction per batch (READ COMMITTED, like PostgreSQL), the rows it can move locked first in id
 * order, a savepoint per op so a refused hold rolls back alone and the others commit. Conditional UPDATEs are judged by their affectedRows,
 * which count matched rows (the connection has FOUND_ROWS; data-source.ts).
 *
 * MySQL evaluates an UPDATE's SET list left to right with the new values: every expression that
 * reads a column another assignment of the same statement changes comes before that assignment.
 */

export type MysqlLedgerOp =
  | { k: 'hold'; a: HoldArgs }
  | { k: 'row'; a: HoldArgs }
  | { k: 'settle'; a: SettleArgs; cs: string }
  | { k: 'refund'; r: string; cs: string; n: number }
  | { k: 'checkpoint'; r: string; q: number; c: number; n: number };

/** A hold's result, as the PostgreSQL function answers it (BillingService.holdPostgres reads both). */
export type MysqlHoldResult = { ok: true } | { e: 'user' | 'token' | 'dup' };

/** Ops per batch (each a savepoint); like PG_BATCH_MAX. */
export const MYSQL_BATCH_MAX = 48;

/** ER_LOCK_DEADLOCK and ER_LOCK_WAIT_TIMEOUT: InnoDB rolled back the transaction (or the statement): the batch runs again. */
const RETRY_ERRNOS = new Set([1213, 1205]);
const ER_DUP_ENTRY = 1062;
const BATCH_TRIES = 12;

interface Header {
  affectedRows: number;
}

/** Thrown inside an op to roll it back to its savepoint with this result. */
class Refused {
  constructor(readonly result: MysqlHoldResult) {}
}

function q(conn: MysqlConnection, sql: string, values: unknown[] = []): Promise<unknown> {
  return new Promise((resolve, reject) => conn.query(sql, values, (err, res) => (err ? reject(err) : resolve(res))));
}

async function affected(conn: MysqlConnection, sql: string, values: unknown[]): Promise<number> {
  return ((await q(conn, sql, values)) as Header).affectedRows;
}

async function first<T>(conn: MysqlConnection, sql: string, values: unknown[]): Promise<T | undefined> {
  return ((await q(conn, sql, values)) as T[])[0];
}

function errno(err: unknown): number | undefined {
  const n = (err as { errno?: unknown })?.errno;
  return typeof n === 'number' ? n : undefined;
}


const RESERVE_USER = 'UPDATE users SET quota = quota - ? WHERE id = ? AND deleted_at IS NULL AND quota > 0 AND quota >= ?';
const RESERVE_TOKEN =
  'UPDATE tokens SET remain_quota = remain_quota - ?, used_quota = used_quota + ? ' +
  'WHERE id = ? AND status = ? AND (expired_time = ? OR expired_time > ?) AND (unlimited_quota OR (remain_quota > 0 AND remain_quota >= ?))';
const INSERT_HOLD = 'INSERT INTO holds (request_id, user_id, token_id, amount, status, model_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';
const CLOSE_HOLD = 'UPDATE holds SET status = ?, settled_quota = ?, updated_at = ? WHERE request_id = ? AND status = ?';
const HOLD_ROW = 'SELECT user_id, token_id, amount FROM holds WHERE request_id = ?';
// Every settlement charges its full usage, also below zero: nothing used is forgiven (money rule 7).
const CHARGE_USER = 'UPDATE users SET quota = quota - ?, used_quota = used_quota + ?, request_count = request_count + 1 WHERE id = ?';
const CREDIT_USER_USAGE = 'UPDATE users SET quota = quota + ?, used_quota = used_quota + ?, request_count = request_count + 1 WHERE id = ?';
const USER_QUOTA = 'SELECT quota FROM users WHERE id = ?';
const REFUND_USER = 'UPDATE users SET quota = quota + ? WHERE id = ? AND deleted_at IS NULL';
const TOKEN_UP = 'UPDATE tokens SET remain_quota = remain_quota - ?, used_quota = used_quota + ? WHERE id = ?';
// A give-back that lifts an exhausted token above zero enables it again (TokensService.adjust); status first (see above).
const TOKEN_DOWN =
  `UPDATE tokens SET status = CASE WHEN status = ${TOKEN_EXHAUSTED} AND (unlimited_quota OR remain_quota + ? > 0) THEN ${TOKEN_ENABLED} ELSE status END, ` +
  'remain_quota = remain_quota + ?, used_quota = used_quota - ? WHERE id = ?';
const CHANNEL_USED = 'UPDATE channels SET used_quota = used_quota + ? WHERE id = ?';
// Delivered content only grows; a channel id of 0 leaves the recorded channel as it was.
const CHECKPOINT =
  'UPDATE holds SET checkpoint_quota = CASE WHEN checkpoint_quota < ? THEN ? ELSE checkpoint_quota END, updated_at = ?, ' +
  'channel_id = CASE WHEN ? > 0 THEN ? ELSE channel_id END WHERE request_id = ? AND status = ?';

interface HoldRowRaw {
  user_id: number | string;
  token_id: number | string | null;
  amount: number | string;
}

async function closeHold(conn: MysqlConnection, requestId: string, closedStatus: string, quota: number, now: number) {
  if ((await affected(conn, CLOSE_HOLD, [closedStatus, quota, now, requestId, HOLD_HELD])) !== 1) return null;
  const row = await first<HoldRowRaw>(conn, HOLD_ROW, [requestId]);
  if (!row) return null;
  return { userId: Number(row.user_id), tokenId: row.token_id === null ? null : Number(row.token_id), amount: Number(row.amount) };
}

async function moveToken(conn: MysqlConnection, tokenId: number, delta: number): Promise<void> {
  if (delta > 0) await q(conn, TOKEN_UP, [delta, delta, tokenId]);
  else await q(conn, TOKEN_DOWN, [-delta, -delta, -delta, tokenId]);
}

/** One op's statements; a Refused throw rolls the op back with that result. */
async function runOp(conn: MysqlConnection, op: MysqlLedgerOp): Promise<unknown> {
  switch (op.k) {
    case 'hold':
    case 'row': {
      const a = op.a;
      if (op.k === 'hold') {
        if ((await affected(conn, RESERVE_USER, [a.amount, a.userId, a.amount])) !== 1) throw new Refused({ e: 'user' });
        if (a.tokenId !== null && (await affected(conn, RESERVE_TOKEN, [a.amount, a.amount, a.tokenId, TOKEN_ENABLED, NEVER_EXPIRES, a.now, a.amount])) !== 1) {
          throw new Refused({ e: 'token' });
        }
      }
      try {
        await q(conn, INSERT_HOLD, [a.requestId, a.userId, a.tokenId, a.amount, HOLD_HELD, a.model, a.now, a.now]);
      } catch (err) {
        if (errno(err) === ER_DUP_ENTRY) throw new Refused({ e: 'dup' });
        throw err;
      }
      return { ok: true };
    }
    case 'settle': {
      const a = op.a;
      const hold = await closeHold(conn, a.requestId, op.cs, a.quota, a.now);
      if (!hold) return null;
      const delta = a.quota - hold.amount;
      const n = await affected(conn, delta > 0 ? CHARGE_USER : CREDIT_USER_USAGE, [Math.abs(delta), a.quota, hold.userId]);
      const after = n === 1 ? await first<{ quota: number | string }>(conn, USER_QUOTA, [hold.userId]) : undefined;
      if (hold.tokenId !== null && delta !== 0) await moveToken(conn, hold.tokenId, delta);
      if (a.channelId > 0 && a.quota > 0) await q(conn, CHANNEL_USED, [a.quota, a.channelId]);
      const l = a.log;
      if (l) {
        await q(conn, INSERT_LOG_SQL, logRowValues(hold.userId, a, l));
      }
      const result: SettleResult = { userId: hold.userId, after: after ? Number(after.quota) : null };
      return result;
    }
    case 'refund': {
      const hold = await closeHold(conn, op.r, op.cs, 0, op.n);
      if (!hold) return false;
      if (hold.amount > 0) {
        await q(conn, REFUND_USER, [hold.amount, hold.userId]);
        if (hold.tokenId !== null) await moveToken(conn, hold.tokenId, -hold.amount);
      }
      return true;
    }
    case 'checkpoint':
      await q(conn, CHECKPOINT, [op.q, op.q, op.n, op.c, op.c, op.r, HOLD_HELD]);
      return undefined;
  }
}

/**
 * Locks every user, token and channel row the batch can move, each table in id order, before any
 * op runs: batches of several nodes then meet their rows in one order and wait for each other
 * instead of deadlocking (the users and tokens of settlements and refunds are read from their holds).
 */
async function lockInOrder(conn: MysqlConnection, ops: MysqlLedgerOp[]): Promise<void> {
  const users = new Set<number>();
  const tokens = new Set<number>();
  const channels = new Set<number>();
  const closing: string[] = [];
  for (const op of ops) {
    if (op.k === 'hold') {
      users.add(op.a.userId);
      if (op.a.tokenId !== null) tokens.add(op.a.tokenId);
    } else if (op.k === 'settle') {
      closing.push(op.a.requestId);
      if (op.a.channelId > 0 && op.a.quota > 0) channels.add(op.a.channelId);
    } else if (op.k === 'refund') closing.push(op.r);
  }
  if (closing.length > 0) {
    const rows = (await q(conn, 'SELECT user_id, token_id FROM holds WHERE request_id IN (?) AND status = ?', [closing, HOLD_HELD])) as HoldRowRaw[];
    for (const r of rows) {
      users.add(Number(r.user_id));
      if (r.token_id !== null) tokens.add(Number(r.token_id));
    }
  }
  const tables: [string, Set<number>][] = [
    ['users', users],
    ['tokens', tokens],
    ['channels', channels],
  ];
  for (const [table, ids] of tables) {
    if (ids.size > 0) await q(conn, `SELECT id FROM ${table} WHERE id IN (?) ORDER BY id FOR UPDATE`, [[...ids].sort((x, y) => x - y)]);
  }
}

/** Rolls the batch back and tells the caller to run it again. */
class RetryBatch {
  constructor(readonly err: unknown) {}
}

/** Pooled connections already in READ COMMITTED for the session (one round trip per connection, not per batch). */
const readCommitted = new WeakSet<MysqlConnection>();

async function runBatchOnce(conn: MysqlConnection, ops: MysqlLedgerOp[]): Promise<BatchOutcome[]> {
  if (!readCommitted.has(conn)) {
    await q(conn, 'SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED');
    readCommitted.add(conn);
  }
  await q(conn, 'START TRANSACTION');
  const outcomes: BatchOutcome[] = [];
  const lone = ops.length === 1;
  try {
    try {
      if (!lone) await lockInOrder(conn, ops);
    } catch (err) {
      const n = errno(err);
      throw n !== undefined && RETRY_ERRNOS.has(n) ? new RetryBatch(err) : err;
    }
    for (const op of ops) {
      if (!lone) await q(conn, 'SAVEPOINT sluice_op');
      try {
        const value = await runOp(conn, op);
        outcomes.push({ ok: true, value });
      } catch (err) {
        const n = errno(err);
        if (n !== undefined && RETRY_ERRNOS.has(n)) throw new RetryBatch(err);
        // This op's statements only (a lone op: the whole transaction, which held nothing else).
        if (!lone) await q(conn, 'ROLLBACK TO SAVEPOINT sluice_op');
        else await q(conn, 'ROLLBACK');
        outcomes.push(err instanceof Refused ? { ok: true, value: err.result } : { ok: false, err });
        if (lone) return outcomes;
      }
    }
    await q(conn, 'COMMIT');
    return outcomes;
  } catch (err) {
    await q(conn, 'ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/**
 * One transaction for the batch. A deadlock or lock timeout (another node's batch, or a write of
 * another module holding rows in the other order) rolled it back: it runs again after a short
 * random pause (so the two do not meet again in step), up to BATCH_TRIES times.
 */
export async function runMysqlLedgerBatch(conn: MysqlConnection, ops: MysqlLedgerOp[]): Promise<BatchOutcome[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runBatchOnce(conn, ops);
    } catch (err) {
      if (!(err instanceof RetryBatch)) throw err;
      if (attempt >= BATCH_TRIES) throw err.err;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}
