import { randomBytes } from 'node:crypto';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { apartFromField, Caller, loginRoot, newAdmin } from '../support/http';
import { FakeModelsServer } from './fake-models-server';

const plainKey = (tag = 'k') => `sk-${tag}-${randomBytes(12).toString('hex')}`;
const KEY_REQUIRED = '修改代理地址、渠道类型或其他参数时请重新填写渠道密钥（仅超级管理员可保留原密钥）';
const KEY_MULTILINE = '渠道密钥只能有一行；多个密钥请使用批量创建，每行一个';

/**
 * Admins cannot read channel keys, so they must not be able to send a stored key somewhere new
 * (base URL, type, adaptor parameters) without entering the key again. And a key outside batch
 * create is a single line.
 */
describe.each(DATABASES)('channel key guard (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let admin: Caller;
  let upstream: FakeModelsServer;
  let attacker: FakeModelsServer;

  beforeAll(async () => {
    upstream = new FakeModelsServer('unused', ['gpt-4o']);
    attacker = new FakeModelsServer('unused', ['gpt-4o']);
    await upstream.start();
    await attacker.start();
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    admin = (await newAdmin(t.url, root)).caller;
    // Loopback fakes are reachable only with this on: a refusal below is the guard's, not the SSRF check's.
    const res = await root.put('/api/option/', { key: 'AllowPrivateUpstreamEnabled', value: 'true' });
    expect(res.body).toMatchObject({ success: true });
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
    await attacker.stop();
  });

  async function make(body: Record<string, unknown> = {}): Promise<{ id: number; key: string }> {
    const key = plainKey();
    const res = await root.post('/api/channel/', { name: 'guarded', type: 1, models: 'gpt-4o', base_url: upstream.url, key, ...body });
    expect(res.body).toMatchObject({ success: true });
    return { id: res.body.data[0].id as number, key };
  }

  async function stored(id: number): Promise<{ base_url: string; type: number; other: string; key: string }> {
    return (await root.get(`/api/channel/${id}?include_key=true`)).body.data as { base_url: string; type: number; other: string; key: string };
  }

  describe('an admin keeping the stored key', () => {
    it('cannot move the channel to another base URL, and the stored key never reaches it', async () => {
      const { id, key } = await make();
      for (const keyField of [{ key: '' }, { key: '   ' }, {}]) {
        const res = await admin.put('/api/channel/', { id, name: 'guarded', base_url: attacker.url, ...keyField });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: KEY_REQUIRED });
      }
      const en = await admin.put('/api/channel/', { id, base_url: attacker.url, key: '' }).set('Accept-Language', 'en');
      expect(en.status).toBe(403);
      expect(en.body.message).toMatch(/^Enter the channel key again/);
      expect(await stored(id)).toMatchObject({ base_url: upstream.url, key });

      // Everything that sends the key still goes to the stored upstream.
      await admin.get(`/api/channel/fetch_models/${id}`);
      await admin.get(`/api/channel/test/${id}`);
      expect(attacker.requests).toHaveLength(0);
      expect(upstream.requests.some((r) => r.headers.authorization === `Bearer ${key}`)).toBe(true);
    });

    it('cannot change the type or the adaptor parameters (other) either', async () => {
      const { id, key } = await make();
      const toCustom = await admin.put('/api/channel/', { id, type: 8, key: '' });
      expect(toCustom.status).toBe(403);
      expect(toCustom.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: KEY_REQUIRED });
      const other = await admin.put('/api/channel/', { id, other: '2024-10-21', key: '' });
      expect(other.status).toBe(403);
      const cleared = await admin.put('/api/channel/', { id, base_url: '', key: '' });
      expect(cleared.status).toBe(403);
      expect(await stored(id)).toMatchObject({ base_url: upstream.url, type: 1, other: '', key });
    });

    it('may resend the unchanged values (as an edit form does) and edit unrelated fields', async () => {
      const { id, key } = await make();
      const res = await admin
        .put('/api/channel/', {
          id,
          key: '',
          type: 1,
          base_url: `${upstream.url}/`,
          other: '',
          name: 'renamed',
          weight: 7,
          models: 'gpt-4o,gpt-4o-mini',
          group: 'default,vip',
          model_mapping: '{"gpt-4o":"gpt-4o-2024-08-06"}',
          openai_organization: 'org-x',
        })
        .expect(200);
      expect(res.body.data).toMatchObject({ id, name: 'renamed', weight: 7, models: 'gpt-4o,gpt-4o-mini', base_url: upstream.url });
      expect(await stored(id)).toMatchObject({ key });
    });
  });

  it('an admin who enters the key again may change the base URL', async () => {
    const { id, key } = await make();
    const own = plainKey('admin');
    const res = await admin.put('/api/channel/', { id, base_url: attacker.url, key: own }).expect(200);
    expect(res.body.data.base_url).toBe(attacker.url);
    expect(await stored(id)).toMatchObject({ base_url: attacker.url, key: own });
    await admin.get(`/api/channel/fetch_models/${id}`);
    const sent = attacker.requests.map((r) => r.headers.authorization);
    expect(sent).toContain(`Bearer ${own}`);
    expect(sent).not.toContain(`Bearer ${key}`);
    attacker.requests.length = 0;
  });

  it('root may change the base URL, type and other while keeping the stored key', async () => {
    const { id, key } = await make();
    const res = await root.put('/api/channel/', { id, base_url: 'https://proxy.example/', type: 3, other: '2024-10-21', key: '' }).expect(200);
    expect(res.body.data).toMatchObject({ base_url: 'https://proxy.example', type: 3 });
    expect(await stored(id)).toMatchObject({ base_url: 'https://proxy.example', type: 3, other: '2024-10-21', key });
  });

  it('quick actions and server-side copies stay open to admins', async () => {
    const { id } = await make();
    expect((await admin.put('/api/channel/', { id, status: 2 }).expect(200)).body.data.status).toBe(2);
    const copy = await admin.post(`/api/channel/copy/${id}`).expect(200);
    const copyId = copy.body.data.id as number;
    // The copy carries the stored key, so the same rule applies to it.
    expect((await admin.put('/api/channel/', { id: copyId, base_url: attacker.url, key: '' })).status).toBe(403);
    expect(attacker.requests).toHaveLength(0);
  });

  describe('multi-line keys', () => {
    it.each([
      ['LF', '\n'],
      ['CRLF', '\r\n'],
      ['CR', '\r'],
    ])('refuses a %s-separated key on a single create and on update', async (_name, sep) => {
      const body = { name: 'ml', type: 1, models: 'gpt-4o', key: `${plainKey('a')}${sep}${plainKey('b')}` };
      const created = await admin.post('/api/channel/', body);
      expect(created.status).toBe(400);
      expect(apartFromField(created.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: KEY_MULTILINE });
      const wrapped = await admin.post('/api/channel/', { mode: 'single', channel: body });
      expect(wrapped.status).toBe(400);

      const { id, key } = await make();
      const updated = await root.put('/api/channel/', { id, key: `${plainKey('c')}${sep}${plainKey('d')}` });
      expect(updated.status).toBe(400);
      expect(apartFromField(updated.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: KEY_MULTILINE });
      expect(await stored(id)).toMatchObject({ key });
    });

    it('lets a JSON-key type (Vertex AI service account) span lines, but only as a JSON object', async () => {
      const json = '{\n  "type": "service_account",\n  "private_key": "x"\n}';
      const ok = await admin.post('/api/channel/', { name: 'vertex', type: 41, models: 'gemini-2.5-pro', key: json }).expect(200);
      expect(await stored(ok.body.data[0].id as number)).toMatchObject({ key: json });
      const twoKeys = await admin.post('/api/channel/', { name: 'vertex', type: 41, models: 'gemini-2.5-pro', key: `${plainKey()}\n${plainKey()}` });
      expect(twoKeys.status).toBe(400);
      expect(apartFromField(twoKeys.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: KEY_MULTILINE });
      // Moving a type-1 channel to type 41 (root, new key) makes its JSON key acceptable on update.
      const { id } = await make();
      await root.put('/api/channel/', { id, type: 41, key: json }).expect(200);
      expect(await stored(id)).toMatchObject({ type: 41, key: json });
    });

    it('still accepts surrounding blank lines on a single key', async () => {
      const key = plainKey('single');
      const res = await admin.post('/api/channel/', { name: 'one', type: 1, models: 'gpt-4o', key: `\n${key}\r\n` }).expect(200);
      expect(await stored(res.body.data[0].id as number)).toMatchObject({ key });
    });

    it('batch mode still creates one channel per line (LF, CRLF or CR)', async () => {
      const keys = [plainKey('b1'), plainKey('b2'), plainKey('b3')];
      const res = await admin
        .post('/api/channel/', { mode: 'batch', channel: { name: 'batch', type: 1, models: 'gpt-4o', key: `${keys[0]}\r\n${keys[1]}\r${keys[2]}\n` } })
        .expect(200);
      const ids = (res.body.data as { id: number }[]).map((c) => c.id);
      expect(ids).toHaveLength(3);
      expect(await Promise.all(ids.map(async (id) => (await stored(id)).key))).toEqual(keys);
    });
  });
});
