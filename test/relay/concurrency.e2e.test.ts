import { DATABASES } from '../support/env';
import type { FakeOpenAI } from '../support/fakes/openai-upstream';
import { consumeLogs, createChannel, createToken, fakeUpstream, fundedUser, relayIdle, setOption, startRelayKit, tokenState, userQuota, type RelayKit } from './relay-kit';

const KEY = 'sk-upstream-race-0123456789abcdefghijk';
const PARALLEL = 200;

/**
 * Money rule 2/7 under load: 200 requests at once on a token whose quota covers 20. Holds are
 * conditional statements, so the token goes below zero only by what requests in flight used
 * beyond their holds, every refused request is a 403 with a code (never 429), and every served
 * request has exactly one consume log whose quotas add up to the balance changes.
 */
describe.each(DATABASES)('relay under concurrency (%s)', (kind) => {
  let kit: RelayKit;
  let fake: FakeOpenAI;

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    fake = await fakeUpstream(kit, { key: KEY, promptTokens: 12 });
    await setOption(kit.root, 'ModelPrice', { 'race-fixed': 0.0002 });
    await setOption(kit.root, 'ModelRatio', { 'race-ratio': 1, 'race-over': 1 });
    await setOption(kit.root, 'CompletionRatio', { 'race-ratio': 1, 'race-over': 1 });
    await createChannel(kit.root, { key: KEY, base_url: fake.url, models: 'race-fixed,race-ratio,race-over' });
    fake.set((r) => (r.json as { model?: string } | null)?.model === 'race-over', {
      kind: 'json',
      body: {
        id: 'chatcmpl-over',
        object: 'chat.completion',
        created: 1,
        model: 'race-over',
        choices: [{ index: 0, message: { role: 'assistant', content: 'long' }, finish_reason: 'length' }],
        usage: { prompt_tokens: 12, completion_tokens: 500, total_tokens: 512 },
      },
    });
  });
  afterAll(() => kit.close());

  async function fire1(key: string, model: string): Promise<{ status: number; code: string | null }> {
    const res = await fetch(`${kit.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const body = (await res.json()) as { error?: { code?: string } };
    return { status: res.status, code: body.error?.code ?? null };
  }

  async function fire(key: string, model: string, extra: Record<string, unknown> = {}): Promise<{ status: number; code: string | null }[]> {
    const one = async () => {
      const res = await fetch(`${kit.t.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], ...extra }),
      });
      const body = (await res.json()) as { error?: { code?: string } };
      return { status: res.status, code: body.error?.code ?? null };
    };
    return Promise.all(Array.from({ length: PARALLEL }, one));
  }

  it('a fixed price of 100 and a token of 2000: exactly 20 served, the token at 0', async () => {
    const user = await fundedUser(kit, 1_000_000);
    const token = await createToken(user.caller, { unlimited_quota: false, remain_quota: 2000 });
    const before = await userQuota(user.caller);
    const results = await fire(token.key, 'race-fixed');
    await relayIdle(kit);
    const served = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(served).toHaveLength(20);
    expect(refused.every((r) => r.status === 403 && r.code === 'token_quota_exhausted')).toBe(true);
    const logs = await consumeLogs(kit.root, user.username);
    expect(logs).toHaveLength(20);
    expect(new Set(logs.map((l) => l.request_id)).size).toBe(20);
    expect(logs.every((l) => l.quota === 100)).toBe(true);
    const tok = await tokenState(user.caller, token.id);
    expect(tok.remain).toBe(0);
    expect(tok.used).toBe(2000);
    expect(before.quota - (await userQuota(user.caller)).quota).toBe(2000);
  });

  it('ratio pricing with bounded replies: served requests fit the token, logs match the balances', async () => {
    const user = await fundedUser(kit, 1_000_000);
    // Hold per request: (prompt estimate + 10·1)·1 (money rule 7: no PreConsumedQuota floor under
    // the prompt any more); the charge is 12 + 5 = 17.
    await setOption(kit.root, 'PreConsumedQuota', '100');
    const token = await createToken(user.caller, { unlimited_quota: false, remain_quota: 20 * 17 });
    const before = await userQuota(user.caller);
    try {
      const results = await fire(token.key, 'race-ratio', { max_tokens: 10 });
      await relayIdle(kit);
      const served = results.filter((r) => r.status === 200).length;
      expect(served).toBeGreaterThan(0);
      expect(served).toBeLessThanOrEqual(20);
      expect(results.filter((r) => r.status !== 200).every((r) => r.status === 403 && r.code === 'token_quota_exhausted')).toBe(true);
      const logs = await consumeLogs(kit.root, user.username);
      expect(logs).toHaveLength(served);
      const sum = logs.reduce((a, l) => a + l.quota, 0);
      expect(sum).toBe(served * 17);
      const tok = await tokenState(user.caller, token.id);
      // At or above zero minus one request's overdraft (here replies stay within their hold: none).
      expect(tok.remain).toBeGreaterThanOrEqual(0);
      expect(tok.remain).toBe(20 * 17 - sum);
      expect(before.quota - (await userQuota(user.caller)).quota).toBe(sum);
    } finally {
      await setOption(kit.root, 'PreConsumedQuota', '500');
    }
  });

  /**
   * Money rule 7 (changed): every settlement charges its full usage. Replies far beyond their
   * holds (max_tokens 10, the upstream reports 500 completion tokens) drive the balance below
   * zero by every in-flight request's overdraft, nothing forgiven (the old rule stopped charging
   * once the balance was negative); at or below zero every new request is a 403 with the code.
   */
  it.each([
    ['user', 'insufficient_user_quota'],
    ['token', 'token_quota_exhausted'],
  ])('replies beyond their holds: the %s balance goes below zero by every overdraft, then 403 %s', async (who, code) => {
    const user = await fundedUser(kit, who === 'user' ? 400 : 1_000_000);
    const token = await createToken(user.caller, who === 'user' ? { unlimited_quota: true } : { unlimited_quota: false, remain_quota: 400 });
    const before = await userQuota(user.caller);
    const results = await fire(token.key, 'race-over', { max_tokens: 10 });
    await relayIdle(kit);
    const served = results.filter((r) => r.status === 200).length;
    expect(served).toBeGreaterThan(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 403 && r.code === code)).toBe(true);
    const logs = await consumeLogs(kit.root, user.username);
    expect(logs).toHaveLength(served);
    // 12 prompt + 500 completion at ratio 1, completion ratio 1: 512 each, charged in full.
    expect(logs.every((l) => l.quota === 512)).toBe(true);
    const after = await userQuota(user.caller);
    expect(before.quota - after.quota).toBe(served * 512);
    expect(after.used - before.used).toBe(served * 512);
    const tok = await tokenState(user.caller, token.id);
    expect(tok.used).toBe(served * 512);
    if (who === 'user') expect(after.quota).toBe(400 - served * 512);
    else expect(tok.remain).toBe(400 - served * 512);
    // The debt refuses the next request, with the code, never a 429.
    const next = await fire1(token.key, 'race-over');
    expect(next).toEqual({ status: 403, code });
  });

  it('a user balance covering 20 calls: the same bound holds on the user (insufficient_user_quota)', async () => {
    const user = await fundedUser(kit, 2000);
    const token = await createToken(user.caller, { unlimited_quota: true });
    const results = await fire(token.key, 'race-fixed');
    await relayIdle(kit);
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 403 && r.code === 'insufficient_user_quota')).toBe(true);
    expect(await consumeLogs(kit.root, user.username)).toHaveLength(20);
    expect((await userQuota(user.caller)).quota).toBe(0);
  });
});
