import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../support/process';

const MAIN = resolve(__dirname, '../../server/dist/main.js');

/** One answer read whole: status, headers, body (JSON when it parses, else text). */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** The process that served it (X-Sluice-Pid). */
  pid: number;
}

/**
 * `npm start` as an operator runs it: the built server (`node server/dist/main.js`) with
 * SLUICE_WORKERS processes, on a temp SQLite file without Redis unless `env` says otherwise
 * (DATABASE_URL, REDIS_URL). SLUICE_PID_HEADER=1 makes every answer say which process served it.
 */
export class ClusterServer {
  readonly dir = mkdtempSync(join(tmpdir(), 'sluice-cluster-'));
  readonly dbPath = join(this.dir, 'gw.sqlite');
  child: ChildProcess | null = null;
  port = 0;
  output = '';

  constructor(
    private readonly workers: number,
    private readonly env: Record<string, string> = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.port = await freePort();
    this.child = spawn(process.execPath, [MAIN], {
      cwd: this.dir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${this.dbPath}`,
        ENCRYPTION_KEY: 'cluster-test-encryption-key-0123456789',
        CONSOLE_DIST: 'off',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        GLOBAL_API_RATE_LIMIT: '0',
        GLOBAL_WEB_RATE_LIMIT: '0',
        CRITICAL_RATE_LIMIT: '0',
        SLUICE_WORKERS: String(this.workers),
        SLUICE_PID_HEADER: '1',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    const started = Date.now();
    while (!this.output.includes('Sluice listening on')) {
      if (this.child.exitCode !== null || Date.now() - started > 100_000) throw new Error(`the cluster did not start:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The pid of each process now, by index (each one's latest "listening" line: a replaced process has a new pid). */
  pids(): number[] {
    const byIndex = new Map<number, number>();
    for (const m of this.output.matchAll(/process (\d+) \(pid (\d+)\) listening/g)) byIndex.set(Number(m[1]), Number(m[2]));
    return [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, pid]) => pid);
  }

  /** Sends SIGTERM to the primary; resolves with its exit code. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    return exited;
  }

  async close(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * One request on a connection of its own (no keep-alive agent): the cluster hands each new
   * connection to the next process, so consecutive calls reach every process.
   */
  call(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
    return new Promise((resolvePromise, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent: false,
          headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}), ...opts.headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {
              // not JSON (SSE)
            }
            resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, text, body, pid: Number(res.headers['x-sluice-pid']) });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }
}

/** A management API session on a cluster (cookie + New-Api-User), every call on a new connection. */
export class Session {
  constructor(
    readonly server: ClusterServer,
    readonly cookie: string,
    readonly userId: number,
  ) {}

  static async login(server: ClusterServer, username: string, password: string): Promise<Session> {
    const res = await server.call('POST', '/api/user/login', { body: { username, password } });
    if (res.body?.success !== true) throw new Error(`login ${username}: ${res.text}`);
    const cookie = ((res.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0]).join('; ');
    return new Session(server, cookie, res.body.data.id as number);
  }

  call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.server.call(method, path, { body, headers: { cookie: this.cookie, 'new-api-user': String(this.userId), 'accept-language': 'en', ...headers } });
  }
}
