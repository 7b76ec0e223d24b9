// Issue 27 point 6: a channel whose base URL is a private or loopback address is refused at save
// time while AllowPrivateUpstreamEnabled is off, naming the switch and where it is (both
// languages), instead of being saved and failing only at its first test.
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { Caller, loginRoot, newAdmin } from '../support/http';

const ZH = '代理地址 127.0.0.1 是内网或本机地址：需超级管理员先在「设置 → 系统设置 → 其他系统设置」中开启「允许渠道访问内网地址」';
const EN = 'The base URL 127.0.0.1 is a private or loopback address: the super administrator must first turn on "Allow channels to reach private addresses" in Settings → System → Other system settings';

describe.each(DATABASES)('a private base URL at save time (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let admin: Caller;
  const channel = (over: Record<string, unknown> = {}) => ({ name: 'local', type: 1, key: 'sk-local-0123456789', models: 'gpt-4o-mini', group: 'default', ...over });
  const count = async (): Promise<number> => (await root.get('/api/channel/?p=0&page_size=100')).body.data.total as number;
  const setPrivate = async (on: boolean) => expect((await root.put('/api/option/', { key: 'AllowPrivateUpstreamEnabled', value: String(on) })).body).toMatchObject({ success: true });

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    admin = (await newAdmin(t.url, root)).caller;
    await setPrivate(false);
  });
  afterAll(async () => t.close());

  it('refuses create and update while the switch is off, naming it and where it is, and saves nothing', async () => {
    const before = await count();
    const zh = await admin.post('/api/channel/', channel({ base_url: 'http://127.0.0.1:11434' })).expect(400);
    expect(zh.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: ZH });
    const en = await admin.post('/api/channel/', channel({ base_url: 'http://127.0.0.1:11434' })).set('Accept-Language', 'en').expect(400);
    expect(en.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: EN });
    for (const url of ['http://localhost:8080', 'http://[::1]:3000', 'https://192.168.1.20/v1']) {
      expect((await admin.post('/api/channel/', channel({ base_url: url })).expect(400)).body.success).toBe(false);
    }
    expect(await count()).toBe(before);

    const created = await admin.post('/api/channel/', channel({ base_url: 'https://api.example.com' })).expect(200);
    const id = created.body.data[0].id as number;
    const moved = await admin.put('/api/channel/', { id, ...channel({ base_url: 'http://127.0.0.1:9', key: 'sk-local-0123456789' }) }).expect(400);
    expect(moved.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: ZH });
    expect((await root.get(`/api/channel/${id}`)).body.data.base_url).toBe('https://api.example.com');
  });

  it('saves it once root turns the switch on', async () => {
    await setPrivate(true);
    const res = await admin.post('/api/channel/', channel({ base_url: 'http://127.0.0.1:11434' })).expect(200);
    expect(res.body.success).toBe(true);
    await setPrivate(false);
  });
});
