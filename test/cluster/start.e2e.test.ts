import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ClusterServer, type Answer } from './cluster-kit';

const MAIN = resolve(__dirname, '../../server/dist/main.js');

describe('SLUICE_WORKERS at start', () => {
  it.each(['two', '0', '-1', '1.5'])('refuses SLUICE_WORKERS=%s with a message naming it', async (value) => {
    const bad = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH, SLUICE_WORKERS: value, DATABASE_URL: 'sqlite::memory:', CONSOLE_DIST: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    bad.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((r) => bad.once('exit', (c) => r(c)));
    expect(code).toBe(1);
    expect(err).toContain(`SLUICE_WORKERS must be a positive integer or auto (got "${value}")`);
  });

  it('a first process that cannot start (the file is no database) stops the primary with exit code 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-cluster-bad-'));
    try {
      writeFileSync(join(dir, 'db.sqlite'), 'not a database, just text that is long enough to be read as a header');
      const child = spawn(process.execPath, [MAIN], {
        cwd: dir,
        env: { PATH: process.env.PATH, SLUICE_WORKERS: '2', DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`, ENCRYPTION_KEY: 'cluster-test-encryption-key-0123456789', CONSOLE_DIST: 'off', PORT: '0', HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
      expect(code).toBe(1);
      expect(out).toContain('process 0 exited during start');
      expect(out).not.toContain('process 1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('SLUICE_WORKERS=1 is one process, as before: no primary, every answer from the process started', async () => {
    const server = new ClusterServer(1);
    try {
      await server.start();
      const answers = await Promise.all(Array.from({ length: 6 }, () => server.call('GET', '/api/status')));
      expect(new Set(answers.map((a) => a.pid))).toEqual(new Set([server.child?.pid]));
      expect(server.output).not.toContain('Cluster');
      expect(await server.stop()).toBe(0);
    } finally {
      await server.close();
    }
  }, 150_000);

  it('SLUICE_WORKERS=3: three processes share the port, the first runs the queue', async () => {
    const server = new ClusterServer(3);
    try {
      await server.start();
      expect(server.pids()).toHaveLength(3);
      expect(server.output).toMatch(/process 0 \(pid \d+\) listening \(role: all\)/);
      expect(server.output).toMatch(/process 1 \(pid \d+\) listening \(role: http\)/);
      expect(server.output).toMatch(/process 2 \(pid \d+\) listening \(role: http\)/);
      const answers: Answer[] = [];
      for (let i = 0; i < 9; i++) answers.push(await server.call('GET', '/api/status'));
      expect(new Set(answers.map((a) => a.pid))).toEqual(new Set(server.pids()));
      expect(await server.stop()).toBe(0);
    } finally {
      await server.close();
    }
  }, 150_000);
});
