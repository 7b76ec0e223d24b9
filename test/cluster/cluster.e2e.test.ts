import { request as httpRequest } from 'node:http';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { Client } from 'pg';
import { clearRedisPrefix, createDatabase, type TestDatabase } from '../support/app';
import { REDIS_URL, SERVER_DATABASES, type DbKind } from '../support/env';
import { chatChunk, FakeOpenAI } from '../support/fakes/openai-upstream';
import { ClusterServer, Session, type Answer } from './cluster-kit';

const KEY = 'sk-upstream-cluster-0123456789abcdefghij';
const MODEL = 'cluster-model';
const AFF_MODEL = 'cluster-aff-model';

/** Reads the deployment's database directly (ledger checks): `?` placeholders on every kind. */
type Query = (sql: string, ...params: unknown[]) => Promise<Record<string, unknown>[]>;

async function queryOf(kind: DbKind, url: string, dbPath: string): Promise<{ query: Query; close(): Promise<void> }> {
  if (kind === 'sqlite') {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    return { query: async (sql, ...params) => db.prepare(sql).all(...params) as Record<string, unknown>[], close: async () => void db.close() };
  }
  if (kind === 'postgres') {
    const c = new Client({ connectionString: url });
    await c.connect();
    const numbered = (sql: string): string => {
      let n = 0;
      return sql.replace(/\?/g, () => `$${++n}`);
    };
    return { query: async (sql, ...params) => (await c.query(numbered(sql), params)).rows as Record<string, unknown>[], close: () => c.end() };
  }
  const c = await createConnection(url);
  return { query: async (sql, ...params) => (await c.query(sql, params))[0] as Record<string, unknown>[], close: () => c.end() };
}

/**
 * Issue 28: `npm start` with SLUICE_WORKERS=2: on SQLite without Redis, where what two nodes share
 * through Redis the two processes share through the cluster's primary and SQLite's writes from
 * both never surface a busy error; and on each server database with Redis, where each process is
 * one more node.
 */
const DEPLOYMENTS: DbKind[] = ['sqlite', ...SERVER_DATABASES];

const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

