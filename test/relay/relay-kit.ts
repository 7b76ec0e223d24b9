import OpenAI from 'openai';
import { RelayService } from '../../server/src/relay/pipeline/relay.service';
import { startApp, matrixOptions, type TestApp, type TestAppOptions } from '../support/app';
import type { DbKind } from '../support/env';
import { FakeOpenAI, type FakeOpenAIOptions } from '../support/fakes/openai-upstream';
import { Caller, loginRoot, newUser } from '../support/http';

/** Everything a relay suite needs: the app, root, fake upstreams and helpers over the management API. */
export interface RelayKit {
  t: TestApp;
  root: Caller;
  /** Fakes stopped by close() (fakeUpstream adds its own). */
  fakes: FakeServer[];
  close(): Promise<void>;
}

/** A loopback fake a suite starts beside the app. */
export interface FakeServer {
  start(): Promise<unknown>;
  stop(): Promise<void>;
  reset(): void;
}

export async function startRelayKit(kind: DbKind, opts: TestAppOptions = {}): Promise<RelayKit> {
  const t = await startApp(kind, { ...matrixOptions(kind), ...opts });
  const root = await loginRoot(t.url);
  await setOption(root, 'AllowPrivateUpstreamEnabled', 'true');
  const fakes: FakeServer[] = [];
  return {
    t,
    root,
    fakes,
    close: async () => {
      await Promise.all(fakes.map((f) => f.stop()));
      await t.close();
    },
  };
}

export async function fakeUpstream(kit: RelayKit, options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const f = await new FakeOpenAI(options).start();
  kit.fakes.push(f);
  return f;
}

/** Distinct upstream keys for a suite's channels (the scrub tests look for each one). */
export function upstreamKeys(label: string): () => string {
  let seq = 0;
  return () => {
    seq += 1;
    return `sk-upstream-${label}${seq}-0123456789abcdefghijklmnop`;
  };
}

export async function setOption(root: Caller, key: string, value: unknown): Promise<void> {
  const res = await root.put('/api/option/', { key, value: typeof value === 'string' ? value : JSON.stringify(value) });
  if (res.body?.success !== true) throw new Error(`option ${key}: ${JSON.stringify(res.body)}`);
}

/** Sets several options, one after the other in the order given. */
export async function setOptions(root: Caller, options: Record<string, unknown>): Promise<void> {
  for (const [key, value] of Object.entries(options)) await setOption(root, key, value);
}

/** Prices a model in ModelRatio and CompletionRatio, keeping every other model's price. */
export async function priceModel(root: Caller, model: string, modelRatio: number, completionRatio: number): Promise<void> {
  const current = (await root.get('/api/option/')).body.data as { key: string; value: string }[];
  const ratios = (key: string) => JSON.parse(current.find((o) => o.key === key)?.value ?? '{}') as Record<string, number>;
  await setOption(root, 'ModelRatio', { ...ratios('ModelRatio'), [model]: modelRatio });
  await setOption(root, 'CompletionRatio', { ...ratios('CompletionRatio'), [model]: completionRatio });
}

/** Runs `body` with an option set to `value`, then sets it to `restore` (even when `body` throws). */
export async function withOption<T>(root: Caller, key: string, value: string, restore: string, body: () => Promise<T>): Promise<T> {
  await setOption(root, key, value);
  try {
    return await body();
  } finally {
    await setOption(root, key, restore);
  }
}

/** Polls a channel's status until it is `want` or five seconds passed; returns the last one read. */
export async function channelStatusBecomes(root: Caller, id: number, want: number): Promise<number> {
  let status = 0;
  for (let i = 0; i < 50 && status !== want; i++) {
    status = (await root.get(`/api/channel/${id}`)).body.data.status as number;
    if (status !== want) await new Promise((r) => setTimeout(r, 100));
  }
  return status;
}

