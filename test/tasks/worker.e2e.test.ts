import type { INestApplicationContext } from '@nestjs/common';
import { startWorker } from '../../server/src/bootstrap';
import { loadConfig } from '../../server/src/config/app-config';
import { TaskPollerService } from '../../server/src/tasks/task-poller.service';
import { startApp, type TestApp } from '../support/app';
import { REDIS_URL, SERVER_DATABASES } from '../support/env';
import { FakeMidjourney } from '../support/fakes/midjourney';
import { loginRoot } from '../support/http';
import { createChannel, createToken, fundedUser, setOption, tokenState, userQuota, type RelayKit } from '../relay/relay-kit';
import { mjGet, mjPost, runJob, systemLogs } from './task-kit';

/**
 * The worker role (server/src/worker.ts) runs the task polling: an HTTP-only node produces the
 * job, a separate worker context on the same PostgreSQL database and Redis prefix runs it
 * (BullMQ), and a failed task comes back refunded. The HTTP node's queue is awaited, never slept on.
 */
for (const kind of SERVER_DATABASES)
  describe(`task polling on a worker node (${kind} + redis)`, () => {
    let http: TestApp;
    let worker: INestApplicationContext;
    let fake: FakeMidjourney;

    beforeAll(async () => {
      http = await startApp(kind, { redis: true, env: { NODE_ROLE: 'http' } });
      const config = loadConfig(
        {
          DATABASE_URL: http.database.url,
          REDIS_URL,
          REDIS_PREFIX: http.redisPrefix,
          ENCRYPTION_KEY: 'test-encryption-key-0123456789abcdef',
          LOG_LEVEL: 'error',
          CONSOLE_DIST: 'off',
          NODE_ROLE: 'worker',
        },
        process.cwd(),
      );
      worker = await startWorker(config);
      fake = await new FakeMidjourney('worker-upstream-key-0123').start();
    });
    afterAll(async () => {
      await fake.stop();
      await worker.close();
      await http.close();
    });

    it('the worker polls a failing task to FAILURE and refunds it once', async () => {
      const root = await loginRoot(http.url);
      await setOption(root, 'AllowPrivateUpstreamEnabled', 'true');
      await createChannel(root, { name: 'mj', type: 2, key: 'worker-upstream-key-0123', base_url: fake.url, models: 'mj_imagine' });
      const user = await fundedUser({ t: http, root } as RelayKit, 200_000);
      const token = await createToken(user.caller, { unlimited_quota: false, remain_quota: 200_000 });
      fake.script({ kind: 'accept', outcome: 'failure' });
      const mjId = (await mjPost(http, '/mj/submit/imagine', token.key, { prompt: 'doomed' }).expect(200)).body.result as string;
      expect((await userQuota(user.caller)).quota).toBe(150_000);
      const listsBefore = fake.calls.filter((c) => c.path === '/mj/task/list-by-condition').length;

      await runJob(http, 'tasks.poll_midjourney');
      await runJob(http, 'tasks.poll_midjourney');

      // Polled through the queue: an http-role node starts no queue workers, so the worker context ran it.
      expect(fake.calls.filter((c) => c.path === '/mj/task/list-by-condition').length).toBeGreaterThanOrEqual(listsBefore + 2);
      expect(worker.get(TaskPollerService)).toBeInstanceOf(TaskPollerService);
      expect((await mjGet(http, `/mj/task/${mjId}/fetch`, token.key).expect(200)).body.status).toBe('FAILURE');
      expect((await userQuota(user.caller)).quota).toBe(200_000);
      expect(await tokenState(user.caller, token.id)).toMatchObject({ remain: 200_000, used: 0 });
      expect(await systemLogs(root, user.username)).toHaveLength(1);
    });
  });
