import type { Worker } from 'node:worker_threads';
import type { SqliteConnection } from './database.service';
import { startDbThread, stopDbThread } from './db-thread';

/** What the checkpointer needs of the main connection (better-sqlite3). */
export type PragmaConnection = Pick<SqliteConnection, 'pragma'>;

/** SQLite's default automatic checkpoint (pages), restored when the thread stops. */
const AUTO_CHECKPOINT_PAGES = 1000;
const EVERY_MS = 200;

/*
 * The worker: its own connection to the same file and a PASSIVE checkpoint every EVERY_MS
 * (PASSIVE never blocks the writer or readers, and returns at once when every frame is already
 * in the database file). After a complete checkpoint the writer starts the WAL over from its
 * beginning, so the file stays about as large as what is written between two checkpoints.
 * Plain JavaScript so it runs the same from the build and under ts-jest.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { parentPort.postMessage({ error: String((err && err.message) || err) }); }
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
  db.close();
  parentPort.postMessage({ stopped: true });
});
parentPort.postMessage({ ready: true });
`;

/**
 * Moves SQLite's WAL checkpoints off the event loop. Left to the writing connection, a
 * checkpoint runs inside whichever commit crosses 1,000 WAL pages: it copies the pages back to
 * the database file and fsyncs, on the main thread, in the middle of a request (about 100 µs per
 * request at 1 concurrent). Here a worker thread with its own connection checkpoints instead and
 * the main connection's automatic checkpoints are off while it runs. If the worker cannot start
 * or dies, automatic checkpoints come back on.
 */
export class WalCheckpointer {
  private constructor(
    private readonly worker: Worker,
    private readonly conn: PragmaConnection,
  ) {}

  /** Null when it could not start (the caller keeps automatic checkpoints). */
  static async start(path: string, conn: PragmaConnection, warn: (msg: string) => void): Promise<WalCheckpointer | null> {
    const worker = await startDbThread(WORKER_SOURCE, path, { everyMs: EVERY_MS });
    if (worker === null) {
      warn('the WAL checkpointer thread did not start; SQLite checkpoints on commit');
      return null;
    }
    const c = new WalCheckpointer(worker, conn);
    conn.pragma('wal_autocheckpoint = 0');
    worker.on('message', (m: { error?: string }) => {
      if (m?.error) warn(`WAL checkpoint failed: ${m.error}`);
    });
    worker.on('exit', () => c.fallBack());
    worker.on('error', (err) => {
      warn(`the WAL checkpointer thread failed (${err.message}); SQLite checkpoints on commit again`);
      c.fallBack();
    });
    // Listeners ref the thread's port: unref last, so the thread never keeps a process alive.
    worker.unref();
    return c;
  }

  private stopped = false;

  private fallBack(): void {
    if (this.stopped) return;
    this.stopped = true;
    try {
      this.conn.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
    } catch {
      // The connection is closed already (shutdown).
    }
  }

  /** Final checkpoint, then the thread ends; automatic checkpoints are back for what follows. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.fallBack();
    await stopDbThread(this.worker);
  }
}
