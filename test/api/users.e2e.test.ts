import request from 'supertest';
import type { AdminUserView, SelfView } from '../../server/src/users/user.mapper';
import { DATABASES } from '../support/env';
import { Caller, newUser } from '../support/http';
import { apiSuite, expectRefused as refused } from './support/api-suite';

type Op = { requestBody?: { content: Record<string, { schema: Schema }> }; parameters?: { name: string; in: string }[]; responses: Record<string, { content: Record<string, { schema: Schema }> }> };
type Schema = { $ref?: string; properties?: Record<string, Schema>; required?: string[]; type?: string | string[] };
type Doc = { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, Schema> } };

type Case = [what: string, body: Record<string, unknown>, code: string, field: string];

/**
 * Issue 24, the users domain: the self-service, access token, affiliate and administration routes
 * refuse a malformed body by name with a registered code and write nothing; the document lists
 * every route with its input and the shape of its data.
 */
describe.each(DATABASES.slice(0, 1))('users: the management contract (%s)', (kind) => {
  const s = apiSuite(kind);

  const self = async (c: Caller) => (await c.get('/api/user/self').expect(200)).body.data as SelfView;
  const signsIn = async (username: string, password: string) => (await request(s.t.url).post('/api/user/login').send({ username, password })).body.success as boolean;

  describe('PUT /api/user/self', () => {
    it.each<Case>([
      ['a display name of the wrong type', { display_name: 7 }, 'common.bad_request', 'display_name'],
      ['an over-long display name', { display_name: 'n'.repeat(21) }, 'user.display_name_too_long', 'display_name'],
      ['a password of the wrong type', { password: 12345678 }, 'common.bad_request', 'password'],
      ['a short password', { password: 'short' }, 'user.password_too_short', 'password'],
      ['an over-long password', { password: 'p'.repeat(21) }, 'user.password_too_long', 'password'],
      ['an original password of the wrong type', { password: 'new-password-1', original_password: 5 }, 'common.bad_request', 'original_password'],
      ['an over-long original password', { password: 'new-password-1', original_password: 'o'.repeat(129) }, 'user.original_password_wrong', 'original_password'],
    ])('refuses %s and changes nothing', async (_what, body, code, field) => {
      const { caller, username, password } = await newUser(s.t.url);
      const before = await self(caller);
      refused(await caller.put('/api/user/self', { display_name: 'Changed', ...body }), code, field);
      expect(await self(caller)).toEqual(before);
      expect(await signsIn(username, password)).toBe(true);
    });

    it('a wrong original password refuses before anything is written (no half-saved display name)', async () => {
      const { caller, username, password } = await newUser(s.t.url);
      const before = await self(caller);
      const res = await caller.put('/api/user/self', { display_name: 'Changed', password: 'new-password-1', original_password: 'not-it-at-all' }).set('Accept-Language', 'en');
      expect(res.body).toEqual({ success: false, code: 'user.original_password_wrong', message: 'The original password is wrong' });
      expect(await self(caller)).toEqual(before);
      expect(await signsIn(username, password)).toBe(true);
      expect(await signsIn(username, 'new-password-1')).toBe(false);
    });

    it('an empty password keeps the old one; the right original password changes it', async () => {
      const { caller, username, password } = await newUser(s.t.url);
      const res = await caller.put('/api/user/self', { display_name: ' Trinity ', password: '', role: 100, quota: 99 }).expect(200);
      expect(res.body.data).toMatchObject({ display_name: 'Trinity', role: 1, quota: 0 });
      expect(await signsIn(username, password)).toBe(true);
      await caller.put('/api/user/self', { password: 'new-password-1', original_password: password }).expect(200);
      expect(await signsIn(username, 'new-password-1')).toBe(true);
    });
  });

  describe('POST /api/user/aff_transfer', () => {
    it.each<Case>([
      ['a word', { quota: 'lots' }, 'aff.quota_invalid', 'quota'],
      ['a fraction', { quota: 500000.5 }, 'aff.quota_invalid', 'quota'],
      ['no amount', {}, 'aff.quota_invalid', 'quota'],
      ['an unsafe integer', { quota: 2 ** 60 }, 'aff.quota_invalid', 'quota'],
    ])('refuses %s by name and moves nothing', async (_what, body, code, field) => {
      const before = await self(s.alice);
      refused(await s.alice.post('/api/user/aff_transfer', body), code, field);
      const after = await self(s.alice);
      expect({ quota: after.quota, aff_quota: after.aff_quota }).toEqual({ quota: before.quota, aff_quota: before.aff_quota });
    });

    it('takes the amount as digits too, and still answers the minimum from QuotaPerUnit', async () => {
      const res = await s.alice.post('/api/user/aff_transfer', { quota: '100' }).set('Accept-Language', 'en');
      expect(res.body).toEqual({ success: false, code: 'aff.transfer_min', message: 'Transfer amount minimum is 500000!' });
      const none = await s.alice.post('/api/user/aff_transfer', { quota: '500000' });
      expect(none.body).toMatchObject({ success: false, code: 'aff.insufficient' });
    });
  });

  describe('PUT /api/user (admin)', () => {
    it.each<Case>([
      ['an id that is not one', { id: 'me' }, 'common.invalid_id', 'id'],
      ['a negative quota', { quota: -1 }, 'user.invalid_quota', 'quota'],
      ['a quota that is a word', { quota: 'lots' }, 'user.invalid_quota', 'quota'],
      ['a blank group', { group: '  ' }, 'user.invalid_group', 'group'],
      ['an over-long group', { group: 'g'.repeat(65) }, 'user.invalid_group', 'group'],
      ['a group of the wrong type', { group: 3 }, 'user.invalid_group', 'group'],
      ['a new username that is too long', { username: 'u'.repeat(21) }, 'user.username_too_long', 'username'],
      ['a username of the wrong type', { username: 42 }, 'user.username_required', 'username'],
      ['an invalid e-mail', { email: 'not-an-address' }, 'user.email_invalid', 'email'],
      ['an over-long display name', { display_name: 'd'.repeat(21) }, 'user.display_name_too_long', 'display_name'],
      ['a short password', { password: 'short' }, 'user.password_too_short', 'password'],
    ])('refuses %s by name and writes nothing', async (_what, body, code, field) => {
      const { caller, username, password } = await newUser(s.t.url);
      const read = async () => (await s.root.get(`/api/user/${caller.userId}`).expect(200)).body.data as AdminUserView;
      const before = await read();
      // The good fields beside the bad one are not half-saved either.
      refused(await s.root.put('/api/user/', { id: caller.userId, display_name: 'Edited', quota: 777, ...body }), code, field);
      expect(await read()).toEqual(before);
      expect(await signsIn(username, password)).toBe(true);
    });

    it('a taken username or e-mail is refused by code; an empty password keeps the old one; role is not writable', async () => {
      const { caller, username, password } = await newUser(s.t.url);
      const other = await newUser(s.t.url);
      const en = (r: request.Test) => r.set('Accept-Language', 'en');
      const taken = await en(s.root.put('/api/user/', { id: caller.userId, username: other.username }));
      expect(taken.body).toEqual({ success: false, code: 'user.username_taken', message: 'Username already exists or was cancelled' });
      await s.root.put('/api/user/', { id: other.caller.userId, email: `${other.username}@example.com` }).expect(200);
      const mail = await en(s.root.put('/api/user/', { id: caller.userId, email: `${other.username}@example.com` }));
      expect(mail.body).toMatchObject({ success: false, code: 'user.email_taken' });
      // The whole row sent back, as the console and new-api clients do.
      const row = (await s.root.get(`/api/user/${caller.userId}`)).body.data as AdminUserView;
      const res = await s.root.put('/api/user/', { ...row, password: '', role: 100, quota: '250', group: ' vip ' }).expect(200);
      expect(res.body.data).toMatchObject({ id: caller.userId, username, role: 1, quota: 250, group: 'vip' });
      expect(await signsIn(username, password)).toBe(true);
    });
  });

  it('answers the documented shapes: self, a user, a page, the access token and the invitation code', async () => {
    const doc = (await request(s.t.url).get('/api/openapi.json').expect(200)).body as Doc;
    const keys = (id: string) => Object.keys(doc.components.schemas[id]?.properties ?? {}).sort();
    expect(Object.keys(await self(s.alice)).sort()).toEqual(keys('UserSelf'));
    expect(Object.keys((await s.root.get(`/api/user/${s.alice.userId}`).expect(200)).body.data).sort()).toEqual(keys('User'));
    expect(Object.keys((await s.root.get('/api/user/?p=0').expect(200)).body.data).sort()).toEqual(keys('UserPage'));
    expect((await s.alice.get('/api/user/token').expect(200)).body.data).toEqual(expect.any(String));
    expect((await s.alice.get('/api/user/aff').expect(200)).body.data).toEqual(expect.any(String));
  });

  it('GET /api/openapi.json lists every users route with its body, query and data', async () => {
    const doc = (await request(s.t.url).get('/api/openapi.json').expect(200)).body as Doc;
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/user/self',
        'PUT /api/user/self',
        'DELETE /api/user/self',
        'GET /api/user/token',
        'GET /api/user/aff',
        'POST /api/user/aff_transfer',
        'GET /api/user',
        'GET /api/user/search',
        'GET /api/user/{id}',
        'POST /api/user',
        'PUT /api/user',
        'POST /api/user/manage',
        'DELETE /api/user/{id}',
      ]),
    );
    const op = (path: string, method: string) => doc.paths[path]?.[method] as Op;
    const body = (path: string, method: string) => {
      const schema = op(path, method).requestBody?.content['application/json']?.schema ?? {};
      const ref = schema.$ref?.replace('#/components/schemas/', '');
      return Object.keys((ref ? doc.components.schemas[ref] : schema)?.properties ?? {}).sort();
    };
    const data = (path: string, method: string) => op(path, method).responses['200']?.content['application/json']?.schema.properties?.data;
    expect(body('/api/user/self', 'put')).toEqual(['display_name', 'original_password', 'password']);
    expect(body('/api/user/aff_transfer', 'post')).toEqual(['quota']);
    expect(body('/api/user', 'put')).toEqual(['display_name', 'email', 'group', 'id', 'password', 'quota', 'username']);
    expect(body('/api/user', 'post')).toEqual(['display_name', 'password', 'username']);
    expect(body('/api/user/manage', 'post')).toEqual(['action', 'id', 'quota', 'value']);
    expect(op('/api/user', 'get').parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['p', 'page_size']));
    expect(op('/api/user/search', 'get').parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['keyword', 'group', 'p', 'page_size']));
    expect(data('/api/user/self', 'get')).toEqual({ $ref: '#/components/schemas/UserSelf' });
    expect(data('/api/user/self', 'put')).toEqual({ $ref: '#/components/schemas/UserSelf' });
    expect(data('/api/user/{id}', 'get')).toEqual({ $ref: '#/components/schemas/User' });
    expect(data('/api/user', 'put')).toEqual({ $ref: '#/components/schemas/User' });
    expect(data('/api/user', 'get')).toEqual({ $ref: '#/components/schemas/UserPage' });
    expect(data('/api/user/manage', 'post')).toEqual({ $ref: '#/components/schemas/UserManageResult' });
    expect(data('/api/user/token', 'get')).toMatchObject({ type: 'string' });
    expect(data('/api/user/aff', 'get')).toMatchObject({ type: 'string' });
    expect(data('/api/user/self', 'delete')).toBeUndefined();
  });
});
