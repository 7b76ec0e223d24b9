import request from 'supertest';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';

describe.each(DATABASES)('first start and status (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
  });
  afterAll(async () => t.close());

  it('answers /api/status with success and every status field', async () => {
    const res = await request(t.url).get('/api/status').expect(200);
    expect(res.body.success).toBe(true);
    for (const key of [
      'system_name', 'logo', 'footer_html', 'quota_per_unit', 'display_in_currency', 'enable_drawing', 'enable_task',
      'enable_data_export', 'data_export_default_time', 'default_collapse_sidebar', 'mj_notify_enabled', 'chat_link',
      'chat_link2', 'email_verification', 'turnstile_check', 'turnstile_site_key', 'github_oauth', 'github_client_id',
      'linuxdo_oauth', 'linuxdo_client_id', 'wechat_login', 'wechat_qrcode', 'telegram_oauth', 'telegram_bot_name',
      'price', 'server_address', 'top_up_link', 'min_topup', 'enable_online_topup', 'MonitorLink', 'MonitorLinkEnabled',
      'version', 'start_time',
    ]) {
      expect(res.body.data).toHaveProperty(key);
    }
    expect(res.body.data.quota_per_unit).toBe(500000);
    expect(res.body.data.logo).toBe('/logo.png');
    expect(res.body.data.price).toBe(7.3);
    expect(res.body.data.data_export_default_time).toBe('hour');
  });

  it('creates root with the factory password and flags it at login', async () => {
    const res = await request(t.url).post('/api/user/login').send({ username: 'root', password: '123456' }).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ username: 'root', role: 100, status: 1, default_password: true });
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0] ?? '';
    expect(cookie).toMatch(/^session=[0-9a-f]{64};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
  });

  it('puts a request id header on every response, errors included', async () => {
    const a = await request(t.url).get('/api/status');
    const b = await request(t.url).get('/api/nothing-here');
    const c = await request(t.url).post('/v1/whatever').send({});
    for (const r of [a, b, c]) expect(r.headers['x-request-id']).toMatch(/^\d{17}[0-9A-Za-z]{8}$/);
    expect(b.status).toBe(404);
    expect(b.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: expect.any(String) });
    expect(c.body.error).toMatchObject({ type: 'not_found_error' });
  });

  it('reports the database and Redis in the health endpoint', async () => {
    const res = await request(t.url).get('/api/health').expect(200);
    expect(res.body.data).toEqual({
      database: 'up',
      database_type: kind,
      redis: kind !== 'sqlite' ? 'up' : 'disabled',
    });
  });
});
