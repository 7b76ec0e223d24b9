import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WalCheckpointer, type PragmaConnection } from './wal-checkpointer';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require('better-sqlite3') as new (path: string) => PragmaConnection & {
  exec(sql: string): void;
  prepare(sql: string): { run(...a: unknown[]): unknown };
  transaction(fn: () => void): () => void;
  close(): void;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('WalCheckpointer', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sluice-wal-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('checkpoints from its own thread while the writer has automatic checkpoints off, and gives them back on stop', async () => {
    const path = join(dir, 'db.sqlite');
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB)');
    const warnings: string[] = [];
    const c = await WalCheckpointer.start(path, db, (m) => warnings.push(m));
    try {
      expect(c).not.toBeNull();
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

      const before = statSync(path).size;
      // About 12 MB of pages, well past the 1,000-page threshold, in many commits.
      const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
      for (let i = 0; i < 300; i++) db.transaction(() => insert.run(Buffer.alloc(40_000, i % 256)))();
      // The writer never checkpoints itself: only the worker can move pages into the file.
      for (let i = 0; i < 50 && statSync(path).size < before + 8_000_000; i++) await sleep(100);
      expect(statSync(path).size).toBeGreaterThan(before + 8_000_000);

      // Once checkpointed, the writer starts the WAL over: another 12 MB does not grow it to 24.
      await sleep(500);
      const middle = statSync(path).size;
      for (let i = 0; i < 300; i++) db.transaction(() => insert.run(Buffer.alloc(40_000, i % 256)))();
      for (let i = 0; i < 50 && statSync(path).size < middle + 8_000_000; i++) await sleep(100);
      expect(statSync(path).size).toBeGreaterThan(middle + 8_000_000);
      expect(statSync(`${path}-wal`).size).toBeLessThan(20_000_000);
    } finally {
      await c?.stop();
    }
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(warnings).toEqual([]);
    db.close();
  });

  it('does not start for a file that does not exist (the caller keeps automatic checkpoints)', async () => {
    const db = new Database(':memory:');
    await expect(WalCheckpointer.start(join(dir, 'missing.sqlite'), db, () => undefined)).resolves.toBeNull();
    db.close();
  });
});
