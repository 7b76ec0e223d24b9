import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { startApp } from '../support/app';
import { freePort } from '../support/process';

const MAIN = resolve(__dirname, '../../server/dist/main.js');


async function waitFor(url: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The README's start: the built server on the embedded SQLite default, no Redis, no configuration. */
describe('npm start on a fresh directory', () => {
  let dir: string;
  let child: ChildProcess;
  let port: number;
  let output = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sluice-start-'));
    port = await freePort();
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', SLUICE_WORKERS: '1' };
    child = spawn(process.execPath, [MAIN], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await waitFor(`http://127.0.0.1:${port}/api/status`);
  });

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the status, creates root/123456 in ./data, and logs structured lines', async () => {
    const status = await request(`http://127.0.0.1:${port}`).get('/api/status').expect(200);
    expect(status.body.success).toBe(true);
    const login = await request(`http://127.0.0.1:${port}`).post('/api/user/login').send({ username: 'root', password: '123456' });
    expect(login.body.data.default_password).toBe(true);
    const health = await request(`http://127.0.0.1:${port}`).get('/api/health');
    expect(health.body.data).toEqual({ database: 'up', database_type: 'sqlite', redis: 'disabled' });
    const first = output.split('\n').find((l) => l.startsWith('{'));
    expect(JSON.parse(first as string)).toMatchObject({ level: expect.any(String), msg: expect.any(String) });
  });

  it('shuts down gracefully on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses a bad configuration naming every bad key', async () => {
    const bad = spawn(process.execPath, [MAIN], {
      cwd: dir,
      env: { PATH: process.env.PATH, PORT: 'abc', DATABASE_URL: 'oracle://x', LOG_LEVEL: 'loud' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    bad.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((r) => bad.once('exit', (c) => r(c)));
    expect(code).toBe(1);
    expect(err).toContain('PORT');
    expect(err).toContain('DATABASE_URL');
    expect(err).toContain('LOG_LEVEL');
  });
});

describe('serving the console', () => {
  it('serves console/dist files and falls back to index.html for client routes, never for API paths', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'sluice-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root">console</div>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    const t = await startApp('sqlite', { env: { CONSOLE_DIST: dist } });
    try {
      const asset = await request(t.url).get('/assets/app.js').expect(200);
      expect(asset.text).toBe('console.log(1)');
      for (const path of ['/', '/login', '/token', '/setting?tab=personal']) {
        const page = await request(t.url).get(path).expect(200);
        expect(page.text).toContain('<div id="root">console</div>');
        expect(page.headers['content-security-policy']).toContain("script-src 'self'");
        // Turnstile's and Telegram's login widget scripts (the sign-in screens load them).
        expect(page.headers['content-security-policy']).toMatch(/script-src 'self'[^;]* https:\/\/challenges\.cloudflare\.com[^;]* https:\/\/telegram\.org/);
      }
      const api = await request(t.url).get('/api/unknown').expect(404);
      expect(api.body.success).toBe(false);
      await request(t.url).get('/v1/unknown').expect(404);
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
