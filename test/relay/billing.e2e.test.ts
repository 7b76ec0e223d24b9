import type OpenAI from 'openai';
import { estimatePromptTokens } from '../../server/src/billing/estimate';
import { TokenCounter } from '../../server/src/billing/token-estimator';
import { parseChatRequest } from '../../server/src/wire/openai-chat/parse';
import { DATABASES } from '../support/env';
import type { Caller } from '../support/http';
import { chatChunk, type FakeOpenAI, type FakeUsage, type Json } from '../support/fakes/openai-upstream';
import {
  expectCharged,
  createChannel,
  createToken,
  fakeUpstream,
  fundedUser,
  otherOf,
  sdk,
  setOption,
  startRelayKit,
  type LogRow,
  type RelayKit,
} from './relay-kit';

const KEY = 'sk-upstream-billing-0123456789abcdefgh';

function chatBody(model: string, usage: FakeUsage): Json {
  return {
    id: 'chatcmpl-b',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
    usage: {
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      total_tokens: usage.prompt_tokens + usage.completion_tokens,
      prompt_tokens_details: { cached_tokens: usage.prompt_tokens_details?.cached_tokens ?? 0 },
    },
  };
}

/**
 * Billing per request: every expected quota below is computed by hand from the options set in
 * beforeAll, and must match the consume log, the user's balance change and the token's.
 */
