import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { GroupCommit, type BatchOutcome } from '../common/group-commit';
import { Mutex } from '../common/mutex';
import { SqliteReader } from './sqlite-reader';
import { WalCheckpointer } from './wal-checkpointer';

export type DbKind = 'sqlite' | 'postgres' | 'mysql';

type SyncOp = (conn: SqliteConnection) => unknown;

/**
 * How long a deferred write (the ledger's settlements: `sqliteSync(fn, { deferred: true })`, and
 * on PostgreSQL when its ledger is idle) waits to share its commit with the others of that time.
 * The balance shows a settlement this much later; the hold keeps the money reserved until then,
 * and a crash in between is what the hold sweeper is for. 50 ms gathers a few dozen settlements
 * per commit at a busy process's rate (with several processes on one SQLite file, each commit of
 * one empties the page cache of the others, so fewer, larger commits count twice; bench/README.md).
 */
export const DEFERRED_WRITE_MS = 50;

/** Per connection: the batch runner (statements prepared once). */
const groupCommits = new WeakMap<SqliteConnection, (ops: SyncOp[]) => BatchOutcome[]>();

/** An op's own throw inside the optimistic transaction (told apart from BEGIN or COMMIT failing). */
class OpFailed {
  constructor(readonly err: unknown) {}
}

/**
 * One transaction per batch. First optimistically, every op straight in the transaction: a
 * savepoint per op makes SQLite copy each page the op touches into the statement journal (a
 * 4 KB write per page per op, about an eighth of the gateway's CPU at 32 concurrent requests). If
 * any op throws, that transaction is rolled back whole and the batch runs again with one
 * savepoint per op, so the failing op rolls back alone and the others commit. An op may therefore
 * run twice; its first run left nothing behind.
 */
function groupCommit(conn: SqliteConnection): (ops: SyncOp[]) => BatchOutcome[] {
  let run = groupCommits.get(conn);
  if (run) return run;
  const savepoint = conn.prepare('SAVEPOINT sluice_op');
  const release = conn.prepare('RELEASE sluice_op');
  const rollbackTo = conn.prepare('ROLLBACK TO sluice_op');
  const optimistic = conn.transaction((ops: SyncOp[]) =>
    ops.map((op): BatchOutcome => {
      try {
        return { ok: true, value: op(conn) };
      } catch (err) {
        throw new OpFailed(err);
      }
    }),
  );
  const isolated = conn.transaction((ops: SyncOp[]) =>
    ops.map((op): BatchOutcome => {
      savepoint.run();
      try {
        const value = op(conn);
        release.run();
        return { ok: true, value };
      } catch (err) {
        // Undo this op's statements only; RELEASE then drops the (now empty) savepoint.
        rollbackTo.run();
        release.run();
        return { ok: false, err: localError(err) };
      }
    }),
  );
  // IMMEDIATE: the write lock is taken at BEGIN (waiting up to busy_timeout while another process
  // of a cluster writes), so no statement of the batch can meet SQLITE_BUSY half-way.
  run = (ops) => {
    try {
      return optimistic.immediate(ops);
    } catch (err) {
      if (!(err instanceof OpFailed)) throw err;
      // Rolled back: nothing of the batch is written. A lone op needs no second run.
      if (ops.length === 1) return [{ ok: false, err: localError(err.err) }];
      return isolated.immediate(ops);
    }
  };
  groupCommits.set(conn, run);
  return run;
}

/**
 * better-sqlite3's native addon is loaded once per process and keeps the SqliteError class of the
 * first module registry that loaded it (jest gives every test file its own): such an error is no
 * `instanceof Error` here. Callers get a local Error with the same message and code.
 */
function localError(err: unknown): Error {
  if (err instanceof Error) return err;
  const e = err as { message?: unknown; code?: unknown };
  return Object.assign(new Error(String(e?.message ?? err)), { code: e?.code, cause: err });
}