describe.each(DEPLOYMENTS)('SLUICE_WORKERS=2 (%s)', (kind) => {
  const withRedis = kind !== 'sqlite';
  const redisPrefix = `sluice-test-cl-${Date.now().toString(36)}-${kind}`;
  let database: TestDatabase | null = null;
  let server: ClusterServer;
  const fake = new FakeOpenAI({ key: KEY, promptTokens: 10, reply: 'one two three four five six seven eight' });
  const affFakes = [0, 1, 2].map(() => new FakeOpenAI({ key: KEY, promptTokens: 10 }));
  let root: Session;
  let seq = 0;

  /** Runs `fn` with a direct connection to the deployment's database. */
  async function withDb<T>(fn: (q: Query) => Promise<T>): Promise<T> {
    const { query, close } = await queryOf(kind, database?.url ?? '', server.dbPath);
    try {
      return await fn(query);
    } finally {
      await close();
    }
  }
  const count = async (q: Query, sql: string, ...params: unknown[]): Promise<number> => Number((await q(sql, ...params))[0]?.n ?? 0);
  const both = (answers: Answer[]): Set<number> => new Set(answers.map((a) => a.pid));
  /** `n` requests one after the other, each on a new connection: the primary hands them to the processes in turn. */
  const inTurn = async (n: number, send: () => Promise<Answer>): Promise<Answer[]> => {
    const out: Answer[] = [];
    for (let i = 0; i < n; i++) out.push(await send());
    return out;
  };

  async function newUser(quota: number): Promise<{ session: Session; username: string }> {
    const username = `cl${Date.now().toString(36).slice(-6)}${++seq}`;
    const reg = await server.call('POST', '/api/user/register', { body: { username, password: 'password123', password2: 'password123' } });
    expect(reg.body.success).toBe(true);
    const session = await Session.login(server, username, 'password123');
    if (quota > 0) expect((await root.call('POST', '/api/user/manage', { id: session.userId, action: 'add_quota', value: quota })).body.success).toBe(true);
    return { session, username };
  }

  async function newToken(owner: Session, fields: Record<string, unknown> = {}): Promise<{ id: number; key: string }> {
    const res = await owner.call('POST', '/api/token/', { name: `t${++seq}`, group: 'default', unlimited_quota: true, expired_time: -1, ...fields });
    expect(res.body.success).toBe(true);
    return { id: res.body.data[0].id as number, key: `sk-${res.body.data[0].key as string}` };
  }

  const chat = (key: string, body: Record<string, unknown> = {}): Promise<Answer> =>
    server.call('POST', '/v1/chat/completions', { body: { model: MODEL, messages: [{ role: 'user', content: 'hi' }], ...body }, headers: { authorization: `Bearer ${key}` } });

  const quotaOf = async (s: Session): Promise<{ quota: number; used: number }> => {
    const res = await s.call('GET', '/api/user/self');
    return { quota: res.body.data.quota as number, used: res.body.data.used_quota as number };
  };

  beforeAll(async () => {
    await fake.start();
    for (const f of affFakes) await f.start();
    if (withRedis) database = await createDatabase(kind);
    // Holds of a killed process are swept 2 s after their last touch (the default is 15 minutes).
    server = new ClusterServer(2, { HOLD_SWEEP_AFTER_SECONDS: '2', METRICS_TOKEN, ...(database ? { DATABASE_URL: database.url, REDIS_URL, REDIS_PREFIX: redisPrefix } : {}) });
    await server.start();
    expect(server.pids()).toHaveLength(2);
    root = await Session.login(server, 'root', '123456');
    for (const [key, value] of [
      ['AllowPrivateUpstreamEnabled', 'true'],
      ['ModelRatio', JSON.stringify({ [MODEL]: 1, [AFF_MODEL]: 1 })],
      ['CompletionRatio', JSON.stringify({ [MODEL]: 1, [AFF_MODEL]: 1 })],
    ]) {
      expect((await root.call('PUT', '/api/option/', { key, value })).body.success).toBe(true);
    }
    const ch = await root.call('POST', '/api/channel/', { name: 'fake', type: 1, group: 'default', key: KEY, base_url: fake.url, models: MODEL });
    expect(ch.body.success).toBe(true);
    for (const [i, f] of affFakes.entries()) {
      const aff = await root.call('POST', '/api/channel/', { name: `aff-${i}`, type: 1, group: 'default', key: KEY, base_url: f.url, models: AFF_MODEL });
      expect(aff.body.success).toBe(true);
    }
  }, 150_000);

  afterAll(async () => {
    await server.close();
    await database?.drop();
    if (withRedis) await clearRedisPrefix(redisPrefix);
    await fake.stop();
    for (const f of affFakes) await f.stop();
  });

  beforeEach(() => {
    fake.reset();
    for (const f of affFakes) f.reset();
  });

  it('answers from both processes, and only the pid header is new', async () => {
    const answers = await inTurn(6, () => server.call('GET', '/api/status'));
    for (const a of answers) expect(a.status).toBe(200);
    expect(both(answers)).toEqual(new Set(server.pids()));
  });

  it('an option saved through one process is what the other serves on the very next request', async () => {
    for (let round = 0; round < 5; round++) {
      const name = `Cluster round ${round}`;
      const put = await root.call('PUT', '/api/option/', { key: 'SystemName', value: name });
      expect(put.body.success).toBe(true);
      // The save is answered once every process has handled it (with Redis too: the primary carries
      // the change to the siblings and waits), so the very next requests show it.
      const reads = await inTurn(6, () => server.call('GET', '/api/status'));
      expect(reads.map((r) => r.body.data.system_name)).toEqual(Array(6).fill(name));
      // Some of those reads were served by the process that did not save the option.
      expect(reads.some((r) => r.pid !== put.pid)).toBe(true);
    }
  });

  it('a disabled user and a disabled token are refused by every process at once', async () => {
    const { session } = await newUser(1_000_000);
    const token = await newToken(session);
    const before = await inTurn(6, () => session.call('GET', '/api/user/self'));
    expect(before.map((r) => r.status)).toEqual(Array(6).fill(200));
    const okChats = await inTurn(4, () => chat(token.key));
    expect(okChats.map((r) => r.status)).toEqual(Array(4).fill(200));
    expect(both([...before, ...okChats])).toEqual(new Set(server.pids()));

    const off = await session.call('PUT', '/api/token/?status_only=true', { id: token.id, status: 2 });
    expect(off.body.success).toBe(true);
    const chats = await inTurn(6, () => chat(token.key));
    expect(chats.map((r) => r.status)).toEqual(Array(6).fill(401));
    expect(both(chats)).toEqual(new Set(server.pids()));

    expect((await root.call('POST', '/api/user/manage', { id: session.userId, action: 'disable' })).body.success).toBe(true);
    const after = await inTurn(6, () => session.call('GET', '/api/user/self'));
    expect(after.map((r) => r.status)).toEqual(Array(6).fill(403));
    expect(both(after)).toEqual(new Set(server.pids()));
  });

  it('a disabled channel is skipped by every process at once, and an enabled one used again', async () => {
    const { session } = await newUser(1_000_000);
    const token = await newToken(session);
    const list = await root.call('GET', '/api/channel/?p=0&page_size=50');
    const channel = (list.body.data as { id: number; name: string }[]).find((c) => c.name === 'fake');
    expect(channel).toBeDefined();
    const setStatus = async (status: number) => {
      const res = await root.call('PUT', '/api/channel/', { id: channel!.id, status });
      expect(res.body.success).toBe(true);
    };
    try {
      await setStatus(2);
      const off = await inTurn(6, () => chat(token.key));
      expect(off.map((r) => r.status)).toEqual(Array(6).fill(503));
      expect(both(off)).toEqual(new Set(server.pids()));
      expect(fake.requests).toHaveLength(0);
      await setStatus(1);
      const on = await inTurn(6, () => chat(token.key));
      expect(on.map((r) => r.status)).toEqual(Array(6).fill(200));
      expect(both(on)).toEqual(new Set(server.pids()));
    } finally {
      await setStatus(1);
    }
  });

  it('/metrics, whichever process answers it, counts the requests both served, and the channel gauge once', async () => {
    const { session } = await newUser(1_000_000);
    const token = await newToken(session);
    const list = await root.call('GET', '/api/channel/?p=0&page_size=50');
    const channelId = (list.body.data as { id: number; name: string }[]).find((c) => c.name === 'fake')!.id;
    const scrape = () => server.call('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const series = (text: string, name: string, labels: string[]): number =>
      text
        .split('\n')
        .filter((l) => l.startsWith(`${name}{`) && labels.every((x) => l.includes(x)))
        .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
    const served = (a: Answer) => series(a.text, 'sluice_relay_requests_total', [`model="${MODEL}"`, `channel_id="${channelId}"`, 'status="200"']);

    const before = await inTurn(2, scrape);
    expect(before.map((a) => a.status)).toEqual([200, 200]);
    expect(both(before)).toEqual(new Set(server.pids()));
    expect(served(before[0]!)).toBe(served(before[1]!));
    const chats = await inTurn(6, () => chat(token.key));
    expect(chats.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(both(chats)).toEqual(new Set(server.pids()));
    const after = await inTurn(2, scrape);
    expect(both(after)).toEqual(new Set(server.pids()));
    for (const a of after) {
      expect(served(a)).toBe(served(before[0]!) + 6);
      // Read from the same channel table by both processes: taken once, not summed.
      expect(series(a.text, 'sluice_channel_enabled', [`channel_id="${channelId}"`])).toBe(1);
    }
  });

  it('a token rpm limit of N admits exactly N requests across both processes', async () => {
    const { session } = await newUser(10_000_000);
    const token = await newToken(session, { rpm_limit: 5 });
    const answers = await Promise.all(Array.from({ length: 14 }, () => chat(token.key)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(9);
    expect(both(answers)).toEqual(new Set(server.pids()));
    expect(fake.requests.filter((r) => r.path.includes('/chat/completions'))).toHaveLength(5);
  });

  it('the per-token request rate limit (rate_limit_count) counts across both processes too', async () => {
    const { session } = await newUser(10_000_000);
    const token = await newToken(session, { rate_limit_enabled: true, rate_limit_count: 4, rate_limit_interval: 60 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => chat(token.key)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(8);
    expect(both(answers)).toEqual(new Set(server.pids()));
  });

  it('a concurrency limit of 2 holds across both processes, and the slots come back', async () => {
    const { session } = await newUser(10_000_000);
    const token = await newToken(session, { concurrency_limit: 2 });
    fake.set('/chat/completions', { kind: 'json', headersDelayMs: 700, body: { id: 'c', object: 'chat.completion', created: 1, model: MODEL, choices: [{ index: 0, message: { role: 'assistant', content: 'slow' }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } } });
    const answers = await Promise.all(Array.from({ length: 8 }, () => chat(token.key)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(6);
    expect(both(answers)).toEqual(new Set(server.pids()));
    // Both slots were released when the answers ended: two more fit now.
    const again = await Promise.all(Array.from({ length: 2 }, () => chat(token.key)));
    expect(again.map((a) => a.status)).toEqual([200, 200]);
  });

  it('200 redemptions, top-ups and relay charges racing in both processes all succeed with exact balances', async () => {
    const CODES = 100;
    const { session } = await newUser(0);
    const token = await newToken(session);
    const codes: { key: string; quota: number }[] = [];
    const gen = await root.call('POST', '/api/redemption/', { name: 'race', quota: 1000, count: CODES });
    expect(gen.body.success).toBe(true);
    for (const key of gen.body.data as string[]) codes.push({ key, quota: 1000 });
    const start = await quotaOf(session);
    // Credit first so the relay charges below can never run out of quota.
    expect((await root.call('POST', '/api/user/manage', { id: session.userId, action: 'add_quota', value: 5_000_000 })).body.success).toBe(true);

    const redeems = codes.flatMap((c) => [0, 1].map(() => session.call('POST', '/api/user/topup', { key: c.key })));
    const grants = Array.from({ length: 20 }, () => root.call('POST', '/api/user/manage', { id: session.userId, action: 'add_quota', value: 777 }));
    const charges = Array.from({ length: 40 }, () => chat(token.key));
    const [r, g, c] = await Promise.all([Promise.all(redeems), Promise.all(grants), Promise.all(charges)]);

    const all = [...r, ...g, ...c];
    expect(both(all)).toEqual(new Set(server.pids()));
    for (const a of all) expect(a.text).not.toMatch(/busy|locked/i);
    expect(g.map((a) => a.body.success)).toEqual(Array(20).fill(true));
    expect(c.map((a) => a.status)).toEqual(Array(40).fill(200));
    // Each code credited exactly once, the racing second request told it was used.
    expect(r.filter((a) => a.body.success === true)).toHaveLength(CODES);
    expect(r.filter((a) => a.status === 409)).toHaveLength(CODES);

    // Settlements are deferred a few milliseconds: wait for all 40 consume logs.
    await withDb(async (q) => {
      let n = 0;
      for (let i = 0; i < 100 && n < 40; i++) {
        n = await count(q, 'SELECT COUNT(*) AS n FROM logs WHERE type = 2 AND user_id = ?', session.userId);
        if (n < 40) await new Promise((res) => setTimeout(res, 100));
      }
      expect(n).toBe(40);
      const sum = Number((await q('SELECT COALESCE(SUM(quota), 0) AS s FROM logs WHERE type = 2 AND user_id = ?', session.userId))[0]?.s);
      expect(await count(q, "SELECT COUNT(*) AS n FROM holds WHERE user_id = ? AND status = 'held'", session.userId)).toBe(0);
      const end = await quotaOf(session);
      expect(end.used).toBe(start.used + sum);
      expect(end.quota).toBe(start.quota + 5_000_000 + CODES * 1000 + 20 * 777 - sum);
      expect(sum).toBeGreaterThan(0);
    });
    expect(server.output).not.toMatch(/SQLITE_BUSY|database is locked/);
  });

  it('channel affinity: a key bound by one process is followed by the other', async () => {
    expect((await root.call('PUT', '/api/option/', { key: 'ChannelAffinityEnabled', value: 'true' })).body.success).toBe(true);
    const { session } = await newUser(10_000_000);
    const token = await newToken(session);
    const pids = new Set<number>();
    for (const key of ['conv-a', 'conv-b', 'conv-c']) {
      for (const f of affFakes) f.reset();
      // One after the other, each on a new connection: the processes take turns.
      for (let i = 0; i < 6; i++) {
        const res = await chat(token.key, { model: AFF_MODEL, prompt_cache_key: key });
        expect(res.status).toBe(200);
        pids.add(res.pid);
        // The binding is written after the answer, as with Redis: the next request may not race it.
        if (i === 0) await new Promise((r) => setTimeout(r, 100));
      }
      const served = affFakes.map((f) => f.requests.filter((r) => r.path.includes('/chat/completions')).length);
      expect(served.filter((n) => n > 0)).toEqual([6]);
    }
    expect(pids).toEqual(new Set(server.pids()));
  });

  it('test-all: clicked through any process, run once by process 0, its progress the same from every process', async () => {
    const slow = { kind: 'json' as const, headersDelayMs: 600, body: { id: 'c', object: 'chat.completion', created: 1, model: MODEL, choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } } };
    for (const f of [fake, ...affFakes]) f.set('chat/completions', slow);
    const status = (): Promise<Answer> => root.call('GET', '/api/channel/test/status');
    expect((await root.call('GET', '/api/channel/test')).body.success).toBe(true);
    let running: Answer[] = [];
    for (let i = 0; i < 100; i++) {
      running = await inTurn(2, status);
      if (running.every((r) => r.body.data.state === 'running')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(running.map((r) => r.body.data.state)).toEqual(['running', 'running']);
    expect(both(running)).toEqual(new Set(server.pids()));
    expect(running.map((r) => r.body.data.total)).toEqual([4, 4]);
    // Clicks through both processes while it runs join it.
    for (const again of await inTurn(2, () => root.call('GET', '/api/channel/test'))) expect(again.body.success).toBe(true);
    let end: Answer[] = [];
    for (let i = 0; i < 200; i++) {
      end = await inTurn(2, status);
      if (end.every((r) => r.body.data.state === 'finished')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const r of end) expect(r.body.data).toMatchObject({ state: 'finished', total: 4, done: 4, failed: 0 });
    expect(both(end)).toEqual(new Set(server.pids()));
    // One run: every channel tested once.
    for (const f of [fake, ...affFakes]) expect(f.requests.filter((r) => r.operation === 'chat/completions')).toHaveLength(1);
  });

  it('a process killed mid-stream is replaced; its hold is settled once by the sweeper (and without Redis its concurrency slot is freed at once)', async () => {
    const { session } = await newUser(1_000_000);
    // With Redis a dead process's slot ends with its lease, as a dead node's does.
    const token = await newToken(session, withRedis ? {} : { concurrency_limit: 1 });
    const before = await quotaOf(session);
    const oldPids = server.pids();
    const words = Array.from({ length: 40 }, (_, i) => chatChunk({ content: `w${i} ` }));
    fake.next({ kind: 'stream', chunks: [chatChunk({ role: 'assistant', content: '' }), ...words, chatChunk({}, 'stop')], chunkDelayMs: 300 });
    const payload = Buffer.from(JSON.stringify({ model: MODEL, stream: true, messages: [{ role: 'user', content: 'hi' }] }));
    let timer: NodeJS.Timeout | undefined;
    const victim = await new Promise<number>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error('the stream did not reach its checkpoint')), 30_000);
      const req = httpRequest(
        { host: '127.0.0.1', port: server.port, method: 'POST', path: '/v1/chat/completions', agent: false, headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json', 'content-length': String(payload.length) } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => {
            text += c.toString();
            // Past the relay's first checkpoint (5 s; the sweeper settles at it).
            if ((text.match(/"content":"w\d+ "/g) ?? []).length >= 22) resolve(Number(res.headers['x-sluice-pid']));
          });
          res.on('error', () => undefined);
        },
      );
      req.on('error', () => undefined);
      req.end(payload);
    }).finally(() => clearTimeout(timer));
    expect(oldPids).toContain(victim);
    process.kill(victim, 'SIGKILL');
    for (let i = 0; i < 50 && !server.output.includes(`(pid ${victim}) exited`); i++) await new Promise((r) => setTimeout(r, 20));
    // The primary knows: the other process serves at once, and the dead one's slot is already free.
    for (let i = 0; i < 40 && server.pids().includes(victim); i++) {
      const res = await chat(token.key);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(server.pids()).toHaveLength(2);
    expect(server.pids()).not.toContain(victim);
    // The hold of the killed request: settled by the sweeper at its checkpoint, once.
    await withDb(async (q) => {
      let held = 1;
      for (let i = 0; i < 100 && held > 0; i++) {
        held = await count(q, "SELECT COUNT(*) AS n FROM holds WHERE user_id = ? AND status = 'held'", session.userId);
        if (held > 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(held).toBe(0);
      const logs = await q('SELECT quota FROM logs WHERE type = 2 AND user_id = ?', session.userId);
      const total = logs.reduce((sum, l) => sum + Number(l.quota), 0);
      // The killed stream's log (at its checkpoint) and the 200s' after it.
      expect(logs.length).toBeGreaterThanOrEqual(2);
      const after = await quotaOf(session);
      expect(before.quota - after.quota).toBe(total);
      expect(after.used - before.used).toBe(total);
      const holds = await q('SELECT status, settled_quota FROM holds WHERE user_id = ?', session.userId);
      expect(holds.every((h) => h.status === 'settled')).toBe(true);
      expect(holds.reduce((sum, h) => sum + Number(h.settled_quota), 0)).toBe(total);
    });
    // Both processes serve again.
    const answers = await inTurn(6, () => server.call('GET', '/api/status'));
    expect(both(answers)).toEqual(new Set(server.pids()));
  });

  it('SIGTERM to the primary lets the streams in flight in both processes finish, then every process exits', async () => {
    const { session } = await newUser(10_000_000);
    const token = await newToken(session);
    fake.set('/chat/completions', { kind: 'stream', chunkDelayMs: 200 });
    interface Stream {
      pid: number;
      firstChunk: Promise<void>;
      done: Promise<string>;
    }
    const open = (): Stream => {
      let first!: () => void;
      const firstChunk = new Promise<void>((r) => (first = r));
      let pid = 0;
      const payload = Buffer.from(JSON.stringify({ model: MODEL, stream: true, messages: [{ role: 'user', content: 'hi' }] }));
      const s: Stream = { pid, firstChunk, done: Promise.resolve('') };
      s.done = new Promise<string>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port: server.port, method: 'POST', path: '/v1/chat/completions', agent: false, headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json', 'content-length': String(payload.length) } },
          (res) => {
            pid = Number(res.headers['x-sluice-pid']);
            s.pid = pid;
            let text = '';
            res.on('data', (c: Buffer) => {
              text += c.toString();
              first();
            });
            res.on('end', () => resolve(text));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
      return s;
    };
    const streams = Array.from({ length: 6 }, open);
    await Promise.all(streams.map((s) => s.firstChunk));
    expect(new Set(streams.map((s) => s.pid))).toEqual(new Set(server.pids()));
    const exit = server.stop();
    const texts = await Promise.all(streams.map((s) => s.done));
    for (const text of texts) {
      expect(text).toContain('eight');
      expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    }
    expect(await exit).toBe(0);
    for (const pid of server.pids()) expect(() => process.kill(pid, 0)).toThrow();
    // Every stream was settled before its process exited.
    await withDb(async (q) => {
      expect(await count(q, 'SELECT COUNT(*) AS n FROM logs WHERE type = 2 AND user_id = ?', session.userId)).toBe(6);
      expect(await count(q, "SELECT COUNT(*) AS n FROM holds WHERE user_id = ? AND status = 'held'", session.userId)).toBe(0);
    });
  });
});
