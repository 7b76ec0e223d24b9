import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI, { toFile } from 'openai';
import { DATABASES } from '../support/env';
import type { FakeOpenAI, FakeScript } from '../support/fakes/openai-upstream';
import {
  consumeLogs,
  createChannel,
  createToken,
  expectCharged,
  fakeUpstream,
  fundedUser,
  otherOf,
  relayIdle,
  sdk,
  setOption,
  startRelayKit,
  userQuota,
  type RelayKit,
} from './relay-kit';

const KEY = 'sk-upstream-fixes-0123456789abcdefghijk';
const AUDIO = join(__dirname, '..', '..', 'server', 'src', 'wire', 'openai-media', '__fixtures__', 'audio', 'tone.flac');

const err500: FakeScript = { kind: 'json', status: 500, body: { error: { message: 'boom', type: 'server_error', param: null, code: null } } };
const redirect: FakeScript = { kind: 'json', status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data' }, body: { moved: true } };

/**
 * Issue 15, item 8: relay corrections found while measuring. Every case goes through the real
 * gateway to loopback fake upstreams, with the money checked where money moves.
 */
describe.each(DATABASES)('relay corrections (%s)', (kind) => {
  let kit: RelayKit;
  let A: FakeOpenAI;
  let B: FakeOpenAI;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let token: { id: number; key: string };
  let client: OpenAI;

  beforeAll(async () => {
    // RetryTimes is deliberately never set in this suite: the fresh-install default is under test.
    kit = await startRelayKit(kind);
    A = await fakeUpstream(kit, { key: KEY, promptTokens: 12 });
    B = await fakeUpstream(kit, { key: KEY, promptTokens: 12 });
    await setOption(kit.root, 'ModelRatio', { 'pair-model': 1, 'solo-model': 1, 'rerank-model': 0.5, 'gpt-4o-transcribe': 1.25 });
    await setOption(kit.root, 'CompletionRatio', { 'pair-model': 1, 'solo-model': 1, 'gpt-4o-transcribe': 4 });
    // Two channels for pair-model: A first (higher priority), then B.
    await createChannel(kit.root, { name: 'A', key: KEY, base_url: A.url, models: 'pair-model,rerank-model,gpt-4o-transcribe', priority: 10 });
    await createChannel(kit.root, { name: 'B', key: KEY, base_url: B.url, models: 'pair-model', priority: 0 });
    await createChannel(kit.root, { name: 'solo', key: KEY, base_url: A.url, models: 'solo-model' });
    user = await fundedUser(kit, 10_000_000);
    token = await createToken(user.caller, { unlimited_quota: false, remain_quota: 5_000_000 });
    client = sdk(kit, token.key);
  });
  afterAll(() => kit.close());
  beforeEach(() => {
    A.reset();
    B.reset();
  });

  const ask = (model: string) => client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });

  describe('RetryTimes defaults to 2 on a fresh install; a stored value wins', () => {
    it('the option reads 2 and a 500 fails over to the next channel without any setting', async () => {
      const opts = await kit.root.get('/api/option/');
      const retry = (opts.body.data as { key: string; value: string }[]).find((o) => o.key === 'RetryTimes');
      expect(retry?.value).toBe('2');
      A.next(err500);
      const log = await expectCharged(kit, user, token.id, () => ask('pair-model'));
      expect([A.requests.length, B.requests.length]).toEqual([1, 1]);
      expect(otherOf(log).admin_info).toMatchObject({ use_channel: [expect.any(Number), expect.any(Number)] });
    });

    it('a stored 0 is honoured: no second attempt', async () => {
      await setOption(kit.root, 'RetryTimes', '0');
      try {
        A.next(err500);
        await expect(ask('pair-model')).rejects.toMatchObject({ status: 500 });
        expect([A.requests.length, B.requests.length]).toEqual([1, 0]);
      } finally {
        await setOption(kit.root, 'RetryTimes', '2');
      }
    });
  });

  describe('an upstream 3xx becomes a 502 in the caller format', () => {
    it('never reaches the client, never followed, nothing charged', async () => {
      await relayIdle(kit);
      const before = await userQuota(user.caller);
      const logsBefore = (await consumeLogs(kit.root, user.username)).length;
      A.set('chat/completions', redirect);
      const res = await fetch(`${kit.t.url}/v1/chat/completions`, {
        method: 'POST',
        redirect: 'manual',
        headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'solo-model', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(res.status).toBe(502);
      expect(res.headers.get('location')).toBeNull();
      const body = (await res.json()) as { error: { message: string; type: string; code: string | null } };
      expect(body.error).toMatchObject({ type: 'upstream_error', code: 'upstream_error' });
      expect(body.error.message).not.toContain('169.254');
      // The same through the SDK, streamed: a typed 502, not a redirect.
      await expect(client.chat.completions.create({ model: 'solo-model', messages: [{ role: 'user', content: 'hi' }], stream: true })).rejects.toMatchObject({
        status: 502,
      });
      expect(A.requests.length).toBe(2);
      await relayIdle(kit);
      expect((await userQuota(user.caller)).quota).toBe(before.quota);
      expect(await consumeLogs(kit.root, user.username)).toHaveLength(logsBefore);
    });

    it('is retryable: the next channel serves', async () => {
      A.next(redirect);
      const res = await ask('pair-model');
      expect(res.choices[0]?.message.content).toBe('Hello from the fake upstream.');
      expect([A.requests.length, B.requests.length]).toEqual([1, 1]);
    });
  });

  it('an OpenAI channel (type 1) forwards /v1/rerank as it is, answers the upstream body and bills its usage', async () => {
    const sent = { model: 'rerank-model', query: 'which is a fruit', documents: ['apple', 'car', 'pear'], top_n: 2, return_documents: true };
    let body: { results: { index: number }[] } | null = null;
    const log = await expectCharged(kit, user, token.id, async () => {
      const res = await fetch(`${kit.t.url}/v1/rerank`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
        body: JSON.stringify(sent),
      });
      expect(res.status).toBe(200);
      body = (await res.json()) as { results: { index: number }[] };
    });
    expect(body).not.toBeNull();
    expect(A.last().path).toBe('/v1/rerank');
    expect(A.last().json).toEqual(sent);
    expect(A.last().headers.authorization).toBe(`Bearer ${KEY}`);
    // The fake reports tokens.input_tokens = 12: 12 · 0.5 = 6.
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 0, quota: 6, model_name: 'rerank-model' });
  });

  it('a streamed gpt-4o-transcribe transcription is relayed event by event and billed by the done event usage', async () => {
    const deltas = ['Hello', ' there', '.'];
    A.next({
      kind: 'stream',
      usage: null,
      done: false,
      chunks: [
        ...deltas.map((d) => ({ type: 'transcript.text.delta', delta: d, logprobs: [] })),
        {
          type: 'transcript.text.done',
          text: deltas.join(''),
          logprobs: [],
          usage: { type: 'tokens', input_tokens: 100, input_token_details: { text_tokens: 0, audio_tokens: 100 }, output_tokens: 20, total_tokens: 120 },
        },
      ],
    });
    const events: { type: string; delta?: string; text?: string }[] = [];
    const log = await expectCharged(kit, user, token.id, async () => {
      const file = await toFile(readFileSync(AUDIO), 'tone.flac', { type: 'audio/flac' });
      const stream = await client.audio.transcriptions.create({ model: 'gpt-4o-transcribe', file, stream: true });
      for await (const ev of stream) events.push(ev as { type: string; delta?: string; text?: string });
    });
    expect(events.map((e) => e.type)).toEqual(['transcript.text.delta', 'transcript.text.delta', 'transcript.text.delta', 'transcript.text.done']);
    expect(events.filter((e) => e.type === 'transcript.text.delta').map((e) => e.delta)).toEqual(deltas);
    expect(events.at(-1)?.text).toBe('Hello there.');
    expect(A.last().multipart?.fields.stream).toBe('true');
    // (100 + 20·4)·1.25 = 225
    expect(log).toMatchObject({ prompt_tokens: 100, completion_tokens: 20, quota: 225, is_stream: true, model_name: 'gpt-4o-transcribe' });
    expect(otherOf(log).billing_source).toBe('usage');
  });
});
