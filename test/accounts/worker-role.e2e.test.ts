import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { startApp, createDatabase, clearRedisPrefix, type TestApp, type TestDatabase } from '../support/app';
import { REDIS_URL, SERVER_DATABASES } from '../support/env';
import { SmtpListener } from '../support/fakes/smtp';
import { loginRoot } from '../support/http';
import { MailService } from '../../server/src/mail/mail.service';

const WORKER = resolve(__dirname, '../../server/dist/worker.js');

/** NODE_ROLE=http produces jobs; a separate worker.js process (BullMQ on Redis) runs them. */
for (const kind of SERVER_DATABASES)
  describe(`split roles: HTTP node and worker process (${kind})`, () => {
    let database: TestDatabase;
    let http: TestApp;
    let worker: ChildProcess;
    let workerLog = '';
    const prefix = `sluice-test-wk-${Date.now()}`;
    const smtp = new SmtpListener();

    beforeAll(async () => {
      await smtp.start();
      database = await createDatabase(kind);
      http = await startApp(kind, { redis: true, database, redisPrefix: prefix, env: { NODE_ROLE: 'http' } });
      worker = spawn(process.execPath, [WORKER], {
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: database.url,
          REDIS_URL,
          REDIS_PREFIX: prefix,
          ENCRYPTION_KEY: http.config.encryptionKey.toString('utf8'),
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      worker.stdout?.on('data', (d: Buffer) => (workerLog += d.toString()));
      worker.stderr?.on('data', (d: Buffer) => (workerLog += d.toString()));
      const started = Date.now();
      while (!workerLog.includes('Sluice worker started')) {
        if (worker.exitCode !== null || Date.now() - started > 20_000) throw new Error(`worker did not start:\n${workerLog}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    });

    afterAll(async () => {
      if (worker.exitCode === null) {
        const exited = new Promise((r) => worker.once('exit', r));
        worker.kill('SIGTERM');
        await exited;
      }
      await http.close();
      await database.drop();
      await clearRedisPrefix(prefix);
      await smtp.stop();
    });

    it('a mail job enqueued on the HTTP node is delivered by the worker with the options saved afterwards', async () => {
      const root = await loginRoot(http.url);
      for (const [key, value] of [
        ['SMTPServer', '127.0.0.1'],
        ['SMTPPort', String(smtp.port)],
        ['SMTPAccount', smtp.user],
        ['SMTPToken', smtp.pass],
      ]) {
        await root.put('/api/option/', { key, value }).expect(200);
      }
      await http.app.get(MailService).enqueue('ops@example.com', 'hello from the queue', '<p>queued</p>', 'mail-test-1');
      const mail = await smtp.next('ops@example.com', 15_000);
      expect(mail.subject).toBe('hello from the queue');
      expect(mail.text).toContain('queued');
    });
  });
