import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread with its own better-sqlite3 connection to the file at `path` (the WAL
 * checkpointer, the off-loop reader). `source` is plain JavaScript run with `eval`; it gets
 * `workerData.driver` (better-sqlite3's entry), `workerData.path` and `extra`, and posts
 * `{ ready: true }` once its connection is open. Null when the file does not exist or the thread
 * did not become ready.
 */
export async function startDbThread(source: string, path: string, extra: Record<string, unknown> = {}): Promise<Worker | null> {
  let driver: string;
  try {
    driver = require.resolve('better-sqlite3');
    statSync(path);
  } catch {
    return null;
  }
  const worker = new Worker(source, { eval: true, workerData: { ...extra, path, driver } });
  const ready = await new Promise<boolean>((resolve) => {
    worker.once('message', (m: { ready?: boolean }) => resolve(m?.ready === true));
    worker.once('error', () => resolve(false));
    worker.once('exit', () => resolve(false));
  });
  if (ready) return worker;
  void worker.terminate();
  return null;
}

/** Posts 'stop' (the thread finishes what it has queued, closes its connection and answers `{ stopped: true }`), then ends it. */
export function stopDbThread(worker: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    // Answers to work queued before the stop may come first: wait for the one that says stopped.
    const onMessage = (m: { stopped?: boolean }) => {
      if (m?.stopped) void worker.terminate().then(done, done);
    };
    const done = () => {
      worker.off('message', onMessage);
      resolve();
    };
    worker.once('exit', done);
    worker.on('message', onMessage);
    worker.postMessage('stop');
  });
}
