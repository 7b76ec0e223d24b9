import request from 'supertest';
import { startNodes, type TestApp, type TestNodes } from '../support/app';
import { SERVER_DATABASES } from '../support/env';
import { Caller, loginRoot, newUser } from '../support/http';

async function eventually(check: () => Promise<boolean>, ms = 1000): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Two nodes on one PostgreSQL and one Redis: option and user changes reach the other at once. */
// Runs whenever PostgreSQL is in the matrix (CI always has it).
for (const kind of SERVER_DATABASES) describe(`two nodes (${kind} + redis)`, () => {
  let cluster: TestNodes;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    cluster = await startNodes(2, kind);
    [a, b] = cluster.nodes as [TestApp, TestApp];
  });
  afterAll(async () => cluster.close());

  it('an option saved on one node is served by the other within a second', async () => {
    const root = await loginRoot(a.url);
    await root.put('/api/option/', { key: 'SystemName', value: 'Node A renamed' }).expect(200);
    const ms = await eventually(async () => (await request(b.url).get('/api/status')).body.data.system_name === 'Node A renamed');
    expect(ms).toBeLessThan(1000);
  });

  it('disabling a user on one node stops their session on the other at once', async () => {
    const { caller } = await newUser(a.url);
    const onB = new Caller(b.url);
    await onB.login((await caller.get('/api/user/self')).body.data.username, 'password123');
    await onB.get('/api/user/self').expect(200);
    const root = await loginRoot(a.url);
    await root.post('/api/user/manage', { id: caller.userId, action: 'disable' }).expect(200);
    await eventually(async () => (await onB.get('/api/user/self')).status === 403);
  });
});
