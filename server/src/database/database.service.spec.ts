import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { DatabaseService } from './database.service';
import { SqliteReader } from './sqlite-reader';

/** A SQLite data source on `path` (a file, or ':memory:') with one small table, and its service. */
async function open(path: string): Promise<{ ds: DataSource; db: DatabaseService }> {
  const ds = new DataSource({ type: 'better-sqlite3', database: path, enableWAL: path !== ':memory:' });
  await ds.initialize();
  await ds.query('CREATE TABLE t (id INTEGER PRIMARY KEY, g TEXT NOT NULL, v INTEGER NOT NULL)');
  await ds.transaction(async (em) => {
    for (let i = 0; i < 300; i++) await em.query('INSERT INTO t (g, v) VALUES (?, ?)', [i % 2 === 0 ? 'even' : 'odd', i]);
  });
  const config = { database: { kind: 'sqlite', path }, clusterIndex: null } as unknown as AppConfig;
  return { ds, db: new DatabaseService(ds, config) };
}

/** The grouped read of the tests, as a query builder with named parameters. */
const grouped = (ds: DataSource) =>
  ds
    .createQueryBuilder()
    .select('t.g', 'g')
    .addSelect('COUNT(*)', 'n')
    .addSelect('SUM(t.v)', 's')
    .from('t', 't')
    .where('t.v >= :min AND t.v < :max', { min: 10, max: 200 })
    .groupBy('t.g')
    .orderBy('t.g');

describe('DatabaseService.rawOffLoop', () => {
  let dir: string;
  let spy: jest.SpyInstance;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sluice-db-'));
    spy = jest.spyOn(SqliteReader.prototype, 'all');
  });
  afterEach(() => {
    spy.mockRestore();
    rmSync(dir, { recursive: true, force: true });
  });

  it("on a SQLite file: the reader thread answers, with getRawMany's rows", async () => {
    const { ds, db } = await open(join(dir, 'db.sqlite'));
    try {
      const expected = await grouped(ds).getRawMany();
      expect(expected).toEqual([
        { g: 'even', n: 95, s: expect.any(Number) },
        { g: 'odd', n: 95, s: expect.any(Number) },
      ]);
      await expect(db.rawOffLoop(grouped(ds))).resolves.toEqual(expected);
      expect(spy).toHaveBeenCalledTimes(1);
      // A commit made before the next read is in it.
      await ds.query('INSERT INTO t (g, v) VALUES (?, ?)', ['odd', 50]);
      const after = await db.rawOffLoop<{ g: string; n: number }>(grouped(ds));
      expect(after.find((r) => r.g === 'odd')?.n).toBe(96);
      // A bad statement is the caller's error, not a silent fall-back.
      await expect(db.rawOffLoop(ds.createQueryBuilder().select('nope').from('t', 't'))).rejects.toThrow(/no such column/);
    } finally {
      await db.onApplicationShutdown();
    }
    expect(ds.isInitialized).toBe(false);
  });

  it('in memory (no file a second connection could open): getRawMany on the main connection', async () => {
    const { ds, db } = await open(':memory:');
    try {
      await expect(db.rawOffLoop(grouped(ds))).resolves.toEqual(await grouped(ds).getRawMany());
      expect(spy).not.toHaveBeenCalled();
    } finally {
      await db.onApplicationShutdown();
    }
  });

  it('once shutdown has begun no thread starts: the read runs on the main connection while it is open', async () => {
    const { ds, db } = await open(join(dir, 'db.sqlite'));
    const start = jest.spyOn(SqliteReader, 'start');
    try {
      const expected = await grouped(ds).getRawMany();
      const closed = db.onApplicationShutdown();
      const late = db.rawOffLoop(grouped(ds));
      await expect(late).resolves.toEqual(expected);
      await closed;
      expect(start).not.toHaveBeenCalled();
      expect(ds.isInitialized).toBe(false);
    } finally {
      start.mockRestore();
    }
  });

  it('when the thread has ended, the read runs on the main connection', async () => {
    const { ds, db } = await open(join(dir, 'db.sqlite'));
    try {
      const expected = await grouped(ds).getRawMany();
      await db.rawOffLoop(grouped(ds));
      // Stop the service's reader behind its back (as if the thread had died).
      const reader = await (db as unknown as { reader: Promise<SqliteReader | null> }).reader;
      await reader?.stop();
      spy.mockClear();
      await expect(db.rawOffLoop(grouped(ds))).resolves.toEqual(expected);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      await db.onApplicationShutdown();
    }
  });
});
