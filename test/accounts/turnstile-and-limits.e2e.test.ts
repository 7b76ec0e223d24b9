import request from 'supertest';
import { startApp, createDatabase, matrixOptions, clearRedisPrefix, type TestApp } from '../support/app';
import { DATABASES, SERVER_DATABASES } from '../support/env';
import { FakeTurnstile } from '../support/fakes/turnstile';
import { loginRoot } from '../support/http';

describe.each(DATABASES)('Turnstile (%s)', (kind) => {
  let t: TestApp;
  const fake = new FakeTurnstile('turnstile-secret', 'good-token');

  beforeAll(async () => {
    await fake.start();
    t = await startApp(kind, { ...matrixOptions(kind), env: { TURNSTILE_VERIFY_URL: fake.url } });
    const root = await loginRoot(t.url);
    await root.put('/api/option/', { key: 'TurnstileSecretKey', value: 'turnstile-secret' }).expect(200);
    await root.put('/api/option/', { key: 'TurnstileSiteKey', value: 'site-key-1' }).expect(200);
    await root.put('/api/option/', { key: 'TurnstileCheckEnabled', value: 'true' }).expect(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('publishes the site key in the status', async () => {
    const s = await request(t.url).get('/api/status');
    expect(s.body.data).toMatchObject({ turnstile_check: true, turnstile_site_key: 'site-key-1' });
  });

  it('requires a token that siteverify accepts on login and register', async () => {
    const body = { username: 'root', password: '123456' };
    const none = await request(t.url).post('/api/user/login').set('Accept-Language', 'en').send(body);
    expect(none.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Turnstile token is empty' });
    const bad = await request(t.url).post('/api/user/login?turnstile=forged').set('Accept-Language', 'en').send(body);
    expect(bad.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Turnstile check failed, please refresh and retry!' });
    const good = await request(t.url).post('/api/user/login?turnstile=good-token').send(body);
    expect(good.body.success).toBe(true);
    const reg = await request(t.url).post('/api/user/register').send({ username: 'tsuser1', password: 'password123' });
    expect(reg.body.success).toBe(false);
    const call = fake.calls.find((c) => c.response === 'good-token');
    expect(call).toMatchObject({ secret: 'turnstile-secret', remoteip: '127.0.0.1' });
  });
});

describe.each(DATABASES)('rate limits (%s)', (kind) => {
  it('the critical limiter answers 429 with Retry-After', async () => {
    const t = await startApp(kind, { ...matrixOptions(kind), env: { CRITICAL_RATE_LIMIT: '3', CRITICAL_RATE_LIMIT_DURATION: '600' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await request(t.url).post('/api/user/login').send({ username: 'root', password: 'wrong-pass' });
        codes.push(r.status);
        if (r.status === 429) {
          expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
          expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(600);
          expect(r.body.success).toBe(false);
        }
      }
      expect(codes.filter((c) => c === 429)).toHaveLength(2);
      // Other routes are not under the critical limiter.
      await request(t.url).get('/api/status').expect(200);
    } finally {
      await t.close();
    }
  });

  it('the global API limiter covers /api/*', async () => {
    const t = await startApp(kind, { ...matrixOptions(kind), env: { GLOBAL_API_RATE_LIMIT: '5', GLOBAL_API_RATE_LIMIT_DURATION: '60' } });
    try {
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await request(t.url).get('/api/status')).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429]);
    } finally {
      await t.close();
    }
  });
});

for (const kind of SERVER_DATABASES) describe(`rate limit counters live in Redis (shared by nodes, ${kind})`, () => {
  it('two nodes on one Redis share the critical window', async () => {
    const database = await createDatabase(kind);
    const prefix = `sluice-test-rl-${Date.now()}`;
    const env = { CRITICAL_RATE_LIMIT: '4', CRITICAL_RATE_LIMIT_DURATION: '600' };
    const a = await startApp(kind, { redis: true, database, redisPrefix: prefix, env });
    const b = await startApp(kind, { redis: true, database, redisPrefix: prefix, env });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const node = i % 2 === 0 ? a : b;
        statuses.push((await request(node.url).post('/api/user/login').send({ username: 'root', password: 'wrong-pass' })).status);
      }
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    } finally {
      await a.close();
      await b.close();
      await database.drop();
      await clearRedisPrefix(prefix);
    }
  });
});
