import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Mutex } from '../common/mutex';

export type DbKind = 'sqlite' | 'postgres';

/** The slice of better-sqlite3's API the hot paths use (the package ships no types here). */
export interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}
interface PgPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
}

/**
 * Owns the data source. Every write goes through `write()`:
 * on PostgreSQL it is a transaction from the pool; on SQLite, which has one connection
 * (better-sqlite3) and one writer, writes are queued so a statement can never land inside
 * another request's open transaction.
 */
@Injectable()
export class DatabaseService implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private readonly writeLock = new Mutex();
  readonly kind: DbKind;

  constructor(
    readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.kind = config.database.kind;
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async write<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    if (this.kind === 'postgres') return this.dataSource.transaction(fn);
    return this.writeLock.run(() => this.dataSource.transaction(fn));
  }

  /**
   * SQLite only: runs `fn` synchronously in one better-sqlite3 transaction on the data source's
   * own connection, queued behind the same write lock as `write()` so nothing interleaves. For
   * hot paths (the ledger) where TypeORM's per-statement overhead is most of the cost; a throw
   * inside `fn` rolls everything back.
   */
  async sqliteSync<T>(fn: (conn: SqliteConnection) => T): Promise<T> {
    if (this.kind !== 'sqlite') throw new Error('sqliteSync() on a PostgreSQL data source');
    return this.writeLock.run(async () => {
      const conn = (this.dataSource.driver as unknown as { databaseConnection: SqliteConnection }).databaseConnection;
      try {
        return conn.transaction(fn)(conn);
      } catch (err) {
        if (err instanceof Error) throw err;
        // better-sqlite3's native addon is loaded once per process and keeps the SqliteError
        // class of the first module registry that loaded it (jest gives every test file its own):
        // such an error is no `instanceof Error` here. Hand callers a local Error.
        const e = err as { message?: unknown; code?: unknown };
        throw Object.assign(new Error(String(e.message ?? err)), { code: e.code, cause: err });
      }
    });
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
    if (this.kind !== 'postgres') throw new Error('pgStatement() on a SQLite data source');
    const pool = (this.dataSource.driver as unknown as { master: PgPool | undefined }).master;
    if (!pool || !this.dataSource.isInitialized) throw new Error('the database is not connected');
    const res = await pool.query({ name, text, values });
    return res.rows as R[];
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

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
