import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { createConnection } from 'mysql2/promise';
import { Client } from 'pg';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig, type AppConfig } from '../../server/src/config/app-config';
import { createHttpApp } from '../../server/src/bootstrap';
import { MYSQL_URL, PG_URL, REDIS_URL, type DbKind } from './env';

export interface TestDatabase {
  kind: DbKind;
  /** DATABASE_URL for this database. */
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database: a temp SQLite file or a new PostgreSQL or MySQL database. */
export async function createDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-test-'));
    return { kind, url: `sqlite:${join(dir, 'test.sqlite')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `sluice_t_${randomBytes(6).toString('hex')}`;
  if (kind === 'mysql') return createMysqlDatabase(name);
  const admin = new Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A new MySQL / MariaDB database in utf8mb4 (the server's default charset may be anything). */
async function createMysqlDatabase(name: string): Promise<TestDatabase> {
  const admin = await createConnection(MYSQL_URL);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  await admin.end();
  const url = new URL(MYSQL_URL);
  url.pathname = `/${name}`;
  return {
    kind: 'mysql',
    url: url.toString(),
    drop: async () => {
      const c = await createConnection(MYSQL_URL);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

export interface TestAppOptions {
  redis?: boolean;
  /** Share a database with another app (multi-node tests). */
  database?: TestDatabase;
  /** Share a Redis prefix with another app (multi-node tests). */
  redisPrefix?: string;
  env?: Record<string, string>;
}

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  url: string;
  database: TestDatabase;
  redisPrefix: string;
  close(): Promise<void>;
}

/**
 * Boots the real application on a loopback port. Rate limits are lifted unless a test sets them.
 */
export async function startApp(kind: DbKind, opts: TestAppOptions = {}): Promise<TestApp> {
  const database = opts.database ?? (await createDatabase(kind));
  const ownsDatabase = !opts.database;
  const redisPrefix = opts.redisPrefix ?? `sluice-test-${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    ENCRYPTION_KEY: 'test-encryption-key-0123456789abcdef',
    LOG_LEVEL: 'error',
    CONSOLE_DIST: 'off',
    GLOBAL_API_RATE_LIMIT: '0',
    GLOBAL_WEB_RATE_LIMIT: '0',
    CRITICAL_RATE_LIMIT: '0',
    REDIS_PREFIX: redisPrefix,
    ...(opts.redis ? { REDIS_URL } : {}),
    ...opts.env,
  };
  const config = loadConfig(env, process.cwd());
  const app = await createHttpApp(config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    config,
    url: `http://127.0.0.1:${port}`,
    database,
    redisPrefix,
    close: async () => {
      await app.close();
      if (ownsDatabase) await database.drop();
      if (opts.redis && !opts.redisPrefix) await clearRedisPrefix(redisPrefix);
    },
  };
}

/** Nodes of one deployment: apps sharing one fresh PostgreSQL database and one Redis prefix. */
export interface TestNodes {
  nodes: TestApp[];
  database: TestDatabase;
  redisPrefix: string;
  /** Stops every node, drops the database and clears the Redis keys. */
  close(): Promise<void>;
}

/** Boots `count` nodes (multi-node tests) on one database, one after the other so only the first migrates. */
export async function startNodes(count: number, kind: Exclude<DbKind, 'sqlite'> = 'postgres'): Promise<TestNodes> {
  const database = await createDatabase(kind);
  const redisPrefix = `sluice-test-${randomBytes(4).toString('hex')}`;
  const nodes: TestApp[] = [];
  for (let i = 0; i < count; i++) nodes.push(await startApp(kind, { redis: true, database, redisPrefix }));
  return {
    nodes,
    database,
    redisPrefix,
    close: async () => {
      for (const n of nodes) await n.close();
      await database.drop();
      await clearRedisPrefix(redisPrefix);
    },
  };
}

export async function clearRedisPrefix(prefix: string): Promise<void> {
  const r = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await r.del(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}

/** Which Redis a database kind is paired with in the matrix: PostgreSQL and MySQL with Redis, SQLite without. */
export function matrixOptions(kind: DbKind): TestAppOptions {
  return { redis: kind !== 'sqlite' };
}
