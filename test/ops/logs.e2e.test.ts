import request from 'supertest';
import { createDatabase, type TestDatabase } from '../support/app';
import { DATABASES } from '../support/env';
import { FakeOpenAI } from '../support/fakes/openai-upstream';
import { Caller, newUser } from '../support/http';
import { startBuiltServer, type BuiltServer } from '../support/process';

interface LogLine {
  level: string;
  time: string;
  msg: string;
  reqId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
}

/**
 * Structured logs of the real built server (issue 25 part 2), run as a child process with
 * LOG_FORMAT=json and LOG_LEVEL=info: one JSON object a line, one request line per HTTP request
 * with the X-Request-Id the caller got, and no secret of a whole session anywhere in stdout or stderr.
 */
describe.each(DATABASES)('structured logs of the built server (%s)', (kind) => {
  let database: TestDatabase;
  let server: BuiltServer;
  let base: string;
  let upstream: FakeOpenAI;
  const output = (): string => server.output();
  const rootPassword = `RootPw-${Date.now().toString(36)}-secret`;
  const channelKey = `sk-upstream-logtest-${Date.now().toString(36)}-0123456789abcdef`;

  beforeAll(async () => {
    database = await createDatabase(kind);
    upstream = await new FakeOpenAI({ key: channelKey }).start();
    server = await startBuiltServer({
      DATABASE_URL: database.url,
      ENCRYPTION_KEY: 'logs-test-encryption-key-0123456789',
      INITIAL_ROOT_PASSWORD: rootPassword,
      CONSOLE_DIST: 'off',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      GLOBAL_API_RATE_LIMIT: '0',
      GLOBAL_WEB_RATE_LIMIT: '0',
      CRITICAL_RATE_LIMIT: '0',
      SLUICE_WORKERS: '1',
    });
    base = server.base;
  });

  afterAll(async () => {
    await server?.stop();
    await upstream.stop();
    await database.drop();
  });

  const lines = (): LogLine[] =>
    output()
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as LogLine);

  /** Waits for the request line of a request id (written when the response closes). */
  const requestLine = async (id: string): Promise<LogLine> => {
    const end = Date.now() + 5000;
    for (;;) {
      const found = lines().find((l) => l.reqId === id);
      if (found) return found;
      if (Date.now() > end) throw new Error(`no request line for ${id}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('logs a whole session (sign-in, token, key view, relayed chat) without a secret, with request lines carrying the request id', async () => {
    const secrets: string[] = [rootPassword, channelKey];
    const root = new Caller(base);
    const login = await root.login('root', rootPassword);
    const rootSession = root.sessionCookie() as string;
    secrets.push(rootSession);
    await root.put('/api/option/', { key: 'AllowPrivateUpstreamEnabled', value: 'true' }).expect(200);
    const ch = await root.post('/api/channel/', { name: 'logs', type: 1, group: 'default', key: channelKey, base_url: upstream.url, models: 'gpt-4o-mini' }).expect(200);
    await root.get(`/api/channel/${ch.body.data[0].id as number}?include_key=true`).expect(200);
    await root.put('/api/option/', { key: 'SMTPToken', value: 'smtp-option-secret-value-42' }).expect(200);
    secrets.push('smtp-option-secret-value-42');

    const user = await newUser(base);
    secrets.push(user.password, user.caller.sessionCookie() as string);
    await root.post('/api/user/manage', { id: user.caller.userId, action: 'add_quota', value: 10_000_000 }).expect(200);
    const tok = await user.caller.post('/api/token/', { name: 'logs', group: 'default', unlimited_quota: true, expired_time: -1 }).expect(200);
    const tokenId = tok.body.data[0].id as number;
    const viewed = await user.caller.get(`/api/token/${tokenId}`).expect(200);
    const tokenKey = viewed.body.data.key as string;
    expect(tokenKey.length).toBeGreaterThanOrEqual(32);
    secrets.push(tokenKey);
    const access = await user.caller.get('/api/user/token').expect(200);
    const accessToken = access.body.data as string;
    secrets.push(accessToken);
    await request(base).get('/api/user/self').set('Authorization', accessToken).set('New-Api-User', String(user.caller.userId)).expect(200);

    // Relayed chat: non-stream and stream, the key in each header the relay reads, and a refused key.
    const chat = await request(base)
      .post('/v1/chat/completions?trace=1')
      .set('Authorization', `Bearer sk-${tokenKey}`)
      .send({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] })
      .expect(200);
    const stream = await request(base)
      .post('/v1/chat/completions')
      .set('x-api-key', `sk-${tokenKey}`)
      .send({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'hello' }] })
      .expect(200);
    expect(stream.text).toContain('data: [DONE]');
    const refused = await request(base).post('/v1/chat/completions').set('Authorization', 'Bearer sk-not-a-real-key-secret-000').send({}).expect(401);
    secrets.push('sk-not-a-real-key-secret-000');
    // A failed sign-in with a password typed as the username.
    await request(base).post('/api/user/login').send({ username: 'typed-password-as-name-1', password: 'another-secret-2' }).expect(401);
    secrets.push('typed-password-as-name-1', 'another-secret-2');

    const chatLine = await requestLine(chat.headers['x-request-id'] as string);
    expect(chatLine).toMatchObject({ level: 'info', msg: 'request', method: 'POST', path: '/v1/chat/completions', status: 200 });
    expect(chatLine.ms).toEqual(expect.any(Number));
    expect(await requestLine(stream.headers['x-request-id'] as string)).toMatchObject({ path: '/v1/chat/completions', status: 200 });
    expect(await requestLine(refused.headers['x-request-id'] as string)).toMatchObject({ path: '/v1/chat/completions', status: 401 });
    expect(await requestLine(login.headers['x-request-id'] as string)).toMatchObject({ method: 'POST', path: '/api/user/login', status: 200 });

    // Every line is one JSON object with level, time and msg.
    const all = lines();
    expect(all.length).toBeGreaterThan(20);
    for (const l of all) {
      expect(typeof l.level).toBe('string');
      expect(new Date(l.time).toISOString()).toBe(l.time);
      expect(typeof l.msg).toBe('string');
    }
    // No query string in a request line.
    expect(all.filter((l) => l.msg === 'request' && (l.path ?? '').includes('?'))).toEqual([]);
    // No secret of the session anywhere.
    for (const s of secrets) expect({ secret: s, found: output().includes(s) }).toEqual({ secret: s, found: false });
    expect(output()).not.toMatch(/session=/);
  });
});

/** LOG_FORMAT=pretty: readable lines for a person at a terminal, still one per request with its id. */
describe('pretty logs of the built server', () => {
  it('prints readable, non-JSON lines with the request line and its id', async () => {
    const server = await startBuiltServer({ CONSOLE_DIST: 'off', LOG_FORMAT: 'pretty', LOG_LEVEL: 'info', SLUICE_WORKERS: '1' });
    try {
      const res = await fetch(`${server.base}/api/status?probe=1`);
      const id = res.headers.get('x-request-id') as string;
      const until = Date.now() + 5000;
      while (!server.output().includes(id) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      // pino-pretty: a header line "[time] INFO: request", then the fields indented below it.
      const out = server.output();
      const lines = out.split('\n');
      const at = lines.findIndex((l) => l.includes(`reqId: "${id}"`));
      expect(at).toBeGreaterThan(0);
      const header = lines.slice(0, at).reverse().find((l) => /INFO/.test(l)) as string;
      expect(header).toMatch(/INFO.*: request$/);
      expect(lines.slice(at, at + 6).join('\n')).toContain('path: "/api/status"');
      expect(out).not.toContain('probe=1');
      expect(lines.filter((l) => l.startsWith('{'))).toEqual([]);
      expect(out).toMatch(/INFO.*Sluice listening on/);
    } finally {
      await server.stop();
    }
  });
});

/** LOG_LEVEL=warn: no info line at all (request lines are info; the json test above sees them at info). */
describe('LOG_LEVEL of the built server', () => {
  it('at warn drops the request lines and the start-up line', async () => {
    const server = await startBuiltServer({ CONSOLE_DIST: 'off', LOG_FORMAT: 'json', LOG_LEVEL: 'warn' });
    try {
      const ids: string[] = [];
      for (const path of ['/api/status', '/healthz', '/api/no-such-route']) ids.push((await fetch(`${server.base}${path}`)).headers.get('x-request-id') as string);
      // A request line would be written when the response closes: give them time to appear.
      await new Promise((r) => setTimeout(r, 500));
      const out = server.output();
      const lines = out
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as LogLine);
      for (const id of ids) expect(id).toMatch(/\S/);
      expect(lines.filter((l) => ids.includes(l.reqId ?? ''))).toEqual([]);
      expect(lines.filter((l) => l.level === 'info' || l.level === 'debug')).toEqual([]);
      expect(out).not.toContain('Sluice listening on');
    } finally {
      await server.stop();
    }
  });
});
