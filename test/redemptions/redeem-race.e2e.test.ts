import type request from 'supertest';
import { DatabaseService } from '../../server/src/database/database.service';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { loginRoot, newAdmin, newUser, type Caller } from '../support/http';

const USED = 'This redemption code has already been used';

/**
 * Money rules 1 and 2: a code is credited exactly once however many requests race for it
 * (the reference redeemed twice through a row lock that never existed).
 */
describe.each(DATABASES)('redeeming under concurrency (%s)', (kind) => {
  let t: TestApp;
  let admin: Caller;

  const code = async (quota: number): Promise<string> => {
    const res = await admin.post('/api/redemption/', { name: 'race', quota }).expect(200);
    return (res.body.data as string[])[0] as string;
  };
  const quotaOf = async (who: Caller): Promise<number> => (await who.get('/api/user/self').expect(200)).body.data.quota as number;
  const topUpLogs = async (userIds: number[]): Promise<{ user_id: number; quota: number }[]> => {
    const rows = (await t.app.get(DatabaseService).manager.query(
      `SELECT user_id, quota FROM logs WHERE type = 1 AND user_id IN (${userIds.join(',')})`,
    )) as { user_id: number; quota: string | number }[];
    return rows.map((r) => ({ user_id: Number(r.user_id), quota: Number(r.quota) }));
  };

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    admin = (await newAdmin(t.url, await loginRoot(t.url))).caller;
  });
  afterAll(async () => t.close());

  it('50 parallel redemptions of one code by one user: one success, 49 "already used"', async () => {
    const quota = 777777;
    const key = await code(quota);
    const { caller } = await newUser(t.url);
    const before = await quotaOf(caller);
    const results: request.Response[] = await Promise.all(
      Array.from({ length: 50 }, () => caller.post('/api/user/topup', { key }).set('Accept-Language', 'en').then((r) => r)),
    );
    const wins = results.filter((r) => r.body.success === true);
    const losses = results.filter((r) => r.body.success === false);
    expect(wins).toHaveLength(1);
    expect(wins[0]?.body.data).toBe(quota);
    expect(losses).toHaveLength(49);
    for (const r of losses) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(USED);
    }
    expect(await quotaOf(caller)).toBe(before + quota);
    expect(await topUpLogs([caller.userId as number])).toEqual([{ user_id: caller.userId, quota }]);
  });

  it('50 parallel redemptions of one code by five users: exactly one user is credited', async () => {
    const quota = 424242;
    const key = await code(quota);
    const users = await Promise.all(Array.from({ length: 5 }, () => newUser(t.url).then((u) => u.caller)));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const who = users[i % users.length] as Caller;
        return who.post('/api/user/topup', { key }).set('Accept-Language', 'en').then((r) => ({ who, r }));
      }),
    );
    const wins = results.filter(({ r }) => r.body.success === true);
    expect(wins).toHaveLength(1);
    const winner = wins[0]?.who as Caller;
    for (const { r } of results.filter(({ r }) => r.body.success === false)) expect(r.body.message).toBe(USED);
    const balances = await Promise.all(users.map(quotaOf));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(quota);
    expect(await quotaOf(winner)).toBe(quota);
    expect(await topUpLogs(users.map((u) => u.userId as number))).toEqual([{ user_id: winner.userId, quota }]);
  });

  it('many codes redeemed in parallel by one user all add up', async () => {
    const keys = await Promise.all(Array.from({ length: 20 }, (_, i) => code(1000 + i)));
    const { caller } = await newUser(t.url);
    const results = await Promise.all(keys.map((key) => caller.post('/api/user/topup', { key })));
    expect(results.every((r) => r.body.success === true)).toBe(true);
    const expected = keys.reduce((sum, _k, i) => sum + 1000 + i, 0);
    expect(await quotaOf(caller)).toBe(expected);
    expect(await topUpLogs([caller.userId as number])).toHaveLength(20);
  });
});
