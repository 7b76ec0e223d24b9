import { RelayService } from '../../server/src/relay/pipeline/relay.service';
import { startNodes, type TestApp, type TestNodes } from '../support/app';
import { SERVER_DATABASES } from '../support/env';
import { FakeOpenAI } from '../support/fakes/openai-upstream';
import { loginRoot, newUser, type Caller } from '../support/http';
import { seededRandom } from '../../server/src/common/__fixtures__/seeded-random';
import { consumeLogs, createChannel, createToken, setOption, tokenState, userQuota } from './relay-kit';

const KEY = 'sk-upstream-multinode-0123456789abcdef';
/** ModelPrice 0.0002 dollars = 100 quota a call (500000 quota a dollar). */
const PRICE = 100;
const USERS = 4;
const REQUESTS = 240;

/**
 * Two gateway nodes on one PostgreSQL database (and Redis), several users at once: each node
 * writes its ledger in two lanes of batches, so four batches can be in flight at any moment,
 * meeting the same users in every order. Every request must be served and billed exactly once:
 * balances, counters, tokens, the channel and the consume logs all add up. (That batches at once
 * never deadlock is shown where it can be forced, in test/billing/ledger "batches at once".)
 */
// Runs whenever PostgreSQL is in the matrix (CI always has it).
for (const kind of SERVER_DATABASES) describe(`relay on two nodes at once (${kind} + redis)`, () => {
  let cluster: TestNodes;
  let nodes: TestApp[];
  let root: Caller;
  let fake: FakeOpenAI;
  let channelId: number;

  beforeAll(async () => {
    cluster = await startNodes(2, kind);
    nodes = cluster.nodes;
    root = await loginRoot(nodes[0]?.url as string);
    await setOption(root, 'AllowPrivateUpstreamEnabled', 'true');
    await setOption(root, 'ModelPrice', { 'mn-fixed': 0.0002 });
    fake = await new FakeOpenAI({ key: KEY, promptTokens: 12 }).start();
    channelId = await createChannel(root, { key: KEY, base_url: fake.url, models: 'mn-fixed' });
  });
  afterAll(async () => {
    await fake.stop();
    await cluster.close();
  });

  it(`${REQUESTS} requests of ${USERS} users spread over both nodes: all served, each billed once, every total exact`, async () => {
    const users: { caller: Caller; username: string; token: { id: number; key: string }; before: Awaited<ReturnType<typeof userQuota>> }[] = [];
    for (let i = 0; i < USERS; i++) {
      const { caller, username } = await newUser(nodes[0]?.url as string);
      const res = await root.post('/api/user/manage', { id: caller.userId, action: 'add_quota', value: 1_000_000 });
      expect(res.body.success).toBe(true);
      const token = await createToken(caller, { unlimited_quota: false, remain_quota: 500_000 });
      users.push({ caller, username, token, before: await userQuota(caller) });
    }
    const channelBefore = (await root.get(`/api/channel/${channelId}`).expect(200)).body.data.used_quota as number;
    // Both nodes know the channel before the load starts (user 0 pays one call on each).
    for (const n of nodes) {
      const probe = await fetch(`${n.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${users[0]?.token.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'mn-fixed', messages: [{ role: 'user', content: 'warm' }] }),
      });
      expect(probe.status).toBe(200);
    }

    const rand = seededRandom(20261125);
    const plan = Array.from({ length: REQUESTS }, () => ({ user: Math.floor(rand() * USERS), node: Math.floor(rand() * nodes.length) }));
    const results = await Promise.all(
      plan.map(async ({ user, node }) => {
        const res = await fetch(`${nodes[node]?.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${users[user]?.token.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'mn-fixed', messages: [{ role: 'user', content: 'hi' }] }),
        });
        const body = (await res.json()) as { error?: unknown };
        return { status: res.status, error: body.error ?? null };
      }),
    );
    for (const n of nodes) await n.app.get(RelayService).idle();

    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    for (const [i, u] of users.entries()) {
      const served = plan.filter((p) => p.user === i).length + (i === 0 ? nodes.length : 0);
      const now = await userQuota(u.caller);
      expect({ spent: u.before.quota - now.quota, used: now.used - u.before.used, requests: now.requests - u.before.requests }).toEqual({
        spent: served * PRICE,
        used: served * PRICE,
        requests: served,
      });
      expect(await tokenState(u.caller, u.token.id)).toMatchObject({ remain: 500_000 - served * PRICE, used: served * PRICE });
      const logs = await consumeLogs(root, u.username);
      expect(logs).toHaveLength(served);
      expect(new Set(logs.map((l) => l.request_id)).size).toBe(served);
      expect(logs.every((l) => l.quota === PRICE)).toBe(true);
    }
    const channelAfter = (await root.get(`/api/channel/${channelId}`).expect(200)).body.data.used_quota as number;
    expect(channelAfter - channelBefore).toBe((REQUESTS + nodes.length) * PRICE);
  });
});
