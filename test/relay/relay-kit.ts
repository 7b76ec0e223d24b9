import OpenAI from 'openai';
import { RelayService } from '../../server/src/relay/relay.service';
import { startApp, matrixOptions, type TestApp, type TestAppOptions } from '../support/app';
import type { DbKind } from '../support/env';
import { FakeOpenAI, type FakeOpenAIOptions } from '../support/fakes/openai-upstream';
import { Caller, loginRoot, newUser } from '../support/http';

/** Everything a relay suite needs: the app, root, fake upstreams and helpers over the management API. */
export interface RelayKit {
  t: TestApp;
  root: Caller;
  fakes: FakeOpenAI[];
  close(): Promise<void>;
}

export async function startRelayKit(kind: DbKind, opts: TestAppOptions = {}): Promise<RelayKit> {
  const t = await startApp(kind, { ...matrixOptions(kind), ...opts });
  const root = await loginRoot(t.url);
  await setOption(root, 'AllowPrivateUpstreamEnabled', 'true');
  const fakes: FakeOpenAI[] = [];
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

export async function createToken(owner: Caller, spec: TokenSpec = {}): Promise<{ id: number; key: string }> {
  const res = await owner.post('/api/token/', { name: 'relay', group: 'default', unlimited_quota: true, expired_time: -1, ...spec });
  if (res.body?.success !== true) throw new Error(`token: ${JSON.stringify(res.body)}`);
  const row = res.body.data[0] as { id: number; key: string };
  return { id: row.id, key: `sk-${row.key}` };
}

export function sdk(kit: RelayKit, key: string): OpenAI {
  return new OpenAI({ apiKey: key, baseURL: `${kit.t.url}/v1`, maxRetries: 0, timeout: 30_000 });
}

/** A regular user with some quota (root adds it). */
export async function fundedUser(kit: RelayKit, quota: number): Promise<{ caller: Caller; id: number; username: string }> {
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
