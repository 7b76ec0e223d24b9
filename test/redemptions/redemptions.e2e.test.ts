import { createHash } from 'node:crypto';
import type request from 'supertest';
import { DatabaseService } from '../../server/src/database/database.service';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { apartFromField, Caller, loginRoot, newAdmin, newUser } from '../support/http';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const now = () => Math.floor(Date.now() / 1000);
const en = (r: request.Test) => r.set('Accept-Language', 'en');

interface CodeJson {
  id: number;
  user_id: number;
  name: string;
  key: string;
  status: number;
  quota: number;
  created_time: number;
  redeemed_time: number;
  used_user_id: number;
  expired_time: number;
}

interface PageJson {
  items: CodeJson[];
  total: number;
  page: number;
  page_size: number;
}

/** Spec §2.6, §3 Redemption, §4, §5, §7 Redemptions and Wallet; reference §4, §6.3, §6.5. */
describe.each(DATABASES)('redemption codes (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let admin: Caller;
  /** Every body an admin received after creation, scanned for whole codes at the end. */
  const afterCreate: string[] = [];
  const allCodes: string[] = [];
  const keep = (res: request.Response) => {
    afterCreate.push(JSON.stringify(res.body));
    return res;
  };

  const generate = async (body: Record<string, unknown>): Promise<string[]> => {
    const res = await admin.post('/api/redemption/', body).expect(200);
    expect(res.body.success).toBe(true);
    allCodes.push(...(res.body.data as string[]));
    return res.body.data as string[];
  };
  /** The row of a code (found by its hash, as the server does). */
  const rowOf = async (code: string): Promise<CodeJson> => {
    const db = t.app.get(DatabaseService);
    const [r] = (await db.manager.query(`SELECT id FROM redemptions WHERE key_hash = '${sha256(code)}'`)) as { id: number }[];
    if (!r) throw new Error('no such code');
    return keep(await admin.get(`/api/redemption/${r.id}`).expect(200)).body.data as CodeJson;
  };
  const quotaOf = async (who: Caller): Promise<number> => (await who.get('/api/user/self').expect(200)).body.data.quota as number;

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    admin = (await newAdmin(t.url, root)).caller;
  });
  afterAll(async () => t.close());

  describe('administration', () => {
    it('creates codes: 32 lowercase hex each, data is the list, defaults of spec §9', async () => {
      const codes = await generate({ name: 'promo', quota: 500000, count: 3 });
      expect(codes).toHaveLength(3);
      for (const c of codes) expect(c).toMatch(/^[0-9a-f]{32}$/);
      expect(new Set(codes).size).toBe(3);
      const row = await rowOf(codes[0] as string);
      expect(row).toMatchObject({ name: 'promo', quota: 500000, status: 1, used_user_id: 0, redeemed_time: 0, expired_time: 0, user_id: admin.userId });
      expect(row.created_time).toBeGreaterThanOrEqual(now() - 5);
      const [single] = await generate({ name: 'defaults' });
      expect(await rowOf(single as string)).toMatchObject({ quota: 100000, status: 1 });
      const future = now() + 3600;
      const [timed] = await generate({ name: 'timed', quota: '7', count: '1', expired_time: future });
      expect(await rowOf(timed as string)).toMatchObject({ quota: 7, expired_time: future });
    });

    it.each([
      [{ quota: 1 }, 'Please enter a name', '请输入兑换码名称'],
      [{ name: '   ', quota: 1 }, 'Please enter a name', '请输入兑换码名称'],
      [{ name: '一二三四五六七八九十一二三四五六七八九十一', quota: 1 }, 'The redemption code name must be 1-20 characters long', '兑换码名称长度必须在1-20之间'],
      [{ name: 'n', count: 0 }, 'The number of codes must be greater than 0', '兑换码个数必须大于0'],
      [{ name: 'n', count: -1 }, 'The number of codes must be greater than 0', '兑换码个数必须大于0'],
      [{ name: 'n', count: 'two' }, 'The number of codes must be greater than 0', '兑换码个数必须大于0'],
      [{ name: 'n', count: 101 }, 'At most 100 redemption codes can be generated at a time', '一次兑换码批量生成的个数不能大于 100'],
      [{ name: 'n', quota: 0 }, 'The quota must be an integer from 1 to 500000000000000', '兑换码额度必须是 1 到 500000000000000 之间的整数'],
      [{ name: 'n', quota: 2.5 }, 'The quota must be an integer from 1 to 500000000000000', '兑换码额度必须是 1 到 500000000000000 之间的整数'],
      [{ name: 'n', quota: 'lots' }, 'The quota must be an integer from 1 to 500000000000000', '兑换码额度必须是 1 到 500000000000000 之间的整数'],
      [{ name: 'n', expired_time: 1000 }, 'The expiry time cannot be earlier than now', '过期时间不能早于当前时间'],
      [{ name: 'n', expired_time: -1 }, 'The expiry time cannot be earlier than now', '过期时间不能早于当前时间'],
    ])('rejects %j: %s', async (body, message, zh) => {
      const before = ((await admin.get('/api/redemption/?p=0&page_size=1')).body.data as PageJson).total;
      expect(apartFromField((await en(admin.post('/api/redemption/', body)).expect(400)).body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message });
      expect((await admin.post('/api/redemption/', body).expect(400)).body.message).toBe(zh);
      expect(((await admin.get('/api/redemption/?p=0&page_size=1')).body.data as PageJson).total).toBe(before);
    });

    it('creates 100 at once', async () => {
      const codes = await generate({ name: 'hundred', quota: 1, count: 100 });
      expect(new Set(codes).size).toBe(100);
    });

    it('lists as {items,total,page,page_size}, newest first, codes masked', async () => {
      const res = keep(await admin.get('/api/redemption/?p=0&page_size=5').expect(200));
      const page = res.body.data as PageJson;
      expect(page).toMatchObject({ page: 0, page_size: 5 });
      expect(page.items).toHaveLength(5);
      expect(page.total).toBe(105);
      const ids = page.items.map((x) => x.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      for (const item of page.items) expect(item.key).toMatch(/^[0-9a-f]{4}\*{24}[0-9a-f]{4}$/);
      const next = keep(await admin.get('/api/redemption/?p=1&page_size=5').expect(200)).body.data as PageJson;
      expect(Math.max(...next.items.map((x) => x.id))).toBeLessThan(Math.min(...ids));
      expect((await admin.get('/api/redemption/?page_size=1000').expect(200)).body.data.page_size).toBe(100);
    });

    it('searches by name (LIKE escaped) or id', async () => {
      const [code] = await generate({ name: 'find%me_', quota: 3 });
      const row = await rowOf(code as string);
      const byName = keep(await admin.get(`/api/redemption/search?keyword=${encodeURIComponent('%me')}`).expect(200)).body.data as PageJson;
      expect(byName.items.map((x) => x.id)).toEqual([row.id]);
      expect(byName.total).toBe(1);
      const byId = keep(await admin.get(`/api/redemption/search?keyword=${row.id}`).expect(200)).body.data as PageJson;
      expect(byId.items.map((x) => x.id)).toContain(row.id);
      const promo = keep(await admin.get('/api/redemption/search?keyword=promo').expect(200)).body.data as PageJson;
      expect(promo.items.every((x) => x.name.includes('promo'))).toBe(true);
      expect(promo.total).toBe(3);
      const none = (await admin.get('/api/redemption/search?keyword=zz-none').expect(200)).body.data as PageJson;
      expect(none).toEqual({ items: [], total: 0, page: 0, page_size: 10 });
    });

    it('edits name, quota and expiry while unused; 404 for an unknown id', async () => {
      const [code] = await generate({ name: 'edit', quota: 10 });
      const row = await rowOf(code as string);
      const future = now() + 7200;
      const res = keep(await admin.put('/api/redemption/', { id: row.id, name: 'edited', quota: 20, expired_time: future }).expect(200));
      expect(res.body.data).toMatchObject({ id: row.id, name: 'edited', quota: 20, expired_time: future, status: 1 });
      expect((await en(admin.put('/api/redemption/', { id: row.id, name: '' })).expect(400)).body.message).toBe(
        'The redemption code name must be 1-20 characters long',
      );
      expect((await en(admin.put('/api/redemption/', { id: row.id, quota: -1 })).expect(400)).body.message).toMatch(/^The quota must be/);
      expect((await en(admin.put('/api/redemption/', { id: row.id, expired_time: 5 })).expect(400)).body.message).toBe(
        'The expiry time cannot be earlier than now',
      );
      const missing = await en(admin.put('/api/redemption/', { id: 99999999, name: 'x' })).expect(404);
      expect(apartFromField(missing.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Redemption code not found' });
      await en(admin.put('/api/redemption/', { name: 'x' })).expect(400);
      expect(await rowOf(code as string)).toMatchObject({ name: 'edited', quota: 20 });
    });

    it('disables and enables; a disabled code can be neither edited nor redeemed', async () => {
      const [code] = await generate({ name: 'toggle', quota: 10 });
      const row = await rowOf(code as string);
      const off = keep(await admin.put('/api/redemption/?status_only=true', { id: row.id, status: 2 }).expect(200));
      expect(off.body.data.status).toBe(2);
      const edit = await en(admin.put('/api/redemption/', { id: row.id, name: 'nope' })).expect(409);
      expect(apartFromField(edit.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Only unused redemption codes can be edited' });
      const { caller } = await newUser(t.url);
      const redeem = await en(caller.post('/api/user/topup', { key: code })).expect(400);
      expect(redeem.body.message).toBe('Invalid redemption code');
      const on = keep(await admin.put('/api/redemption/?status_only=true', { id: row.id, status: 1 }).expect(200));
      expect(on.body.data.status).toBe(1);
      for (const status of [3, 0, 'x']) {
        expect((await en(admin.put('/api/redemption/?status_only=true', { id: row.id, status })).expect(400)).body.message).toBe(
          'Invalid redemption code status',
        );
      }
      await admin.put('/api/redemption/?status_only=true', { id: 99999999, status: 2 }).expect(404);
    });

    it('deletes one code, and DELETE /invalid removes the used and expired ones (data = count)', async () => {
      const [gone] = await generate({ name: 'gone', quota: 1 });
      const goneRow = await rowOf(gone as string);
      expect((await admin.delete(`/api/redemption/${goneRow.id}/`).expect(200)).body.success).toBe(true);
      await admin.get(`/api/redemption/${goneRow.id}`).expect(404);
      expect((await en(admin.delete(`/api/redemption/${goneRow.id}`)).expect(404)).body.message).toBe('Redemption code not found');

      const [used, expiring, fine, disabled] = await generate({ name: 'sweep', quota: 1, count: 4 });
      const { caller } = await newUser(t.url);
      await caller.post('/api/user/topup', { key: used }).expect(200);
      // Age a code past its expiry directly in the table (no sleeping in tests).
      const db = t.app.get(DatabaseService);
      await db.manager.query(`UPDATE redemptions SET expired_time = ${now() - 60} WHERE key_hash = '${sha256(expiring as string)}'`);
      const disabledRow = await rowOf(disabled as string);
      await admin.put('/api/redemption/?status_only=true', { id: disabledRow.id, status: 2 }).expect(200);
      const res = await admin.delete('/api/redemption/invalid').expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data).toBe(2);
      await expect(rowOf(used as string)).rejects.toThrow('no such code');
      await expect(rowOf(expiring as string)).rejects.toThrow('no such code');
      expect((await rowOf(fine as string)).status).toBe(1);
      expect((await rowOf(disabled as string)).status).toBe(2);
      expect((await admin.delete('/api/redemption/invalid').expect(200)).body.data).toBe(0);
    });

    it('keeps codes sealed at rest and never returns them whole after creation', async () => {
      const db = t.app.get(DatabaseService);
      const rows = (await db.manager.query('SELECT * FROM redemptions')) as Record<string, unknown>[];
      const dump = JSON.stringify(rows);
      expect(rows.length).toBeGreaterThan(100);
      for (const c of allCodes) expect(dump).not.toContain(c);
      const listed = keep(await admin.get('/api/redemption/?p=0&page_size=100').expect(200));
      expect((listed.body.data as PageJson).items).toHaveLength(100);
      const scanned = afterCreate.join('\n');
      for (const c of allCodes) expect(scanned).not.toContain(c);
    });

    it('gives the whole codes of chosen ids only on POST /keys (the explicit copy), and refuses bad ids', async () => {
      const [a, b] = await generate({ name: 'copyme', quota: 1, count: 2 });
      const ra = await rowOf(a as string);
      const rb = await rowOf(b as string);
      const res = await admin.post('/api/redemption/keys', { ids: [rb.id, ra.id, 99_999_999] }).expect(200);
      expect(res.body).toEqual({ success: true, message: '', data: [{ id: rb.id, key: b }, { id: ra.id, key: a }] });
      for (const bad of [undefined, [], [0], ['1'], [1.5], Array.from({ length: 101 }, (_, i) => i + 1)]) {
        const refused = await en(admin.post('/api/redemption/keys', { ids: bad })).expect(400);
        expect(apartFromField(refused.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Select 1 to 100 redemption codes' });
      }
      const zh = await admin.post('/api/redemption/keys', {}).expect(400);
      expect(apartFromField(zh.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: '请选择 1 到 100 个兑换码' });
    });

    it('answers 403 to regular users on every admin call', async () => {
      const { caller } = await newUser(t.url);
      const calls: request.Test[] = [
        caller.get('/api/redemption/'),
        caller.get('/api/redemption/search?keyword=a'),
        caller.get('/api/redemption/1'),
        caller.post('/api/redemption/', { name: 'x', quota: 1 }),
        caller.put('/api/redemption/', { id: 1, name: 'x' }),
        caller.put('/api/redemption/?status_only=true', { id: 1, status: 2 }),
        caller.delete('/api/redemption/1/'),
        caller.delete('/api/redemption/invalid'),
        caller.post('/api/redemption/keys', { ids: [1] }),
      ];
      for (const call of calls) {
        const res = await en(call).expect(403);
        expect(apartFromField(res.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Not authorized: insufficient permission' });
      }
      await new Caller(t.url).get('/api/redemption/').expect(401);
    });
  });

  describe('redeeming', () => {
    it('credits the code once: balance, returned quota, code state and a top-up log', async () => {
      const [code] = await generate({ name: 'gift', quota: 123456 });
      const { caller, username } = await newUser(t.url);
      const before = await quotaOf(caller);
      const res = await caller.post('/api/user/topup', { key: `  ${code}  ` }).expect(200);
      expect(res.body).toEqual({ success: true, message: '', data: 123456 });
      expect(await quotaOf(caller)).toBe(before + 123456);
      const row = await rowOf(code as string);
      expect(row).toMatchObject({ status: 3, used_user_id: caller.userId });
      expect(row.redeemed_time).toBeGreaterThanOrEqual(now() - 5);
      const db = t.app.get(DatabaseService);
      const logs = (await db.manager.query(`SELECT * FROM logs WHERE user_id = ${caller.userId} AND type = 1`)) as Record<string, unknown>[];
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ username });
      expect(Number(logs[0]?.quota)).toBe(123456);
      expect(String(logs[0]?.content)).toBe(`通过兑换码充值 ＄0.246912 额度，兑换码ID ${row.id}`);
      expect(String(logs[0]?.content)).not.toContain(code as string);
      // The wallet's top-up records (the user's own log list, type 1).
      const records = await caller.get('/api/log/self?p=0&page_size=5&type=1').expect(200);
      expect(records.body.data.items).toHaveLength(1);
      expect(records.body.data.items[0]).toMatchObject({ type: 1, quota: 123456, content: logs[0]?.content });

      const again = await en(caller.post('/api/user/topup', { key: code })).expect(409);
      expect(apartFromField(again.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'This redemption code has already been used' });
      expect((await caller.post('/api/user/topup', { key: code }).expect(409)).body.message).toBe('该兑换码已被使用');
      expect(await quotaOf(caller)).toBe(before + 123456);
      // A used code cannot be brought back (enable or disable) and cannot be edited.
      for (const status of [1, 2]) {
        const res2 = await en(admin.put('/api/redemption/?status_only=true', { id: row.id, status })).expect(409);
        expect(res2.body.message).toBe('A used redemption code cannot be enabled or disabled');
      }
      await en(admin.put('/api/redemption/', { id: row.id, quota: 1 })).expect(409);
      expect((await rowOf(code as string)).status).toBe(3);
    });

    it('accepts the code in upper case', async () => {
      const [code] = await generate({ name: 'upper', quota: 5 });
      const { caller } = await newUser(t.url);
      expect((await caller.post('/api/user/topup', { key: (code as string).toUpperCase() }).expect(200)).body.data).toBe(5);
    });

    it.each([
      [{ key: '' }, 400, 'Please enter the redemption code', '请输入兑换码！'],
      [{ key: '   ' }, 400, 'Please enter the redemption code', '请输入兑换码！'],
      [{}, 400, 'Please enter the redemption code', '请输入兑换码！'],
      [{ key: 'f'.repeat(32) }, 400, 'Invalid redemption code', '无效的兑换码'],
      [{ key: 'x'.repeat(500) }, 400, 'Invalid redemption code', '无效的兑换码'],
      [{ key: "' OR 1=1 --" }, 400, 'Invalid redemption code', '无效的兑换码'],
    ])('rejects %j: %s', async (body, status, message, zh) => {
      const { caller } = await newUser(t.url);
      expect(apartFromField((await en(caller.post('/api/user/topup', body)).expect(status)).body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message });
      expect((await caller.post('/api/user/topup', body).expect(status)).body.message).toBe(zh);
      expect(await quotaOf(caller)).toBe(0);
    });

    it('refuses an expired code', async () => {
      const [code] = await generate({ name: 'stale', quota: 9, expired_time: now() + 3600 });
      await t.app.get(DatabaseService).manager.query(`UPDATE redemptions SET expired_time = ${now() - 1} WHERE key_hash = '${sha256(code as string)}'`);
      const { caller } = await newUser(t.url);
      const res = await en(caller.post('/api/user/topup', { key: code })).expect(400);
      expect(apartFromField(res.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'This redemption code has expired' });
      expect((await caller.post('/api/user/topup', { key: code })).body.message).toBe('该兑换码已过期');
      expect(await quotaOf(caller)).toBe(0);
      expect((await rowOf(code as string)).status).toBe(1);
    });

    it('requires a login', async () => {
      await new Caller(t.url).post('/api/user/topup', { key: 'a'.repeat(32) }).expect(401);
    });
  });
});
