import request from 'supertest';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { Caller, loginRoot, uniqueName } from '../support/http';

/** Spec §5 and §7: registration, login and the account calls, with the spec's messages. */
describe.each(DATABASES)('registration and login (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  const en = (r: request.Test) => r.set('Accept-Language', 'en');

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
  });
  afterAll(async () => t.close());

  const setOption = async (key: string, value: string) => {
    const res = await root.put('/api/option/', { key, value });
    expect({ key, body: res.body }).toEqual({ key, body: { success: true, message: '' } });
  };
  const register = (body: Record<string, unknown>) => en(request(t.url).post('/api/user/register')).send(body);

  it('rejects empty login fields and wrong credentials with one message', async () => {
    const empty = await en(request(t.url).post('/api/user/login')).send({ username: '', password: '' });
    expect(empty.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Please enter username and password!' });
    const wrong = await en(request(t.url).post('/api/user/login')).send({ username: 'root', password: 'nope-nope' });
    const unknown = await en(request(t.url).post('/api/user/login')).send({ username: 'ghost-user', password: 'nope-nope' });
    expect(wrong.body.success).toBe(false);
    expect(unknown.body.message).toBe(wrong.body.message);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('validates registration input with the spec messages', async () => {
    expect((await register({ username: '', password: 'password123' })).body.message).toBe('Username and password are required');
    expect((await register({ username: uniqueName(), password: 'short' })).body.message).toBe('Password length must not be less than 8!');
    expect((await register({ username: uniqueName(), password: 'x'.repeat(21) })).body.message).toBe('Password length must not exceed 20!');
    expect((await register({ username: uniqueName(), password: 'password123', password2: 'password124' })).body.message).toBe(
      'The two passwords do not match',
    );
    expect((await register({ username: 'a'.repeat(21), password: 'password123' })).body.message).toBe('Username must not exceed 20 characters');
  });

  it('registers, refuses a taken username, and logs the new user in (zh messages by default)', async () => {
    const username = uniqueName();
    const ok = await request(t.url).post('/api/user/register').send({ username, password: 'password123', password2: 'password123' });
    expect(ok.body).toEqual({ success: true, message: '' });
    const again = await request(t.url).post('/api/user/register').send({ username, password: 'password123' });
    expect(again.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: '用户名已存在，或已注销' });
    const c = new Caller(t.url);
    const login = await c.login(username, 'password123');
    expect(login.body.data).toMatchObject({ username, role: 1, status: 1, group: 'default' });
    expect(login.body.data.default_password).toBeUndefined();
  });

  it('honours RegisterEnabled and PasswordRegisterEnabled', async () => {
    await setOption('RegisterEnabled', 'false');
    expect((await register({ username: uniqueName(), password: 'password123' })).body).toEqual({
      success: false,
      code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/),
      message: 'The administrator has turned off registration',
    });
    await setOption('RegisterEnabled', 'true');
    await setOption('PasswordRegisterEnabled', 'false');
    const res = await register({ username: uniqueName(), password: 'password123' });
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/password registration/);
    await setOption('PasswordRegisterEnabled', 'true');
  });

  it('honours PasswordLoginEnabled', async () => {
    await setOption('PasswordLoginEnabled', 'false');
    const res = await en(request(t.url).post('/api/user/login')).send({ username: 'root', password: '123456' });
    expect(res.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'The administrator has turned off password login' });
    // Root still holds a session and turns it back on.
    await setOption('PasswordLoginEnabled', 'true');
  });

  it('grants new-user, invitee and inviter quota through the aff code', async () => {
    await setOption('QuotaForNewUser', '1000');
    await setOption('QuotaForInvitee', '300');
    await setOption('QuotaForInviter', '2000');
    const inviterName = uniqueName();
    await request(t.url).post('/api/user/register').send({ username: inviterName, password: 'password123' });
    const inviter = new Caller(t.url);
    await inviter.login(inviterName, 'password123');
    const aff = await inviter.get('/api/user/aff').expect(200);
    expect(aff.body.data).toMatch(/^[0-9a-zA-Z]{4,}$/);

    const inviteeName = uniqueName();
    await request(t.url).post('/api/user/register').send({ username: inviteeName, password: 'password123', aff_code: aff.body.data });
    const invitee = new Caller(t.url);
    await invitee.login(inviteeName, 'password123');
    const me = await invitee.get('/api/user/self');
    expect(me.body.data.quota).toBe(1300);
    expect(me.body.data.inviter_id).toBe(inviter.userId);
    const inv = await inviter.get('/api/user/self');
    expect(inv.body.data).toMatchObject({ quota: 1000, aff_quota: 2000, aff_history_quota: 2000, aff_count: 1 });

    for (const k of ['QuotaForNewUser', 'QuotaForInvitee', 'QuotaForInviter']) await setOption(k, '0');
  });

  it('logs out and the session stops working', async () => {
    const username = uniqueName();
    await request(t.url).post('/api/user/register').send({ username, password: 'password123' });
    const c = new Caller(t.url);
    await c.login(username, 'password123');
    await c.get('/api/user/self').expect(200);
    const out = await c.get('/api/user/logout').expect(200);
    expect(out.body.success).toBe(true);
    expect(String(out.headers['set-cookie'])).toMatch(/session=;.*Max-Age=0/);
    await c.get('/api/user/self').expect(401);
  });
});