describe.each(DATABASES)('relay billing (%s)', (kind) => {
  let kit: RelayKit;
  let fake: FakeOpenAI;
  let user: { caller: Caller; id: number; username: string };
  let plain: { id: number; key: string };
  let vip: { id: number; key: string };

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    fake = await fakeUpstream(kit, { key: KEY });
    await setOption(kit.root, 'ModelRatio', { 'ratio-model': 0.5, 'gpt-4o-mini': 0.075 });
    await setOption(kit.root, 'CompletionRatio', { 'ratio-model': 3 });
    await setOption(kit.root, 'ModelPrice', { 'fixed-model': 0.002 });
    await setOption(kit.root, 'CacheRatio', { 'ratio-model': 0.25 });
    await setOption(kit.root, 'GroupRatio', { default: 1, vip: 1.5, svip: 1 });
    await createChannel(kit.root, { key: KEY, base_url: fake.url, models: 'ratio-model,gpt-4o-mini,fixed-model', group: 'default,vip' });
    user = await fundedUser(kit, 10_000_000);
    plain = await createToken(user.caller, { name: 'plain', unlimited_quota: false, remain_quota: 5_000_000 });
    vip = await createToken(user.caller, { name: 'vip', unlimited_quota: false, remain_quota: 5_000_000, group: 'vip' });
  });
  afterAll(() => kit.close());
  beforeEach(() => fake.reset());

  const charged = (token: { id: number }, call: () => Promise<unknown>): Promise<LogRow> => expectCharged(kit, user, token.id, call);

  const chat = (key: string, model: string, extra: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {}) =>
    sdk(kit, key).chat.completions.create({ model, messages: [{ role: 'user', content: 'count to three' }], ...extra });

  async function streamed(key: string, model: string): Promise<{ text: string; usageSeen: boolean }> {
    const s = await sdk(kit, key).chat.completions.create({ model, messages: [{ role: 'user', content: 'count to three' }], stream: true });
    let text = '';
    let usageSeen = false;
    for await (const c of s) {
      text += c.choices[0]?.delta.content ?? '';
      if (c.usage) usageSeen = true;
    }
    return { text, usageSeen };
  }

  it('ratio model: (P + C·CR)·MR·GR = (1000 + 200·3)·0.5·1 = 800', async () => {
    fake.next({ kind: 'json', body: chatBody('ratio-model', { prompt_tokens: 1000, completion_tokens: 200 }) });
    const log = await charged(plain, () => chat(plain.key, 'ratio-model'));
    expect(log).toMatchObject({ quota: 800, prompt_tokens: 1000, completion_tokens: 200, model_name: 'ratio-model', token_name: 'plain', is_stream: false });
    expect(otherOf(log)).toMatchObject({ model_ratio: 0.5, completion_ratio: 3, group_ratio: 1, model_price: -1, cache_tokens: 0, is_stream: false });
    expect(log.content).toBe('模型倍率 0.5，补全倍率 3.00，分组倍率 1.00');
  });

  it('built-in completion ratio (gpt-4o-mini, CR 4): (1000 + 500·4)·0.075 = 225', async () => {
    fake.next({ kind: 'json', body: chatBody('gpt-4o-mini', { prompt_tokens: 1000, completion_tokens: 500 }) });
    const log = await charged(plain, () => chat(plain.key, 'gpt-4o-mini'));
    expect(log.quota).toBe(225);
    expect(otherOf(log)).toMatchObject({ model_ratio: 0.075, completion_ratio: 4 });
  });

  it("group ratio of the token's group: (1000 + 200·3)·0.5·1.5 = 1200", async () => {
    fake.next({ kind: 'json', body: chatBody('ratio-model', { prompt_tokens: 1000, completion_tokens: 200 }) });
    const log = await charged(vip, () => chat(vip.key, 'ratio-model'));
    expect(log.quota).toBe(1200);
    expect(otherOf(log)).toMatchObject({ group_ratio: 1.5 });
  });

  it('fixed price per call: 0.002·500000 = 1000, ·1.5 in vip = 1500, whatever the tokens', async () => {
    fake.next({ kind: 'json', body: chatBody('fixed-model', { prompt_tokens: 99_999, completion_tokens: 99_999 }) });
    const log = await charged(plain, () => chat(plain.key, 'fixed-model'));
    expect(log.quota).toBe(1000);
    expect(otherOf(log)).toMatchObject({ model_price: 0.002, model_ratio: 0 });
    fake.next({ kind: 'json', body: chatBody('fixed-model', { prompt_tokens: 1, completion_tokens: 1 }) });
    expect((await charged(vip, () => chat(vip.key, 'fixed-model'))).quota).toBe(1500);
  });

  it('cached prompt tokens at the cache ratio: (600 + 400·0.25 + 100·3)·0.5 = 500', async () => {
    fake.next({ kind: 'json', body: chatBody('ratio-model', { prompt_tokens: 1000, completion_tokens: 100, prompt_tokens_details: { cached_tokens: 400 } }) });
    const log = await charged(plain, () => chat(plain.key, 'ratio-model'));
    expect(log.quota).toBe(500);
    expect(otherOf(log)).toMatchObject({ cache_tokens: 400, cache_ratio: 0.25 });
  });

  it('streamed: the upstream usage chunk bills (800), the client that did not ask never sees it', async () => {
    fake.next({ kind: 'stream', usage: { prompt_tokens: 1000, completion_tokens: 200 } });
    let seen = { text: '', usageSeen: true };
    const log = await charged(plain, async () => {
      seen = await streamed(plain.key, 'ratio-model');
    });
    expect(seen).toEqual({ text: 'Hello from the fake upstream.', usageSeen: false });
    expect(log).toMatchObject({ quota: 800, prompt_tokens: 1000, completion_tokens: 200, is_stream: true });
    expect(otherOf(log).frt).toEqual(expect.any(Number));
    expect(otherOf(log).frt as number).toBeGreaterThanOrEqual(0);
  });

  it('streamed with cached tokens in vip: (600 + 400·0.25 + 100·3)·0.5·1.5 = 750', async () => {
    fake.next({ kind: 'stream', usage: { prompt_tokens: 1000, completion_tokens: 100, prompt_tokens_details: { cached_tokens: 400 } } });
    const log = await charged(vip, () => streamed(vip.key, 'ratio-model'));
    expect(log.quota).toBe(750);
  });

  it('the hold is the priced prompt estimate plus max_tokens·n (no PreConsumedQuota floor): a token covering exactly that is served', async () => {
    const body = { model: 'ratio-model', messages: [{ role: 'user' as const, content: 'count to three' }], max_tokens: 10, n: 2 };
    const prompt = estimatePromptTokens(parseChatRequest(body));
    // (prompt + 10·2·3)·0.5, rounded half away from zero; the old floor made it (500 + 60)·0.5 = 280.
    const hold = Math.round((prompt + 60) * 0.5);
    expect(hold).toBeLessThan(280);
    const short = await createToken(user.caller, { name: 'short', unlimited_quota: false, remain_quota: hold - 1 });
    const refused = await fetch(`${kit.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${short.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('token_quota_exhausted');
    const exact = await createToken(user.caller, { name: 'exact', unlimited_quota: false, remain_quota: hold });
    fake.next({ kind: 'json', body: chatBody('ratio-model', { prompt_tokens: 10, completion_tokens: 10 }) });
    const log = await charged(exact, () => sdk(kit, exact.key).chat.completions.create(body));
    // (10 + 10·3)·0.5 = 20
    expect(log.quota).toBe(20);
  });

  it('streamed fixed price: 1000 per call', async () => {
    const log = await charged(plain, () => streamed(plain.key, 'fixed-model'));
    expect(log).toMatchObject({ quota: 1000, is_stream: true });
  });

  it('a stream without usage is billed on the local estimate (prompt estimate + counted reply)', async () => {
    const words = ['one ', 'two ', 'three'];
    fake.next({ kind: 'stream', usage: null, chunks: [chatChunk({ role: 'assistant', content: '' }), ...words.map((w) => chatChunk({ content: w })), chatChunk({}, 'stop')] });
    const body = { model: 'ratio-model', messages: [{ role: 'user', content: 'count to three' }] };
    const prompt = estimatePromptTokens(parseChatRequest(body));
    const counter = new TokenCounter();
    counter.push(words.join(''));
    const log = await charged(plain, () => streamed(plain.key, 'ratio-model'));
    expect(log).toMatchObject({ prompt_tokens: prompt, completion_tokens: counter.count });
    expect(log.quota).toBe(Math.round((prompt + counter.count * 3) * 0.5));
    expect(otherOf(log).billing_source).toBe('estimate');
  });
});