export interface ChannelSpec {
  name?: string;
  type?: number;
  key: string;
  base_url: string;
  models: string;
  group?: string;
  priority?: number;
  weight?: number;
  model_mapping?: string;
  status_code_mapping?: string;
  other?: string;
}

export async function createChannel(root: Caller, spec: ChannelSpec): Promise<number> {
  const res = await root.post('/api/channel/', { name: spec.name ?? 'fake', type: 1, group: 'default', ...spec });
  if (res.body?.success !== true) throw new Error(`channel: ${JSON.stringify(res.body)}`);
  return res.body.data[0].id as number;
}

export interface TokenSpec {
  name?: string;
  remain_quota?: number;
  unlimited_quota?: boolean;
  group?: string;
  model_limits_enabled?: boolean;
  model_limits?: string;
  ip_limits?: string;
  expired_time?: number;
  rate_limit_enabled?: boolean;
  rate_limit_count?: number;
  rate_limit_interval?: number;
}

export interface IssuedToken {
  id: number;
  /** With the sk- prefix, as a client sends it. */
  key: string;
}

export async function createToken(owner: Caller, spec: TokenSpec = {}): Promise<IssuedToken> {
  const res = await owner.post('/api/token/', { name: 'relay', group: 'default', unlimited_quota: true, expired_time: -1, ...spec });
  if (res.body?.success !== true) throw new Error(`token: ${JSON.stringify(res.body)}`);
  const row = res.body.data[0] as { id: number; key: string };
  return { id: row.id, key: `sk-${row.key}` };
}

export function sdk(kit: RelayKit, key: string): OpenAI {
  return new OpenAI({ apiKey: key, baseURL: `${kit.t.url}/v1`, maxRetries: 0, timeout: 30_000 });
}

export interface FundedUser {
  caller: Caller;
  id: number;
  username: string;
}

/** A regular user with some quota (root adds it). */
export async function fundedUser(kit: RelayKit, quota: number): Promise<FundedUser> {
  const { caller, username } = await newUser(kit.t.url);
  const id = caller.userId as number;
  if (quota !== 0) {
    const res = await kit.root.post('/api/user/manage', { id, action: 'add_quota', value: quota });
    if (res.body?.success !== true) throw new Error(`add_quota: ${JSON.stringify(res.body)}`);
  }
  return { caller, id, username };
}

/** Waits until every relay request (drains and settlements included) has finished. */
export async function relayIdle(kit: RelayKit): Promise<void> {
  await kit.t.app.get(RelayService).idle();
}

export async function userQuota(c: Caller): Promise<{ quota: number; used: number; requests: number }> {
  const res = await c.get('/api/user/self');
  return { quota: res.body.data.quota as number, used: res.body.data.used_quota as number, requests: res.body.data.request_count as number };
}

export async function tokenState(owner: Caller, id: number): Promise<{ remain: number; used: number; status: number }> {
  const res = await owner.get(`/api/token/${id}`);
  return { remain: res.body.data.remain_quota as number, used: res.body.data.used_quota as number, status: res.body.data.status as number };
}

export interface LogRow {
  id: number;
  type: number;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  model_name: string;
  token_name: string;
  is_stream: boolean;
  channel: number;
  content: string;
  request_id: string;
  other: string;
  use_time: number;
}

/**
 * Runs `call`, waits for its settlement, and checks the one new consume log against the balance
 * moves: the user's quota and used quota and the token's remain and used all moved by its quota.
 */
export async function expectCharged(kit: RelayKit, user: { caller: Caller; username: string }, tokenId: number, call: () => Promise<unknown>): Promise<LogRow> {
  await relayIdle(kit);
  const before = await userQuota(user.caller);
  const tokBefore = await tokenState(user.caller, tokenId);
  const logsBefore = (await consumeLogs(kit.root, user.username)).length;
  await call();
  await relayIdle(kit);
  const logs = await consumeLogs(kit.root, user.username);
  expect(logs.length).toBe(logsBefore + 1);
  const log = logs[0] as LogRow;
  const after = await userQuota(user.caller);
  const tokAfter = await tokenState(user.caller, tokenId);
  expect(before.quota - after.quota).toBe(log.quota);
  expect(after.used - before.used).toBe(log.quota);
  expect(tokBefore.remain - tokAfter.remain).toBe(log.quota);
  expect(tokAfter.used - tokBefore.used).toBe(log.quota);
  return log;
}

