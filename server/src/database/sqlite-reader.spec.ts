import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReader } from './sqlite-reader';

interface TestDb {
  pragma(source: string): unknown;
  exec(sql: string): void;
  prepare(sql: string): { run(...a: unknown[]): unknown; all(...a: unknown[]): unknown[] };
  transaction(fn: () => void): () => void;
  close(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require('better-sqlite3') as new (path: string) => TestDb;

/** A statement that takes a while on any machine: a recursive count to `n` (about 0.3 s for 3,000,000 here). */
const SLOW_SQL = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT COUNT(*) AS n, SUM(x) AS s FROM c';

describe('SqliteReader', () => {
  let dir: string;
  let path: string;
  let db: TestDb;
  let reader: SqliteReader | null;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sluice-reader-'));
    path = join(dir, 'db.sqlite');
    db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, g TEXT NOT NULL, v INTEGER NOT NULL)');
    const insert = db.prepare('INSERT INTO t (g, v) VALUES (?, ?)');
    db.transaction(() => {
      for (let i = 0; i < 1000; i++) insert.run(i % 3 === 0 ? 'a' : 'b', i);
    })();
    reader = await SqliteReader.start(path, () => undefined);
  });
  afterEach(async () => {
    await reader?.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the rows the main connection reads, with ? parameters in order', async () => {
    const sql = 'SELECT g, COUNT(*) AS n, SUM(v) AS s FROM t WHERE v >= ? AND v < ? GROUP BY g ORDER BY g';
    expect(reader).not.toBeNull();
    const rows = await reader!.all(sql, [10, 700]);
    expect(rows).toEqual(db.prepare(sql).all(10, 700));
    expect(rows).toEqual([
      { g: 'a', n: 230, s: expect.any(Number) },
      { g: 'b', n: 460, s: expect.any(Number) },
    ]);
  });

  it('sees every commit made before the read starts', async () => {
    const count = () => reader!.all<{ n: number }>('SELECT COUNT(*) AS n FROM t', []);
    expect(await count()).toEqual([{ n: 1000 }]);
    db.prepare('INSERT INTO t (g, v) VALUES (?, ?)').run('c', 1);
    expect(await count()).toEqual([{ n: 1001 }]);
  });

  it("rejects a bad statement with SQLite's message and keeps answering", async () => {
    await expect(reader!.all('SELECT nope FROM t', [])).rejects.toThrow(/no such column: nope/);
    await expect(reader!.all('SELECT COUNT(*) AS n FROM t', [])).resolves.toEqual([{ n: 1000 }]);
  });

  it('cannot write: its connection is read-only', async () => {
    await expect(reader!.all('DELETE FROM t RETURNING id', [])).rejects.toThrow(/readonly/i);
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').all()).toEqual([{ n: 1000 }]);
  });

  it('leaves the event loop free while a long statement runs', async () => {
    // The same statement on the main connection holds the loop for its whole length.
    const t0 = Date.now();
    db.prepare(SLOW_SQL).all(3_000_000);
    const onLoop = Date.now() - t0;
    expect(onLoop).toBeGreaterThan(50);

    let ticks = 0;
    let longestGap = 0;
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks += 1;
    }, 5);
    const t1 = Date.now();
    const rows = await reader!.all<{ n: number }>(SLOW_SQL, [3_000_000]);
    const offLoop = Date.now() - t1;
    clearInterval(timer);
    expect(rows).toEqual([{ n: 3_000_000, s: 4_500_001_500_000 }]);
    // The timer kept firing through the read: no gap anywhere near the statement's own length.
    expect(ticks).toBeGreaterThan(offLoop / 5 / 4);
    expect(longestGap).toBeLessThan(Math.max(40, onLoop / 2));
  });

  it('answers reads in the order they were sent', async () => {
    const all = await Promise.all([1, 2, 3, 4, 5].map((v) => reader!.all<{ v: number }>('SELECT v FROM t WHERE v = ?', [v])));
    expect(all).toEqual([1, 2, 3, 4, 5].map((v) => [{ v }]));
  });

  it('after stop it is no longer alive and refuses reads (the caller then reads on its own connection)', async () => {
    const r = reader!;
    const inFlight = r.all<{ n: number }>('SELECT COUNT(*) AS n FROM t', []);
    await r.stop();
    // A read sent before the stop is answered before the thread closes its connection.
    await expect(inFlight).resolves.toEqual([{ n: 1000 }]);
    expect(r.alive).toBe(false);
    await expect(r.all('SELECT 1', [])).rejects.toThrow(/not running/);
    reader = null;
  });

  it('does not start for a file that does not exist', async () => {
    await expect(SqliteReader.start(join(dir, 'missing.sqlite'), () => undefined)).resolves.toBeNull();
  });
});
