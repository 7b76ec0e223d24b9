import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RoutingIndexService } from '../../server/src/channels/routing-index.service';
import { ChannelsService } from '../../server/src/channels/channels.service';
import { DatabaseService } from '../../server/src/database/database.service';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { apartFromField, Caller, loginRoot, newAdmin, newUser } from '../support/http';

const plainKey = (tag = 'k') => `sk-${tag}-${randomBytes(12).toString('hex')}`;

interface Made {
  id: number;
  key: string;
}

describe.each(DATABASES)('channel administration (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let admin: Caller;
  let user: Caller;

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    admin = (await newAdmin(t.url, root)).caller;
    user = (await newUser(t.url)).caller;
  });
  afterAll(async () => t.close());

  async function make(body: Record<string, unknown> = {}): Promise<Made> {
    const key = typeof body.key === 'string' ? body.key : plainKey();
    const res = await admin.post('/api/channel/', { name: 'ch', type: 1, models: 'gpt-4o-mini', group: 'default', ...body, key });
    expect(res.body).toMatchObject({ success: true });
    return { id: res.body.data[0].id as number, key };
  }

  async function rawRow(id: number): Promise<{ key: string; key_hash: string }> {
    const ds = t.app.get(DataSource);
    return ds
      .createQueryBuilder()
      .select('c.key', 'key')
      .addSelect('c.key_hash', 'key_hash')
      .from('channels', 'c')
      .where('c.id = :id', { id })
      .getRawOne() as Promise<{ key: string; key_hash: string }>;
  }

  describe('permissions', () => {
    const adminCalls: [string, (c: Caller) => request.Test][] = [
      ['GET /api/channel/', (c) => c.get('/api/channel/')],
      ['GET /api/channel/search', (c) => c.get('/api/channel/search?keyword=a')],
      ['GET /api/channel/1', (c) => c.get('/api/channel/1')],
      ['POST /api/channel/', (c) => c.post('/api/channel/', { name: 'x', key: 'k', models: 'm' })],
      ['PUT /api/channel/', (c) => c.put('/api/channel/', { id: 1, status: 2 })],
      ['DELETE /api/channel/1', (c) => c.delete('/api/channel/1')],
      ['DELETE /api/channel/disabled', (c) => c.delete('/api/channel/disabled')],
      ['POST /api/channel/batch', (c) => c.post('/api/channel/batch', { ids: [1] })],
      ['POST /api/channel/fix', (c) => c.post('/api/channel/fix')],
      ['POST /api/channel/copy/1', (c) => c.post('/api/channel/copy/1')],
      ['GET /api/channel/models', (c) => c.get('/api/channel/models')],
      ['GET /api/channel/fetch_models/1', (c) => c.get('/api/channel/fetch_models/1')],
      ['POST /api/channel/fetch_models', (c) => c.post('/api/channel/fetch_models', { key: 'k' })],
    ];

    it.each(adminCalls)('a regular user gets 403 on %s', async (_name, call) => {
      const res = await call(user);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: '无权进行此操作，权限不足' });
    });

    it.each(adminCalls)('an anonymous caller gets 401 on %s', async (_name, call) => {
      const res = await call(new Caller(t.url));
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    });
  });

  describe('keys', () => {
    it('stores the key sealed: the raw row holds neither the plain key nor a readable form of it', async () => {
      const { id, key } = await make();
      const row = await rawRow(id);
      expect(row.key).not.toContain(key);
      expect(row.key).toMatch(/^v1\./);
      expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    });

    it('shows the key to root asking with include_key=true only; never to an admin', async () => {
      const { id, key } = await make();
      const adminGet = await admin.get(`/api/channel/${id}?include_key=true`).expect(200);
      expect(adminGet.body.data).not.toHaveProperty('key');
      expect(JSON.stringify(adminGet.body)).not.toContain(key);
      const rootPlain = await root.get(`/api/channel/${id}`).expect(200);
      expect(rootPlain.body.data).not.toHaveProperty('key');
      const rootKey = await root.get(`/api/channel/${id}?include_key=true`).expect(200);
      expect(rootKey.body.data.key).toBe(key);

      const rootList = await root.get('/api/channel/?p=0&page_size=100&include_key=true').expect(200);
      expect(rootList.body.data.find((c: { id: number }) => c.id === id).key).toBe(key);
      const adminList = await admin.get('/api/channel/?p=0&page_size=100&include_key=true').expect(200);
      expect(JSON.stringify(adminList.body)).not.toContain(key);
      expect(adminList.body.data.every((c: Record<string, unknown>) => !('key' in c))).toBe(true);
    });

    it('never carries a key in list, search, read, create, update or copy responses without root asking', async () => {
      const key = plainKey('scan');
      const created = await admin.post('/api/channel/', { name: 'scan-me', models: 'gpt-4o', key });
      const id = created.body.data[0].id as number;
      const responses = [
        created,
        await admin.get('/api/channel/?p=0&page_size=100'),
        await root.get('/api/channel/?p=0&page_size=100'),
        await admin.get(`/api/channel/search?keyword=${encodeURIComponent(key)}`),
        await root.get(`/api/channel/search?keyword=${encodeURIComponent(key)}`),
        await admin.get(`/api/channel/${id}`),
        await root.get(`/api/channel/${id}`),
        await admin.put('/api/channel/', { id, name: 'scan-me-2', key: '' }),
        await admin.put('/api/channel/', { id, status: 1 }),
        await admin.post(`/api/channel/copy/${id}`),
      ];
      for (const res of responses) {
        expect(res.body.success).toBe(true);
        expect(JSON.stringify(res.body)).not.toContain(key);
      }
    });
  });

  describe('create', () => {
    it('creates a channel with every field, removing the trailing slash of base_url', async () => {
      const body = {
        name: 'full',
        type: 3,
        key: plainKey(),
        group: 'default, vip',
        models: 'gpt-4o, gpt-4o-mini,gpt-4o',
        base_url: 'https://example.openai.azure.com///',
        other: '2024-10-21',
        test_model: 'gpt-4o-mini',
        model_mapping: '{"gpt-4o":"gpt-4o-2024-08-06"}',
        status_code_mapping: '{"400":"500"}',
        openai_organization: 'org-1',
        ma_input_tokens: 100,
        auto_ban: 0,
        priority: 5,
        weight: 7,
        tag: 'blue',
        test_models: 'gpt-4o',
        used_quota: 999999,
        balance: 50,
        other_info: '{"status_reason":"forged"}',
      };
      const res = await admin.post('/api/channel/', body).expect(200);
      const c = res.body.data[0];
      expect(c).toMatchObject({
        name: 'full',
        type: 3,
        status: 1,
        group: 'default,vip',
        models: 'gpt-4o,gpt-4o-mini',
        base_url: 'https://example.openai.azure.com',
        other: '2024-10-21',
        test_model: 'gpt-4o-mini',
        model_mapping: '{"gpt-4o":"gpt-4o-2024-08-06"}',
        status_code_mapping: '{"400":"500"}',
        openai_organization: 'org-1',
        ma_input_tokens: 100,
        auto_ban: 0,
        priority: 5,
        weight: 7,
        tag: 'blue',
        test_models: 'gpt-4o',
        // System-owned fields are not writable.
        used_quota: 0,
        balance: 0,
        other_info: '{}',
        response_time: 0,
        test_time: 0,
        balance_updated_time: 0,
      });
      expect(c.created_time).toBeGreaterThan(1_700_000_000);
      const read = await admin.get(`/api/channel/${c.id}`).expect(200);
      expect(read.body.data).toEqual(c);
    });

    it('defaults type 1, group default, auto_ban 1, priority and weight 0', async () => {
      const res = await admin.post('/api/channel/', { name: 'minimal', key: plainKey(), models: 'gpt-4o' }).expect(200);
      expect(res.body.data[0]).toMatchObject({ type: 1, group: 'default', auto_ban: 1, priority: 0, weight: 0, ma_input_tokens: 0, status: 1 });
    });

    it.each([
      [{ name: '', key: 'k', models: 'm' }, '请填写渠道名称和渠道密钥！'],
      [{ name: 'n', key: '  ', models: 'm' }, '请填写渠道名称和渠道密钥！'],
      [{ key: 'k', models: 'm' }, '请填写渠道名称和渠道密钥！'],
      [{ name: 'n', key: 'k', models: '' }, '请至少选择一个模型！'],
      [{ name: 'n', key: 'k', models: ' , ' }, '请至少选择一个模型！'],
      [{ name: 'n', key: 'k', models: 'm', model_mapping: '{"a":' }, '模型映射必须是合法的 JSON 格式！'],
      [{ name: 'n', key: 'k', models: 'm', model_mapping: '["a"]' }, '模型映射必须是合法的 JSON 格式！'],
      [{ name: 'n', key: 'k', models: 'm', status_code_mapping: 'not json' }, '状态码复写必须是合法的 JSON 格式！'],
      [{ name: 'n', key: 'k', models: 'm', status_code_mapping: '[400]' }, '状态码复写必须是合法的 JSON 格式！'],
      [{ name: 'n', key: 'k', models: 'm', priority: -1000 }, '优先级不能小于 -999'],
      [{ name: 'n', key: 'k', models: 'm', priority: 'high' }, '优先级必须是整数'],
      [{ name: 'n', key: 'k', models: 'm', weight: 1.5 }, '权重必须是整数'],
      [{ name: 'n', key: 'k', models: 'm', type: 99 }, '无效的渠道类型'],
      [{ name: 'n', key: 'k', models: 'm', base_url: 'ftp://x' }, '代理地址必须是 http 或 https 地址'],
      [{ name: 'n', key: 'k', models: 'm', status: 9 }, '无效的渠道状态'],
    ])('refuses %j with "%s"', async (body, message) => {
      const res = await admin.post('/api/channel/', body);
      expect(res.status).toBe(400);
      expect(apartFromField(res.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message });
    });

    it('bounds names, batch sizes and selections', async () => {
      const longName = await admin.post('/api/channel/', { name: 'n'.repeat(129), key: 'k', models: 'm' });
      expect(longName.status).toBe(400);
      expect(longName.body.message).toBe('渠道名称不能超过 128 个字符');
      const lines = Array.from({ length: 501 }, (_, i) => `sk-line-${i}`).join('\n');
      const tooMany = await admin.post('/api/channel/', { mode: 'batch', channel: { name: 'n', key: lines, models: 'm' } });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe('一次最多批量创建 500 个渠道');
      const ids = Array.from({ length: 1001 }, (_, i) => i + 1);
      const tooManyIds = await admin.post('/api/channel/batch', { ids });
      expect(tooManyIds.status).toBe(400);
      expect(tooManyIds.body.message).toBe('一次最多删除 1000 个渠道');
      const badIds = await admin.post('/api/channel/batch', { ids: [1, 'x'] });
      expect(badIds.body.message).toBe('无效的 ID');
      const longModel = await admin.post('/api/channel/', { name: 'n', key: 'k', models: 'm'.repeat(256) });
      expect(longModel.body.message).toBe('字段内容过长');
    });

    it('answers in English when asked', async () => {
      const res = await admin.post('/api/channel/', { name: 'n', key: '', models: 'm' }).set('Accept-Language', 'en');
      expect(res.body.message).toBe('Please fill in channel name and channel key!');
      const res2 = await admin.post('/api/channel/batch', { ids: [] }).set('Accept-Language', 'en');
      expect(res2.body.message).toBe('Please select the channels to delete first!');
    });

    it('accepts priority -999 and clamps a negative weight to 0', async () => {
      const res = await admin.post('/api/channel/', { name: 'edge', key: plainKey(), models: 'm', priority: -999, weight: -4 }).expect(200);
      expect(res.body.data[0]).toMatchObject({ priority: -999, weight: 0 });
    });

    it('batch mode creates one channel per key line, each with its own key', async () => {
      const keys = [plainKey('b1'), plainKey('b2'), plainKey('b3')];
      const res = await admin
        .post('/api/channel/', { mode: 'batch', channel: { name: 'batch', models: 'gpt-4o', key: `${keys[0]}\n\n ${keys[1]} \r\n${keys[2]}\n` } })
        .expect(200);
      expect(res.body.data).toHaveLength(3);
      const ids = res.body.data.map((c: { id: number }) => c.id) as number[];
      const seen: string[] = [];
      for (const id of ids) seen.push((await root.get(`/api/channel/${id}?include_key=true`)).body.data.key as string);
      expect(seen).toEqual(keys);
    });

    it('single mode keeps a multi-line key as one channel (service-account JSON)', async () => {
      const key = '{\n  "type": "service_account",\n  "private_key": "x"\n}';
      const res = await admin.post('/api/channel/', { name: 'vertex', type: 41, models: 'gemini-2.5-pro', key }).expect(200);
      expect(res.body.data).toHaveLength(1);
      const back = await root.get(`/api/channel/${res.body.data[0].id}?include_key=true`);
      expect(back.body.data.key).toBe(key);
    });

    it('copies: root re-posts a channel without id; an admin copies server-side', async () => {
      const { id, key } = await make({ name: 'orig', priority: 3, tag: 't' });
      const src = (await root.get(`/api/channel/${id}?include_key=true`)).body.data as Record<string, unknown>;
      const { id: _drop, ...rest } = src;
      const copied = await root.post('/api/channel/', { ...rest, name: 'orig_copy', used_quota: 0, balance: 0 }).expect(200);
      expect(copied.body.data[0].id).not.toBe(id);
      expect(copied.body.data[0]).toMatchObject({ name: 'orig_copy', priority: 3, tag: 't', models: 'gpt-4o-mini' });

      const serverCopy = await admin.post(`/api/channel/copy/${id}`).expect(200);
      expect(serverCopy.body.data).toMatchObject({ name: 'orig_复制', priority: 3, used_quota: 0, balance: 0, status: 1 });
      const copyKey = await root.get(`/api/channel/${serverCopy.body.data.id}?include_key=true`);
      expect(copyKey.body.data.key).toBe(key);
      const missing = await admin.post('/api/channel/copy/99999999');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('渠道不存在，请刷新重试');
    });
  });

  describe('list and search', () => {
    let ids: number[];
    beforeAll(async () => {
      ids = [];
      ids.push((await make({ name: 'alpha-list', priority: 1, group: 'g-list', models: 'model-x,model-y' })).id);
      ids.push((await make({ name: 'beta-list', priority: 9, group: 'g-list,other', models: 'model-z' })).id);
      ids.push((await make({ name: 'gamma_list', priority: 5, group: 'g-list2', models: 'model-x' })).id);
    });

    it('returns a bare list, priority first, or by id with id_sort; pages are 0-based', async () => {
      const byPriority = (await admin.get('/api/channel/?p=0&page_size=100').expect(200)).body.data as { id: number; priority: number }[];
      expect(Array.isArray(byPriority)).toBe(true);
      const prios = byPriority.map((c) => c.priority);
      expect(prios).toEqual([...prios].sort((a, b) => b - a));
      const byId = (await admin.get('/api/channel/?p=0&page_size=100&id_sort=true').expect(200)).body.data as { id: number }[];
      const idList = byId.map((c) => c.id);
      expect(idList).toEqual([...idList].sort((a, b) => b - a));
      const page0 = (await admin.get('/api/channel/?p=0&page_size=2&id_sort=true')).body.data as { id: number }[];
      const page1 = (await admin.get('/api/channel/?p=1&page_size=2&id_sort=true')).body.data as { id: number }[];
      expect(page0.map((c) => c.id)).toEqual(idList.slice(0, 2));
      expect(page1.map((c) => c.id)).toEqual(idList.slice(2, 4));
    });

    it('matches the keyword against id, name and the exact key only', async () => {
      const idHit = (await admin.get(`/api/channel/search?keyword=${ids[1]}`)).body.data as { id: number }[];
      expect(idHit.map((c) => c.id)).toContain(ids[1]);
      const nameHit = (await admin.get('/api/channel/search?keyword=ta-li')).body.data as { name: string }[];
      expect(nameHit.map((c) => c.name)).toEqual(['beta-list']);

      const { id, key } = await make({ name: 'keyed' });
      const exact = (await admin.get(`/api/channel/search?keyword=${encodeURIComponent(key)}`)).body.data as { id: number }[];
      expect(exact.map((c) => c.id)).toEqual([id]);
      const partial = (await admin.get(`/api/channel/search?keyword=${encodeURIComponent(key.slice(0, -2))}`)).body.data as unknown[];
      expect(partial).toEqual([]);
    });

    it('treats LIKE wildcards in the keyword literally', async () => {
      const pct = (await admin.get('/api/channel/search?keyword=%25')).body.data as unknown[];
      expect(pct).toEqual([]);
      const underscore = (await admin.get('/api/channel/search?keyword=a_list')).body.data as { name: string }[];
      expect(underscore.map((c) => c.name)).toEqual(['gamma_list']);
    });

    it('filters by group membership and by model', async () => {
      const g = (await admin.get('/api/channel/search?group=g-list')).body.data as { id: number }[];
      expect(g.map((c) => c.id).sort()).toEqual([ids[0], ids[1]].sort());
      const m = (await admin.get('/api/channel/search?model=model-x&group=g-list2')).body.data as { id: number }[];
      expect(m.map((c) => c.id)).toEqual([ids[2]]);
      const both = (await admin.get('/api/channel/search?keyword=list&model=model-z')).body.data as { id: number }[];
      expect(both.map((c) => c.id)).toEqual([ids[1]]);
    });

    it('answers 404 with the spec message for a missing channel', async () => {
      const res = await admin.get('/api/channel/99999999');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: '渠道不存在，请刷新重试' });
    });
  });

  describe('update', () => {
    it('whole update: a blank key keeps the stored key, a new key replaces it', async () => {
      const { id, key } = await make({ name: 'upd' });
      // Root: keeping the stored key while moving base_url is root-only (key-guard.e2e.test.ts).
      const res = await root.put('/api/channel/', { id, name: 'upd2', key: '', models: 'a,b', group: 'vip', base_url: 'http://h.example/' }).expect(200);
      expect(res.body.data).toMatchObject({ id, name: 'upd2', models: 'a,b', group: 'vip', base_url: 'http://h.example' });
      expect((await root.get(`/api/channel/${id}?include_key=true`)).body.data.key).toBe(key);
      const next = plainKey('new');
      await admin.put('/api/channel/', { id, name: 'upd2', key: next, models: 'a,b' }).expect(200);
      expect((await root.get(`/api/channel/${id}?include_key=true`)).body.data.key).toBe(next);
      expect((await rawRow(id)).key_hash).toBe(createHash('sha256').update(next).digest('hex'));
    });

    it('quick actions: id+status returns data.status, id+priority, id+weight', async () => {
      const { id } = await make({ name: 'quick' });
      const off = await admin.put('/api/channel/', { id, status: 2 }).expect(200);
      expect(off.body.data.status).toBe(2);
      const on = await admin.put('/api/channel/', { id, status: 1 }).expect(200);
      expect(on.body.data.status).toBe(1);
      expect((await admin.put('/api/channel/', { id, priority: -999 })).body.data.priority).toBe(-999);
      expect((await admin.put('/api/channel/', { id, weight: -3 })).body.data.weight).toBe(0);
      expect((await admin.put('/api/channel/', { id, weight: 12 })).body.data.weight).toBe(12);
    });

    it.each([
      [{ status: 3 }, '无效的渠道状态'],
      [{ status: 'x' }, '无效的渠道状态'],
      [{ priority: -1000 }, '优先级不能小于 -999'],
      [{ name: '' }, '请填写渠道名称和渠道密钥！'],
      [{ name: 'n', models: '' }, '请至少选择一个模型！'],
      [{ name: 'n', model_mapping: '1' }, '模型映射必须是合法的 JSON 格式！'],
      [{ name: 'n', status_code_mapping: '{"abc":"500"}' }, '状态码复写必须是合法的 JSON 格式！'],
    ])('refuses %j', async (patch, message) => {
      const { id } = await make({ name: 'bad-upd' });
      const res = await admin.put('/api/channel/', { id, ...patch });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('answers 404 for a missing channel and 400 for a bad id', async () => {
      expect((await admin.put('/api/channel/', { id: 99999999, status: 2 })).status).toBe(404);
      const bad = await admin.put('/api/channel/', { id: 'x', status: 2 });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('无效的 ID');
    });
  });

  describe('delete', () => {
    it('deletes one channel; a second delete answers 404', async () => {
      const { id } = await make({ name: 'del' });
      await admin.delete(`/api/channel/${id}/`).expect(200);
      expect((await admin.get(`/api/channel/${id}`)).status).toBe(404);
      expect((await admin.delete(`/api/channel/${id}`)).status).toBe(404);
    });

    it('deletes by ids and reports the count; needs a selection', async () => {
      const a = await make({ name: 'b-del' });
      const b = await make({ name: 'b-del' });
      const res = await admin.post('/api/channel/batch', { ids: [a.id, b.id, 99999999] }).expect(200);
      expect(res.body).toMatchObject({ success: true, data: 2 });
      for (const body of [{ ids: [] }, {}, { ids: 'x' }]) {
        const r = await admin.post('/api/channel/batch', body);
        expect(r.status).toBe(400);
        expect(r.body.message).toBe('请先选择要删除的通道！');
      }
    });

    it('deletes every disabled channel (manual and automatic) and returns the count', async () => {
      const manual = await make({ name: 'dis' });
      const auto = await make({ name: 'dis' });
      const kept = await make({ name: 'dis' });
      await admin.put('/api/channel/', { id: manual.id, status: 2 }).expect(200);
      expect(await t.app.get(ChannelsService).setStatusBySystem(auto.id, 3, 'HTTP 401')).toBe(true);
      const res = await admin.delete('/api/channel/disabled').expect(200);
      expect(res.body).toMatchObject({ success: true, data: 2 });
      expect((await admin.get(`/api/channel/${manual.id}`)).status).toBe(404);
      expect((await admin.get(`/api/channel/${auto.id}`)).status).toBe(404);
      expect((await admin.get(`/api/channel/${kept.id}`)).status).toBe(200);
      expect((await admin.delete('/api/channel/disabled')).body.data).toBe(0);
    });
  });

  describe('catalogue, fix and the routing index', () => {
    it('lists the 37 channel types with their default models, for admins and (as /api/models) users', async () => {
      const res = await admin.get('/api/channel/models').expect(200);
      const map = res.body.data as Record<string, string[]>;
      expect(Object.keys(map).map(Number).sort((a, b) => a - b)).toEqual([
        1, 2, 3, 4, 5, 8, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 31, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 45, 46, 47, 48,
      ]);
      expect(map['1']).toContain('gpt-4o-mini');
      expect(map['14']).toContain('claude-3-5-sonnet-20241022');
      expect(map['36']).toEqual(['suno_music', 'suno_lyrics']);
      expect(map['2']).toContain('mj_imagine');
      const asUser = await user.get('/api/models').expect(200);
      expect(asUser.body.data).toEqual(map);
      expect((await request(t.url).get('/api/models')).status).toBe(401);
    });

    it('keeps the routing index in step with saves, status changes and deletes', async () => {
      const routing = t.app.get(RoutingIndexService);
      const model = `route-${randomBytes(3).toString('hex')}`;
      const a = await make({ name: 'r1', models: model, group: 'default,vip', priority: 10, weight: 3 });
      const b = await make({ name: 'r2', models: model, group: 'default', priority: 0, weight: 1 });
      expect(routing.candidates('default', model)).toEqual([
        { channelId: a.id, priority: 10, weight: 3 },
        { channelId: b.id, priority: 0, weight: 1 },
      ]);
      expect(routing.candidates('vip', model).map((c) => c.channelId)).toEqual([a.id]);
      expect(routing.pick('default', model)?.channelId).toBe(a.id);
      expect(routing.pick('default', model, new Set([a.id]))?.channelId).toBe(b.id);
      expect(routing.enabledModelsByGroup().get('vip')?.has(model)).toBe(true);

      await admin.put('/api/channel/', { id: a.id, status: 2 }).expect(200);
      expect(routing.candidates('default', model).map((c) => c.channelId)).toEqual([b.id]);
      expect(routing.enabledModelsByGroup().get('vip')?.has(model) ?? false).toBe(false);
      await admin.put('/api/channel/', { id: a.id, status: 1 }).expect(200);
      await admin.put('/api/channel/', { id: b.id, priority: 20 }).expect(200);
      expect(routing.candidates('default', model).map((c) => c.channelId)).toEqual([b.id, a.id]);
      await admin.put('/api/channel/', { id: a.id, name: 'r1', models: 'other-model' }).expect(200);
      expect(routing.candidates('default', model).map((c) => c.channelId)).toEqual([b.id]);
      await admin.delete(`/api/channel/${b.id}`).expect(200);
      expect(routing.candidates('default', model)).toEqual([]);
    });

    it('fix rebuilds the index and returns the number of enabled channels indexed', async () => {
      const res = await admin.post('/api/channel/fix').expect(200);
      const all = (await admin.get('/api/channel/?p=0&page_size=100')).body.data as { status: number }[];
      expect(res.body).toMatchObject({ success: true, data: all.filter((c) => c.status === 1).length });
    });
  });

  describe('the relay side', () => {
    it('getForRelay decrypts the key and parses the mappings', async () => {
      const { id, key } = await make({
        name: 'relay',
        type: 1,
        models: 'gpt-4o',
        model_mapping: '{"gpt-4o":"gpt-4o-2024-08-06"}',
        status_code_mapping: '{"429":"500"}',
        openai_organization: 'org-x',
        auto_ban: 0,
      });
      const channels = t.app.get(ChannelsService);
      const rc = await channels.getForRelay(id);
      expect(rc).toMatchObject({
        id,
        key,
        type: 1,
        status: 1,
        baseUrl: 'https://api.openai.com',
        modelMapping: { 'gpt-4o': 'gpt-4o-2024-08-06' },
        statusCodeMapping: { '429': '500' },
        openaiOrganization: 'org-x',
        autoBan: false,
        models: ['gpt-4o'],
      });
      expect(await channels.getForRelay(99999999)).toBeNull();
      // An update is visible at once (the per-node cache is dropped on every change).
      await root.put('/api/channel/', { id, name: 'relay', base_url: 'https://proxy.example/' }).expect(200);
      expect((await channels.getForRelay(id))?.baseUrl).toBe('https://proxy.example');
    });

    it('adds served quota atomically under concurrent settlements', async () => {
      const { id } = await make({ name: 'used' });
      const channels = t.app.get(ChannelsService);
      const db = t.app.get(DatabaseService);
      await Promise.all(Array.from({ length: 25 }, (_, i) => db.write((em) => channels.addUsedQuota(em, id, 1000 + i))));
      const expected = Array.from({ length: 25 }, (_, i) => 1000 + i).reduce((a, b) => a + b, 0);
      expect((await admin.get(`/api/channel/${id}`)).body.data.used_quota).toBe(expected);
      // Zero, negative and fractional amounts change nothing.
      await db.write(async (em) => {
        await channels.addUsedQuota(em, id, 0);
        await channels.addUsedQuota(em, id, -5);
        await channels.addUsedQuota(em, id, 1.5);
      });
      expect((await admin.get(`/api/channel/${id}`)).body.data.used_quota).toBe(expected);
    });

    it('auto-disable and auto-enable are compare-and-set; a manual disable is never auto-enabled', async () => {
      const channels = t.app.get(ChannelsService);
      const routing = t.app.get(RoutingIndexService);
      const model = `cas-${randomBytes(3).toString('hex')}`;
      const { id } = await make({ name: 'cas', models: model });
      const [first, second] = await Promise.all([
        channels.setStatusBySystem(id, 3, 'invalid_api_key'),
        channels.setStatusBySystem(id, 3, 'invalid_api_key'),
      ]);
      expect([first, second].filter(Boolean)).toHaveLength(1);
      expect(routing.candidates('default', model)).toEqual([]);
      const read = (await admin.get(`/api/channel/${id}`)).body.data;
      expect(read.status).toBe(3);
      expect(JSON.parse(read.other_info)).toMatchObject({ status_reason: 'invalid_api_key', status_time: expect.any(Number) });

      expect(await channels.enableIfAutoDisabled(id)).toBe(true);
      expect(await channels.enableIfAutoDisabled(id)).toBe(false);
      expect(routing.candidates('default', model).map((c) => c.channelId)).toEqual([id]);

      await admin.put('/api/channel/', { id, status: 2 }).expect(200);
      expect(await channels.enableIfAutoDisabled(id)).toBe(false);
      expect(await channels.setStatusBySystem(id, 3, 'x')).toBe(false);
      expect((await admin.get(`/api/channel/${id}`)).body.data.status).toBe(2);
    });
  });
});
