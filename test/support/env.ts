/** Where the real services of this machine are (CI starts them before the tests). */
export const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export type DbKind = 'sqlite' | 'postgres' | 'mysql';

/** The databases every suite runs on (TEST_DATABASES=sqlite to narrow a local run). */
export const DATABASES: DbKind[] = (process.env.TEST_DATABASES ?? 'sqlite,postgres,mysql')
  .split(',')
  .map((s) => s.trim())
  .filter((s): s is DbKind => s === 'sqlite' || s === 'postgres' || s === 'mysql');

/** The server databases among them (PostgreSQL, MySQL): the ones run with Redis and several nodes. */
export const SERVER_DATABASES = DATABASES.filter((k): k is Exclude<DbKind, 'sqlite'> => k !== 'sqlite');
