import { randomBytes } from 'node:crypto';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { Caller, loginRoot, newAdmin } from '../support/http';
import { FakeModelsServer } from './fake-models-server';

describe.each(DATABASES)('fetching upstream model lists (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let admin: Caller;
  let fake: FakeModelsServer;
  const key = `sk-fake-${randomBytes(8).toString('hex')}`;

  beforeAll(async () => {
    fake = new FakeModelsServer(key, ['gpt-4o', 'gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small']);
    await fake.start();
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    admin = (await newAdmin(t.url, root)).caller;
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  async function setPrivate(on: boolean): Promise<void> {
    const res = await root.put('/api/option/', { key: 'AllowPrivateUpstreamEnabled', value: on ? 'true' : 'false' });
    expect(res.body).toMatchObject({ success: true });
  }

  it('refuses a loopback upstream while AllowPrivateUpstreamEnabled is off, without contacting it', async () => {
    // Saved while root allowed private upstreams (a loopback address is refused at save while the
    // switch is off), then the switch is turned off again.
    await setPrivate(true);
    const created = await admin.post('/api/channel/', { name: 'local', type: 1, base_url: fake.url, key, models: 'gpt-4o' });
    const id = created.body.data[0].id as number;
    await setPrivate(false);
    const before = fake.requests.length;
    const res = await admin.get(`/api/channel/fetch_models/${id}`);
    expect(res.status).toBe(400);
    // The switch's label and where it is (as the save refusal says), not the option key.
    const host = new URL(fake.url).host;
    expect(res.body).toEqual({
      success: false,
      code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/),
      message: `代理地址 ${host} 是内网或本机地址：需超级管理员先在「设置 → 系统设置 → 其他系统设置」中开启「允许渠道访问内网地址」`,
    });
    const direct = await admin.post('/api/channel/fetch_models', { base_url: fake.url, type: 1, key });
    expect(direct.status).toBe(400);
    expect(direct.body.message).not.toContain('AllowPrivateUpstreamEnabled');
    expect(fake.requests.length).toBe(before);
  });

  it('only root may turn the option on', async () => {
    const res = await admin.put('/api/option/', { key: 'AllowPrivateUpstreamEnabled', value: 'true' });
    expect(res.status).toBe(403);
  });

  it('lists the models with the channel key as bearer once root allows private upstreams', async () => {
    await setPrivate(true);
    const created = await admin.post('/api/channel/', { name: 'local', type: 1, base_url: `${fake.url}/`, key, models: 'gpt-4o' });
    const id = created.body.data[0].id as number;
    const res = await admin.get(`/api/channel/fetch_models/${id}`).expect(200);
    expect(res.body).toEqual({ success: true, message: '', data: ['gpt-4o', 'gpt-4o-mini', 'text-embedding-3-small'] });
    const last = fake.requests[fake.requests.length - 1];
    expect(last).toMatchObject({ method: 'GET', url: '/v1/models' });
    expect(last?.headers.authorization).toBe(`Bearer ${key}`);
    expect(JSON.stringify(res.body)).not.toContain(key);
  });

  it('lists models for an unsaved channel from base_url, type and key', async () => {
    await setPrivate(true);
    const res = await admin.post('/api/channel/fetch_models', { base_url: fake.url, type: 1, key }).expect(200);
    expect(res.body.data).toEqual(['gpt-4o', 'gpt-4o-mini', 'text-embedding-3-small']);
  });

  it('reports an upstream refusal without echoing its body (which repeats the key)', async () => {
    await setPrivate(true);
    const wrong = `sk-wrong-${randomBytes(8).toString('hex')}`;
    const res = await admin.post('/api/channel/fetch_models', { base_url: fake.url, type: 1, key: wrong });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: '获取模型列表失败：HTTP 401' });
    expect(JSON.stringify(res.body)).not.toContain(wrong);
  });

  it('needs a key, an OpenAI-compatible type and a known channel', async () => {
    const noKey = await admin.post('/api/channel/fetch_models', { base_url: fake.url, type: 1, key: ' ' });
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe('请填写密钥');
    const claude = await admin.post('/api/channel/fetch_models', { base_url: fake.url, type: 14, key });
    expect(claude.status).toBe(400);
    expect(claude.body.message).toBe('仅支持 OpenAI 接口格式');
    const badUrl = await admin.post('/api/channel/fetch_models', { base_url: 'gopher://x', type: 1, key });
    expect(badUrl.body.message).toBe('代理地址必须是 http 或 https 地址');
    const missing = await admin.get('/api/channel/fetch_models/99999999');
    expect(missing.status).toBe(404);
  });

  it('reports an unreachable upstream', async () => {
    await setPrivate(true);
    const res = await admin.post('/api/channel/fetch_models', { base_url: 'http://127.0.0.1:9', type: 1, key });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^获取模型列表失败：/);
  });
});
