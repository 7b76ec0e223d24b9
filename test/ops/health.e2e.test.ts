import { Client } from 'pg';
import { DATABASES, PG_URL } from '../support/env';
import { QUEUE_DRIVER, type QueueDriver } from '../../server/src/queue/jobs';
import { startApp, type TestApp } from '../support/app';
import { OwnRedis, eventually } from './ops-kit';

/**
 * /healthz and /readyz (issue 25): liveness always 200; readiness 200 while the database and the
 * configured Redis answer, 503 naming Redis while it is down (a redis-server of the test's own,
 * killed and started again), 200 once it is back. Without METRICS_TOKEN /metrics is a 404.
 */
describe.each(DATABASES)('health probes (%s)', (kind) => {
  const redis = new OwnRedis();
  let t: TestApp;

  beforeAll(async () => {
    await redis.start();
    t = await startApp(kind, { env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await t?.close();
    await redis.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers });

  it('answers /healthz while the process serves', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/metrics is a 404 when METRICS_TOKEN is unset, whatever is sent', async () => {
    const variants: Record<string, string>[] = [{}, { authorization: 'Bearer anything-at-all-0123456789' }];
    for (const headers of variants) {
      const res = await get('/metrics', headers);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('sluice_');
    }
  });

  it('turns /readyz 503 naming Redis while it is down, and 200 when it returns', async () => {
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'up' }, failing: [] });

    await redis.stop();
    let body: unknown = null;
    const down = await eventually(async () => {
      const res = await get('/readyz');
      body = await res.json();
      return res.status === 503;
    });
    expect(down).toBe(true);
    expect(body).toEqual({ status: 'unavailable', checks: { database: 'up', redis: 'down' }, failing: ['redis'] });
    // Liveness does not follow readiness.
    expect((await get('/healthz')).status).toBe(200);

    await redis.start();
    const up = await eventually(async () => (await get('/readyz')).status === 200);
    expect(up).toBe(true);
    expect(await (await get('/readyz')).json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'up' }, failing: [] });
    // The queues' own connections come back too (BullMQ reconnects with its own backoff).
    const driver = t.app.get<QueueDriver>(QUEUE_DRIVER);
    const queuesBack = await eventually(async () => {
      const answered = await Promise.race([driver.counts().then(() => true, () => false), new Promise<boolean>((r) => setTimeout(() => r(false), 1000))]);
      return answered;
    }, 45_000);
    expect(queuesBack).toBe(true);
  }, 90_000);
});

describe('readiness without Redis configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports Redis disabled and is ready on the database alone', async () => {
    const res = await fetch(`${t.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'disabled' }, failing: [] });
  });
});

/**
 * The database stops answering (PostgreSQL refusing the app's connections: its sessions ended and
 * new ones not allowed): /readyz is 503 naming the database, then 200 once it takes them again.
 */
describe('readiness when the database stops answering (postgres)', () => {
  let t: TestApp;
  let name: string;
  const admin = async <T>(fn: (c: Client) => Promise<T>): Promise<T> => {
    const c = new Client({ connectionString: PG_URL });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    t = await startApp('postgres');
    name = new URL(t.database.url).pathname.slice(1);
  });
  afterAll(async () => {
    await admin((c) => c.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`));
    await t?.close();
  });

  it('turns 503 naming the database while it refuses, and 200 when it is back', async () => {
    const get = () => fetch(`${t.url}/readyz`);
    expect((await get()).status).toBe(200);
    await admin(async (c) => {
      await c.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    });
    let body: unknown = null;
    const down = await eventually(async () => {
      const res = await get();
      body = await res.json();
      return res.status === 503;
    });
    expect(down).toBe(true);
    expect(body).toEqual({ status: 'unavailable', checks: { database: 'down', redis: 'disabled' }, failing: ['database'] });
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);

    await admin((c) => c.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`));
    expect(await eventually(async () => (await get()).status === 200)).toBe(true);
    expect(await (await get()).json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'disabled' }, failing: [] });
  }, 60_000);
});