/** Consume logs (type 2) of a user, newest first, through the admin API. */
export async function consumeLogs(root: Caller, username: string): Promise<LogRow[]> {
  const res = await root.get(`/api/log/?p=0&page_size=100&type=2&username=${encodeURIComponent(username)}`);
  if (res.body?.success !== true) throw new Error(`logs: ${JSON.stringify(res.body)}`);
  return res.body.data.items as LogRow[];
}

export function otherOf(row: LogRow): Record<string, unknown> {
  return JSON.parse(row.other) as Record<string, unknown>;
}

/** The balances a request can move, and the consume logs (newest first), read once the relay is idle. */
export interface Balances {
  user: { quota: number; used: number; requests: number };
  token: { remain: number; used: number; status: number };
  logs: LogRow[];
}

export async function balances(kit: RelayKit, user: FundedUser, tokenId: number): Promise<Balances> {
  await relayIdle(kit);
  return { user: await userQuota(user.caller), token: await tokenState(user.caller, tokenId), logs: await consumeLogs(kit.root, user.username) };
}

/**
 * Runs `call` and checks it charged nothing: once the relay is idle, the user's quota and the
 * number of consume logs are what they were before.
 */
export async function expectNotCharged(kit: RelayKit, user: FundedUser, call: () => Promise<unknown>): Promise<void> {
  await relayIdle(kit);
  const before = await userQuota(user.caller);
  const logsBefore = (await consumeLogs(kit.root, user.username)).length;
  await call();
  await relayIdle(kit);
  expect((await userQuota(user.caller)).quota).toBe(before.quota);
  expect(await consumeLogs(kit.root, user.username)).toHaveLength(logsBefore);
}

/** Runs `call` and checks it added no consume log (read once the relay is idle). */
export async function expectNoNewLog(kit: RelayKit, user: FundedUser, call: () => Promise<unknown>): Promise<void> {
  const before = (await consumeLogs(kit.root, user.username)).length;
  await call();
  await relayIdle(kit);
  expect(await consumeLogs(kit.root, user.username)).toHaveLength(before);
}

/** What every relay suite starts with; set by the suite's beforeAll, so read it in hooks and tests. */
export interface RelaySuite {
  kit: RelayKit;
  /** A regular user with 10,000,000 quota. */
  user: FundedUser;
  /** The user's token, limited to 5,000,000 quota. */
  token: IssuedToken;
  /** The official OpenAI SDK on the token. */
  openai: OpenAI;
  /** Starts a fake that is reset before each test and stopped after the app. */
  fake<F extends FakeServer>(fake: F): Promise<F>;
  /** A one-message chat on `model` ("hi" unless told), whole. */
  ask(model: string, content?: string): Promise<OpenAI.ChatCompletion>;
  /** A raw JSON POST to the gateway with the token as Bearer (for what the SDKs hide). */
  post(path: string, body: unknown): Promise<Response>;
  /** expectCharged for the suite's user and token: the one consume log `call` added. */
  charged(call: () => Promise<unknown>): Promise<LogRow>;
  /** The same, with what `call` returned. */
  chargedCall<T>(call: () => Promise<T>): Promise<{ value: T; log: LogRow }>;
  /** expectNotCharged for the suite's user. */
  notCharged(call: () => Promise<unknown>): Promise<void>;
  /** expectNoNewLog for the suite's user. */
  noNewLog(call: () => Promise<unknown>): Promise<void>;
  /** The suite's balances and consume logs. */
  snapshot(): Promise<Balances>;
}

