import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { MYSQL_MIGRATIONS } from './migrations/mysql';
import { POSTGRES_MIGRATIONS } from './migrations/postgres';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';

export function dataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  if (db.kind === 'postgres') {
    return {
      type: 'postgres',
      url: db.url,
      entities: ENTITIES,
      migrations: POSTGRES_MIGRATIONS,
      migrationsRun: false,
      synchronize: false,
      logging: false,
      extra: { max: 20, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 },
    };
  }
  if (db.kind === 'mysql') {
    return {
      type: 'mysql',
      url: db.url,
      // utf8mb4 on the wire; the tables' own collation (utf8mb4_bin) is set by the migrations.
      charset: 'utf8mb4_bin',
      timezone: 'Z',
      // bigint columns come back as numbers (quota stays far below 2^53; the transformer covers the rest).
      supportBigNumbers: true,
      bigNumberStrings: false,
      // FOUND_ROWS: an UPDATE reports the rows it matched, not only those it changed, so a
      // compare-and-set that writes the value already there still counts as done.
      flags: ['FOUND_ROWS'],
      entities: ENTITIES,
      migrations: MYSQL_MIGRATIONS,
      migrationsRun: false,
      synchronize: false,
      logging: false,
      extra: { connectionLimit: 20, connectTimeout: 5_000 },
    };
  }
  if (db.path !== ':memory:') mkdirSync(dirname(db.path), { recursive: true });
  return {
    type: 'better-sqlite3',
    database: db.path,
    entities: ENTITIES,
    migrations: SQLITE_MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: false,
    enableWAL: true,
    prepareDatabase: (conn: { pragma: (s: string) => unknown }) => {
      conn.pragma('busy_timeout = 5000');
      conn.pragma('synchronous = NORMAL');
      conn.pragma('foreign_keys = ON');
    },
  };
}

/**
 * SQLite: TypeORM's transactions begin IMMEDIATE (the write lock taken at BEGIN, waiting up to
 * busy_timeout for it) instead of DEFERRED. A deferred transaction that reads and then writes
 * fails at once with SQLITE_BUSY when another connection committed in between (a busy wait
 * cannot help it), which happens as soon as several processes share the file (SLUICE_WORKERS).
 * better-sqlite3 has one connection and so one query runner: patched once, every transaction
 * (migrations, `DatabaseService.write`, a repository's save) goes through it.
 */
export function immediateTransactions(ds: DataSource): void {
  const runner = ds.createQueryRunner();
  const query = runner.query.bind(runner);
  runner.query = ((sql: string, ...rest: unknown[]) => query(sql === 'BEGIN TRANSACTION' ? 'BEGIN IMMEDIATE TRANSACTION' : sql, ...(rest as []))) as typeof runner.query;
}

export function createDataSource(db: DatabaseConfig): DataSource {
  return new DataSource(dataSourceOptions(db));
}
