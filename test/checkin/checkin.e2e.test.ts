import request from 'supertest';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { apartFromField, loginRoot, newUser, type Caller } from '../support/http';

const todayUtc = () => new Date().toISOString().slice(0, 10);

describe.each(DATABASES)('daily check-in (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
  });
  afterAll(async () => t.close());

  const quotaOf = async (c: Caller) => (await c.get('/api/user/self').expect(200)).body.data.quota as number;
  const rewardLogs = async (c: Caller) => (await c.get('/api/log/self?type=99&page_size=100').expect(200)).body.data;
  const setOption = async (key: string, value: string) => {
    const res = await root.put('/api/option/', { key, value }).expect(200);
    expect(res.body.success).toBe(true);
  };

  it('rewards once per day: quota, log and dates move together', async () => {
    const { caller } = await newUser(t.url);
    const before = await quotaOf(caller);
    const first = await caller.post('/api/user/sign-in').expect(200);
    expect(first.body.success).toBe(true);
    expect(first.body.message).toBe('签到成功！');
    const awarded = first.body.data.quota_awarded as number;
    expect(first.body.data.checkin_date).toBe(todayUtc());
    // Defaults: MinQuota 5000 < MaxQuota 100000, so a random amount in between.
    expect(awarded).toBeGreaterThanOrEqual(5000);
    expect(awarded).toBeLessThanOrEqual(100000);
    expect(await quotaOf(caller)).toBe(before + awarded);

    const logs = await rewardLogs(caller);
    expect(logs.total).toBe(1);
    expect(logs.items[0]).toMatchObject({ type: 99, quota: awarded, content: `每日签到，获得额度 ${awarded}` });

    const again = await caller.post('/api/user/sign-in');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: '今日已签到' });
    const againEn = await caller.post('/api/user/sign-in').set('Accept-Language', 'en');
    expect(againEn.body.message).toBe('already signed in today');
    expect(await quotaOf(caller)).toBe(before + awarded);
    expect((await rewardLogs(caller)).total).toBe(1);
  });

  it('answers in English on request', async () => {
    const { caller } = await newUser(t.url);
    const res = await caller.post('/api/user/sign-in').set('Accept-Language', 'en').expect(200);
    expect(res.body.message).toBe('sign-in successful!');
  });

  it('lists the month’s sign-in dates and whether today is still open', async () => {
    const { caller } = await newUser(t.url);
    const fresh = await caller.get('/api/user/sign-in-dates').expect(200);
    expect(fresh.body.data).toEqual({ sign_in_dates: [], status: { can_sign_in_today: true } });
    await caller.post('/api/user/sign-in').expect(200);
    const month = todayUtc().slice(0, 7);
    for (const path of ['/api/user/sign-in-dates', `/api/user/sign-in-dates?month=${month}`]) {
      const res = await caller.get(path).expect(200);
      expect(res.body.data).toEqual({ sign_in_dates: [todayUtc()], status: { can_sign_in_today: false } });
    }
    const other = await caller.get('/api/user/sign-in-dates?month=2020-01').expect(200);
    expect(other.body.data).toEqual({ sign_in_dates: [], status: { can_sign_in_today: false } });
    for (const bad of ['2025-13', '2025-1', 'june']) {
      const res = await caller.get(`/api/user/sign-in-dates?month=${bad}`).set('Accept-Language', 'en');
      expect(res.status).toBe(400);
      expect(apartFromField(res.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Invalid month, expected YYYY-MM' });
    }
    const zh = await caller.get('/api/user/sign-in-dates?month=x');
    expect(zh.body.message).toBe('月份格式错误，应为 YYYY-MM');
  });

  it('needs a logged-in user', async () => {
    expect((await request(t.url).post('/api/user/sign-in')).status).toBe(401);
    expect((await request(t.url).get('/api/user/sign-in-dates')).status).toBe(401);
  });

  it('50 parallel check-ins by one user reward exactly once', async () => {
    const { caller } = await newUser(t.url);
    const before = await quotaOf(caller);
    const results = await Promise.all(Array.from({ length: 50 }, () => caller.post('/api/user/sign-in')));
    const wins = results.filter((r) => r.status === 200 && r.body.success === true);
    expect(wins).toHaveLength(1);
    const losses = results.filter((r) => r.status === 409);
    expect(losses).toHaveLength(49);
    expect(losses.every((r) => r.body.message === '今日已签到')).toBe(true);
    const awarded = (wins[0] as request.Response).body.data.quota_awarded as number;
    expect(awarded).toBeGreaterThan(0);
    expect(await quotaOf(caller)).toBe(before + awarded);
    const logs = await rewardLogs(caller);
    expect(logs.total).toBe(1);
    expect(logs.items[0].quota).toBe(awarded);
    const dates = await caller.get('/api/user/sign-in-dates').expect(200);
    expect(dates.body.data.sign_in_dates).toEqual([todayUtc()]);
  });

  it('pays BonusPerDay unless MinQuota < MaxQuota are both set', async () => {
    await setOption('BonusPerDay', '777');
    await setOption('MinQuota', '0');
    const a = await newUser(t.url);
    expect((await a.caller.post('/api/user/sign-in').expect(200)).body.data.quota_awarded).toBe(777);
    await setOption('MinQuota', '3000');
    await setOption('MaxQuota', '3000');
    const b = await newUser(t.url);
    expect((await b.caller.post('/api/user/sign-in').expect(200)).body.data.quota_awarded).toBe(777);
    await setOption('MaxQuota', '3001');
    const c = await newUser(t.url);
    expect([3000, 3001]).toContain((await c.caller.post('/api/user/sign-in').expect(200)).body.data.quota_awarded);
    await setOption('BonusPerDay', '0');
    await setOption('MinQuota', '0');
    const d = await newUser(t.url);
    const before = await quotaOf(d.caller);
    expect((await d.caller.post('/api/user/sign-in').expect(200)).body.data.quota_awarded).toBe(0);
    expect(await quotaOf(d.caller)).toBe(before);
    // Still once a day even without a reward.
    expect((await d.caller.post('/api/user/sign-in')).status).toBe(409);
  });
});
