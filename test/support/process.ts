import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';

/** A TCP port free on loopback right now (for child processes that must be told their port). */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

/** The built server as a child process, started by `startBuiltServer`. */
export interface BuiltServer {
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, wait for the exit, remove its working directory. */
  stop(): Promise<void>;
}

export const SERVER_MAIN = resolve(__dirname, '../../server/dist/main.js');

/**
 * Starts `server/dist/main.js` on a free port in a fresh working directory, with PATH, PORT and
 * HOST plus `env` (nothing else of the test's environment), and waits until `/api/status` answers.
 */
export async function startBuiltServer(env: Record<string, string>, timeoutMs = 30_000): Promise<BuiltServer> {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-built-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let out = '';
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: dir,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/status`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > end) {
      await stop();
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, port, child, output: () => out, stop };
}
