import { createHash } from 'node:crypto';
import type request from 'supertest';
import { DatabaseService } from '../../server/src/database/database.service';
import type { TokenView } from '../../server/src/tokens/token.mapper';
import { TokensService } from '../../server/src/tokens/tokens.service';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { apartFromField, Caller, loginRoot, newUser } from '../support/http';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const now = () => Math.floor(Date.now() / 1000);

/** Spec §2.5, §3 Token, §4, §5 Token, §7 Tokens, §9; reference §4 key format, §6.3 token calls. */
describe.each(DATABASES)('tokens: a user manages own API tokens (%s)', (kind) => {
  let t: TestApp;
  let alice: Caller;
  let bob: Caller;
  /** Every body Alice and Bob received, to scan for each other's keys at the end. */
  const seen = new Map<Caller, string[]>();
  const keep = (who: Caller, res: request.Response) => {
    seen.get(who)?.push(JSON.stringify(res.body));
    return res;
  };

  const create = async (who: Caller, body: Record<string, unknown>): Promise<TokenView[]> => {
    const res = keep(who, await who.post('/api/token/', { group: 'default', ...body }));
    expect(res.body).toMatchObject({ success: true });
    return res.body.data as TokenView[];
  };
  const one = async (who: Caller, body: Record<string, unknown> = {}): Promise<TokenView> => {
    const [tok] = await create(who, body);
    return tok as TokenView;
  };
  const en = (r: request.Test) => r.set('Accept-Language', 'en');

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    alice = (await newUser(t.url)).caller;
    bob = (await newUser(t.url)).caller;
    seen.set(alice, []);
    seen.set(bob, []);
  });
  afterAll(async () => t.close());

  describe('create', () => {
    it('applies the defaults of spec §9 and returns the new token with a 48-character key', async () => {
      const res = keep(alice, await alice.post('/api/token/', { name: 'first', group: 'default' }).expect(200));
      expect(res.body.success).toBe(true);
      const [tok] = res.body.data as TokenView[];
      expect(tok).toMatchObject({
        name: 'first',
        user_id: alice.userId,
        status: 1,
        remain_quota: 500000,
        used_quota: 0,
        unlimited_quota: false,
        expired_time: -1,
        model_limits_enabled: false,
        model_limits: '',
        ip_limits: '',
        rate_limit_enabled: false,
        rate_limit_interval: 1,
        rate_limit_count: 1,
        group: 'default',
      });
      expect(tok?.key).toMatch(/^[0-9a-zA-Z]{48}$/);
      expect(tok?.created_time).toBeGreaterThanOrEqual(now() - 5);
    });

    it('gives an empty or default name a random 6-character suffix', async () => {
      expect((await one(alice, { name: '' })).name).toMatch(/^默认令牌-[0-9a-zA-Z]{6}$/);
      expect((await one(alice, {})).name).toMatch(/^默认令牌-[0-9a-zA-Z]{6}$/);
      expect((await one(alice, { name: '默认令牌' })).name).toMatch(/^默认令牌-[0-9a-zA-Z]{6}$/);
      expect((await one(alice, { name: 'unnamed token' })).name).toMatch(/^unnamed token-[0-9a-zA-Z]{6}$/);
      expect((await one(alice, { name: '  spaced  ' })).name).toBe('spaced');
    });

    it('creates `count` tokens: the first keeps the name, each later one gets a suffix', async () => {
      const made = await create(alice, { name: 'batch', count: 4, remain_quota: 1234 });
      expect(made).toHaveLength(4);
      expect(made[0]?.name).toBe('batch');
      for (const tok of made.slice(1)) expect(tok.name).toMatch(/^batch-[0-9a-zA-Z]{6}$/);
      expect(new Set(made.map((x) => x.name)).size).toBe(4);
      expect(new Set(made.map((x) => x.key)).size).toBe(4);
      expect(made.every((x) => x.remain_quota === 1234)).toBe(true);
      // A 50-character name still fits after its suffix.
      const long = await create(alice, { name: 'n'.repeat(50), count: 2 });
      expect(long[0]?.name).toBe('n'.repeat(50));
      expect([...(long[1]?.name ?? '')].length).toBe(50);
    });

    it('stores every field it is given, normalizing the comma lists', async () => {
      const tok = await one(alice, {
        name: 'full',
        remain_quota: 0,
        unlimited_quota: true,
        expired_time: now() + 3600,
        model_limits_enabled: true,
        model_limits: ' gpt-4o, claude-3-5-sonnet-20241022 ,gpt-4o,',
        ip_limits: '1.2.3.4, 10.0.0.0/8 ,::1,\n2001:db8::/32',
        rate_limit_enabled: true,
        rate_limit_interval: 60,
        rate_limit_count: 5,
        group: 'vip',
      });
      expect(tok).toMatchObject({
        remain_quota: 0,
        unlimited_quota: true,
        model_limits_enabled: true,
        model_limits: 'gpt-4o,claude-3-5-sonnet-20241022',
        ip_limits: '1.2.3.4,10.0.0.0/8,::1,2001:db8::/32',
        rate_limit_enabled: true,
        rate_limit_interval: 60,
        rate_limit_count: 5,
        group: 'vip',
      });
      // The reference's field name is accepted too.
      expect((await one(alice, { allow_ips: '192.168.1.1' })).ip_limits).toBe('192.168.1.1');
    });

    it.each([
      [{ group: '' }, 400, 'Please select a token group', '请选择令牌分组'],
      [{ group: undefined }, 400, 'Please select a token group', '请选择令牌分组'],
      [{ group: 'svip' }, 403, 'You may not use the group svip', '无权使用分组 svip'],
      [{ group: 'no-such-group' }, 403, 'You may not use the group no-such-group', '无权使用分组 no-such-group'],
      [{ name: 'x'.repeat(51) }, 400, 'Token name is too long', '令牌名称过长'],
      [{ remain_quota: -1 }, 400, 'Quota cannot be negative', '额度值不能为负数'],
      [{ remain_quota: 500000 * 1e9 + 1 }, 400, 'Quota is out of range, the maximum is 500000000000000', '额度值超出有效范围，最大值为 500000000000000'],
      [{ remain_quota: 'lots' }, 400, 'Quota must be an integer', '额度必须是整数'],
      [{ remain_quota: 1.5 }, 400, 'Quota must be an integer', '额度必须是整数'],
      [{ count: 0 }, 400, 'Count must be an integer from 1 to 100', '令牌数量必须是 1 到 100 之间的整数'],
      [{ count: 101 }, 400, 'Count must be an integer from 1 to 100', '令牌数量必须是 1 到 100 之间的整数'],
      [{ count: 2.5 }, 400, 'Count must be an integer from 1 to 100', '令牌数量必须是 1 到 100 之间的整数'],
      [{ count: -3 }, 400, 'Count must be an integer from 1 to 100', '令牌数量必须是 1 到 100 之间的整数'],
      [{ expired_time: 'tomorrow' }, 400, 'Expiry time format error', '过期时间格式错误！'],
      [{ expired_time: 0 }, 400, 'Expiry time format error', '过期时间格式错误！'],
      [{ expired_time: -2 }, 400, 'Expiry time format error', '过期时间格式错误！'],
      [{ expired_time: 1.5 }, 400, 'Expiry time format error', '过期时间格式错误！'],
      [{ rate_limit_interval: 0 }, 400, 'Rate limit interval and count must be integers of at least 1', '限流周期和次数必须是不小于 1 的整数'],
      [{ rate_limit_count: 0 }, 400, 'Rate limit interval and count must be integers of at least 1', '限流周期和次数必须是不小于 1 的整数'],
      [{ rate_limit_count: 'many' }, 400, 'Rate limit interval and count must be integers of at least 1', '限流周期和次数必须是不小于 1 的整数'],
      [{ ip_limits: '1.2.3.999' }, 400, 'IP restriction format error: 1.2.3.999 is not a valid IP or CIDR', 'IP 限制格式错误：1.2.3.999 不是合法的 IP 或 CIDR'],
      [{ ip_limits: '10.0.0.0/33' }, 400, 'IP restriction format error: 10.0.0.0/33 is not a valid IP or CIDR', 'IP 限制格式错误：10.0.0.0/33 不是合法的 IP 或 CIDR'],
      [{ ip_limits: '1.1.1.1, example.com' }, 400, 'IP restriction format error: example.com is not a valid IP or CIDR', 'IP 限制格式错误：example.com 不是合法的 IP 或 CIDR'],
    ])('rejects %j with %i: %s', async (patch, status, message, zh) => {
      const before = (await alice.get('/api/token/?p=0&size=100')).body.data.length as number;
      const body = { name: 'bad', group: 'default', ...patch };
      const res = await en(alice.post('/api/token/', body)).expect(status);
      expect(apartFromField(res.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message });
      const resZh = await alice.post('/api/token/', body).expect(status);
      expect(resZh.body.message).toBe(zh);
      expect((await alice.get('/api/token/?p=0&size=100')).body.data).toHaveLength(before);
    });
  });

  describe('list, search and read', () => {
    let mine: TokenView[];
    beforeAll(async () => {
      mine = await create(bob, { name: 'listing', count: 5 });
    });

    it('lists own tokens newest first as a bare array, paged with 0-based p and size', async () => {
      const all = keep(bob, await bob.get('/api/token/?p=0&size=100').expect(200)).body.data as TokenView[];
      expect(Array.isArray(all)).toBe(true);
      expect(all.map((x) => x.id)).toEqual([...mine].map((x) => x.id).sort((a, b) => b - a));
      expect(all.every((x) => x.user_id === bob.userId)).toBe(true);
      const page1 = keep(bob, await bob.get('/api/token/?p=1&size=2').expect(200)).body.data as TokenView[];
      expect(page1.map((x) => x.id)).toEqual(all.slice(2, 4).map((x) => x.id));
      const past = keep(bob, await bob.get('/api/token/?p=9&size=2').expect(200)).body.data as TokenView[];
      expect(past).toEqual([]);
      // The owner's list carries the full keys (the console copies them from the list).
      expect(new Set(all.map((x) => x.key))).toEqual(new Set(mine.map((x) => x.key)));
      // Default page size is 10, and the bound is 100.
      await create(bob, { name: 'more', count: 8 });
      expect((await bob.get('/api/token/').expect(200)).body.data).toHaveLength(10);
      expect((await bob.get('/api/token/?size=1000').expect(200)).body.data).toHaveLength(13);
    });

    it('searches names by keyword, escaping LIKE wildcards', async () => {
      await one(bob, { name: 'odd%name_' });
      const byName = keep(bob, await bob.get('/api/token/search?keyword=listing').expect(200)).body.data as TokenView[];
      expect(byName.map((x) => x.name).sort()).toEqual(mine.map((x) => x.name).sort());
      const pct = keep(bob, await bob.get(`/api/token/search?keyword=${encodeURIComponent('%')}`).expect(200)).body.data as TokenView[];
      expect(pct.map((x) => x.name)).toEqual(['odd%name_']);
      const under = keep(bob, await bob.get('/api/token/search?keyword=_').expect(200)).body.data as TokenView[];
      expect(under.map((x) => x.name)).toEqual(['odd%name_']);
      expect((await bob.get('/api/token/search?keyword=nothing-like-this').expect(200)).body.data).toEqual([]);
    });

    it('searches by whole key, with or without sk-, and never by a fragment', async () => {
      const target = mine[2] as TokenView;
      for (const q of [target.key, `sk-${target.key}`]) {
        const res = keep(bob, await bob.get(`/api/token/search?token=${q}`).expect(200));
        expect((res.body.data as TokenView[]).map((x) => x.id)).toEqual([target.id]);
      }
      expect((await bob.get(`/api/token/search?token=${target.key.slice(0, 20)}`).expect(200)).body.data).toEqual([]);
      const both = await bob.get(`/api/token/search?keyword=listing&token=sk-${target.key}`).expect(200);
      expect((both.body.data as TokenView[]).map((x) => x.id)).toEqual([target.id]);
      // Another user's key finds nothing for Bob.
      const aliceKey = (await one(alice, { name: 'hidden' })).key;
      expect((await bob.get(`/api/token/search?token=${aliceKey}`).expect(200)).body.data).toEqual([]);
    });

    it('reads one token with its full key; another user gets 404', async () => {
      const target = mine[0] as TokenView;
      const res = keep(bob, await bob.get(`/api/token/${target.id}`).expect(200));
      expect(res.body.data).toEqual({ ...target, accessed_time: expect.any(Number) });
      const other = keep(alice, await en(alice.get(`/api/token/${target.id}`)).expect(404));
      expect(apartFromField(other.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Token not found' });
      await alice.get('/api/token/99999999').expect(404);
      await alice.get('/api/token/abc').expect(400);
    });
  });

  describe('update', () => {
    it('edits the full object; absent fields keep their value; the status is untouched', async () => {
      const tok = await one(alice, { name: 'edit-me', model_limits: 'a' });
      await alice.put('/api/token/?status_only=true', { id: tok.id, status: 2 }).expect(200);
      const res = keep(
        alice,
        await alice
          .put('/api/token/', {
            ...tok,
            status: 1,
            name: 'edited',
            remain_quota: 42,
            unlimited_quota: true,
            expired_time: now() + 86400,
            model_limits_enabled: true,
            model_limits: 'gpt-4o,gpt-4o-mini',
            ip_limits: '127.0.0.1',
            rate_limit_enabled: true,
            rate_limit_interval: 10,
            rate_limit_count: 3,
            group: 'vip',
          })
          .expect(200),
      );
      expect(res.body.data).toMatchObject({
        id: tok.id,
        key: tok.key,
        status: 2,
        name: 'edited',
        remain_quota: 42,
        unlimited_quota: true,
        model_limits_enabled: true,
        model_limits: 'gpt-4o,gpt-4o-mini',
        ip_limits: '127.0.0.1',
        rate_limit_enabled: true,
        rate_limit_interval: 10,
        rate_limit_count: 3,
        group: 'vip',
      });
      const partial = keep(alice, await alice.put('/api/token/', { id: tok.id, name: 'renamed' }).expect(200));
      expect(partial.body.data).toMatchObject({ name: 'renamed', remain_quota: 42, group: 'vip', model_limits: 'gpt-4o,gpt-4o-mini' });
    });

    it('validates like create and answers 404 for another user\'s token', async () => {
      const tok = await one(alice, { name: 'guarded' });
      const cases: [Record<string, unknown>, number, string][] = [
        [{ group: '' }, 400, 'Please select a token group'],
        [{ group: 'svip' }, 403, 'You may not use the group svip'],
        [{ name: 'y'.repeat(51) }, 400, 'Token name is too long'],
        [{ expired_time: 'soon' }, 400, 'Expiry time format error'],
        [{ rate_limit_interval: 0 }, 400, 'Rate limit interval and count must be integers of at least 1'],
        [{ remain_quota: -5 }, 400, 'Quota cannot be negative'],
        [{ ip_limits: '300.1.1.1' }, 400, 'IP restriction format error: 300.1.1.1 is not a valid IP or CIDR'],
      ];
      for (const [patch, status, message] of cases) {
        const res = await en(alice.put('/api/token/', { id: tok.id, ...patch })).expect(status);
        expect(apartFromField(res.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message });
      }
      expect((await alice.get(`/api/token/${tok.id}`)).body.data).toMatchObject({ name: 'guarded', group: 'default', remain_quota: 500000 });
      const stolen = await en(bob.put('/api/token/', { id: tok.id, name: 'mine now' })).expect(404);
      expect(apartFromField(stolen.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Token not found' });
      await en(alice.put('/api/token/', { name: 'no id' })).expect(400);
      expect((await alice.get(`/api/token/${tok.id}`)).body.data.name).toBe('guarded');
    });
  });

  describe('status', () => {
    it('disables and enables; another user gets 404; only 1 and 2 are accepted', async () => {
      const tok = await one(alice, { name: 'toggle' });
      const off = await alice.put('/api/token/?status_only=true', { id: tok.id, status: 2 }).expect(200);
      expect(off.body.data.status).toBe(2);
      const on = await alice.put('/api/token/?status_only=true', { id: tok.id, status: 1 }).expect(200);
      expect(on.body.data.status).toBe(1);
      await bob.put('/api/token/?status_only=true', { id: tok.id, status: 2 }).expect(404);
      expect((await alice.get(`/api/token/${tok.id}`)).body.data.status).toBe(1);
      for (const status of [3, 4, 0, 'x']) {
        const res = await en(alice.put('/api/token/?status_only=true', { id: tok.id, status })).expect(400);
        expect(res.body.message).toBe('Invalid token status');
      }
    });

    it('refuses to re-enable an expired token until its expiry is fixed', async () => {
      const tokens = t.app.get(TokensService);
      const tok = await one(alice, { name: 'old', expired_time: now() - 10 });
      // The relay finds it expired and marks it so (compare-and-set).
      const auth = await tokens.authenticate(`sk-${tok.key}`);
      expect(auth?.status).toBe(3);
      expect((await alice.get(`/api/token/${tok.id}`)).body.data.status).toBe(3);
      const refused = await en(alice.put('/api/token/?status_only=true', { id: tok.id, status: 1 })).expect(409);
      expect(apartFromField(refused.body)).toEqual({
        success: false,
        code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/),
        message: 'The token has expired and cannot be enabled; change its expiry time or set it to never expire first',
      });
      const zh = await alice.put('/api/token/?status_only=true', { id: tok.id, status: 1 }).expect(409);
      expect(zh.body.message).toBe('令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期');
      await alice.put('/api/token/', { id: tok.id, expired_time: -1 }).expect(200);
      const ok = await alice.put('/api/token/?status_only=true', { id: tok.id, status: 1 }).expect(200);
      expect(ok.body.data.status).toBe(1);
      expect((await tokens.authenticate(tok.key))?.status).toBe(1);
    });

    it('refuses to re-enable an exhausted token until it has quota again', async () => {
      const tokens = t.app.get(TokensService);
      const tok = await one(alice, { name: 'empty', remain_quota: 0 });
      expect((await tokens.authenticate(tok.key))?.status).toBe(4);
      const refused = await en(alice.put('/api/token/?status_only=true', { id: tok.id, status: 1 })).expect(409);
      expect(refused.body.message).toBe(
        'The token quota is used up and it cannot be enabled; raise its remaining quota or make it unlimited first',
      );
      await alice.put('/api/token/', { id: tok.id, unlimited_quota: true }).expect(200);
      expect((await alice.put('/api/token/?status_only=true', { id: tok.id, status: 1 }).expect(200)).body.data.status).toBe(1);
      // Unlimited tokens are never exhausted.
      expect((await tokens.authenticate(tok.key))?.status).toBe(1);
    });
  });

  describe('delete', () => {
    it('deletes one token (trailing slash as the console sends it); another user gets 404', async () => {
      const tok = await one(alice, { name: 'doomed' });
      await bob.delete(`/api/token/${tok.id}/`).expect(404);
      await alice.get(`/api/token/${tok.id}`).expect(200);
      const res = await alice.delete(`/api/token/${tok.id}/`).expect(200);
      expect(res.body.success).toBe(true);
      await alice.get(`/api/token/${tok.id}`).expect(404);
      await alice.delete(`/api/token/${tok.id}`).expect(404);
      expect(await t.app.get(TokensService).authenticate(tok.key)).toBeNull();
    });

    it('batch-deletes own tokens only and returns the count', async () => {
      const mine = await create(alice, { name: 'bulk', count: 3 });
      const theirs = await one(bob, { name: 'keep-me' });
      const res = await alice.post('/api/token/batch', { ids: [...mine.map((x) => x.id), theirs.id] }).expect(200);
      expect(res.body).toEqual({ success: true, message: '', data: 3 });
      for (const x of mine) await alice.get(`/api/token/${x.id}`).expect(404);
      await bob.get(`/api/token/${theirs.id}`).expect(200);
      const empty = await en(alice.post('/api/token/batch', { ids: [] })).expect(400);
      expect(empty.body.message).toBe('Please select at least one token');
      await en(alice.post('/api/token/batch', {})).expect(400);
      await en(alice.post('/api/token/batch', { ids: ['x'] })).expect(400);
    });
  });

  describe('secrets', () => {
    it('keeps keys sealed at rest, found by their sha256', async () => {
      const tok = await one(alice, { name: 'sealed' });
      const db = t.app.get(DatabaseService);
      const rows = (await db.manager.query(`SELECT * FROM tokens WHERE id = ${tok.id}`)) as Record<string, unknown>[];
      expect(rows).toHaveLength(1);
      const raw = JSON.stringify(rows[0]);
      expect(raw).not.toContain(tok.key);
      expect(raw).not.toContain(tok.key.slice(0, 16));
      expect(rows[0]?.key_hash).toBe(sha256(tok.key));
      expect(String(rows[0]?.key_sealed)).toMatch(/^v1\./);
    });

    it('requires a login for every call', async () => {
      const anon = new Caller(t.url);
      await anon.get('/api/token/').expect(401);
      await anon.post('/api/token/', { group: 'default' }).expect(401);
    });

    it('never shows one user a key of another', async () => {
      const root = await loginRoot(t.url);
      const rootTok = (await root.post('/api/token/', { name: 'root-key', group: 'default' }).expect(200)).body.data[0] as TokenView;
      // Give Alice's and Bob's full listings one more pass into the scan.
      keep(alice, await alice.get('/api/token/?p=0&size=100'));
      keep(bob, await bob.get('/api/token/?p=0&size=100'));
      const keysOf = async (who: Caller) => ((await who.get('/api/token/?p=0&size=100')).body.data as TokenView[]).map((x) => x.key);
      const aliceKeys = await keysOf(alice);
      const bobKeys = await keysOf(bob);
      expect(aliceKeys.length).toBeGreaterThan(5);
      expect(bobKeys.length).toBeGreaterThan(5);
      const aliceSaw = (seen.get(alice) ?? []).join('\n');
      const bobSaw = (seen.get(bob) ?? []).join('\n');
      for (const k of bobKeys) expect(aliceSaw).not.toContain(k);
      for (const k of aliceKeys) expect(bobSaw).not.toContain(k);
      expect(aliceSaw).not.toContain(rootTok.key);
      expect(bobSaw).not.toContain(rootTok.key);
      // Root too manages only own tokens here.
      const rootList = (await root.get('/api/token/?p=0&size=100')).body.data as TokenView[];
      expect(rootList.map((x) => x.id)).toEqual([rootTok.id]);
      await root.get(`/api/token/${(await alice.get('/api/token/?size=1')).body.data[0].id}`).expect(404);
    });
  });
});
