import request from 'supertest';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { apartFromField, Caller, loginRoot, newAdmin, newUser, uniqueName } from '../support/http';

/** Spec §6 and §7: self service, admin user management and the role rules. */
describe.each(DATABASES)('users: self service and administration (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  const collected: unknown[] = [];
  const keep = (res: request.Response) => {
    collected.push(res.body);
    return res;
  };

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
  });
  afterAll(async () => t.close());

  describe('authentication rules', () => {
    it('401 without credentials, and the New-Api-User header must match', async () => {
      const anon = await request(t.url).get('/api/user/self').set('Accept-Language', 'en').expect(401);
      expect(anon.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Not authorized: not logged in and no access token provided' });
      const { caller } = await newUser(t.url);
      const id = caller.userId as number;
      caller.userId = null;
      const missing = await caller.get('/api/user/self').set('Accept-Language', 'en').expect(401);
      expect(missing.body.message).toBe('Not authorized: New-Api-User header missing');
      caller.userId = id + 1000;
      await caller.get('/api/user/self').expect(401);
      caller.userId = id;
      await caller.get('/api/user/self').expect(200);
    });

    it('a regular user gets 403 on admin calls, an admin on root calls', async () => {
      const { caller } = await newUser(t.url);
      await caller.get('/api/user/').expect(403);
      await caller.get('/api/option/').expect(403);
      const { caller: admin } = await newAdmin(t.url, root);
      await admin.get('/api/user/').expect(200);
      await admin.post('/api/option/rest_model_ratio').expect(403);
    });

    it('the access token authenticates in Authorization, and a reset invalidates the old one', async () => {
      const { caller } = await newUser(t.url);
      const first = keep(await caller.get('/api/user/token').expect(200)).body.data as string;
      expect(first).toMatch(/^[0-9a-zA-Z]{32}$/);
      const api = new Caller(t.url);
      api.userId = caller.userId;
      api.useAccessToken(first);
      await api.get('/api/user/self').expect(200);
      const bearer = await request(t.url).get('/api/user/self').set('Authorization', `Bearer ${first}`).set('New-Api-User', String(caller.userId));
      expect(bearer.status).toBe(200);
      const second = (await caller.get('/api/user/token')).body.data as string;
      expect(second).not.toBe(first);
      const old = await api.get('/api/user/self').set('Accept-Language', 'en').expect(401);
      expect(old.body.message).toBe('Not authorized: invalid access token');
    });
  });

  describe('self service', () => {
    it('reads self without secrets and updates display name and password', async () => {
      const { caller, username } = await newUser(t.url);
      const me = keep(await caller.get('/api/user/self').expect(200));
      expect(me.body.data).toMatchObject({ username, role: 1, status: 1, quota: 0, used_quota: 0, request_count: 0, aff_count: 0, aff_quota: 0 });
      expect(me.body.data).not.toHaveProperty('password');
      expect(me.body.data).not.toHaveProperty('access_token');
      const upd = await caller.put('/api/user/self', { display_name: 'Neo', password: 'new-password-1' }).expect(200);
      expect(upd.body.data.display_name).toBe('Neo');
      const again = new Caller(t.url);
      await again.login(username, 'new-password-1');
      const short = await caller.put('/api/user/self', { password: 'short' }).set('Accept-Language', 'en');
      expect(apartFromField(short.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Password length must not be less than 8!' });
    });

    it('deletes the own account (root cannot), and the username stays taken', async () => {
      const { caller, username } = await newUser(t.url);
      await caller.delete('/api/user/self').expect(200);
      await caller.get('/api/user/self').expect(401);
      const login = await request(t.url).post('/api/user/login').send({ username, password: 'password123' });
      expect(login.body.success).toBe(false);
      const reuse = await request(t.url).post('/api/user/register').send({ username, password: 'password123' });
      expect(reuse.body.success).toBe(false);
      const rootDel = await root.delete('/api/user/self');
      expect(rootDel.body.success).toBe(false);
      await root.get('/api/user/self').expect(200);
    });

    it('transfers affiliate quota: at least one unit, never more than held', async () => {
      const { caller } = await newUser(t.url);
      const small = await caller.post('/api/user/aff_transfer', { quota: 100 }).set('Accept-Language', 'en');
      expect(small.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Transfer amount minimum is 500000!' });
      const none = await caller.post('/api/user/aff_transfer', { quota: 500000 }).set('Accept-Language', 'en');
      expect(none.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Insufficient affiliate quota!' });
    });
  });

  describe('administration', () => {
    it('lists with page size 10 and a 0-based p, searches by keyword and group', async () => {
      for (let i = 0; i < 11; i++) await newUser(t.url);
      const p0 = keep(await root.get('/api/user/?p=0').expect(200));
      expect(p0.body.data.items).toHaveLength(10);
      expect(p0.body.data).toMatchObject({ page: 0, page_size: 10 });
      expect(p0.body.data.total).toBeGreaterThanOrEqual(12);
      const p1 = keep(await root.get('/api/user/?p=1').expect(200));
      expect(p1.body.data.items[0].id).toBeLessThan(p0.body.data.items[9].id);
      const size20 = await root.get('/api/user/?p=0&page_size=20').expect(200);
      expect(size20.body.data.page_size).toBe(20);

      const { caller, username } = await newUser(t.url);
      const byName = keep(await root.get(`/api/user/search?keyword=${username}`).expect(200));
      expect(byName.body.data.items.map((u: { id: number }) => u.id)).toEqual([caller.userId]);
      const byId = await root.get(`/api/user/search?keyword=${caller.userId}`).expect(200);
      expect(byId.body.data.items.map((u: { id: number }) => u.id)).toContain(caller.userId);
      // LIKE wildcards are literal.
      const pct = await root.get('/api/user/search?keyword=%25').expect(200);
      expect(pct.body.data.items).toHaveLength(0);
      await root.put('/api/user/', { id: caller.userId, group: 'vip' }).expect(200);
      const byGroup = await root.get('/api/user/search?keyword=&group=vip').expect(200);
      expect(byGroup.body.data.items.map((u: { id: number }) => u.id)).toEqual([caller.userId]);
    });

    it('creates, reads and edits users (group, quota) with the spec rules', async () => {
      const username = uniqueName('adm');
      await root.post('/api/user/', { username, display_name: 'Created', password: 'password123' }).expect(200);
      const noPass = await root.post('/api/user/', { username: uniqueName() }).set('Accept-Language', 'en');
      expect(apartFromField(noPass.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Username and password are required' });
      const found = (await root.get(`/api/user/search?keyword=${username}`)).body.data.items[0];
      const read = keep(await root.get(`/api/user/${found.id}`).expect(200));
      expect(read.body.data).toMatchObject({ username, display_name: 'Created', role: 1, quota: 0 });
      const edit = await root.put('/api/user/', { id: found.id, quota: 12345, group: 'vip', display_name: 'Edited' }).expect(200);
      expect(edit.body.data).toMatchObject({ quota: 12345, group: 'vip', display_name: 'Edited' });
      const c = new Caller(t.url);
      await c.login(username, 'password123');
      expect((await c.get('/api/user/self')).body.data).toMatchObject({ quota: 12345, group: 'vip' });
      // role is not writable through edit
      await root.put('/api/user/', { id: found.id, role: 100 }).expect(200);
      expect((await root.get(`/api/user/${found.id}`)).body.data.role).toBe(1);
    });

    it('adds and subtracts quota (negative allowed, never below zero)', async () => {
      const { caller } = await newUser(t.url);
      const add = await root.post('/api/user/manage', { id: caller.userId, action: 'add_quota', value: 1000 }).expect(200);
      expect(add.body.data.quota).toBe(1000);
      const sub = await root.post('/api/user/manage', { id: caller.userId, action: 'add_quota', value: -400 }).expect(200);
      expect(sub.body.data.quota).toBe(600);
      const over = await root.post('/api/user/manage', { id: caller.userId, action: 'add_quota', value: -601 });
      expect(over.body.success).toBe(false);
      expect((await caller.get('/api/user/self')).body.data.quota).toBe(600);
    });

    it('enforces the role rules of promote, demote, disable, enable and delete', async () => {
      const { caller: admin } = await newAdmin(t.url, root);
      const { caller: admin2 } = await newAdmin(t.url, root);
      const { caller: user } = await newUser(t.url);
      const en = (r: request.Test) => r.set('Accept-Language', 'en');

      // Only root promotes.
      const promote = await en(admin.post('/api/user/manage', { id: user.userId, action: 'promote' })).expect(403);
      expect(promote.body.message).toBe('Only the super administrator can promote users');
      // An admin cannot touch an equal or higher role.
      for (const action of ['disable', 'demote', 'delete', 'enable']) {
        const res = await en(admin.post('/api/user/manage', { id: admin2.userId, action })).expect(403);
        expect(res.body.message).toBe('No permission to manage a user of equal or higher role');
      }
      await en(admin.put('/api/user/', { id: admin2.userId, display_name: 'x' })).expect(403);
      await admin.get(`/api/user/${root.userId}`).expect(403);
      // Root cannot be disabled, demoted or deleted (not even by root).
      const rootId = root.userId as number;
      expect((await en(root.post('/api/user/manage', { id: rootId, action: 'disable' }))).body.message).toBe('The super administrator cannot be disabled');
      expect((await en(root.post('/api/user/manage', { id: rootId, action: 'demote' }))).body.message).toBe('The super administrator cannot be demoted');
      expect((await en(root.post('/api/user/manage', { id: rootId, action: 'delete' }))).body.message).toBe('The super administrator cannot be deleted');
      // An admin manages a regular user.
      const dis = await admin.post('/api/user/manage', { id: user.userId, action: 'disable' }).expect(200);
      expect(dis.body.data).toEqual({ role: 1, status: 2 });
      const ena = await admin.post('/api/user/manage', { id: user.userId, action: 'enable' }).expect(200);
      expect(ena.body.data).toEqual({ role: 1, status: 1 });
      // Root promotes and demotes.
      expect((await root.post('/api/user/manage', { id: user.userId, action: 'promote' })).body.data).toEqual({ role: 10, status: 1 });
      expect((await en(root.post('/api/user/manage', { id: user.userId, action: 'promote' }))).body.message).toBe('The user is already an administrator');
      expect((await root.post('/api/user/manage', { id: user.userId, action: 'demote' })).body.data).toEqual({ role: 1, status: 1 });
      expect((await en(root.post('/api/user/manage', { id: user.userId, action: 'demote' }))).body.message).toBe('The user is already a regular user');
      const bad = await en(root.post('/api/user/manage', { id: user.userId, action: 'explode' }));
      expect(apartFromField(bad.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Invalid action' });
      // Delete.
      await admin.post('/api/user/manage', { id: user.userId, action: 'delete' }).expect(200);
      const after = await root.get(`/api/user/${user.userId}`).expect(200);
      expect(after.body.data.DeletedAt).toEqual(expect.any(Number));
    });

    it('disable and demote take effect on the next request of every session and access token', async () => {
      const { caller: victim, username } = await newUser(t.url);
      const second = new Caller(t.url);
      await second.login(username, 'password123');
      const token = (await victim.get('/api/user/token')).body.data as string;
      const api = new Caller(t.url);
      api.userId = victim.userId;
      api.useAccessToken(token);
      await api.get('/api/user/self').expect(200);

      await root.post('/api/user/manage', { id: victim.userId, action: 'disable' }).expect(200);
      for (const c of [victim, second, api]) {
        const res = await c.get('/api/user/self').set('Accept-Language', 'en').expect(403);
        expect(res.body.message).toBe('User is banned');
      }
      await root.post('/api/user/manage', { id: victim.userId, action: 'enable' }).expect(200);
      await victim.get('/api/user/self').expect(200);

      const { caller: admin } = await newAdmin(t.url, root);
      await admin.get('/api/user/').expect(200);
      await root.post('/api/user/manage', { id: admin.userId, action: 'demote' }).expect(200);
      await admin.get('/api/user/').expect(403);
      await admin.get('/api/user/self').expect(200);

      await root.post('/api/user/manage', { id: victim.userId, action: 'delete' }).expect(200);
      for (const c of [victim, second, api]) await c.get('/api/user/self').expect(401);
    });
  });

  describe('secrets', () => {
  it('no response carries a password hash or an access token', async () => {
    const { caller } = await newUser(t.url);
    const token = (await caller.get('/api/user/token')).body.data as string;
    keep(await root.get('/api/user/?p=0&page_size=100'));
    keep(await root.get(`/api/user/${caller.userId}`));
    keep(await caller.get('/api/user/self'));
    keep(await root.get('/api/user/self'));
    const text = JSON.stringify(collected);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/password_hash|passwordHash|access_token/);
  });
  });
});