/** The slice of better-sqlite3's API the hot paths use (the package ships no types here). */
export interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}
interface PgPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
/** The slice of a mysql2 (callback API) pooled connection the ledger uses. */
export interface MysqlConnection {
  query(sql: string, values: unknown[], cb: (err: Error | null, result: unknown) => void): void;
  release(): void;
}
interface MysqlPool {
  getConnection(cb: (err: Error | null, conn: MysqlConnection) => void): void;
}
export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  pragma(source: string, options?: { simple?: boolean }): unknown;
  transaction<A extends unknown[], R>(fn: (...args: A) => R): ((...args: A) => R) & { immediate: (...args: A) => R };
}

/**
 * Owns the data source. Every write goes through `write()`:
 * on PostgreSQL and MySQL it is a transaction from the pool; on SQLite, which has one connection
 * (better-sqlite3) and one writer, writes are queued so a statement can never land inside
 * another request's open transaction.
 */
@Injectable()
export class DatabaseService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private readonly writeLock = new Mutex();
  /** sqliteSync() calls: one transaction per batch, under the write lock. */
  private readonly sqliteBatches = new GroupCommit<SyncOp>(
    (ops) =>
      this.writeLock.run(async () => {
        try {
          return groupCommit(this.sqliteConnection)(ops);
        } catch (err) {
          // No connection, or BEGIN or COMMIT failed: nothing of the batch is written.
          throw localError(err);
        }
      }),
    Number.POSITIVE_INFINITY,
    DEFERRED_WRITE_MS,
  );
  readonly kind: DbKind;
  /** SQLite file (null: PostgreSQL or in memory). */
  private readonly sqlitePath: string | null;
  private checkpointer: WalCheckpointer | null = null;
  /** The thread for long reads (`rawOffLoop`), started on first use; null: not started, or could not start. */
  private reader: Promise<SqliteReader | null> | null = null;
  /** Shutdown has begun: no reader thread starts any more (its stop is under way or done). */
  private closing = false;
  /** False in the processes of a cluster but the first: process 0 checkpoints for all (once per installation). */
  private readonly runsCheckpointer: boolean;
  /** Other services' group commits (the ledger's on PostgreSQL), written out before the connection closes. */
  private readonly heldBack: (() => Promise<void>)[] = [];

  constructor(
    readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.kind = config.database.kind;
    this.sqlitePath = config.database.kind === 'sqlite' && config.database.path !== ':memory:' ? config.database.path : null;
    this.runsCheckpointer = config.clusterIndex === null || config.clusterIndex === 0;
  }

  async onModuleInit(): Promise<void> {
    if (this.sqlitePath === null) return;
    if (!this.runsCheckpointer) {
      // Process 0's checkpointer thread keeps the WAL short; commits here never checkpoint on the event loop.
      this.sqliteConnection.pragma('wal_autocheckpoint = 0');
      return;
    }
    this.checkpointer = await WalCheckpointer.start(this.sqlitePath, this.sqliteConnection, (msg) => this.logger.warn(msg));
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async write<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    if (this.kind === 'postgres') return this.dataSource.transaction(fn);
    // READ COMMITTED like PostgreSQL's default: no gap locks, each statement sees the latest commits.
    if (this.kind === 'mysql') return this.dataSource.transaction('READ COMMITTED', fn);
    return this.writeLock.run(() => this.dataSource.transaction(fn));
  }

  /**
   * SQLite only: runs `fn` synchronously on the data source's own connection, atomically, queued
   * behind the same write lock as `write()` so nothing interleaves. For hot paths (the ledger)
   * where TypeORM's per-statement overhead is most of the cost.
   *
   * Group commit: the calls made while the lock is busy (or in the same turn of the event loop)
   * run together in one transaction. A throw inside `fn` rolls back that call's statements only
   * and rejects that call; the others commit. `fn` must only run statements (no other side
   * effects): when a call of the batch throws, the batch runs again with a savepoint per call.
   * Every call resolves only after the COMMIT that holds its statements, so a resolved call is as
   * durable as before; what the batch saves is the commit (WAL frames, checkpoints) once per call.
   *
   * `deferred`: for a write nobody is waiting on (a settlement after the answer went out). It
   * waits up to DEFERRED_WRITE_MS and commits with the other deferred writes of that time, never
   * inside the commit a waiting call is in (GroupCommit.submitDeferred).
   */
  sqliteSync<T>(fn: (conn: SqliteConnection) => T, options: { deferred?: boolean } = {}): Promise<T> {
    if (this.kind !== 'sqlite') return Promise.reject(new Error(`sqliteSync() on a ${this.kind} data source`));
    return options.deferred ? this.sqliteBatches.submitDeferred<T>(fn) : this.sqliteBatches.submit<T>(fn);
  }

  /** The raw better-sqlite3 connection (SQLite only): for preparing statements once. */
  get sqliteConnection(): SqliteConnection {
    return (this.dataSource.driver as unknown as { databaseConnection: SqliteConnection }).databaseConnection;
  }

  /**
   * PostgreSQL only: one statement straight on the pool, in its own implicit transaction (one
   * round trip, no BEGIN/COMMIT), as a named prepared statement so each pooled connection parses
   * and plans it once. For hot paths whose single statement is atomic on its own (the ledger).
   */
  async pgStatement<R>(name: string, text: string, values: unknown[]): Promise<R[]> {
    if (this.kind !== 'postgres') throw new Error(`pgStatement() on a ${this.kind} data source`);
    const pool = (this.dataSource.driver as unknown as { master: PgPool | undefined }).master;
    if (!pool || !this.dataSource.isInitialized) throw new Error('the database is not connected');
    const res = await pool.query({ name, text, values });
    return res.rows as R[];
  }

  /**
   * MySQL only: a connection of the data source's own pool for `fn`, given back after (for hot
   * paths that run their own transaction: the ledger's batches).
   */
  async mysqlConnection<R>(fn: (conn: MysqlConnection) => Promise<R>): Promise<R> {
    if (this.kind !== 'mysql') throw new Error(`mysqlConnection() on a ${this.kind} data source`);
    const pool = (this.dataSource.driver as unknown as { pool: MysqlPool | undefined }).pool;
    if (!pool || !this.dataSource.isInitialized) throw new Error('the database is not connected');
    const conn = await new Promise<MysqlConnection>((resolve, reject) => pool.getConnection((err, c) => (err ? reject(err) : resolve(c))));
    try {
      return await fn(conn);
    } finally {
      conn.release();
    }
  }

  /**
   * The raw rows of a long read (a scan or aggregate over a large table), as `qb.getRawMany()`
   * gives them. better-sqlite3 reads on the calling thread, so on a SQLite file such a statement
   * runs in a worker thread with its own read-only connection (`SqliteReader`) and the event loop
   * keeps serving meanwhile; it sees every commit made before it starts. In memory, if the thread
   * cannot run, and on PostgreSQL and MySQL (whose drivers wait on a socket) it is `getRawMany()`.
   */
  async rawOffLoop<T extends ObjectLiteral>(qb: SelectQueryBuilder<ObjectLiteral>): Promise<T[]> {
    if (this.sqlitePath !== null && !this.closing && this.dataSource.isInitialized) {
      const reader = await (this.reader ??= SqliteReader.start(this.sqlitePath, (msg) => this.logger.warn(msg)));
      if (reader?.alive) {
        const [sql, params] = qb.getQueryAndParameters();
        try {
          return await reader.all<T>(sql, params);
        } catch (err) {
          if (reader.alive) throw err;
          // The thread ended under the read: once more on the main connection.
        }
      }
    }
    return qb.getRawMany<T>();
  }

  /** Affected rows of an UPDATE/DELETE run through the query builder. */
  static affected(result: { affected?: number | null }): number {
    return result.affected ?? 0;
  }

  async ping(): Promise<boolean> {
    try {
      await this.dataSource.query('SELECT 1');
      return true;
    } catch (err) {
      this.logger.warn(`database ping failed: ${(err as Error).message}`);
      return false;
    }
  }

  /** `flush` runs at shutdown before the connection closes: a group commit's waiting and deferred writes. */
  flushOnClose(flush: () => Promise<void>): void {
    this.heldBack.push(flush);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    // The HTTP server has closed by now: the last answers' settlements are all submitted.
    await Promise.allSettled([this.sqliteBatches.flushAll(), ...this.heldBack.map((f) => f())]);
    await this.checkpointer?.stop();
    this.checkpointer = null;
    const reader = await this.reader;
    this.reader = null;
    await reader?.stop();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
