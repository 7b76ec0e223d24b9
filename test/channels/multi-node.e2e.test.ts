import { randomBytes } from 'node:crypto';
import { ChannelsService } from '../../server/src/channels/channels.service';
import { RoutingIndexService } from '../../server/src/channels/routing-index.service';
import { SERVER_DATABASES } from '../support/env';
import { startNodes, type TestApp, type TestNodes } from '../support/app';
import { loginRoot, type Caller } from '../support/http';

/** Polls `check` every 10 ms until it is true; resolves to the time it took, or fails past `limitMs`. */
async function within(limitMs: number, check: () => boolean): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (check()) return Date.now() - start;
    if (Date.now() - start > limitMs) throw new Error(`condition not met within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

for (const kind of SERVER_DATABASES) describe(`routing index across two nodes (${kind} + redis)`, () => {
  let cluster: TestNodes;
  let a: TestApp;
  let b: TestApp;
  let root: Caller;

  beforeAll(async () => {
    cluster = await startNodes(2, kind);
    [a, b] = cluster.nodes as [TestApp, TestApp];
    root = await loginRoot(a.url);
  });
  afterAll(async () => cluster.close());

  it('a channel created, disabled, re-enabled and deleted on node A changes node B within one second', async () => {
    const indexB = b.app.get(RoutingIndexService);
    const model = `mn-${randomBytes(3).toString('hex')}`;
    const created = await root.post('/api/channel/', { name: 'mn', key: 'sk-mn', models: model, group: 'default' });
    const id = created.body.data[0].id as number;
    const has = () => indexB.candidates('default', model).some((c) => c.channelId === id);

    await within(1000, has);
    await root.put('/api/channel/', { id, status: 2 }).expect(200);
    const dropMs = await within(1000, () => !has());
    expect(dropMs).toBeLessThan(1000);
    expect(indexB.pick('default', model)).toBeNull();

    await root.put('/api/channel/', { id, status: 1 }).expect(200);
    await within(1000, has);
    await root.delete(`/api/channel/${id}`).expect(200);
    await within(1000, () => !has());
  });

  it('an auto-disable on node A leaves node B within one second, and B serves the other channel', async () => {
    const indexB = b.app.get(RoutingIndexService);
    const model = `mn-${randomBytes(3).toString('hex')}`;
    const first = (await root.post('/api/channel/', { name: 'p', key: 'sk-1', models: model, priority: 10 })).body.data[0].id as number;
    const second = (await root.post('/api/channel/', { name: 's', key: 'sk-2', models: model, priority: 0 })).body.data[0].id as number;
    await within(1000, () => indexB.candidates('default', model).length === 2);
    expect(indexB.pick('default', model)?.channelId).toBe(first);

    // Warm node B's per-node relay cache so the test sees it dropped by the bus message.
    expect((await b.app.get(ChannelsService).getForRelay(first))?.status).toBe(1);
    expect(await a.app.get(ChannelsService).setStatusBySystem(first, 3, 'invalid_api_key')).toBe(true);
    await within(1000, () => indexB.pick('default', model)?.channelId === second);
    expect(indexB.candidates('default', model).map((c) => c.channelId)).toEqual([second]);
    // Node B's relay view of the channel follows too.
    expect((await b.app.get(ChannelsService).getForRelay(first))?.status).toBe(3);
  });
});
