import request from 'supertest';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { SmtpListener, smtpOptions } from '../support/fakes/smtp';
import { apartFromField, Caller, loginRoot, newUser, uniqueName } from '../support/http';

/** Registration with e-mail verification, password reset and e-mail binding through real SMTP. */
describe.each(DATABASES)('e-mail flows through SMTP (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  const smtp = new SmtpListener();

  beforeAll(async () => {
    await smtp.start();
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    for (const [key, value] of [
      ...smtpOptions(smtp),
      ['ServerAddress', 'https://gw.sluice.test'],
    ]) {
      const res = await root.put('/api/option/', { key, value });
      expect(res.body.success).toBe(true);
    }
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('registers with a mailed verification code (single use)', async () => {
    await root.put('/api/option/', { key: 'EmailVerificationEnabled', value: 'true' }).expect(200);
    const email = `${uniqueName('m')}@example.com`;
    const username = uniqueName();
    const missing = await request(t.url).post('/api/user/register').set('Accept-Language', 'en').send({ username, password: 'password123' });
    expect(missing.body.success).toBe(false);

    const sent = await request(t.url).get(`/api/verification?email=${encodeURIComponent(email)}`).expect(200);
    expect(sent.body.success).toBe(true);
    const mail = await smtp.next(email);
    const code = /<strong>([0-9a-f]{6})<\/strong>/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    expect(mail.subject).toContain('Sluice');

    const wrong = await request(t.url).post('/api/user/register').set('Accept-Language', 'en').send({ username, password: 'password123', email, verification_code: 'ffffff' === code ? 'eeeeee' : 'ffffff' });
    expect(wrong.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Verification code is wrong or expired' });
    const ok = await request(t.url).post('/api/user/register').send({ username, password: 'password123', email, verification_code: code });
    expect(ok.body.success).toBe(true);
    const reuse = await request(t.url).post('/api/user/register').send({ username: uniqueName(), password: 'password123', email, verification_code: code });
    expect(reuse.body.success).toBe(false);
    const c = new Caller(t.url);
    await c.login(username, 'password123');
    expect((await c.get('/api/user/self')).body.data.email).toBe(email);
    await root.put('/api/option/', { key: 'EmailVerificationEnabled', value: 'false' }).expect(200);
  });

  it('enforces the domain whitelist and alias restriction', async () => {
    await root.put('/api/option/', { key: 'EmailDomainRestrictionEnabled', value: 'true' });
    await root.put('/api/option/', { key: 'EmailDomainWhitelist', value: 'example.com' });
    const bad = await request(t.url).get('/api/verification?email=a@evil.test').set('Accept-Language', 'en');
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toMatch(/whitelist/);
    await root.put('/api/option/', { key: 'EmailAliasRestrictionEnabled', value: 'true' });
    const alias = await request(t.url).get('/api/verification?email=a%2Bb@example.com');
    expect(alias.body.success).toBe(false);
    await root.put('/api/option/', { key: 'EmailDomainRestrictionEnabled', value: 'false' });
    await root.put('/api/option/', { key: 'EmailAliasRestrictionEnabled', value: 'false' });
  });

  it('binds an e-mail with a code, by POST only', async () => {
    const { caller } = await newUser(t.url);
    const email = `${uniqueName('b')}@example.com`;
    expect((await caller.post('/api/oauth/email/bind', { email: '', code: 'x' }).set('Accept-Language', 'en')).body).toEqual({
      success: false,
      code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/),
      message: 'Please enter email!',
    });
    expect((await caller.post('/api/oauth/email/bind', { email, code: '' }).set('Accept-Language', 'en')).body).toEqual({
      success: false,
      code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/),
      message: 'Please enter email verification code!',
    });
    await request(t.url).get(`/api/verification?email=${encodeURIComponent(email)}`).expect(200);
    const code = /<strong>([0-9a-f]{6})<\/strong>/.exec((await smtp.next(email)).text)?.[1] as string;
    await caller.get(`/api/oauth/email/bind?email=${encodeURIComponent(email)}&code=${code}`).expect(405);
    const bound = await caller.post('/api/oauth/email/bind', { email, code }).expect(200);
    expect(bound.body.success).toBe(true);
    expect((await caller.get('/api/user/self')).body.data.email).toBe(email);
  });

  it('resets a password through the mailed link and returns the new password', async () => {
    const email = `${uniqueName('r')}@example.com`;
    const { caller, username } = await newUser(t.url);
    await root.put('/api/user/', { id: caller.userId, email }).expect(200);

    const empty = await request(t.url).get('/api/reset_password?email=').set('Accept-Language', 'en');
    expect(apartFromField(empty.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Please enter email!' });
    const unknown = await request(t.url).get('/api/reset_password?email=nobody%40example.com').expect(200);
    const res = await request(t.url).get(`/api/reset_password?email=${encodeURIComponent(email)}`).expect(200);
    expect(unknown.body).toEqual(res.body);
    const mail = await smtp.next(email);
    const link = /(https:\/\/gw\.sluice\.test\/user\/reset\?email=[^"<\s]+&(?:amp;)?token=[0-9a-f]{32})/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const url = new URL((link as string).replace('&amp;', '&'));
    const token = url.searchParams.get('token') as string;
    const bad = await request(t.url).post('/api/user/reset').set('Accept-Language', 'en').send({ email, token: '0'.repeat(32) });
    expect(bad.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'The reset link is invalid or expired' });
    const confirm = await request(t.url).post('/api/user/reset').send({ email: url.searchParams.get('email'), token }).expect(200);
    expect(confirm.body.data).toMatch(/^[0-9a-f]{12}$/);
    const c = new Caller(t.url);
    await c.login(username, confirm.body.data);
    const again = await request(t.url).post('/api/user/reset').send({ email, token });
    expect(again.body.success).toBe(false);
  });
});
