import { DataSource } from 'typeorm';
import { EventBus } from '../../server/src/redis/event-bus.service';
import { TokensService } from '../../server/src/tokens/tokens.service';
import { UserEntity } from '../../server/src/users/user.entity';
import { DATABASES } from '../support/env';
import { newAdmin } from '../support/http';
import type { FakeOpenAI } from '../support/fakes/openai-upstream';
import { consumeLogs, createChannel, createToken, fakeUpstream, fundedUser, relayIdle, setOption, startRelayKit, type RelayKit } from './relay-kit';

const KEY_A = 'sk-upstream-admit-a-0123456789abcdefghij';
const KEY_B = 'sk-upstream-admit-b-0123456789abcdefghij';
const BODY_LIMIT = 64 * 1024;

interface Answer {
  status: number;
  headers: Headers;
  body: { error?: { message: string; type: string; code: string | null; param: string | null } } & Record<string, unknown>;
}

/** Credential forms and every admission check with its status and code (reference §1.2, money rule 7). */
describe.each(DATABASES)('relay admission (%s)', (kind) => {
  let kit: RelayKit;
  let A: FakeOpenAI;
  let B: FakeOpenAI;
  let chB: number;
  let user: Awaited<ReturnType<typeof fundedUser>>;

  beforeAll(async () => {
    kit = await startRelayKit(kind, { env: { RELAY_BODY_LIMIT_BYTES: String(BODY_LIMIT) } });
    A = await fakeUpstream(kit, { key: KEY_A });
    B = await fakeUpstream(kit, { key: KEY_B });
    await setOption(kit.root, 'ModelRatio', { 'gpt-4o-mini': 0.075, 'gpt-4o': 1.25 });
    await createChannel(kit.root, { name: 'A', key: KEY_A, base_url: A.url, models: 'gpt-4o-mini,gpt-4o,unpriced-model', group: 'default,vip', priority: 10 });
    chB = await createChannel(kit.root, { name: 'B', key: KEY_B, base_url: B.url, models: 'gpt-4o-mini', priority: 0 });
    user = await fundedUser(kit, 10_000_000);
  });
  afterAll(() => kit.close());
  beforeEach(() => {
    A.reset();
    B.reset();
  });

  async function call(headers: Record<string, string>, body: unknown = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }): Promise<Answer> {
    const res = await fetch(`${kit.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Answer['body'] };
  }
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  function expectError(a: Answer, status: number, code: string, type?: string): void {
    expect({ status: a.status, code: a.body.error?.code }).toEqual({ status, code });
    expect(a.body.error?.message).toMatch(/\(request id: \w+\)$/);
    if (type) expect(a.body.error?.type).toBe(type);
  }

  it('accepts Bearer sk-…, Bearer without sk-, the bare key and x-api-key, with or without sk-', async () => {
    const { key } = await createToken(user.caller);
    const bare = key.slice(3);
    for (const headers of [bearer(key), bearer(bare), { authorization: key }, { authorization: bare }, { 'x-api-key': key }, { 'x-api-key': bare }]) {
      const a = await call(headers);
      expect({ headers, status: a.status }).toEqual({ headers, status: 200 });
    }
  });

  it('401 for a missing or unknown key, 401 for a disabled or expired token, 403 for an exhausted one', async () => {
    expectError(await call({}), 401, 'missing_api_key', 'authentication_error');
    expectError(await call(bearer('sk-unknownunknownunknownunknownunknownunknown1234')), 401, 'invalid_api_key');

    const t = await createToken(user.caller);
    expect((await call(bearer(t.key))).status).toBe(200);
    // The relay caches the token; disabling it drops the cache at once (tokens.changed).
    const off = await user.caller.put('/api/token/?status_only=true', { id: t.id, status: 2 });
    expect(off.body.success).toBe(true);
    expectError(await call(bearer(t.key)), 401, 'token_disabled');

    const expired = await createToken(user.caller, { expired_time: 1000 });
    expectError(await call(bearer(expired.key)), 401, 'token_expired');

    const empty = await createToken(user.caller, { unlimited_quota: false, remain_quota: 0 });
    expectError(await call(bearer(empty.key)), 403, 'token_quota_exhausted', 'permission_error');
  });

  it("403 when the client IP is outside the token's allow-list", async () => {
    const denied = await createToken(user.caller, { ip_limits: '10.1.2.3,192.168.0.0/16' });
    const a = await call(bearer(denied.key));
    expectError(a, 403, 'ip_not_allowed');
    expect(a.body.error?.message).toContain('127.0.0.1');
    // A forged X-Forwarded-For changes nothing: no trusted proxy is configured.
    expectError(await call({ ...bearer(denied.key), 'x-forwarded-for': '10.1.2.3' }), 403, 'ip_not_allowed');
    const allowed = await createToken(user.caller, { ip_limits: '127.0.0.0/8' });
    expect((await call(bearer(allowed.key))).status).toBe(200);
  });

  it('403 for a disabled user, at once', async () => {
    const u = await fundedUser(kit, 1_000_000);
    const t = await createToken(u.caller);
    expect((await call(bearer(t.key))).status).toBe(200);
    expect((await kit.root.post('/api/user/manage', { id: u.id, action: 'disable' })).body.success).toBe(true);
    expectError(await call(bearer(t.key)), 403, 'user_banned');
  });

  it('403 when the token group is no longer usable by the user', async () => {
    const t = await createToken(user.caller, { group: 'vip' });
    expect((await call(bearer(t.key))).status).toBe(200);
    await setOption(kit.root, 'UserUsableGroups', { default: '默认分组' });
    try {
      expectError(await call(bearer(t.key)), 403, 'group_forbidden');
    } finally {
      await setOption(kit.root, 'UserUsableGroups', { default: '默认分组', vip: 'vip分组' });
    }
  });

  it("403 for a model outside the token's model limits", async () => {
    const t = await createToken(user.caller, { model_limits_enabled: true, model_limits: 'gpt-4o' });
    expectError(await call(bearer(t.key)), 403, 'model_not_allowed');
    expect((await call(bearer(t.key), { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] })).status).toBe(200);
  });

  it('429 with Retry-After past the token rate limit and past ModelRequestRateLimit', async () => {
    const t = await createToken(user.caller, { rate_limit_enabled: true, rate_limit_count: 2, rate_limit_interval: 60 });
    expect((await call(bearer(t.key))).status).toBe(200);
    expect((await call(bearer(t.key))).status).toBe(200);
    const limited = await call(bearer(t.key));
    expectError(limited, 429, 'rate_limit_exceeded', 'rate_limit_error');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const u = await fundedUser(kit, 1_000_000);
    const ut = await createToken(u.caller);
    await setOption(kit.root, 'ModelRequestRateLimitCount', '3');
    await setOption(kit.root, 'ModelRequestRateLimitEnabled', 'true');
    try {
      for (let i = 0; i < 3; i++) expect((await call(bearer(ut.key))).status).toBe(200);
      const over = await call(bearer(ut.key));
      expectError(over, 429, 'rate_limit_exceeded');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await setOption(kit.root, 'ModelRequestRateLimitEnabled', 'false');
    }
  });

  it('400 for an unpriced model unless self-use mode; 503 model_not_found for a pair with no channel', async () => {
    const t = await createToken(user.caller);
    const body = (model: string) => ({ model, messages: [{ role: 'user', content: 'hi' }] });
    expectError(await call(bearer(t.key), body('unpriced-model')), 400, 'model_price_unset');
    await setOption(kit.root, 'SelfUseModeEnabled', 'true');
    try {
      expect((await call(bearer(t.key), body('unpriced-model'))).status).toBe(200);
    } finally {
      await setOption(kit.root, 'SelfUseModeEnabled', 'false');
    }
    await setOption(kit.root, 'ModelRatio', { 'gpt-4o-mini': 0.075, 'gpt-4o': 1.25, 'no-channel-model': 1 });
    const zh = await call(bearer(t.key), body('no-channel-model'));
    expectError(zh, 503, 'model_not_found');
    expect(zh.body.error?.message).toMatch(/^获取分组 default 下模型 no-channel-model 的可用渠道失败/);
    const en = await call({ ...bearer(t.key), 'accept-language': 'en-US' }, body('no-channel-model'));
    expect(en.body.error?.message).toMatch(/^no available channel for model no-channel-model under group default/);
  });

  it('403 insufficient_user_quota when the user cannot cover the hold', async () => {
    const poor = await fundedUser(kit, 0);
    const t = await createToken(poor.caller);
    expectError(await call(bearer(t.key)), 403, 'insufficient_user_quota');
  });

  it('sk-KEY-CHANNELID pins a channel for admins only, without retry', async () => {
    const { caller: admin, username } = await newAdmin(kit.t.url, kit.root);
    expect((await kit.root.post('/api/user/manage', { id: admin.userId, action: 'add_quota', value: 1_000_000 })).body.success).toBe(true);
    const t = await createToken(admin);
    expect((await call(bearer(`${t.key}-${chB}`))).status).toBe(200);
    expect([A.requests.length, B.requests.length]).toEqual([0, 1]);
    await relayIdle(kit);
    expect((await consumeLogs(kit.root, username))[0]?.channel).toBe(chB);

    B.next({ kind: 'json', status: 500, body: { error: { message: 'down', type: 'server_error', param: null, code: null } } });
    await setOption(kit.root, 'RetryTimes', '3');
    try {
      expect((await call(bearer(`${t.key}-${chB}`))).status).toBe(500);
      expect([A.requests.length, B.requests.length]).toEqual([0, 2]);
    } finally {
      await setOption(kit.root, 'RetryTimes', '0');
    }
    expectError(await call(bearer(`${t.key}-999999`)), 400, 'channel_not_found');

    const mine = await createToken(user.caller);
    expectError(await call(bearer(`${mine.key}-${chB}`)), 403, 'channel_pin_forbidden');
  });

  it('400 for sensitive words in the prompt when the check is on', async () => {
    const t = await createToken(user.caller);
    await setOption(kit.root, 'SensitiveWords', 'forbidden-topic\nother');
    await setOption(kit.root, 'CheckSensitiveOnPromptEnabled', 'true');
    await setOption(kit.root, 'CheckSensitiveEnabled', 'true');
    try {
      expectError(await call(bearer(t.key), { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'tell me about Forbidden-Topic' }] }), 400, 'sensitive_words_detected');
      expect((await call(bearer(t.key))).status).toBe(200);
      expect(A.requests.length + B.requests.length).toBe(1);
    } finally {
      await setOption(kit.root, 'CheckSensitiveEnabled', 'false');
    }
  });

  it('413 past the body cap (declared or streamed in), 400 for bad JSON and out-of-bound fields', async () => {
    const t = await createToken(user.caller);
    const big = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x'.repeat(BODY_LIMIT) }] });
    expectError(await call(bearer(t.key), big), 413, 'request_too_large');
    // Chunked, without a length: counted while it streams in.
    const chunks = [big.slice(0, 40_000), big.slice(40_000)];
    const streamed = await fetch(`${kit.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { ...bearer(t.key), 'content-type': 'application/json' },
      body: new ReadableStream({
        pull(c) {
          const next = chunks.shift();
          if (next === undefined) c.close();
          else c.enqueue(new TextEncoder().encode(next));
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expectError(await call(bearer(t.key), '{"model": "gpt-4o-mini", '), 400, 'invalid_request_body');
    const n = await call(bearer(t.key), { model: 'gpt-4o-mini', n: 1000, messages: [{ role: 'user', content: 'hi' }] });
    expectError(n, 400, 'integer_above_max_value');
    expect(n.body.error?.param).toBe('n');
    expect(A.requests.length + B.requests.length).toBe(0);
  });

  it("never forwards the client's credentials, cookies, forwarding headers or routing keys", async () => {
    const t = await createToken(user.caller);
    const a = await call(
      { ...bearer(t.key), cookie: 'session=abc', 'x-forwarded-for': '1.2.3.4', 'x-api-key': 'sk-client', 'openai-organization': 'org-client' },
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], base_url: 'http://evil.example', api_key: 'sk-evil', extra_headers: { authorization: 'x' } },
    );
    expect(a.status).toBe(200);
    const up = A.last();
    expect(up.headers.authorization).toBe(`Bearer ${KEY_A}`);
    for (const h of ['cookie', 'x-forwarded-for', 'x-api-key', 'openai-organization']) expect(up.headers[h]).toBeUndefined();
    expect(up.json).not.toHaveProperty('base_url');
    expect(up.json).not.toHaveProperty('api_key');
    expect(up.json).not.toHaveProperty('extra_headers');
    expect(JSON.stringify(a.body)).not.toContain(KEY_A);
  });

  it('reads a cold token and its user from the database once, however many requests arrive together', async () => {
    const owner = await fundedUser(kit, 1_000_000);
    const { key } = await createToken(owner.caller);
    // Signing in and creating the token read the user already: make its snapshot cold too.
    await kit.t.app.get(EventBus).publish('users.changed', { userId: owner.id });
    const tokens = jest.spyOn(kit.t.app.get(TokensService), 'authenticate');
    const findOne = jest.spyOn(kit.t.app.get(DataSource).manager, 'findOne');
    try {
      const answers = await Promise.all(Array.from({ length: 16 }, () => call(bearer(key))));
      expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
      // One read each, shared by the requests that found the cache cold (not one per request).
      expect(tokens.mock.calls.filter(([k]) => k === key.slice(3) || k === key)).toHaveLength(1);
      expect(findOne.mock.calls.filter(([entity, opts]) => entity === UserEntity && JSON.stringify(opts).includes(`"id":${owner.id}`))).toHaveLength(1);
    } finally {
      tokens.mockRestore();
      findOne.mockRestore();
    }
  });

  // Last: it takes the database away.
  it('answers 503 fast when the database is down (nothing can be admitted or held)', async () => {
    const cached = await createToken(user.caller);
    const fresh = await createToken(user.caller);
    expect((await call(bearer(cached.key))).status).toBe(200);
    await relayIdle(kit);
    // The channel cache is cold (as after any channel change): the relay must read the database
    // for the channel too, and that failure is a 503 as well, not a 500.
    await kit.t.app.get(EventBus).publish('channels.changed', { reason: 'test' });
    await kit.t.app.get(DataSource).destroy();
    const started = Date.now();
    expectError(await call(bearer(cached.key)), 503, 'service_unavailable');
    expectError(await call(bearer(fresh.key)), 503, 'service_unavailable');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
