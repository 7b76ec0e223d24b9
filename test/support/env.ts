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

const serverKinds = (list: DbKind[]): Exclude<DbKind, 'sqlite'>[] => list.filter((k): k is Exclude<DbKind, 'sqlite'> => k !== 'sqlite');

/**
 * The server databases among them (PostgreSQL, MySQL): the ones run with Redis and several nodes.
 * A local run narrowed to SQLite alone still runs the multi-node suites, on PostgreSQL (an empty
 * list would leave those files without a test, which jest reports as a failure).
 */
export const SERVER_DATABASES: Exclude<DbKind, 'sqlite'>[] = serverKinds(DATABASES).length > 0 ? serverKinds(DATABASES) : ['postgres'];
