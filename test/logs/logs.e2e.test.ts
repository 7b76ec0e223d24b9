import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { apartFromField, loginRoot, newAdmin, newUser, type Caller } from '../support/http';
import { deepKeys, insertLogs, parseCsv, settleQueue, waitFor } from './helpers';

const now = () => Math.floor(Date.now() / 1000);

describe.each(DATABASES)('request logs API (%s)', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let root: Caller;
  let admin: Caller;
  let alice: Caller;
  let bob: Caller;
  let aliceName: string;
  let bobName: string;
  let seededAt: number;
  // Model names unique to this suite, so logs other flows may write never change the sums.
  const M = `m${Date.now().toString(36)}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sluice-logs-'));
    t = await startApp(kind, { ...matrixOptions(kind), env: { DATA_DIR: dataDir } });
    root = await loginRoot(t.url);
    admin = (await newAdmin(t.url, root)).caller;
    const a = await newUser(t.url);
    const b = await newUser(t.url);
    alice = a.caller;
    aliceName = a.username;
    bob = b.caller;
    bobName = b.username;
    seededAt = now();
    const A = alice.userId as number;
    const B = bob.userId as number;
    await insertLogs(t, [
      {
        userId: A, username: aliceName, type: 2, createdAt: seededAt - 10, modelName: `${M}-gpt-4o`, tokenName: 'tokA', tokenGroup: 'default',
        channelId: 3, quota: 100, promptTokens: 10, completionTokens: 20, useTime: 2, isStream: true, requestId: `${M}-a1`, clientIp: '1.2.3.4',
        content: '模型倍率 1.00', other: JSON.stringify({ model_ratio: 1, frt: 120, admin_info: { use_channel: [3, 5] }, secret_note: 'x' }),
      },
      {
        userId: A, username: aliceName, type: 2, createdAt: seededAt - 7200, modelName: `${M}-gpt-4o-mini`, tokenName: 'tokA', tokenGroup: 'vip',
        channelId: 5, quota: 50, promptTokens: 5, completionTokens: 5, requestId: `${M}-a2`,
      },
      { userId: A, username: aliceName, type: 1, createdAt: seededAt - 3600, quota: 1000, content: `${M} top up =HYPERLINK("http://x")` },
      {
        userId: B, username: bobName, type: 2, createdAt: seededAt - 20, modelName: `${M}-gpt-4o`, tokenName: 'tokB', tokenGroup: 'default',
        channelId: 3, quota: 300, promptTokens: 30, completionTokens: 40, requestId: `${M}-b1`,
      },
      { userId: B, username: bobName, type: 5, createdAt: seededAt - 30, content: `${M} upstream error` },
      {
        userId: A, username: aliceName, type: 2, createdAt: seededAt - 100_000, modelName: `${M}-claude_3`, tokenName: 'tokA', channelId: 7,
        quota: 7, promptTokens: 1, completionTokens: 1,
      },
    ]);
  });

  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const items = (res: request.Response) => res.body.data.items as Record<string, unknown>[];

  describe('admin list', () => {
    it('pages in SQL: items, page, page_size, total; page size capped at 100', async () => {
      const res = await admin.get(`/api/log/?model_name=${M}%25&p=0&page_size=2`).expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data).toMatchObject({ page: 0, page_size: 2, total: 4 });
      // Newest id first.
      expect(items(res).map((l) => l.quota)).toEqual([7, 300]);
      const second = await admin.get(`/api/log/?model_name=${M}%25&p=1&page_size=2`).expect(200);
      expect(second.body.data).toMatchObject({ page: 1, page_size: 2, total: 4 });
      expect(items(second).map((l) => l.quota)).toEqual([50, 100]);
      const big = await admin.get('/api/log/?page_size=1000').expect(200);
      expect(big.body.data.page_size).toBe(100);
      const dflt = await admin.get('/api/log/').expect(200);
      expect(dflt.body.data.page_size).toBe(10);
    });

    it('returns the admin fields (channel, username, user_id, admin_info)', async () => {
      const res = await admin.get(`/api/log/?request_id=${M}-a1`).expect(200);
      expect(items(res)).toHaveLength(1);
      const row = items(res)[0] as Record<string, unknown>;
      expect(row).toMatchObject({
        user_id: alice.userId, username: aliceName, channel: 3, type: 2, model_name: `${M}-gpt-4o`, token_name: 'tokA',
        token_group: 'default', quota: 100, prompt_tokens: 10, completion_tokens: 20, use_time: 2, is_stream: true, client_ip: '1.2.3.4',
        content: '模型倍率 1.00', created_at: seededAt - 10,
      });
      expect(JSON.parse(row.other as string).admin_info).toEqual({ use_channel: [3, 5] });
    });

    it.each([
      ['type=2', 4],
      ['type=1', 1],
      ['type=5', 1],
      ['token_name=tokA', 3],
      ['token_name=tokB', 1],
      ['group=vip', 1],
      ['channel=3', 2],
      ['channel=7', 1],
      ['model_name=M-gpt-4o', 2],
      ['model_name=M-gpt-4o%25', 3],
      ['model_name=M-claude_3', 1],
      // `_` is literal, not a LIKE wildcard.
      ['model_name=M-claude%5F%25', 1],
      ['model_name=M-claudeX3', 0],
      ['request_id=M-b1', 1],
      ['type=2&token_name=tokA&channel=5', 1],
    ])('filters by %s', async (query, expected) => {
      const q = query.replace(/M-/g, `${M}-`);
      // Scope to this suite's rows: by our model names where the filter is not a model filter.
      const scoped = q.includes('model_name') || q.includes('request_id') ? q : `${q}&start_timestamp=${seededAt - 200_000}`;
      const res = await admin.get(`/api/log/?${scoped}&page_size=100`).expect(200);
      const mine = items(res).filter((l) => String(l.model_name).startsWith(M) || String(l.content).startsWith(M));
      expect(mine).toHaveLength(expected);
    });

    it('filters by username and time range', async () => {
      const byUser = await admin.get(`/api/log/?username=${bobName}`).expect(200);
      expect(byUser.body.data.total).toBe(2);
      expect(items(byUser).every((l) => l.username === bobName)).toBe(true);
      const range = await admin
        .get(`/api/log/?username=${aliceName}&start_timestamp=${seededAt - 7200}&end_timestamp=${seededAt - 3600}`)
        .expect(200);
      expect(items(range).map((l) => l.type).sort()).toEqual([1, 2]);
      const zeroMeansOpen = await admin.get(`/api/log/?username=${aliceName}&start_timestamp=0&end_timestamp=0`).expect(200);
      expect(zeroMeansOpen.body.data.total).toBe(4);
    });

    it('validates the filters (zh first, English on request)', async () => {
      const bad = async (q: string) => admin.get(`/api/log/?${q}`);
      let res = await bad('type=7');
      expect(res.status).toBe(400);
      expect(apartFromField(res.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: '无效的日志类型' });
      res = await admin.get('/api/log/?type=abc').set('Accept-Language', 'en');
      expect(res.body.message).toBe('Invalid log type');
      res = await admin.get('/api/log/?start_timestamp=yesterday').set('Accept-Language', 'en');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid timestamp');
      res = await admin.get('/api/log/?start_timestamp=200&end_timestamp=100').set('Accept-Language', 'en');
      expect(res.body.message).toBe('The start time must not be after the end time');
      res = await admin.get('/api/log/?channel=-1').set('Accept-Language', 'en');
      expect(res.body.message).toBe('Invalid channel id');
    });
  });

  describe('self list', () => {
    it('shows only the caller’s logs and ignores admin-only filters', async () => {
      const res = await alice.get('/api/log/self?page_size=100').expect(200);
      expect(res.body.data.total).toBe(4);
      expect(items(res).every((l) => l.username === aliceName)).toBe(true);
      // The console calls the self list with a trailing slash.
      const slash = await alice.get('/api/log/self/?page_size=100').expect(200);
      expect(slash.body.data.total).toBe(4);
      const ignored = await alice.get(`/api/log/self?username=${bobName}&channel=3&page_size=100`).expect(200);
      expect(ignored.body.data.total).toBe(4);
      const filtered = await alice.get(`/api/log/self?type=2&group=vip`).expect(200);
      expect(items(filtered).map((l) => l.model_name)).toEqual([`${M}-gpt-4o-mini`]);
      const other = await alice.get(`/api/log/self?request_id=${M}-b1`).expect(200);
      expect(other.body.data.total).toBe(0);
    });

    it('never carries admin-only fields: no channel, no user id, no admin_info, ids renumbered', async () => {
      const pages = [await alice.get('/api/log/self?p=0&page_size=2').expect(200), await alice.get('/api/log/self?p=1&page_size=2').expect(200)];
      const keys = deepKeys(pages.map((p) => p.body));
      for (const forbidden of ['channel', 'channel_id', 'channel_name', 'user_id', 'token_id', 'admin_info', 'use_channel', 'secret_note']) {
        expect(keys.has(forbidden)).toBe(false);
      }
      expect(JSON.stringify(pages.map((p) => p.body))).not.toContain(bobName);
      expect(pages.flatMap((p) => items(p).map((l) => l.id))).toEqual([1, 2, 3, 4]);
      const first = pages.flatMap(items).find((l) => l.request_id === `${M}-a1`) as Record<string, unknown>;
      expect(JSON.parse(first.other as string)).toEqual({ model_ratio: 1, frt: 120 });
    });

    it('self search and admin search', async () => {
      const mine = await alice.get(`/api/log/self/search?keyword=${M}%20top`).expect(200);
      expect(mine.body.data.total).toBe(1);
      expect(items(mine)[0]).toMatchObject({ type: 1 });
      expect(deepKeys(mine.body).has('channel')).toBe(false);
      const none = await alice.get(`/api/log/self/search?keyword=${M}%20upstream`).expect(200);
      expect(none.body.data.total).toBe(0);
      const all = await admin.get(`/api/log/search?keyword=${M}%20upstream`).expect(200);
      expect(all.body.data.total).toBe(1);
      const models = await admin.get(`/api/log/search?keyword=${M}-gpt`).expect(200);
      expect(models.body.data.total).toBe(3);
      const byName = await admin.get(`/api/log/search?keyword=${bobName}&page_size=1`).expect(200);
      expect(byName.body.data).toMatchObject({ total: 2, page_size: 1 });
      expect(items(byName)[0]).toHaveProperty('channel');
      // LIKE wildcards in the keyword are literal.
      const wild = await admin.get(`/api/log/search?keyword=%25%25%25`).expect(200);
      expect(wild.body.data.total).toBe(0);
    });
  });

  describe('statistics', () => {
    it('admin stat: consume quota, count and tokens in range; tpm and rpm over the last minute', async () => {
      const res = await admin.get(`/api/log/stat?model_name=${M}%25`).expect(200);
      expect(res.body.data).toEqual({ quota: 457, count: 4, token: 112, tpm: 100, rpm: 2 });
      const bobOnly = await admin.get(`/api/log/stat?model_name=${M}%25&username=${bobName}`).expect(200);
      expect(bobOnly.body.data).toEqual({ quota: 300, count: 1, token: 70, tpm: 70, rpm: 1 });
      const lastHour = await admin.get(`/api/log/stat?model_name=${M}%25&start_timestamp=${seededAt - 3600}`).expect(200);
      expect(lastHour.body.data).toMatchObject({ quota: 400, count: 2, token: 100 });
      const channel5 = await admin.get(`/api/log/stat?model_name=${M}%25&channel=5`).expect(200);
      expect(channel5.body.data).toEqual({ quota: 50, count: 1, token: 10, tpm: 0, rpm: 0 });
    });

    it('self stat covers only the caller', async () => {
      const res = await alice.get('/api/log/self/stat').expect(200);
      expect(res.body.data).toEqual({ quota: 157, count: 3, token: 42, tpm: 30, rpm: 1 });
      const ignored = await alice.get(`/api/log/self/stat?username=${bobName}`).expect(200);
      expect(ignored.body.data).toEqual(res.body.data);
      const bad = await alice.get('/api/log/self/stat?type=42');
      expect(bad.status).toBe(400);
    });
  });

  describe('permissions', () => {
    it('a regular user reading /api/log/ (the wallet page) gets only their own logs, in the self view', async () => {
      const res = await alice.get('/api/log/?p=0&page_size=100').expect(200);
      const self = await alice.get('/api/log/self?p=0&page_size=100').expect(200);
      expect(res.body.data).toEqual(self.body.data);
      const others = await alice.get(`/api/log/?username=${bobName}`).expect(200);
      expect(others.body.data).toEqual((await alice.get(`/api/log/self?username=${bobName}`)).body.data);
      expect(JSON.stringify(res.body)).not.toMatch(/admin_info|"channel"|channel_id/);
      expect(JSON.stringify(res.body)).not.toContain(bobName);
    });

    it.each([
      ['get', '/api/log/stat'],
      ['get', '/api/log/search?keyword=a'],
      ['delete', '/api/log/?target_timestamp=1'],
      ['post', '/api/log/export'],
    ] as const)('a regular user gets 403 on %s %s', async (method, path) => {
      const res = await alice[method](path);
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
    });

    it('anonymous callers get 401 on the self calls', async () => {
      for (const path of ['/api/log/self', '/api/log/self/stat', '/api/log/self/search']) {
        expect((await request(t.url).get(path)).status).toBe(401);
      }
    });
  });

  describe('CSV export', () => {
    const waitDone = async (c: Caller, id: number) =>
      waitFor(async () => {
        const s = await c.get(`/api/log/export/${id}`).expect(200);
        return s.body.data.status === 'done' || s.body.data.status === 'failed' ? s.body.data : undefined;
      });

    it('exports the admin view of the filtered logs with formulas neutralised', async () => {
      const res = await admin.post('/api/log/export', { username: aliceName }).expect(200);
      expect(res.body.data).toMatchObject({ status: expect.stringMatching(/pending|running|done/), row_count: 0 });
      const id = res.body.data.id as number;
      await settleQueue(t, 'logs.export');
      const status = await waitDone(admin, id);
      expect(status).toMatchObject({ id, status: 'done', row_count: 4 });
      const file = await admin.get(`/api/log/export/${id}/file`).buffer(true).parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks).toString('utf8')));
      });
      expect(file.status).toBe(200);
      expect(file.headers['content-disposition']).toBe('attachment; filename="logs.csv"');
      expect(file.headers['content-type']).toMatch(/^text\/csv/);
      const text = file.body as string;
      expect(text.startsWith('\ufeff')).toBe(true);
      const rows = parseCsv(text.slice(1));
      const header = rows[0] as string[];
      expect(header).toEqual(expect.arrayContaining(['time', 'id', 'username', 'channel', 'content', 'other']));
      expect(rows).toHaveLength(1 + 4);
      const content = rows.map((r) => r[header.indexOf('content')]);
      expect(content).toContain(`${M} top up =HYPERLINK("http://x")`);
      const formula = await insertAndExport(`=1+1`);
      expect(formula).toBe(`'=1+1`);
    });

    async function insertAndExport(text: string): Promise<string | undefined> {
      await insertLogs(t, [{ userId: bob.userId as number, username: bobName, type: 4, createdAt: now(), content: text, tokenName: `${M}-f` }]);
      const res = await bob.post('/api/log/self/export', { token_name: `${M}-f` }).expect(200);
      const id = res.body.data.id as number;
      await settleQueue(t, 'logs.export');
      expect(await waitDone(bob, id)).toMatchObject({ status: 'done', row_count: 1 });
      const file = await bob.get(`/api/log/export/${id}/file`).expect(200);
      const rows = parseCsv(String(file.text).replace(/^\ufeff/, ''));
      const header = rows[0] as string[];
      // The self file carries no admin columns.
      for (const col of ['channel', 'user_id', 'username']) expect(header).not.toContain(col);
      return rows[1]?.[header.indexOf('content')];
    }

    it('only the owner or an admin reads an export; others get 404', async () => {
      const mine = await alice.post('/api/log/self/export', {}).expect(200);
      const id = mine.body.data.id as number;
      await settleQueue(t, 'logs.export');
      const done = await waitDone(alice, id);
      expect(done.row_count).toBe(4);
      expect((await bob.get(`/api/log/export/${id}`)).status).toBe(404);
      expect((await bob.get(`/api/log/export/${id}/file`)).status).toBe(404);
      expect((await admin.get(`/api/log/export/${id}/file`)).status).toBe(200);
      const own = await alice.get(`/api/log/export/${id}/file`).expect(200);
      expect(own.text).not.toContain(bobName);
      const adminExport = await admin.post('/api/log/export', { username: bobName }).expect(200);
      expect((await alice.get(`/api/log/export/${adminExport.body.data.id}/file`)).status).toBe(404);
      expect((await alice.get('/api/log/export/999999')).status).toBe(404);
      expect((await alice.get('/api/log/export/abc')).status).toBe(400);
      await settleQueue(t, 'logs.export');
    });

    it('validates export filters like the list does', async () => {
      const res = await alice.post('/api/log/self/export', { type: 8 }).set('Accept-Language', 'en');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid log type');
    });
  });

  describe('cleanup', () => {
    it('needs a target timestamp', async () => {
      for (const q of ['', '?target_timestamp=', '?target_timestamp=abc', '?target_timestamp=0']) {
        const res = await admin.delete(`/api/log/${q}`).set('Accept-Language', 'en');
        expect(res.status).toBe(400);
        expect(apartFromField(res.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Please select log record time' });
      }
      const zh = await admin.delete('/api/log/');
      expect(zh.body.message).toBe('请选择日志记录时间');
    });

    it('deletes logs older than the timestamp and answers the count', async () => {
      const before = await admin.get(`/api/log/?end_timestamp=${seededAt - 3601}&page_size=1`).expect(200);
      const older = before.body.data.total as number;
      expect(older).toBeGreaterThanOrEqual(2);
      const res = await admin.delete(`/api/log/?target_timestamp=${seededAt - 3600}`).expect(200);
      expect(res.body).toEqual({ success: true, message: '', data: older });
      const after = await admin.get(`/api/log/?model_name=${M}%25`).expect(200);
      expect(items(after).map((l) => l.request_id).sort()).toEqual([`${M}-a1`, `${M}-b1`]);
      const again = await admin.delete(`/api/log/?target_timestamp=${seededAt - 3600}`).expect(200);
      expect(again.body.data).toBe(0);
    });
  });
});
