import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import request from 'supertest';
import { clearRedisPrefix, createDatabase, startApp, type TestApp, type TestDatabase } from '../support/app';
import { REDIS_URL, SERVER_DATABASES } from '../support/env';
import { loginRoot, type Caller } from '../support/http';
import { freePort } from '../support/process';

const MAIN = resolve(__dirname, '../../server/dist/main.js');


/**
 * Issue 3: the routing index changes within one second on a SECOND SERVER PROCESS when a channel is
 * disabled on the first (PostgreSQL + Redis). Node B is `node server/dist/main.js`; its index is
 * observed from outside through the relay's model list.
 */
for (const kind of SERVER_DATABASES)
  describe(`routing index across two server processes (${kind})`, () => {
    let db: TestDatabase;
    let a: TestApp;
    let b: ChildProcess;
    let bUrl = '';
    let root: Caller;
    let out = '';
    const prefix = `sluice-test-xp-${randomBytes(4).toString('hex')}`;

    beforeAll(async () => {
      db = await createDatabase(kind);
      a = await startApp(kind, { redis: true, database: db, redisPrefix: prefix });
      const port = await freePort();
      bUrl = `http://127.0.0.1:${port}`;
      b = spawn(process.execPath, [MAIN], {
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: db.url,
          REDIS_URL,
          REDIS_PREFIX: prefix,
          ENCRYPTION_KEY: a.config.encryptionKey.toString('utf8'),
          CONSOLE_DIST: 'off',
          LOG_LEVEL: 'warn',
          GLOBAL_API_RATE_LIMIT: '0',
          SLUICE_WORKERS: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      b.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      b.stderr?.on('data', (d: Buffer) => (out += d.toString()));
      const end = Date.now() + 30_000;
      for (;;) {
        try {
          if ((await fetch(`${bUrl}/api/status`)).ok) break;
        } catch {
          // not up yet
        }
        if (b.exitCode !== null || Date.now() > end) throw new Error(`second process did not start:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      root = await loginRoot(a.url);
    });

    afterAll(async () => {
      if (b.exitCode === null) {
        const exited = new Promise((r) => b.once('exit', r));
        b.kill('SIGTERM');
        await exited;
      }
      await a.close();
      await db.drop();
      await clearRedisPrefix(prefix);
    });

    it('disabling a channel on process A removes its model from process B within one second', async () => {
      const created = await root.post('/api/channel/', {
        name: 'xproc',
        type: 1,
        key: 'sk-xproc-key',
        base_url: 'https://api.example.com',
        models: 'gpt-4o-mini',
        group: 'default',
      });
      expect(created.body.success).toBe(true);
      const channelId = created.body.data[0].id as number;
      const token = await root.post('/api/token/', { name: 'xproc', group: 'default', unlimited_quota: true, expired_time: -1 });
      const key = `sk-${token.body.data[0].key as string}`;
      const models = async (): Promise<string[]> => {
        const res = await request(bUrl).get('/v1/models').set('Authorization', `Bearer ${key}`);
        return res.status === 200 ? (res.body.data as { id: string }[]).map((m) => m.id) : [];
      };
      const poll = async (want: boolean, limitMs: number): Promise<number> => {
        const start = Date.now();
        for (;;) {
          if ((await models()).includes('gpt-4o-mini') === want) return Date.now() - start;
          if (Date.now() - start > limitMs) throw new Error(`process B did not ${want ? 'list' : 'drop'} the model in ${limitMs} ms`);
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      await poll(true, 5_000);

      const disabled = await root.put('/api/channel/', { id: channelId, status: 2 });
      expect(disabled.body.success).toBe(true);
      expect(await poll(false, 1_000)).toBeLessThan(1_000);

      await root.put('/api/channel/', { id: channelId, status: 1 });
      expect(await poll(true, 1_000)).toBeLessThan(1_000);
    });
  });
