import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/app-config';
import { ENTITIES } from './entities';
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

export function createDataSource(db: DatabaseConfig): DataSource {
  return new DataSource(dataSourceOptions(db));
}
