import request from 'supertest';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { Caller, loginRoot, newUser } from '../support/http';

interface Item {
  model_name: string;
  quota_type: number;
  model_ratio: number;
  model_price: number;
  owner_by: string;
  completion_ratio: number;
  enable_groups: string[];
}

describe.each(DATABASES)('pricing and model info (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let user: Caller;
  let secretUser: Caller;
  let disabledId: number;

  async function setOption(key: string, value: string): Promise<void> {
    const res = await root.put('/api/option/', { key, value });
    expect(res.body).toMatchObject({ success: true });
  }

  async function channel(body: Record<string, unknown>): Promise<number> {
    const res = await root.post('/api/channel/', { name: 'p', key: 'sk-pricing', ...body });
    expect(res.body).toMatchObject({ success: true });
    return res.body.data[0].id as number;
  }

  const byName = (items: Item[], name: string) => items.find((i) => i.model_name === name);

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    user = (await newUser(t.url)).caller;
    secretUser = (await newUser(t.url)).caller;
    await root.put('/api/user/', { id: secretUser.userId, group: 'secret' }).expect(200);
    await setOption('GroupRatio', JSON.stringify({ default: 1, vip: 1.5, svip: 2, secret: 3 }));
    await channel({ models: 'gpt-4o-mini,mj_imagine,my-model,gpt-4-gizmo-g-123', group: 'default' });
    await channel({ models: 'claude-3-5-sonnet-20241022,gpt-4o-mini', group: 'vip' });
    await channel({ models: 'svip-only', group: 'svip' });
    await channel({ models: 'hidden-model', group: 'secret' });
    disabledId = await channel({ models: 'gpt-4,disabled-only', group: 'default' });
    await root.put('/api/channel/', { id: disabledId, status: 2 }).expect(200);
  });
  afterAll(async () => t.close());

  it('lists enabled models with ratios, prices and usable groups to anonymous callers', async () => {
    const res = await request(t.url).get('/api/pricing').expect(200);
    expect(res.body.success).toBe(true);
    const items = res.body.data as Item[];
    expect(items.map((i) => i.model_name)).toEqual([
      'claude-3-5-sonnet-20241022',
      'gpt-4-gizmo-g-123',
      'gpt-4o-mini',
      'mj_imagine',
      'my-model',
    ]);
    expect(byName(items, 'gpt-4o-mini')).toEqual({
      model_name: 'gpt-4o-mini',
      quota_type: 0,
      model_ratio: 0.075,
      model_price: 0,
      owner_by: 'openai',
      completion_ratio: 4,
      enable_groups: ['default', 'vip'],
      vendor_id: 1,
    });
    expect(byName(items, 'mj_imagine')).toMatchObject({ quota_type: 1, model_price: 0.1, owner_by: 'midjourney' });
    // Wildcard price entries apply to concrete names.
    expect(byName(items, 'gpt-4-gizmo-g-123')).toMatchObject({ quota_type: 1, model_price: 0.1, completion_ratio: 2 });
    expect(byName(items, 'claude-3-5-sonnet-20241022')).toMatchObject({ model_ratio: 1.5, completion_ratio: 5, enable_groups: ['vip'] });
    expect(byName(items, 'my-model')).toMatchObject({ quota_type: 0, model_ratio: 37.5, completion_ratio: 1, owner_by: '' });
    // Only the groups the caller may use, with their ratios.
    expect(res.body.group_ratio).toEqual({ default: 1, vip: 1.5 });
    expect(res.body.usable_group).toEqual({ default: '默认分组', vip: 'vip分组' });
    // The vendors of the listed models, from the one vendor-prefix table (catalogue/vendors.ts).
    expect(byName(items, 'my-model')).not.toHaveProperty('vendor_id');
    expect(res.body.vendors).toEqual([
      { id: 1, name: 'OpenAI', icon: 'OpenAI' },
      { id: 3, name: 'Anthropic', icon: 'Claude' },
      { id: 18, name: 'Midjourney', icon: 'Midjourney' },
    ]);
  });

  it('follows the ratio options', async () => {
    await setOption('CompletionRatio', JSON.stringify({ 'my-model': 3, 'gpt-4o-mini': 6, 'claude-3-5-sonnet-20241022': 1 }));
    await setOption('ModelRatio', JSON.stringify({ 'my-model': 2, 'gpt-4o-mini': 0.075 }));
    const items = (await request(t.url).get('/api/pricing')).body.data as Item[];
    expect(byName(items, 'my-model')).toMatchObject({ model_ratio: 2, completion_ratio: 3 });
    expect(byName(items, 'gpt-4o-mini')).toMatchObject({ completion_ratio: 6 });
    // Locked vendor ratios ignore the configured map.
    expect(byName(items, 'claude-3-5-sonnet-20241022')).toMatchObject({ completion_ratio: 5, model_ratio: 37.5 });
  });

  it('follows channel status: a re-enabled channel brings its models back', async () => {
    await root.put('/api/channel/', { id: disabledId, status: 1 }).expect(200);
    const on = (await request(t.url).get('/api/pricing')).body.data as Item[];
    expect(byName(on, 'disabled-only')).toMatchObject({ enable_groups: ['default'] });
    await root.put('/api/channel/', { id: disabledId, status: 2 }).expect(200);
    const off = (await request(t.url).get('/api/pricing')).body.data as Item[];
    expect(byName(off, 'disabled-only')).toBeUndefined();
  });

  it("shows a logged-in user their own group's models and ratio", async () => {
    const res = await secretUser.get('/api/pricing').expect(200);
    expect(res.body.group_ratio).toEqual({ default: 1, vip: 1.5, secret: 3 });
    expect(byName(res.body.data as Item[], 'hidden-model')).toMatchObject({ enable_groups: ['secret'] });
    const anon = await request(t.url).get('/api/pricing');
    expect(byName(anon.body.data as Item[], 'hidden-model')).toBeUndefined();
  });

  it('lists the models a user can use, per usable group; another group is 403', async () => {
    const all = await user.get('/api/user/models').expect(200);
    expect(all.body.data).toEqual(['claude-3-5-sonnet-20241022', 'gpt-4-gizmo-g-123', 'gpt-4o-mini', 'mj_imagine', 'my-model']);
    const vip = await user.get('/api/user/models?group=vip').expect(200);
    expect(vip.body.data).toEqual(['claude-3-5-sonnet-20241022', 'gpt-4o-mini']);
    const forbidden = await user.get('/api/user/models?group=secret');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: '无权使用分组 secret' });
    const svip = await user.get('/api/user/models?group=svip');
    expect(svip.status).toBe(403);
    const own = await secretUser.get('/api/user/models?group=secret').expect(200);
    expect(own.body.data).toEqual(['hidden-model']);
    expect((await request(t.url).get('/api/user/models')).status).toBe(401);
  });

  it('returns the vendor catalogue as the stored JSON string', async () => {
    const empty = await request(t.url).get('/api/model-info').expect(200);
    expect(empty.body).toEqual({ success: true, message: '', data: '[]' });
    const vendors = JSON.stringify([{ Manufacturer: 'OpenAI', icon: 'openai', description: 'GPT', models: [{ model_name: 'gpt-4o-mini', type: ['对话'] }] }]);
    await setOption('Manufacturers', vendors);
    const res = await request(t.url).get('/api/model-info').expect(200);
    expect(typeof res.body.data).toBe('string');
    expect(res.body.data).toBe(vendors);
  });

  it('returns the token channel description and the debug document to logged-in users', async () => {
    await setOption('TokenChannelDescription', '<p>default: 普通分组</p>');
    await setOption('DebugDocument', 'https://docs.example/debug');
    expect((await user.get('/api/token-channel-description').expect(200)).body).toEqual({
      success: true,
      message: '',
      data: '<p>default: 普通分组</p>',
    });
    expect((await user.get('/api/debug-document').expect(200)).body.data).toBe('https://docs.example/debug');
    expect((await request(t.url).get('/api/token-channel-description')).status).toBe(401);
    expect((await request(t.url).get('/api/debug-document')).status).toBe(401);
  });
});
