import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES, REDIS_URL } from '../support/env';
import { loginRoot, newUser, type Caller } from '../support/http';
import { insertLogs, queueOf, settleQueue, waitFor } from '../logs/helpers';

interface Bucket {
  id: number;
  user_id: number;
  username: string;
  model_name: string;
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
}

const now = () => Math.floor(Date.now() / 1000);

describe.each(DATABASES)('data dashboard (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let alice: Caller;
  let bob: Caller;
  let aliceName: string;
  let bobName: string;
  // Two closed hours: H and H + 1h.
  const H = now() - (now() % 3600) - 2 * 3600;
  let runs = 0;

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    const a = await newUser(t.url);
    const b = await newUser(t.url);
    alice = a.caller;
    aliceName = a.username;
    bob = b.caller;
    bobName = b.username;
    const A = { userId: alice.userId as number, username: aliceName };
    const B = { userId: bob.userId as number, username: bobName };
    await insertLogs(t, [
      { ...A, type: 2, createdAt: H + 10, modelName: 'gpt-4o', quota: 100, promptTokens: 10, completionTokens: 20 },
      { ...A, type: 2, createdAt: H + 20, modelName: 'gpt-4o', quota: 50, promptTokens: 5, completionTokens: 5 },
      { ...A, type: 2, createdAt: H + 30, modelName: 'claude-3', quota: 3, promptTokens: 1, completionTokens: 2 },
      { ...B, type: 2, createdAt: H + 40, modelName: 'gpt-4o', quota: 300, promptTokens: 30, completionTokens: 40 },
      { ...A, type: 1, createdAt: H + 50, quota: 5000, content: 'top-up: not usage' },
      { ...A, type: 2, createdAt: H + 3600 + 5, modelName: 'gpt-4o', quota: 7, promptTokens: 1, completionTokens: 1 },
    ]);
  });
  afterAll(async () => t.close());

  const setOption = async (key: string, value: string) => {
    const res = await root.put('/api/option/', { key, value }).expect(200);
    expect(res.body.success).toBe(true);
  };
  const runJob = async () => {
    runs += 1;
    await queueOf(t).enqueue('dashboard.aggregate', {}, { jobId: `test-aggregate-${runs}` });
    await settleQueue(t, 'dashboard.aggregate');
  };
  const rowsOf = async (c: Caller, path: string): Promise<Bucket[]> => {
    const res = await c.get(path).expect(200);
    expect(res.body.success).toBe(true);
    return res.body.data as Bucket[];
  };
  const pick = (rows: Bucket[]) => rows.map(({ user_id, username, model_name, created_at, token_used, count, quota }) => ({ user_id, username, model_name, created_at, token_used, count, quota }));

  it('is on in a fresh install (as new-api), and does nothing while DataExportEnabled is off', async () => {
    expect((await root.get('/api/status').expect(200)).body.data.enable_data_export).toBe(true);
    await setOption('DataExportEnabled', 'false');
    await runJob();
    expect(await rowsOf(root, '/api/data/')).toEqual([]);
  });

  it('aggregates consume logs per user, model and hour once the option is on', async () => {
    // Turning the option on schedules the job and runs it once straight away.
    await setOption('DataExportEnabled', 'true');
    const aliceRows = await waitFor(async () => {
      const rows = await rowsOf(root, `/api/data/?username=${aliceName}`);
      return rows.length === 3 ? rows : undefined;
    });
    const A = alice.userId as number;
    expect(pick(aliceRows)).toEqual([
      { user_id: A, username: aliceName, model_name: 'claude-3', created_at: H, token_used: 3, count: 1, quota: 3 },
      { user_id: A, username: aliceName, model_name: 'gpt-4o', created_at: H, token_used: 40, count: 2, quota: 150 },
      { user_id: A, username: aliceName, model_name: 'gpt-4o', created_at: H + 3600, token_used: 2, count: 1, quota: 7 },
    ]);
    expect(aliceRows.every((r) => r.id > 0)).toBe(true);
    const bobRows = await rowsOf(root, `/api/data/?username=${bobName}`);
    expect(pick(bobRows)).toEqual([{ user_id: bob.userId, username: bobName, model_name: 'gpt-4o', created_at: H, token_used: 70, count: 1, quota: 300 }]);
  });

  it('sums all users per model and hour when no username is given', async () => {
    const rows = await rowsOf(root, '/api/data/');
    expect(pick(rows)).toEqual([
      { user_id: 0, username: '', model_name: 'claude-3', created_at: H, token_used: 3, count: 1, quota: 3 },
      { user_id: 0, username: '', model_name: 'gpt-4o', created_at: H, token_used: 110, count: 3, quota: 450 },
      { user_id: 0, username: '', model_name: 'gpt-4o', created_at: H + 3600, token_used: 2, count: 1, quota: 7 },
    ]);
    const firstHour = await rowsOf(root, `/api/data/?start_timestamp=${H}&end_timestamp=${H + 3599}`);
    expect(firstHour.map((r) => r.created_at)).toEqual([H, H]);
  });

  it('is idempotent: running again replaces buckets instead of adding', async () => {
    const before = await rowsOf(root, '/api/data/');
    await runJob();
    await runJob();
    expect(await rowsOf(root, '/api/data/')).toEqual(before);
    const aliceBefore = await rowsOf(root, `/api/data/?username=${aliceName}`);

    // A late log in the newest hour: its bucket is recomputed, the others stay as they were.
    await insertLogs(t, [{ userId: alice.userId as number, username: aliceName, type: 2, createdAt: H + 3600 + 100, modelName: 'gpt-4o', quota: 11, promptTokens: 2, completionTokens: 3 }]);
    await runJob();
    const after = await rowsOf(root, `/api/data/?username=${aliceName}`);
    expect(after).toHaveLength(3);
    expect(after[2]).toEqual({ ...(aliceBefore[2] as Bucket), token_used: 7, count: 2, quota: 18 });
    expect(after.slice(0, 2)).toEqual(aliceBefore.slice(0, 2));
  });

  it('self view: own buckets only, a month at most', async () => {
    const mine = await rowsOf(alice, '/api/data/self');
    expect(mine.map((r) => r.username)).toEqual([aliceName, aliceName, aliceName]);
    const ranged = await rowsOf(alice, `/api/data/self?start_timestamp=${H + 1}&end_timestamp=${now()}`);
    expect(ranged.map((r) => r.created_at)).toEqual([H + 3600]);
    const bobs = await rowsOf(bob, '/api/data/self');
    expect(bobs.map((r) => [r.user_id, r.quota])).toEqual([[bob.userId, 300]]);
    const tooLong = await alice.get(`/api/data/self?start_timestamp=${now() - 31 * 86400}&end_timestamp=${now()}`).set('Accept-Language', 'en');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'The time span cannot exceed 1 month' });
    const zh = await alice.get(`/api/data/self?start_timestamp=1&end_timestamp=${now()}`);
    expect(zh.body.message).toBe('时间跨度不能超过 1 个月');
    const bad = await alice.get('/api/data/self?start_timestamp=soon').set('Accept-Language', 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid timestamp');
    const reversed = await root.get(`/api/data/?start_timestamp=${H + 10}&end_timestamp=${H}`).set('Accept-Language', 'en');
    expect(reversed.body.message).toBe('The start time must not be after the end time');
  });

  it('a regular user gets 403 on the all-users view', async () => {
    const res = await alice.get('/api/data/');
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
  });

  if (kind !== 'sqlite') {
    it('re-times and stops the BullMQ schedule when the options change', async () => {
      const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
      const q = new Queue('dashboard.aggregate', { connection, prefix: `${t.redisPrefix}:bull` });
      try {
        const every = async () => (await q.getJobScheduler('dashboard.aggregate:repeat'))?.every ?? null;
        expect(await every()).toBe(5 * 60_000);
        await setOption('DataExportInterval', '7');
        await waitFor(async () => ((await every()) === 7 * 60_000 ? true : undefined), 10_000);
        await setOption('DataExportEnabled', 'false');
        await waitFor(async () => ((await every()) === null ? true : undefined), 10_000);
      } finally {
        await q.close();
        connection.disconnect();
      }
    });
  }
});
