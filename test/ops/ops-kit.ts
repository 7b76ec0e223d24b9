import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { freePort } from '../support/process';

/** One series of a Prometheus text exposition: name and labels in a canonical (sorted) key. */
export function seriesKey(name: string, labels: Record<string, string> = {}): string {
  const parts = Object.keys(labels)
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`);
  return `${name}{${parts.join(',')}}`;
}

/** Parses the text exposition format into series key -> value (comments and HELP/TYPE lines skipped). */
export function parseExposition(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1] as string] = JSON.parse(`"${l[2] as string}"`) as string;
    out.set(seriesKey(m[1] as string, labels), Number(m[3]));
  }
  return out;
}

/** A value of a scrape, 0 when the series is absent (a counter not yet moved). */
export function valueOf(scrape: Map<string, number>, name: string, labels: Record<string, string> = {}): number {
  return scrape.get(seriesKey(name, labels)) ?? 0;
}

/** Whether a Redis on the port answers PING. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(1000, () => done(false));
    sock.once('error', () => done(false));
    sock.once('connect', () => sock.write('PING\r\n'));
    sock.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

/** A redis-server of the test's own on a free port, without persistence: stopped and started at will. */
export class OwnRedis {
  private proc: ChildProcess | null = null;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.port === 0) this.port = await freePort();
    const proc = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.proc = proc;
    // Ready when it answers a PING (a raw socket: nothing left behind to reconnect).
    for (let i = 0; i < 100; i++) {
      if (await pong(this.port)) return;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error('redis-server did not start');
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    this.proc = null;
    const exited = once(proc, 'exit');
    proc.kill('SIGKILL');
    await exited;
  }
}

/** Polls `fn` until it returns true or `ms` passed; returns the last answer. */
export async function eventually(fn: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await fn()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}