/** One side of a provider suite's channel pair: its fake, the channel's key and models, and `other` when the type takes one. */
export interface ChannelPairSide<F extends FakeServer & { url: string }> {
  fake: F;
  key: string;
  models: string;
  other?: string;
}

/**
 * The provider suites' set-up: the models' prices, then channel `<name>-a` (priority 10) on fake A
 * and its backup `<name>-b` (priority 0) on fake B, both of one type; the fakes reset before each test.
 */
export async function primaryAndBackup<F extends FakeServer & { url: string }>(
  s: RelaySuite,
  type: number,
  name: string,
  prices: Record<string, unknown>,
  a: ChannelPairSide<F>,
  b: ChannelPairSide<F>,
): Promise<{ A: F; B: F; aId: number; bId: number }> {
  const A = await s.fake(a.fake);
  const B = await s.fake(b.fake);
  await setOptions(s.kit.root, prices);
  const channel = (side: ChannelPairSide<F>, fake: F, suffix: string, priority: number) =>
    createChannel(s.kit.root, { name: `${name}-${suffix}`, type, key: side.key, base_url: fake.url, models: side.models, priority, ...(side.other !== undefined ? { other: side.other } : {}) });
  return { A, B, aId: await channel(a, A, 'a', 10), bId: await channel(b, B, 'b', 0) };
}

export interface RelaySuiteOptions {
  app?: TestAppOptions;
  /** Runs after the suite's tests while the app still serves (the file's own afterAll hooks run after it closed). */
  beforeClose?: (s: RelaySuite) => Promise<void>;
}

/**
 * Registers a relay suite's hooks in the current describe block: before all, the app on `kind`
 * with a funded user, a token and an OpenAI client, then `setup` (fakes, options, channels),
 * whose result joins the returned suite; before each test, the suite's fakes reset; after all,
 * the app closed, then the fakes stopped.
 */
export function relaySuite<X extends object = object>(kind: DbKind, setup?: (s: RelaySuite) => Promise<X>, options: RelaySuiteOptions = {}): RelaySuite & X {
  const fakes: FakeServer[] = [];
  const s = {
    fake: async <F extends FakeServer>(fake: F): Promise<F> => {
      await fake.start();
      fakes.push(fake);
      return fake;
    },
    ask: (model: string, content = 'hi') => s.openai.chat.completions.create({ model, messages: [{ role: 'user', content }] }),
    post: (path: string, body: unknown) =>
      fetch(`${s.kit.t.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${s.token.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    charged: (call: () => Promise<unknown>) => expectCharged(s.kit, s.user, s.token.id, call),
    chargedCall: async <T>(call: () => Promise<T>) => {
      let value: T | undefined;
      const log = await expectCharged(s.kit, s.user, s.token.id, async () => {
        value = await call();
      });
      return { value: value as T, log };
    },
    notCharged: (call: () => Promise<unknown>) => expectNotCharged(s.kit, s.user, call),
    noNewLog: (call: () => Promise<unknown>) => expectNoNewLog(s.kit, s.user, call),
    snapshot: () => balances(s.kit, s.user, s.token.id),
  } as RelaySuite & X;
  beforeAll(async () => {
    s.kit = await startRelayKit(kind, options.app);
    s.user = await fundedUser(s.kit, 10_000_000);
    s.token = await createToken(s.user.caller, { unlimited_quota: false, remain_quota: 5_000_000 });
    s.openai = sdk(s.kit, s.token.key);
    if (setup) Object.assign(s, await setup(s));
  });
  beforeEach(() => {
    for (const f of fakes) f.reset();
  });
  afterAll(async () => {
    try {
      await options.beforeClose?.(s);
    } finally {
      await s.kit?.close();
      await Promise.all(fakes.map((f) => f.stop()));
    }
  });
  return s;
}
