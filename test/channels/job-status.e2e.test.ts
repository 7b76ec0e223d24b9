import { randomBytes } from 'node:crypto';
import { QUEUE_DRIVER, type QueueDriver } from '../../server/src/queue/jobs';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { FakeOpenAI, type Json } from '../support/fakes/openai-upstream';
import { Caller, loginRoot, newAdmin, newUser } from '../support/http';

interface RunStatus {
  state: 'idle' | 'queued' | 'running' | 'finished';
  total: number;
  done: number;
  failed: number;
  queued_at: number;
  started_at: number;
  finished_at: number;
}

function chatBody(model: string): Json {
  return {
    id: 'chatcmpl-status',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
  };
}

/**
 * The progress of the "test all" and "update all balances" jobs as the console reads it
 * (GET /api/channel/test/status, GET /api/channel/update_balance/status): queued, running with
 * channels done of total and failures, finished; a second click joins the running job.
 */
describe.each(DATABASES)('channel job status (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let admin: Caller;
  let fake: FakeOpenAI;
  const key = `sk-status-${randomBytes(12).toString('hex')}`;
  const queue = () => t.app.get<QueueDriver>(QUEUE_DRIVER);

  async function option(k: string, value: string): Promise<void> {
    const res = await root.put('/api/option/', { key: k, value });
    expect(res.body).toMatchObject({ success: true });
  }

  async function createChannel(over: Record<string, unknown> = {}): Promise<number> {
    const res = await admin.post('/api/channel/', { name: `st-${randomBytes(3).toString('hex')}`, type: 1, base_url: fake.url, key, models: 'gpt-4o-mini', group: 'default', ...over });
    expect(res.body).toMatchObject({ success: true });
    return res.body.data[0].id as number;
  }

  async function status(path: string): Promise<RunStatus> {
    const res = await admin.get(path).expect(200);
    expect(res.body.success).toBe(true);
    return res.body.data as RunStatus;
  }

  async function until(path: string, ok: (s: RunStatus) => boolean, timeoutMs = 20_000): Promise<RunStatus> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const s = await status(path);
      if (ok(s)) return s;
      if (Date.now() > end) throw new Error(`${path} never reached the expected state: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    fake = await new FakeOpenAI({ key }).start();
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    admin = (await newAdmin(t.url, root)).caller;
    await option('AllowPrivateUpstreamEnabled', 'true');
    await option('AutomaticDisableChannelEnabled', 'false');
  });

  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('is admin-only', async () => {
    const user = (await newUser(t.url)).caller;
    for (const path of ['/api/channel/test/status', '/api/channel/update_balance/status']) {
      expect((await user.get(path)).status).toBe(403);
      expect((await new Caller(t.url).get(path)).status).toBe(401);
    }
  });

  it('is idle before any run', async () => {
    expect(await status('/api/channel/test/status')).toMatchObject({ state: 'idle', total: 0, done: 0, failed: 0 });
    expect(await status('/api/channel/update_balance/status')).toMatchObject({ state: 'idle', total: 0, done: 0, failed: 0 });
  });

  it('reports test-all running with channels done of total, counts failures, joins a second click and ends finished', async () => {
    const good = await Promise.all([createChannel(), createChannel(), createChannel(), createChannel(), createChannel()]);
    const bad = await createChannel({ key: `sk-wrong-${randomBytes(8).toString('hex')}` });
    // Every answer takes a while, so the run is seen in flight (4 at a time: two rounds).
    fake.set('chat/completions', { kind: 'json', headersDelayMs: 700, body: chatBody('gpt-4o-mini') });
    fake.set((r) => r.operation === 'chat/completions' && !String(r.headers.authorization).includes(key), { kind: 'auth_error' });

    const before = Math.floor(Date.now() / 1000);
    await admin.get('/api/channel/test').expect(200);
    const running = await until('/api/channel/test/status', (s) => s.state === 'running');
    expect(running.total).toBe(good.length + 1);
    expect(running.done).toBeLessThan(running.total);
    expect(running.started_at).toBeGreaterThanOrEqual(before);

    // A second click while it runs joins it: no second run, every channel tested once.
    const again = await admin.get('/api/channel/test').expect(200);
    expect(again.body.success).toBe(true);
    expect((await status('/api/channel/test/status')).state).toBe('running');

    const end = await until('/api/channel/test/status', (s) => s.state === 'finished');
    expect(end).toMatchObject({ total: good.length + 1, done: good.length + 1, failed: 1 });
    expect(end.finished_at).toBeGreaterThanOrEqual(end.started_at);
    await queue().idle(30_000);
    expect(fake.requests.filter((r) => r.operation === 'chat/completions')).toHaveLength(good.length + 1);
    const tested = await admin.get(`/api/channel/${bad}`).expect(200);
    expect(tested.body.data.test_time).toBeGreaterThanOrEqual(before);

    // The next click after it finished starts a new run.
    fake.reset();
    await admin.get('/api/channel/test').expect(200);
    const next = await until('/api/channel/test/status', (s) => s.state === 'finished' && s.started_at >= end.started_at && s.queued_at > 0 && fake.requests.length >= good.length + 1);
    expect(next.done).toBe(good.length + 1);
    await queue().idle(30_000);
  });

  it('reports update-all-balances done of total with failures', async () => {
    fake.reset();
    const list = await admin.get('/api/channel/?p=0&page_size=100').expect(200);
    const enabled = (list.body.data as { status: number; type: number }[]).filter((c) => c.status === 1 && c.type === 1).length;
    fake.set('dashboard/billing/subscription', { kind: 'json', headersDelayMs: 300, body: { object: 'billing_subscription', hard_limit_usd: 50, system_hard_limit_usd: 50, access_until: 1_893_456_000 } });

    await admin.get('/api/channel/update_balance').expect(200);
    const end = await until('/api/channel/update_balance/status', (s) => s.state === 'finished');
    // The channel with the wrong key is refused by the fake: one failure.
    expect(end).toMatchObject({ total: enabled, done: enabled, failed: 1 });
    await queue().idle(30_000);
  });
});
