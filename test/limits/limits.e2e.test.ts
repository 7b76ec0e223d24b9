import OpenAI from 'openai';
import Redis from 'ioredis';
import { RoutingIndexService } from '../../server/src/channels/routing-index.service';
import { OptionsService } from '../../server/src/options/options.service';
import { ChannelAffinity } from '../../server/src/relay/admission/limits/channel-affinity.service';
import { RelayLimits } from '../../server/src/relay/admission/limits/relay-limits.service';
import { PerfService } from '../../server/src/observability/perf/perf.service';
import { RelayService } from '../../server/src/relay/pipeline/relay.service';
import { matrixOptions, startApp, startNodes, type TestApp } from '../support/app';
import { DATABASES, REDIS_URL, type DbKind } from '../support/env';
import { FakeOpenAI } from '../support/fakes/openai-upstream';
import { loginRoot, newUser, type Caller } from '../support/http';
import { consumeLogs, createChannel, createToken, setOption, userQuota } from '../relay/relay-kit';

const KEY = 'sk-upstream-limits-0123456789abcdefghij';
const MODEL = 'lim-model';
const AFF_MODEL = 'aff-model';

/** One deployment: SQLite on one node (limits in the process), or two nodes over PostgreSQL + Redis. */
interface Deployment {
  nodes: TestApp[];
  redisPrefix: string | null;
  close(): Promise<void>;
}

async function deploy(kind: DbKind): Promise<Deployment> {
  if (kind !== 'sqlite') {
    const c = await startNodes(2, kind);
    return { nodes: c.nodes, redisPrefix: c.redisPrefix, close: () => c.close() };
  }
  const t = await startApp(kind, matrixOptions(kind));
  return { nodes: [t], redisPrefix: null, close: () => t.close() };
}

