import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { Caller, loginRoot, newUser } from '../support/http';
import { DatabaseService } from '../../server/src/database/database.service';

/** Every money path on both databases: the balances end exactly right. */
describe.each(DATABASES)('concurrent money moves (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
  });
  afterAll(async () => t.close());

  it('20 parallel aff transfers move exactly what was held', async () => {
    const { caller } = await newUser(t.url);
    // Seed 7 units of affiliate earnings directly (no API grants them except invitations).
    const db = t.app.get(DatabaseService);
    await db.write((em) => em.query(`UPDATE users SET aff_quota = ${7 * 500000} WHERE id = ${caller.userId}`));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => caller.post('/api/user/aff_transfer', { quota: 500000 })),
    );
    const ok = results.filter((r) => r.body.success === true).length;
    expect(ok).toBe(7);
    const me = (await caller.get('/api/user/self')).body.data;
    expect(me.aff_quota).toBe(0);
    expect(me.quota).toBe(7 * 500000);
  });

  it('20 parallel quota adjustments leave exactly the right balance', async () => {
    const { caller } = await newUser(t.url);
    await root.post('/api/user/manage', { id: caller.userId, action: 'add_quota', value: 1000 }).expect(200);
    // 10 add 300, 10 subtract 250: every subtraction fits once the adds land or not, so all must succeed
    // only if the balance allows; the final balance must equal 1000 + 300*adds - 250*subs that succeeded.
    const deltas = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 300 : -250));
    const results = await Promise.all(
      deltas.map((value) => root.post('/api/user/manage', { id: caller.userId, action: 'add_quota', value })),
    );
    let expected = 1000;
    results.forEach((r, i) => {
      if (r.body.success === true) expected += deltas[i] as number;
    });
    const me = (await caller.get('/api/user/self')).body.data;
    expect(me.quota).toBe(expected);
    expect(me.quota).toBeGreaterThanOrEqual(0);
    expect(results.filter((r) => r.body.success === true).length).toBeGreaterThanOrEqual(14);
  });

  it('parallel subtractions never overdraw', async () => {
    const { caller } = await newUser(t.url);
    await root.post('/api/user/manage', { id: caller.userId, action: 'add_quota', value: 1000 }).expect(200);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => root.post('/api/user/manage', { id: caller.userId, action: 'add_quota', value: -100 })),
    );
    expect(results.filter((r) => r.body.success === true)).toHaveLength(10);
    expect((await caller.get('/api/user/self')).body.data.quota).toBe(0);
  });

  it('admin edits of quota apply as differences and parallel adds all land', async () => {
    const { caller } = await newUser(t.url);
    await root.put('/api/user/', { id: caller.userId, quota: 5000 }).expect(200);
    const adds = Array.from({ length: 10 }, () => root.post('/api/user/manage', { id: caller.userId, action: 'add_quota', value: 10 }));
    await Promise.all(adds);
    expect((await root.get(`/api/user/${caller.userId}`)).body.data.quota).toBe(5100);
  });
});
