import type { Worker } from 'node:worker_threads';
import { startDbThread, stopDbThread } from './db-thread';

/*
 * The worker: its own read-only connection to the same file, one statement at a time, each
 * prepared once. In WAL mode a reader sees the last commit when its statement starts and never
 * blocks the writer. Plain JavaScript so it runs the same from the build and under ts-jest.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new Map();
parentPort.on('message', (m) => {
  if (m === 'stop') {
    db.close();
    parentPort.postMessage({ stopped: true });
    return;
  }
  try {
    let s = statements.get(m.sql);
    if (s === undefined) {
      s = db.prepare(m.sql);
      if (statements.size < 64) statements.set(m.sql, s);
    }
    parentPort.postMessage({ id: m.id, rows: s.all(...m.params) });
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
  }
});
parentPort.postMessage({ ready: true });
`;

interface Waiting {
  resolve: (rows: unknown[]) => void;
  reject: (err: Error) => void;
}

/**
 * Long reads of a SQLite file off the event loop. better-sqlite3 answers on the calling thread,
 * so a scan over a large table holds every request of the process until it ends: the dashboard's
 * hourly aggregate over 500,000 logs held a gateway for 330 ms (bench/aggregate-stall.mjs). Here a worker
 * thread with its own read-only connection runs the statement and posts the rows back; the
 * main thread only waits. One statement at a time, in order. If the thread cannot start or dies,
 * `all` rejects and the caller reads on the main connection instead (DatabaseService.rawOffLoop).
 */
export class SqliteReader {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private dead = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: { id?: number; rows?: unknown[]; error?: string }) => {
      if (m?.id === undefined) return;
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      this.idle();
      if (m.error !== undefined) w.reject(new Error(m.error));
      else w.resolve(m.rows ?? []);
    });
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', () => this.fail(new Error('the SQLite reader thread exited')));
    // Listeners ref the thread's port: unref last; a read in flight refs it again (`all`).
    worker.unref();
  }

  /** Null when the file does not exist or the thread did not start (the caller reads on its own connection). */
  static async start(path: string, warn: (msg: string) => void): Promise<SqliteReader | null> {
    const worker = await startDbThread(WORKER_SOURCE, path);
    if (worker === null) {
      warn('the SQLite reader thread did not start; long reads run on the event loop');
      return null;
    }
    return new SqliteReader(worker);
  }

  get alive(): boolean {
    return !this.dead;
  }

  /** The rows of one statement (`?` placeholders, `params` in order), read by the thread. */
  all<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    if (this.dead) return Promise.reject(new Error('the SQLite reader thread is not running'));
    const id = this.nextId++;
    // While a read is in flight the thread keeps the process alive, as a query on a socket would.
    if (this.waiting.size === 0) this.worker.ref();
    const done = new Promise<T[]>((resolve, reject) => this.waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject }));
    this.worker.postMessage({ id, sql, params });
    return done;
  }

  /** Refuses new reads, answers those already sent, then closes the connection and ends the thread. */
  async stop(): Promise<void> {
    if (this.dead) return;
    this.dead = true;
    await stopDbThread(this.worker);
    this.fail(new Error('the SQLite reader thread was stopped'));
  }

  private idle(): void {
    if (this.waiting.size === 0) this.worker.unref();
  }

  private fail(err: Error): void {
    this.dead = true;
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    this.worker.unref();
    for (const w of waiting) w.reject(err);
  }
}