describe.each(DATABASES)('token and group limits, channel affinity (%s)', (kind) => {
  let d: Deployment;
  let root: Caller;
  let fake: FakeOpenAI;
  const affFakes: FakeOpenAI[] = [];
  const affChannels: number[] = [];
  let seq = 0;

  /** Node i (round robin over the deployment's nodes). */
  const url = (i: number): string => (d.nodes[i % d.nodes.length] as TestApp).url;
  const idle = async (): Promise<void> => {
    for (const n of d.nodes) await n.app.get(RelayService).idle();
  };

  beforeAll(async () => {
    d = await deploy(kind);
    root = await loginRoot(url(0));
    await setOption(root, 'AllowPrivateUpstreamEnabled', 'true');
    await setOption(root, 'ModelRatio', { [MODEL]: 1, [AFF_MODEL]: 1 });
    await setOption(root, 'CompletionRatio', { [MODEL]: 1, [AFF_MODEL]: 1 });
    fake = await new FakeOpenAI({ key: KEY, promptTokens: 12 }).start();
    await createChannel(root, { key: KEY, base_url: fake.url, models: MODEL });
    for (let i = 0; i < 3; i++) {
      const f = await new FakeOpenAI({ key: KEY, promptTokens: 12 }).start();
      affFakes.push(f);
      affChannels.push(await createChannel(root, { name: `aff-${i}`, key: KEY, base_url: f.url, models: AFF_MODEL }));
    }
    // Every node knows every channel before the tests start.
    for (const n of d.nodes) await n.app.get(RoutingIndexService).rebuild();
  });
  afterAll(async () => {
    await d.close();
    await fake.stop();
    for (const f of affFakes) await f.stop();
  });
  beforeEach(() => {
    fake.reset();
    for (const f of affFakes) f.reset();
  });

  interface Limited {
    caller: Caller;
    username: string;
    token: { id: number; key: string };
  }

  async function limitedUser(limits: Record<string, number>): Promise<Limited> {
    const { caller, username } = await newUser(url(0));
    const res = await root.post('/api/user/manage', { id: caller.userId, action: 'add_quota', value: 10_000_000 });
    expect(res.body.success).toBe(true);
    const token = await createToken(caller, { name: `lim-${++seq}`, ...limits } as never);
    return { caller, username, token };
  }

  function chat(u: Limited, node: number, body: Record<string, unknown> = {}, path = '/v1/chat/completions', headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
    return fetch(`${url(node)}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token.key}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], ...body }),
      signal,
    });
  }

  async function ledger(u: Limited): Promise<{ quota: number; used: number; logs: number }> {
    await idle();
    const q = await userQuota(u.caller);
    return { quota: q.quota, used: q.used, logs: (await consumeLogs(root, u.username)).length };
  }

  /** The counters of a scope as the deployment holds them (Redis, or node 0's process). */
  const counters = (scope: string) => (d.nodes[0] as TestApp).app.get(RelayLimits).inspect(scope);

  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
    for (let i = 0; i < 100; i++) {
      const v = await read();
      if (ok(v)) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await read())}`);
  }

  it('the N+1th request in a minute is refused with the headers and retry-after; no upstream call, no charge', async () => {
    const u = await limitedUser({ rpm_limit: 3 });
    for (let i = 0; i < 3; i++) {
      const res = await chat(u, i);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit-requests')).toBe('3');
      expect(res.headers.get('x-ratelimit-remaining-requests')).toBe(String(2 - i));
      expect(res.headers.get('x-ratelimit-reset-requests')).toMatch(/^(\d+ms|\d+s|1m0s)$/);
      expect(res.headers.get('x-ratelimit-limit-tokens')).toBeNull();
      await res.json();
    }
    const before = await ledger(u);
    const hits = fake.requests.length;
    const refused = await chat(u, 3);
    const body = (await refused.json()) as { error: { code: string; type: string; message: string } };
    expect(refused.status).toBe(429);
    expect(body.error.code).toBe('rate_limit_exceeded');
    expect(body.error.type).toBe('rate_limit_error');
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.headers.get('x-ratelimit-limit-requests')).toBe('3');
    expect(refused.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset-requests')).toMatch(/^(\d+s|1m0s)$/);
    expect(fake.requests.length).toBe(hits);
    expect(await ledger(u)).toEqual(before);
    // A refused request is not counted.
    expect((await counters(`t:${u.token.id}`)).requests).toBe(3);
  });

  it('a burst at once over every node admits exactly the limit (one atomic check, no read-then-write)', async () => {
    const u = await limitedUser({ rpm_limit: 5 });
    const hits = fake.requests.length;
    const burst = await Promise.all(Array.from({ length: 16 }, (_, i) => chat(u, i).then(async (r) => (await r.text(), r.status))));
    expect(burst.filter((s) => s === 200)).toHaveLength(5);
    expect(burst.filter((s) => s === 429)).toHaveLength(11);
    expect(fake.requests.length - hits).toBe(5);
    expect((await counters(`t:${u.token.id}`)).requests).toBe(5);

    const c = await limitedUser({ concurrency_limit: 2 });
    fake.set(() => true, { kind: 'stream', chunks: ['a', 'b', 'c'].map((x) => ({ id: 'x', object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [{ index: 0, delta: { content: x }, finish_reason: null }] })), chunkDelayMs: 200 });
    const streams = await Promise.all(Array.from({ length: 10 }, (_, i) => chat(c, i, { stream: true })));
    expect(streams.filter((r) => r.status === 200)).toHaveLength(2);
    expect(streams.filter((r) => r.status === 429)).toHaveLength(8);
    await Promise.all(streams.map((r) => r.text()));
    fake.reset();
    await idle();
    await until(() => counters(`t:${c.token.id}`), (x) => x.slots === 0, 'slots freed');
  });

  it('a reservation over the remaining tokens per minute is refused; after a success the real usage is what counts', async () => {
    const u = await limitedUser({ tpm_limit: 1000 });
    const hits = fake.requests.length;
    const before = await ledger(u);
    // Prompt estimate + 2000 completion tokens can never fit 1000.
    const big = await chat(u, 0, { max_tokens: 2000 });
    expect(big.status).toBe(429);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
    expect(big.headers.get('x-ratelimit-limit-tokens')).toBe('1000');
    expect(big.headers.get('retry-after')).not.toBeNull();
    expect(fake.requests.length).toBe(hits);
    expect(await ledger(u)).toEqual(before);

    // 600 reserved: 400 left while it runs.
    const first = await chat(u, 0, { max_tokens: 590 });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit-tokens')).toBe('1000');
    const remaining = Number(first.headers.get('x-ratelimit-remaining-tokens'));
    expect(remaining).toBeLessThanOrEqual(410);
    expect(remaining).toBeGreaterThan(300);
    expect(first.headers.get('x-ratelimit-reset-tokens')).toMatch(/^(\d+ms|\d+s|1m0s)$/);
    const answer = (await first.json()) as { usage: { total_tokens: number } };
    await idle();
    // Settled to the real usage (the fake's prompt + completion), not the reservation.
    const settled = await until(() => counters(`t:${u.token.id}`), (c) => c.tokens === answer.usage.total_tokens, 'settlement');
    expect(settled.tokens).toBeLessThan(100);
    // 700 more fit only because the first request counts its real usage.
    const second = await chat(u, 1, { max_tokens: 690 });
    expect(second.status).toBe(200);
    await second.json();
  });

  it('the limit-plus-one concurrent stream is refused at once; a finished or abandoned stream frees its slot', async () => {
    const u = await limitedUser({ concurrency_limit: 2 });
    const slow = { kind: 'stream' as const, chunks: ['a', 'b', 'c', 'd', 'e', 'f'].map((c) => ({ id: 'x', object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [{ index: 0, delta: { content: c }, finish_reason: null }] })), chunkDelayMs: 250 };
    fake.set(() => true, slow);
    const abort = new AbortController();
    const a = await chat(u, 0, { stream: true });
    const b = await chat(u, 1, { stream: true }, undefined, undefined, abort.signal);
    expect([a.status, b.status]).toEqual([200, 200]);
    const hits = fake.requests.length;
    const started = Date.now();
    const third = await chat(u, 0, { stream: true });
    expect(third.status).toBe(429);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(third.headers.get('retry-after')).toBe('1');
    expect(((await third.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
    expect(fake.requests.length).toBe(hits);
    // The client of b leaves: its slot is free while a still runs.
    abort.abort();
    await until(() => counters(`t:${u.token.id}`), (c) => c.slots === 1, 'abandoned slot freed');
    const c = await chat(u, 1, { stream: true });
    expect(c.status).toBe(200);
    // a and c end: both slots free again.
    await a.text();
    await c.text();
    await idle();
    await until(() => counters(`t:${u.token.id}`), (s) => s.slots === 0, 'finished slots freed');
    fake.reset();
    const again = await chat(u, 0);
    expect(again.status).toBe(200);
    await again.text();
  });

  it('the official openai SDK with its default retries honours retry-after and succeeds', async () => {
    const u = await limitedUser({ concurrency_limit: 1 });
    fake.set(() => true, { kind: 'stream', chunks: ['a', 'b', 'c'].map((c) => ({ id: 'x', object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [{ index: 0, delta: { content: c }, finish_reason: null }] })), chunkDelayMs: 200 });
    const holder = await chat(u, 0, { stream: true });
    expect(holder.status).toBe(200);
    // Every attempt the SDK makes, as it made it: when it left, what came back and when.
    const attempts: { sentAt: number; answeredAt: number; status: number; retryAfter: string | null }[] = [];
    const client = new OpenAI({
      apiKey: u.token.key,
      baseURL: `${url(1)}/v1`,
      fetch: async (input, init) => {
        const sentAt = Date.now();
        const res = await fetch(input, init);
        attempts.push({ sentAt, answeredAt: Date.now(), status: res.status, retryAfter: res.headers.get('retry-after') });
        return res;
      },
    });
    fake.reset();
    const [answer] = await Promise.all([client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }), holder.text()]);
    expect(answer.choices[0]?.message.content).toBeTruthy();
    // Refused while the stream held the slot, then retried by the SDK (default retries) until it succeeded.
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts[0]).toMatchObject({ status: 429, retryAfter: '1' });
    expect(attempts[attempts.length - 1]?.status).toBe(200);
    // Each retry waited the second the answer asked for; the SDK's own first backoff is at most 0.5 s.
    for (let i = 1; i < attempts.length; i++) {
      const prev = attempts[i - 1] as (typeof attempts)[number];
      expect(prev.status).toBe(429);
      expect((attempts[i] as (typeof attempts)[number]).sentAt - prev.answeredAt).toBeGreaterThanOrEqual(950);
    }
    // Only the successful attempt reached the upstream.
    expect(fake.requests.length).toBe(1);
  });

  it('a reservation that fits the limit but not what is left is refused, on any node, while another is in flight', async () => {
    const u = await limitedUser({ tpm_limit: 1000 });
    const before = await ledger(u);
    fake.set(() => true, { kind: 'stream', chunks: ['a', 'b', 'c', 'd'].map((c) => ({ id: 'x', object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [{ index: 0, delta: { content: c }, finish_reason: null }] })), chunkDelayMs: 250 });
    // About 600 reserved (prompt estimate + 590) while this stream runs on node 0.
    const holder = await chat(u, 0, { stream: true, max_tokens: 590 });
    expect(holder.status).toBe(200);
    const left = Number(holder.headers.get('x-ratelimit-remaining-tokens'));
    expect(left).toBeGreaterThan(300);
    expect(left).toBeLessThanOrEqual(410);
    const hits = fake.requests.length;
    // About 500 more: under the 1000 of the limit, over the remaining 400 (counted on node 1 too).
    const over = await chat(u, 1, { max_tokens: 490 });
    expect(over.status).toBe(429);
    expect(((await over.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
    expect(over.headers.get('x-ratelimit-limit-tokens')).toBe('1000');
    expect(Number(over.headers.get('x-ratelimit-remaining-tokens'))).toBe(left);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(fake.requests.length).toBe(hits);
    await holder.text();
    fake.reset();
    // Only the stream was logged and charged; the refusal left no trace.
    expect((await ledger(u)).logs).toBe(before.logs + 1);
    // The stream settled to its real usage: the same request now fits.
    await until(() => counters(`t:${u.token.id}`), (c) => c.tokens < 100, 'stream settled');
    const now = await chat(u, 1, { max_tokens: 490 });
    expect(now.status).toBe(200);
    await now.text();
  });

  it('the completion bound reserved is max_tokens times n, or PreConsumedQuota tokens when max_tokens is absent', async () => {
    const a = await limitedUser({ tpm_limit: 1000 });
    const hits = fake.requests.length;
    // 4 x 300 cannot fit 1000; the same request with n = 1 (about 310) does.
    const four = await chat(a, 0, { max_tokens: 300, n: 4 });
    expect(four.status).toBe(429);
    await four.text();
    expect(fake.requests.length).toBe(hits);
    const one = await chat(a, 0, { max_tokens: 300, n: 1 });
    expect(one.status).toBe(200);
    const afterOne = Number(one.headers.get('x-ratelimit-remaining-tokens'));
    expect(afterOne).toBeGreaterThan(600);
    expect(afterOne).toBeLessThanOrEqual(700);
    await one.text();

    const waitOption = (value: number) => until(async () => d.nodes.map((n) => n.app.get(OptionsService).num('PreConsumedQuota')), (v) => v.every((x) => x === value), 'PreConsumedQuota on every node');
    try {
      await setOption(root, 'PreConsumedQuota', '2000');
      await waitOption(2000);
      const b = await limitedUser({ tpm_limit: 1000 });
      const hits2 = fake.requests.length;
      const refused = await chat(b, 1);
      expect(refused.status).toBe(429);
      await refused.text();
      expect(fake.requests.length).toBe(hits2);
      await setOption(root, 'PreConsumedQuota', '100');
      await waitOption(100);
      const ok = await chat(b, 1);
      expect(ok.status).toBe(200);
      const left = Number(ok.headers.get('x-ratelimit-remaining-tokens'));
      // 1000 - (prompt estimate + 100).
      expect(left).toBeGreaterThan(850);
      expect(left).toBeLessThan(900);
      await ok.text();
    } finally {
      await setOption(root, 'PreConsumedQuota', '500');
      await waitOption(500);
    }
  });

  it('group limits apply (GroupRateLimits, per user in the group) beside the token limits', async () => {
    const u = await limitedUser({});
    await setOption(root, 'GroupRateLimits', { default: { rpm: 2 } });
    try {
      await until(async () => (d.nodes.length > 1 ? (d.nodes[1] as TestApp).app.get(RelayLimits).scopes({ token: null, group: 'default', userId: 0 } as never) : []), (s) => s !== null, 'option on node 2');
      expect((await chat(u, 0)).status).toBe(200);
      const second = await chat(u, 1);
      expect(second.status).toBe(200);
      expect(second.headers.get('x-ratelimit-limit-requests')).toBe('2');
      expect(second.headers.get('x-ratelimit-remaining-requests')).toBe('0');
      const hits = fake.requests.length;
      const third = await chat(u, 0);
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).not.toBeNull();
      expect(fake.requests.length).toBe(hits);
      // Another user of the group has a count of their own.
      const other = await limitedUser({});
      expect((await chat(other, 0)).status).toBe(200);
    } finally {
      await setOption(root, 'GroupRateLimits', {});
    }
  });

  it('group tokens-per-minute and concurrency limits apply too', async () => {
    const u = await limitedUser({});
    await setOption(root, 'GroupRateLimits', { default: { tpm: 1000, concurrency: 1 } });
    try {
      await until(async () => d.nodes.map((n) => n.app.get(RelayLimits).scopes({ token: null, group: 'default', userId: 0 } as never)), (s) => s.every((x) => x !== null), 'option on every node');
      fake.set(() => true, { kind: 'stream', chunks: ['a', 'b', 'c'].map((c) => ({ id: 'x', object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [{ index: 0, delta: { content: c }, finish_reason: null }] })), chunkDelayMs: 200 });
      const holder = await chat(u, 0, { stream: true, max_tokens: 100 });
      expect(holder.status).toBe(200);
      expect(holder.headers.get('x-ratelimit-limit-tokens')).toBe('1000');
      const hits = fake.requests.length;
      const second = await chat(u, 1, { stream: true, max_tokens: 100 });
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('1');
      await second.text();
      expect(fake.requests.length).toBe(hits);
      await holder.text();
      fake.reset();
      await idle();
      await until(() => counters(`g:default:${u.caller.userId}`), (c) => c.slots === 0, 'group slot freed');
      const big = await chat(u, 1, { max_tokens: 2000 });
      expect(big.status).toBe(429);
      expect(big.headers.get('x-ratelimit-limit-tokens')).toBe('1000');
      await big.text();
      expect(fake.requests.length).toBe(0);
      const small = await chat(u, 0, { max_tokens: 100 });
      expect(small.status).toBe(200);
      await small.text();
    } finally {
      await setOption(root, 'GroupRateLimits', {});
    }
  });

  it('the per-user model request limit keeps working beside the token limits', async () => {
    const u = await limitedUser({ rpm_limit: 5 });
    const enabled = (on: boolean) => until(async () => d.nodes.map((n) => n.app.get(OptionsService).bool('ModelRequestRateLimitEnabled')), (v) => v.every((x) => x === on), 'ModelRequestRateLimitEnabled on every node');
    await setOption(root, 'ModelRequestRateLimitCount', '2');
    await setOption(root, 'ModelRequestRateLimitEnabled', 'true');
    try {
      await enabled(true);
      for (let i = 0; i < 2; i++) {
        const res = await chat(u, i);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-ratelimit-remaining-requests')).toBe(String(4 - i));
        await res.text();
      }
      const hits = fake.requests.length;
      const third = await chat(u, 0);
      expect(third.status).toBe(429);
      const body = (await third.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('rate_limit_exceeded');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(fake.requests.length).toBe(hits);
      // Refused by the model request limit, before the token's own count.
      expect((await counters(`t:${u.token.id}`)).requests).toBe(2);
    } finally {
      await setOption(root, 'ModelRequestRateLimitEnabled', 'false');
      await enabled(false);
    }
    const after = await chat(u, 1);
    expect(after.status).toBe(200);
    expect(after.headers.get('x-ratelimit-remaining-requests')).toBe('2');
    await after.text();
  });

  it('Anthropic- and Gemini-format refusals come in their own shape', async () => {
    const u = await limitedUser({ rpm_limit: 2 });
    expect((await chat(u, 0)).status).toBe(200);
    // An admitted Messages answer carries the same headers.
    const admitted = await chat(u, 1, { max_tokens: 16 }, '/v1/messages');
    expect(admitted.status).toBe(200);
    expect(admitted.headers.get('x-ratelimit-limit-requests')).toBe('2');
    expect(admitted.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(admitted.headers.get('x-ratelimit-reset-requests')).toMatch(/^(\d+ms|\d+s|1m0s)$/);
    await admitted.text();
    const messages = await chat(u, 1, { max_tokens: 16 }, '/v1/messages');
    expect(messages.status).toBe(429);
    expect(messages.headers.get('retry-after')).not.toBeNull();
    const mb = (await messages.json()) as { type: string; error: { type: string; message: string } };
    expect(mb.type).toBe('error');
    expect(mb.error.type).toBe('rate_limit_error');
    const gemini = await fetch(`${url(0)}/v1beta/models/${MODEL}:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': u.token.key, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(gemini.status).toBe(429);
    expect(gemini.headers.get('retry-after')).not.toBeNull();
    const gb = (await gemini.json()) as { error: { code: number; status: string; message: string } };
    expect(gb.error.code).toBe(429);
    expect(gb.error.status).toBe('RESOURCE_EXHAUSTED');
  });

  it('no limit set: no headers, nothing counted', async () => {
    const u = await limitedUser({});
    const res = await chat(u, 0);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit-requests')).toBeNull();
    expect(res.headers.get('x-ratelimit-limit-tokens')).toBeNull();
    expect((d.nodes[0] as TestApp).app.get(RelayLimits).scopes({ token: { rpmLimit: 0, tpmLimit: 0, concurrencyLimit: 0 }, group: 'default', userId: 1 } as never)).toBeNull();
  });

  it('negative or non-integer limits are refused by name; a bad GroupRateLimits is refused with its path', async () => {
    const { caller } = await newUser(url(0));
    for (const [field, value] of [
      ['rpm_limit', -1],
      ['tpm_limit', 1.5],
      ['concurrency_limit', 'x'],
    ] as const) {
      const res = await caller.post('/api/token/', { name: 'bad', group: 'default', [field]: value });
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain(field);
    }
    const ok = await createToken(caller, { name: 'good', rpm_limit: 5, tpm_limit: 6000, concurrency_limit: 2 } as never);
    const read = await caller.get(`/api/token/${ok.id}`);
    expect(read.body.data).toMatchObject({ rpm_limit: 5, tpm_limit: 6000, concurrency_limit: 2 });
    const put = await caller.put('/api/token/', { ...read.body.data, rpm_limit: 0, concurrency_limit: -2 });
    expect(put.body.success).toBe(false);
    expect(put.body.message).toContain('concurrency_limit');
    const put2 = await caller.put('/api/token/', { ...read.body.data, rpm_limit: 0 });
    expect(put2.body.success).toBe(true);
    expect((await caller.get(`/api/token/${ok.id}`)).body.data.rpm_limit).toBe(0);

    for (const [value, path] of [
      [{ vip: { rpm: -1 } }, 'vip.rpm'],
      [{ vip: { tpm: 2.5 } }, 'vip.tpm'],
      [{ vip: { burst: 1 } }, 'vip.burst'],
      [{ vip: 3 }, 'vip'],
    ] as const) {
      const res = await root.put('/api/option/', { key: 'GroupRateLimits', value: JSON.stringify(value) });
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain(path);
    }
    // Not JSON at all, or JSON but not an object: refused at the top, and nothing saved.
    for (const value of ['{vip: rpm=3', '[{"rpm":1}]', '7']) {
      const res = await root.put('/api/option/', { key: 'GroupRateLimits', value });
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain('JSON');
    }
    const saved = ((await root.get('/api/option/')).body.data as { key: string; value: string }[]).find((o) => o.key === 'GroupRateLimits')?.value;
    expect(JSON.parse(saved ?? 'null')).toEqual({});
  });

  describe('channel affinity', () => {
    const where = (): number[] => affFakes.map((f) => f.requests.length);
    const served = (before: number[]): number[] => where().map((n, i) => n - (before[i] ?? 0));
    let user: Limited;
    beforeAll(async () => {
      user = await limitedUser({});
    });
    const ask = (i: number, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      chat(user, i, { model: AFF_MODEL, ...body }, '/v1/chat/completions', headers).then(async (r) => {
        expect(r.status).toBe(200);
        await r.text();
      });

    it('twenty requests with one prompt_cache_key land on one of three equal channels; the logs show the hits and cache reads', async () => {
      // Each upstream reports prompt-cache reads, as OpenAI does when the prefix is cached.
      for (const f of affFakes) {
        f.set(() => true, {
          kind: 'json',
          body: {
            id: 'chatcmpl-aff',
            object: 'chat.completion',
            created: 1,
            model: AFF_MODEL,
            choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 40, completion_tokens: 2, total_tokens: 42, prompt_tokens_details: { cached_tokens: 32 } },
          },
        });
      }
      const logsBefore = (await consumeLogs(root, user.username)).length;
      for (let i = 0; i < 20; i++) await ask(i, { prompt_cache_key: 'conv-one' });
      expect(served([0, 0, 0]).sort()).toEqual([0, 0, 20]);
      await idle();
      const all = await consumeLogs(root, user.username);
      const logs = all.slice(0, all.length - logsBefore);
      expect(logs).toHaveLength(20);
      const others = logs.map((l) => JSON.parse(l.other) as { cache_tokens: number; admin_info: { affinity?: string } });
      // Newest first: nineteen hits on the bound channel after the first request bound the key.
      expect(others.map((o) => o.admin_info.affinity)).toEqual([...Array<string>(19).fill('hit'), 'miss']);
      expect(others.every((o) => o.cache_tokens === 32)).toBe(true);
    });

    it('the same for metadata.user_id through /v1/messages, a session_id header and Gemini cachedContent', async () => {
      for (let i = 0; i < 20; i++) {
        const r = await chat(user, i, { model: AFF_MODEL, max_tokens: 16, metadata: { user_id: 'claude-code-session-1' } }, '/v1/messages');
        expect(r.status).toBe(200);
        await r.text();
      }
      expect(served([0, 0, 0]).sort()).toEqual([0, 0, 20]);
      const mid = where();
      for (let i = 0; i < 20; i++) await ask(i, {}, { session_id: 'codex-session-9' });
      expect(served(mid).sort()).toEqual([0, 0, 20]);
      const mid2 = where();
      for (let i = 0; i < 10; i++) await ask(i, {}, { 'x-session-id': 'codex-session-10' });
      expect(served(mid2).sort()).toEqual([0, 0, 10]);
      // Gemini's own format: the cachedContent name is the key.
      const mid3 = where();
      for (let i = 0; i < 10; i++) {
        const r = await fetch(`${url(i)}/v1beta/models/${AFF_MODEL}:generateContent`, {
          method: 'POST',
          headers: { 'x-goog-api-key': user.token.key, 'content-type': 'application/json' },
          body: JSON.stringify({ cachedContent: 'cachedContents/abc123', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
        });
        expect(r.status).toBe(200);
        await r.text();
      }
      expect(served(mid3).sort()).toEqual([0, 0, 10]);
    });

    it('twenty distinct keys spread', async () => {
      for (let i = 0; i < 20; i++) await ask(i, { prompt_cache_key: `distinct-${i}` });
      expect(served([0, 0, 0]).filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
    });

    it('disabling the bound channel moves the key, which then sticks; turning the option off spreads again', async () => {
      await ask(0, { prompt_cache_key: 'movable' });
      const bound = served([0, 0, 0]).findIndex((n) => n === 1);
      const boundId = affChannels[bound] as number;
      await root.put('/api/channel/', { id: boundId, status: 2 }).expect(200);
      try {
        for (const n of d.nodes) await until(async () => n.app.get(RoutingIndexService).candidates('default', AFF_MODEL), (c) => !c.some((x) => x.channelId === boundId), 'channel gone from the index');
        const before = where();
        for (let i = 0; i < 10; i++) await ask(i, { prompt_cache_key: 'movable' });
        const moved = served(before);
        expect(moved[bound]).toBe(0);
        expect(moved.sort()).toEqual([0, 0, 10]);
        const target = served(before).findIndex((n) => n === 10);
        // Back on, the old channel does not take the key back: it stays where it was served last.
        await root.put('/api/channel/', { id: boundId, status: 1 }).expect(200);
        for (const n of d.nodes) await until(async () => n.app.get(RoutingIndexService).candidates('default', AFF_MODEL), (c) => c.some((x) => x.channelId === boundId), 'channel back in the index');
        const mid = where();
        for (let i = 0; i < 10; i++) await ask(i, { prompt_cache_key: 'movable' });
        expect(served(mid)[target]).toBe(10);
      } finally {
        await root.put('/api/channel/', { id: boundId, status: 1 }).expect(200);
      }
      await setOption(root, 'ChannelAffinityEnabled', 'false');
      try {
        for (const n of d.nodes) await until(async () => n.app.get(ChannelAffinity).ref('default', AFF_MODEL, { prompt_cache_key: 'x' }, undefined), (r) => r === null, 'option off everywhere');
        const before = where();
        for (let i = 0; i < 20; i++) await ask(i, { prompt_cache_key: 'movable' });
        expect(served(before).filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
      } finally {
        await setOption(root, 'ChannelAffinityEnabled', 'true');
      }
    });

    it('failover still works and rebinds the key to the channel that served it', async () => {
      await ask(0, { prompt_cache_key: 'failover-key' });
      const bound = served([0, 0, 0]).findIndex((n) => n === 1);
      const boundFake = affFakes[bound] as FakeOpenAI;
      // The bound channel now fails; RetryTimes (default 2) moves the request to another channel.
      boundFake.set(() => true, { kind: 'json', status: 500, body: { error: { message: 'upstream down', type: 'server_error', param: null, code: null } } });
      const before = where();
      await ask(1, { prompt_cache_key: 'failover-key' });
      const moved = served(before);
      expect(moved[bound]).toBe(1);
      const target = moved.findIndex((n, i) => i !== bound && n === 1);
      expect(target).toBeGreaterThanOrEqual(0);
      expect(moved.reduce((a, b) => a + b, 0)).toBe(2);
      // The bound channel answers again: the key stays on the channel that served it last.
      boundFake.reset();
      const mid = where();
      for (let i = 0; i < 10; i++) await ask(i, { prompt_cache_key: 'failover-key' });
      expect(served(mid)[target]).toBe(10);
    });

    it('a binding lasts ChannelAffinityTTLSeconds', async () => {
      const aff = (d.nodes[0] as TestApp).app.get(ChannelAffinity);
      const ref = aff.ref('default', AFF_MODEL, { prompt_cache_key: 'short-lived' }, undefined);
      expect(ref).not.toBeNull();
      await setOption(root, 'ChannelAffinityTTLSeconds', '1');
      try {
        await ask(0, { prompt_cache_key: 'short-lived' });
        const channel = affChannels[served([0, 0, 0]).findIndex((n) => n === 1)];
        await until(() => aff.bound(ref as never), (b) => b === channel, 'bound');
        await new Promise((r) => setTimeout(r, 1600));
        expect(await aff.bound(ref as never)).toBeNull();
      } finally {
        await setOption(root, 'ChannelAffinityTTLSeconds', '3600');
      }
    });

    it('model speed shows the cache reads, and the hit rate is higher with affinity on than off', async () => {
      // Each upstream keeps a prompt cache of its own: a key it has served before is a cache read.
      const answer = (cached: number) => ({
        kind: 'json' as const,
        body: {
          id: 'chatcmpl-aff',
          object: 'chat.completion',
          created: 1,
          model: AFF_MODEL,
          choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 40, completion_tokens: 2, total_tokens: 42, prompt_tokens_details: { cached_tokens: cached } },
        },
      });
      for (const f of affFakes) {
        const seen = new Set<string>();
        f.set(() => true, answer(0));
        f.set((r) => {
          const key = (r.json as { prompt_cache_key?: string } | null)?.prompt_cache_key ?? '';
          const hit = seen.has(key);
          seen.add(key);
          return hit;
        }, answer(32));
      }
      const figures = async (): Promise<{ prompt_tokens: number; cache_tokens: number }> => {
        await idle();
        for (const n of d.nodes) await n.app.get(PerfService).flush();
        const res = await root.get('/api/perf/models?window=1h');
        expect(res.body.success).toBe(true);
        const m = (res.body.data.models as { model: string; prompt_tokens: number; cache_tokens: number; cache_hit_rate: number | null }[]).find((x) => x.model === AFF_MODEL);
        // No row before the model's first answered request.
        if (m) expect(m.cache_hit_rate).toBe(m.prompt_tokens > 0 ? Math.round((m.cache_tokens / m.prompt_tokens) * 10_000) / 10_000 : null);
        return { prompt_tokens: m?.prompt_tokens ?? 0, cache_tokens: m?.cache_tokens ?? 0 };
      };
      const rate = (a: { prompt_tokens: number; cache_tokens: number }, b: { prompt_tokens: number; cache_tokens: number }): number => (b.cache_tokens - a.cache_tokens) / (b.prompt_tokens - a.prompt_tokens);

      const f0 = await figures();
      for (let i = 0; i < 20; i++) await ask(i, { prompt_cache_key: 'hit-rate-on' });
      const f1 = await figures();
      // One channel served all twenty: the first a miss, nineteen cache reads of 32 of 40 tokens.
      expect(f1.prompt_tokens - f0.prompt_tokens).toBe(20 * 40);
      expect(f1.cache_tokens - f0.cache_tokens).toBe(19 * 32);
      const on = rate(f0, f1);

      await setOption(root, 'ChannelAffinityEnabled', 'false');
      try {
        for (const n of d.nodes) await until(async () => n.app.get(ChannelAffinity).ref('default', AFF_MODEL, { prompt_cache_key: 'x' }, undefined), (r) => r === null, 'option off everywhere');
        for (let i = 0; i < 20; i++) await ask(i, { prompt_cache_key: 'hit-rate-off' });
      } finally {
        await setOption(root, 'ChannelAffinityEnabled', 'true');
      }
      const f2 = await figures();
      expect(f2.prompt_tokens - f1.prompt_tokens).toBe(20 * 40);
      // Spread over the channels, each one's first sight of the key is a miss.
      expect(rate(f1, f2)).toBeLessThan(on);
    });

    it('an over-long affinity key is hashed, never stored as sent', async () => {
      const marker = 'RAWKEY';
      const long = `${marker}${'k'.repeat(300)}`;
      await ask(0, { prompt_cache_key: long });
      await ask(1, { prompt_cache_key: long });
      expect(served([0, 0, 0]).sort()).toEqual([0, 0, 2]);
      if (d.redisPrefix) {
        const redis = new Redis(REDIS_URL);
        try {
          const keys = await redis.keys(`${d.redisPrefix}:aff:*`);
          expect(keys.length).toBeGreaterThan(0);
          for (const k of keys) {
            expect(k).not.toContain(marker);
            expect(k).toMatch(/:aff:[0-9a-f]{64}$/);
            expect(await redis.get(k)).toMatch(/^\d+$/);
          }
        } finally {
          redis.disconnect();
        }
      } else {
        const slots = (d.nodes[0] as TestApp).app.get(ChannelAffinity).localSlots();
        expect(slots.length).toBeGreaterThan(0);
        for (const s of slots) expect(s).not.toContain(marker);
        expect(slots.every((s) => /:aff:[0-9a-f]{64}$/.test(s))).toBe(true);
      }
    });
  });
});
