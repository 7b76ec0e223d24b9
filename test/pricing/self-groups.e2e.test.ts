import request from 'supertest';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { Caller, loginRoot, newUser } from '../support/http';

// GET /api/user/self/groups: the groups the caller may use, each with its ratio and label
// (the playground's group list; reference §6.2).
describe.each(DATABASES)('the caller\'s usable groups with ratios (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let user: Caller;
  let special: Caller;

  async function put(key: string, value: string): Promise<void> {
    expect((await root.put('/api/option/', { key, value }).expect(200)).body).toMatchObject({ success: true });
  }

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    user = (await newUser(t.url)).caller;
    special = (await newUser(t.url)).caller;
    await put('GroupRatio', JSON.stringify({ default: 1, vip: 1.5, internal: 0.5, special: 2 }));
    await put('UserUsableGroups', JSON.stringify({ default: '默认分组', vip: 'vip分组', internal: '内部' }));
    await put('HiddenGroups', JSON.stringify(['internal']));
    await put('GroupDisplayNames', JSON.stringify({ vip: 'VIP 专线' }));
    await root.put('/api/user/', { id: special.userId, group: 'special' }).expect(200);
  });
  afterAll(async () => t.close());

  it('lists the usable groups with ratio and display name, hidden groups left out', async () => {
    const res = await user.get('/api/user/self/groups').expect(200);
    expect(res.body).toEqual({
      success: true,
      message: '',
      data: { default: { ratio: 1, desc: '默认分组' }, vip: { ratio: 1.5, desc: 'VIP 专线' } },
    });
  });

  it("adds the caller's own group even when it is not offered to everyone", async () => {
    const res = await special.get('/api/user/self/groups').expect(200);
    expect(res.body.data.special).toEqual({ ratio: 2, desc: 'special' });
    expect(Object.keys(res.body.data)).toEqual(['default', 'vip', 'special']);
  });

  it('needs a signed-in user', async () => {
    await request(t.url).get('/api/user/self/groups').expect(401);
  });
});
