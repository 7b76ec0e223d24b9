import { TaskPollerService } from '../../server/src/tasks/task-poller.service';
import { startApp, startNodes, matrixOptions, type TestApp, type TestNodes } from '../support/app';
import { DATABASES } from '../support/env';
import { FakeMidjourney } from '../support/fakes/midjourney';
import { loginRoot, type Caller } from '../support/http';
import { createChannel, createToken, setOption, tokenState, userQuota, fundedUser, type RelayKit } from '../relay/relay-kit';
import { mjPost, runJob, systemLogs } from './task-kit';

const TASKS = 6;

/**
 * A failed task gives its quota back exactly once even when two polling runs see the failure at
 * the same moment: on PostgreSQL with Redis, two gateway nodes of one deployment polling at once
 * (and their two queue workers); on SQLite, two runs in the one process.
 */
describe.each(DATABASES)('task refund race (%s)', (kind) => {
  let nodes: TestNodes | null = null;
  let a: TestApp;
  let b: TestApp;
  let root: Caller;
  let fake: FakeMidjourney;

  beforeAll(async () => {
    if (kind !== 'sqlite') {
      nodes = await startNodes(2, kind);
      [a, b] = nodes.nodes as [TestApp, TestApp];
    } else {
      a = await startApp(kind, matrixOptions(kind));
      b = a;
    }
    root = await loginRoot(a.url);
    await setOption(root, 'AllowPrivateUpstreamEnabled', 'true');
    fake = await new FakeMidjourney('race-upstream-key-0123').start();
    await createChannel(root, { name: 'mj', type: 2, key: 'race-upstream-key-0123', base_url: fake.url, models: 'mj_imagine' });
  });
  afterAll(async () => {
    await fake.stop();
    if (nodes) await nodes.close();
    else await a.close();
  });

  async function failingTasks(): Promise<{ user: Awaited<ReturnType<typeof fundedUser>>; token: { id: number; key: string } }> {
    const kit = { t: a, root } as RelayKit;
    const user = await fundedUser(kit, 1_000_000);
    const token = await createToken(user.caller, { unlimited_quota: false, remain_quota: 1_000_000 });
    for (let i = 0; i < TASKS; i++) {
      fake.script({ kind: 'accept', outcome: 'failure' });
      await mjPost(i % 2 === 0 ? a : b, '/mj/submit/imagine', token.key, { prompt: `doomed ${i}` }).expect(200);
    }
    // 6 × $0.1 × 500000
    expect((await userQuota(user.caller)).quota).toBe(1_000_000 - TASKS * 50_000);
    // First poll: every task IN_PROGRESS; the next list answers FAILURE.
    await runJob(a, 'tasks.poll_midjourney');
    return { user, token };
  }

  async function expectRefundedOnce(user: Awaited<ReturnType<typeof fundedUser>>, token: { id: number }): Promise<void> {
    expect((await userQuota(user.caller)).quota).toBe(1_000_000);
    expect(await tokenState(user.caller, token.id)).toMatchObject({ remain: 1_000_000, used: 0 });
    const sys = await systemLogs(root, user.username);
    expect(sys).toHaveLength(TASKS);
    expect(new Set(sys.map((s) => s.content)).size).toBe(TASKS);
  }

  it('two polling runs at once (two nodes on PostgreSQL) refund each failed task once', async () => {
    const { user, token } = await failingTasks();
    const [ra, rb] = await Promise.all([a.app.get(TaskPollerService).pollMidjourney(), b.app.get(TaskPollerService).pollMidjourney()]);
    expect(ra.refunded + rb.refunded).toBe(TASKS);
    await expectRefundedOnce(user, token);
  });

  it('the polling job enqueued on both nodes at once refunds each failed task once', async () => {
    const { user, token } = await failingTasks();
    await Promise.all([runJob(a, 'tasks.poll_midjourney'), runJob(b, 'tasks.poll_midjourney')]);
    await Promise.all([runJob(a, 'tasks.poll_midjourney'), runJob(b, 'tasks.poll_midjourney')]);
    await expectRefundedOnce(user, token);
  });
});
