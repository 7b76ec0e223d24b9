import request from 'supertest';
import { DatabaseService } from '../../server/src/database/database.service';
import { DATABASES } from '../support/env';
import { Caller, uniqueName } from '../support/http';
import { sessionCount, userCount } from '../oauth/oauth-kit';
import { apiSuite, expectRefused as refused } from './support/api-suite';

type Doc = {
  paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string; in: string }[]; security: unknown[] }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
};

const count = async (db: DatabaseService, table: string): Promise<number> =>
  Number(((await db.manager.query(`SELECT COUNT(*) AS n FROM ${table}`)) as { n: string | number }[])[0]?.n);

/**
 * Issue 24, sign-in and third-party sign-in: each route's malformed body or query is refused by
 * name with its code and writes nothing (no account, session, code, state or binding); the
 * document lists every route with its input.
 */
describe.each(DATABASES.slice(0, 1))('sign-in and third-party sign-in input (%s)', (kind) => {
  const s = apiSuite(kind);
  const db = () => s.t.app.get(DatabaseService);
  const anon = () => request(s.t.url);
  /** Every row a sign-in flow may write (a spent code or reset token included). */
  const footprint = async () => ({
    users: await userCount(s.t),
    sessions: await sessionCount(s.t),
    codes: await count(db(), 'verifications'),
    spent: await count(db(), 'verifications WHERE used_at IS NOT NULL'),
    states: await count(db(), 'oauth_states'),
  });

  it('POST /api/user/login refuses a wrong type or an over-long field by name, in either language, and opens no session', async () => {
    const before = await footprint();
    const typed = await anon().post('/api/user/login').set('Accept-Language', 'en').send({ username: 42, password: 'password123' });
    refused(typed, 'auth.login_empty', 'username');
    expect(typed.body.message).toBe('Please enter username and password!');
    const long = await anon().post('/api/user/login').set('Accept-Language', 'en').send({ username: 'root', password: 'p'.repeat(257) });
    refused(long, 'common.field_too_long', 'password');
    expect(long.body.message).toBe('Parameter password is too long (at most 256 characters)');
    const zh = await anon().post('/api/user/login').send({ username: 'r'.repeat(65), password: 'x' });
    refused(zh, 'common.field_too_long', 'username');
    expect(zh.body.message).toBe('参数 username 过长，最多 64 个字符');
    for (const r of [typed, long, zh]) expect(r.headers['set-cookie']).toBeUndefined();
    expect(await footprint()).toEqual(before);
  });

  it('POST /api/user/register refuses each bad field by name and creates no account; unknown fields are ignored', async () => {
    const before = await footprint();
    const username = uniqueName();
    const register = (body: object) => anon().post('/api/user/register').send({ username, password: 'password123', ...body });
    refused(await register({ password: 'short' }), 'user.password_too_short', 'password');
    refused(await register({ password: 123456789 }), 'user.username_required', 'password');
    refused(await register({ password2: 'password124' }), 'user.password_mismatch', 'password2');
    refused(await register({ username: 'u'.repeat(21) }), 'user.username_too_long', 'username');
    refused(await register({ display_name: 'd'.repeat(21) }), 'user.display_name_too_long', 'display_name');
    refused(await register({ email: 'e'.repeat(45) + '@x.com' }), 'user.email_too_long', 'email');
    refused(await register({ verification_code: ['abc'] }), 'user.code_invalid', 'verification_code');
    refused(await register({ aff_code: 'a'.repeat(33) }), 'common.field_too_long', 'aff_code');
    refused(await register({ aff_code: 7 }), 'common.field_type', 'aff_code');
    expect(await footprint()).toEqual(before);

    // Fields a client may send back that registration does not take are ignored, never applied.
    const extra = await register({ role: 100, quota: 1e9, status: 2, group: 'vip' }).expect(200);
    expect(extra.body).toEqual({ success: true, message: '' });
    const c = new Caller(s.t.url);
    await c.login(username, 'password123');
    expect((await c.get('/api/user/self').expect(200)).body.data).toMatchObject({ username, role: 1, status: 1, group: 'default' });
  });

  it('GET /api/verification and /api/reset_password refuse a malformed address by name and mail nothing', async () => {
    const before = await footprint();
    refused(await anon().get('/api/verification?email=not-an-address'), 'user.email_invalid', 'email');
    refused(await anon().get(`/api/verification?email=${'e'.repeat(45)}%40x.com`), 'user.email_too_long', 'email');
    refused(await anon().get('/api/verification?email=a%40b.co&email=c%40d.co'), 'user.email_required', 'email');
    refused(await anon().get('/api/reset_password?email=a%20b%40c.d'), 'user.email_invalid', 'email');
    refused(await anon().get('/api/reset_password'), 'user.email_required', 'email');
    expect(await footprint()).toEqual(before);
  });

  it('POST /api/user/reset refuses a malformed token by name and changes no password', async () => {
    const before = await footprint();
    refused(await anon().post('/api/user/reset').send({ email: 'a@b.co', token: 5 }), 'reset.invalid', 'token');
    refused(await anon().post('/api/user/reset').send({ email: 'a@b.co', token: 'f'.repeat(65) }), 'reset.invalid', 'token');
    refused(await anon().post('/api/user/reset').send({ email: { a: 1 }, token: 'f'.repeat(32) }), 'reset.invalid', 'email');
    expect(await footprint()).toEqual(before);
  });

  it('POST /api/oauth/email/bind refuses a malformed address or code by name and binds nothing', async () => {
    const before = await footprint();
    refused(await s.alice.post('/api/oauth/email/bind', { email: 'nope', code: 'abc123' }), 'user.email_invalid', 'email');
    refused(await s.alice.post('/api/oauth/email/bind', { email: 42, code: 'abc123' }), 'user.email_invalid', 'email');
    refused(await s.alice.post('/api/oauth/email/bind', { email: 'a@b.co', code: 123456 }), 'user.code_invalid', 'code');
    refused(await s.alice.post('/api/oauth/email/bind', { email: 'a@b.co', code: 'c'.repeat(65) }), 'user.code_invalid', 'code');
    expect(await footprint()).toEqual(before);
    expect((await s.alice.get('/api/user/self').expect(200)).body.data.email).toBe('');
  });

  it('GET /api/oauth/state refuses an unknown provider by name and issues no state; a bad aff is only ignored', async () => {
    const before = await footprint();
    const res = await anon().get('/api/oauth/state?provider=oidc');
    refused(res, 'oauth.unknown_provider', 'provider');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await footprint()).toEqual(before);
    const ok = await anon().get(`/api/oauth/state?aff=${'x'.repeat(40)}`).expect(200);
    expect(ok.body.data).toMatch(/^[0-9a-f]{32}$/);
    expect(await count(db(), 'oauth_states')).toBe(before.states + 1);
  });

  it('the GitHub and LinuxDO callbacks refuse a malformed code or state by name and sign no one in', async () => {
    const before = await footprint();
    refused(await anon().get(`/api/oauth/github?code=abc&state=${'s'.repeat(65)}`), 'oauth.state_invalid', 'state');
    refused(await anon().get(`/api/oauth/linuxdo?code=${'c'.repeat(513)}&state=${'a'.repeat(32)}`), 'oauth.code_required', 'code');
    refused(await anon().post('/api/oauth/github').send({ code: 5, state: 'a'.repeat(32) }), 'oauth.code_required', 'code');
    refused(await anon().post('/api/oauth/linuxdo').send({ code: 'abc', state: ['a'] }), 'oauth.state_invalid', 'state');
    expect(await footprint()).toEqual(before);
  });

  it('the WeChat routes refuse a malformed code by name and sign in or bind no one', async () => {
    const before = await footprint();
    refused(await anon().get(`/api/oauth/wechat?code=${'1'.repeat(65)}`), 'oauth.code_required', 'code');
    refused(await anon().post('/api/oauth/wechat').send({ code: ['123456'] }), 'oauth.code_required', 'code');
    refused(await s.alice.post('/api/oauth/wechat/bind', { code: 123456 }), 'oauth.code_required', 'code');
    expect(await footprint()).toEqual(before);
    expect((await s.alice.get('/api/user/self').expect(200)).body.data.wechat_id).toBe('');
  });

  it('the Telegram routes refuse a malformed widget field by name and sign in or bind no one', async () => {
    const before = await footprint();
    refused(await anon().get(`/api/oauth/telegram/login?id=1&auth_date=1&hash=${'f'.repeat(513)}`), 'oauth.telegram_invalid', 'hash');
    refused(await anon().post('/api/oauth/telegram/login').send({ id: { x: 1 }, auth_date: 1, hash: 'f'.repeat(64) }), 'oauth.telegram_invalid', 'id');
    refused(await s.alice.post('/api/oauth/telegram/bind', { id: 1, auth_date: true, hash: 'f'.repeat(64) }), 'oauth.telegram_invalid', 'auth_date');
    expect(await footprint()).toEqual(before);
    expect((await s.alice.get('/api/user/self').expect(200)).body.data.telegram_id).toBe('');
  });

  it('GET /api/openapi.json lists every sign-in route with its body or query; the sign-in routes are public', async () => {
    const doc = (await anon().get('/api/openapi.json').expect(200)).body as Doc;
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const withBody = [
      'POST /api/user/login',
      'POST /api/user/register',
      'POST /api/user/reset',
      'POST /api/oauth/email/bind',
      'POST /api/oauth/github',
      'POST /api/oauth/linuxdo',
      'POST /api/oauth/wechat',
      'POST /api/oauth/wechat/bind',
      'POST /api/oauth/telegram/login',
      'POST /api/oauth/telegram/bind',
    ];
    const withQuery: Record<string, string[]> = {
      'GET /api/verification': ['email', 'turnstile'],
      'GET /api/reset_password': ['email', 'turnstile'],
      'POST /api/user/login': ['turnstile'],
      'POST /api/user/register': ['turnstile'],
      'GET /api/oauth/state': ['provider', 'aff'],
      'GET /api/oauth/github': ['code', 'state', 'aff', 'error'],
      'GET /api/oauth/linuxdo': ['code', 'state', 'aff', 'error'],
      'GET /api/oauth/wechat': ['code', 'aff'],
      'GET /api/oauth/telegram/login': ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'],
    };
    const bare = [
      'GET /api/user/logout',
      'GET /api/oauth/email/bind',
      'GET /api/oauth/wechat/bind',
      'GET /api/oauth/telegram/bind',
      'POST /api/oauth/github/unbind',
      'POST /api/oauth/linuxdo/unbind',
      'POST /api/oauth/wechat/unbind',
      'POST /api/oauth/telegram/unbind',
    ];
    expect(routes).toEqual(expect.arrayContaining([...withBody, ...Object.keys(withQuery), ...bare]));
    const op = (route: string) => {
      const [method = '', path = ''] = route.split(' ');
      return doc.paths[path]?.[method.toLowerCase()];
    };
    for (const r of withBody) expect({ r, body: op(r)?.requestBody !== undefined }).toEqual({ r, body: true });
    for (const [r, names] of Object.entries(withQuery)) {
      expect({ r, query: op(r)?.parameters?.filter((p) => p.in === 'query').map((p) => p.name) }).toEqual({ r, query: expect.arrayContaining(names) });
    }
    for (const r of ['POST /api/user/login', 'POST /api/user/register', 'GET /api/verification', 'POST /api/user/reset', 'POST /api/oauth/wechat', 'GET /api/oauth/telegram/login']) {
      expect({ r, security: op(r)?.security }).toEqual({ r, security: [] });
    }
    expect(op('POST /api/oauth/email/bind')?.security).not.toEqual([]);
    // Optional sign-in (anyone; the user attached when signed in): a credential, or none.
    for (const r of ['GET /api/user/logout', 'GET /api/oauth/state']) {
      expect({ r, security: op(r)?.security }).toEqual({ r, security: [{ session: [], newApiUser: [] }, { accessToken: [], newApiUser: [] }, {}] });
    }
    expect(op('POST /api/oauth/email/bind')?.security).not.toContainEqual({});
    expect(doc.components.schemas.Register?.required).toEqual(['username', 'password']);
    expect(Object.keys(doc.components.schemas.LoginView?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'username', 'display_name', 'role', 'status', 'group', 'default_password']),
    );
  });
});
