import { DATABASES } from '../support/env';
import { chatChunk, type FakeScript, type Json } from '../support/fakes/openai-upstream';
import { readBrokenChat, streamChat } from './provider-kit';
import { createChannel, fakeUpstream, otherOf, priceModel, relaySuite, setOption, type Balances, type LogRow, upstreamKeys } from './relay-kit';

/** Prompt estimate of [{role:'user', content:'hi'}]: 3 priming + 3 per message + "user" 1 + "hi" 1. */
const PROMPT_HI = 8;

const upstreamKey = upstreamKeys('fault');

/**
 * Upstream faults and client disconnects, each ending with the quota and logs the written policy
 * says (money rule 6), no channel tried twice (fake request counts and the log's retry chain), and
 * no channel key anywhere the user can read.
 */
describe.each(DATABASES)('relay faults and disconnects (%s)', (kind) => {
  const keys: string[] = [];
  let modelSeq = 0;
  const ctx = relaySuite(
    kind,
    async (s) => {
      await setOption(s.kit.root, 'RetryTimes', '2');
      return {};
    },
    {
      app: { env: { RELAY_HEADERS_TIMEOUT_MS: '1500', RELAY_DRAIN_TIMEOUT_MS: '1000', RELAY_IDLE_TIMEOUT_MS: '5000' } },
      beforeClose: async (s) => {
        // No log row of any kind carries a channel key.
        const all = await s.kit.root.get('/api/log/?p=0&page_size=100');
        const text = JSON.stringify(all.body);
        for (const k of keys) expect(text).not.toContain(k);
      },
    },
  );

  /** Two channels for a fresh model (MR 1, CR 1): A at priority 10 (tried first), B at 0. */
  async function pair(a: FakeScript | null, b: FakeScript | null = null, extra: { aStatusMap?: string } = {}) {
    modelSeq += 1;
    const model = `fault-model-${modelSeq}`;
    await priceModel(ctx.kit.root, model, 1, 1);
    const ka = upstreamKey();
    const kb = upstreamKey();
    keys.push(ka, kb);
    const A = await fakeUpstream(ctx.kit, { key: ka });
    const B = await fakeUpstream(ctx.kit, { key: kb });
    if (a) A.set(() => true, a);
    if (b) B.set(() => true, b);
    const aId = await createChannel(ctx.kit.root, { name: 'A', key: ka, base_url: A.url, models: model, priority: 10, status_code_mapping: extra.aStatusMap ?? '' });
    const bId = await createChannel(ctx.kit.root, { name: 'B', key: kb, base_url: B.url, models: model, priority: 0 });
    return { model, A, B, aId, bId, ka, kb };
  }

  async function expectNothingCharged(before: Balances) {
    const after = await ctx.snapshot();
    expect(after.user.quota).toBe(before.user.quota);
    expect(after.token.remain).toBe(before.token.remain);
    expect(after.logs).toHaveLength(before.logs.length);
  }

  async function newLog(before: Balances): Promise<LogRow> {
    const after = await ctx.snapshot();
    expect(after.logs).toHaveLength(before.logs.length + 1);
    const log = after.logs[0] as LogRow;
    expect(before.user.quota - after.user.quota).toBe(log.quota);
    expect(before.token.remain - after.token.remain).toBe(log.quota);
    return log;
  }

  const err500: FakeScript = { kind: 'json', status: 500, body: { error: { message: 'upstream exploded', type: 'server_error', param: null, code: null } } };

  it('a 500 is retried on another channel; the log records the chain', async () => {
    const p = await pair(err500);
    const before = await ctx.snapshot();
    const res = await ctx.ask(p.model);
    expect(res.choices[0]?.message.content).toBe('Hello from the fake upstream.');
    const log = await newLog(before);
    expect(log.channel).toBe(p.bId);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [p.aId, p.bId] });
    expect(log.quota).toBe(12 + 5);
    expect([p.A.requests.length, p.B.requests.length]).toEqual([1, 1]);
    // The user's own view of the same log has no retry chain.
    const own = await ctx.user.caller.get('/api/log/self/?p=0&page_size=10&type=2');
    const mine = (own.body.data.items as LogRow[]).find((l) => l.request_id === log.request_id);
    expect(mine).toBeDefined();
    expect(JSON.parse(mine?.other ?? '{}')).not.toHaveProperty('admin_info');
    expect(JSON.parse(mine?.other ?? '{}')).toMatchObject({ model_ratio: 1, completion_ratio: 1 });
  });

  it('every channel failing: the last error reaches the client and the hold is refunded', async () => {
    const p = await pair(err500, err500);
    const before = await ctx.snapshot();
    await expect(ctx.ask(p.model)).rejects.toMatchObject({ status: 500 });
    await expectNothingCharged(before);
    expect([p.A.requests.length, p.B.requests.length]).toEqual([1, 1]);
  });

  it('RetryTimes 0: no second attempt', async () => {
    const p = await pair(err500);
    await setOption(ctx.kit.root, 'RetryTimes', '0');
    try {
      const before = await ctx.snapshot();
      await expect(ctx.ask(p.model)).rejects.toMatchObject({ status: 500 });
      await expectNothingCharged(before);
      expect([p.A.requests.length, p.B.requests.length]).toEqual([1, 0]);
    } finally {
      await setOption(ctx.kit.root, 'RetryTimes', '2');
    }
  });

  it('a 429 is retried; mapped to 400 by status_code_mapping it is not, and the client sees 400', async () => {
    const tooMany: FakeScript = { kind: 'json', status: 429, body: { error: { message: 'slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' } } };
    const p = await pair(tooMany);
    await expect(ctx.ask(p.model)).resolves.toBeTruthy();
    expect([p.A.requests.length, p.B.requests.length]).toEqual([1, 1]);

    const q = await pair(tooMany, null, { aStatusMap: '{"429":"400"}' });
    const before = await ctx.snapshot();
    await expect(ctx.ask(q.model)).rejects.toMatchObject({ status: 400, message: expect.stringContaining('slow down') });
    await expectNothingCharged(before);
    expect([q.A.requests.length, q.B.requests.length]).toEqual([1, 0]);
  });

  it('a timeout before headers fails over; the stuck upstream call is cancelled', async () => {
    const p = await pair({ kind: 'hang' });
    const before = await ctx.snapshot();
    const started = Date.now();
    await ctx.ask(p.model);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    const log = await newLog(before);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [p.aId, p.bId] });
    expect(p.A.requests[0]?.clientAborted).toBe(true);
  });

  it('garbage SSE before any chunk fails over; garbage between chunks is skipped', async () => {
    const p = await pair({ kind: 'stream', chunks: ['garbage line\n\n', 'data: {not json\n\n'], usage: null });
    const before = await ctx.snapshot();
    const { text } = await streamChat(ctx.openai, { model: p.model, messages: [{ role: 'user', content: 'hi' }] });
    expect(text).toBe('Hello from the fake upstream.');
    const log = await newLog(before);
    expect(otherOf(log).admin_info).toEqual({ use_channel: [p.aId, p.bId] });

    const q = await pair({ kind: 'stream', chunks: [chatChunk({ role: 'assistant', content: '' }), 'data: {broken\n\n', chatChunk({ content: 'fine' }), chatChunk({}, 'stop')] });
    const { text: t2 } = await streamChat(ctx.openai, { model: q.model, messages: [{ role: 'user', content: 'hi' }] });
    expect(t2).toBe('fine');
    expect(q.B.requests).toHaveLength(0);
  });

  it('an upstream closing mid-stream: the client gets an error event, only the delivered content is charged, no retry', async () => {
    const p = await pair({ kind: 'stream', closeAfter: 3 });
    const before = await ctx.snapshot();
    const { text, error } = await readBrokenChat(await ctx.openai.chat.completions.create({ model: p.model, messages: [{ role: 'user', content: 'hi' }], stream: true }));
    expect(error.message).toMatch(/上游数据流意外中断/);
    expect(text).toBe('Hello from ');
    const log = await newLog(before);
    // Prompt estimate 8 + "Hello from " (2 tokens), MR 1, CR 1.
    expect(log).toMatchObject({ quota: PROMPT_HI + 2, prompt_tokens: PROMPT_HI, completion_tokens: 2 });
    expect(otherOf(log).billing_source).toBe('delivered');
    expect(p.B.requests).toHaveLength(0);
  });

  it('an error event after a 200 with nothing delivered charges nothing', async () => {
    const p = await pair({ kind: 'stream', chunks: [chatChunk({ role: 'assistant', content: '' }), { error: { message: 'overloaded', type: 'server_error', code: 'overloaded' } } as Json], usage: null, done: false });
    const before = await ctx.snapshot();
    const s = await ctx.openai.chat.completions.create({ model: p.model, messages: [{ role: 'user', content: 'hi' }], stream: true });
    await expect(
      (async () => {
        for await (const c of s) void c;
      })(),
    ).rejects.toThrow(/overloaded/);
    await expectNothingCharged(before);
  });

  it('a client gone before upstream headers: the upstream call is cancelled and nothing is charged', async () => {
    const p = await pair({ kind: 'json', headersDelayMs: 1000, body: { id: 'x', object: 'chat.completion', created: 1, model: 'm', choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } } });
    const before = await ctx.snapshot();
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    await expect(ctx.openai.chat.completions.create({ model: p.model, messages: [{ role: 'user', content: 'hi' }] }, { signal: ac.signal })).rejects.toThrow();
    await expectNothingCharged(before);
    expect(p.A.requests[0]?.clientAborted).toBe(true);
    expect(p.B.requests).toHaveLength(0);
  });

  /** Reads a raw stream until `stopAfter` content chunks arrived, then disconnects. */
  async function readThenLeave(model: string, stopAfter: number): Promise<string> {
    const ac = new AbortController();
    const res = await fetch(`${ctx.kit.t.url}/v1/chat/completions`, {
      method: 'POST',
      signal: ac.signal,
      headers: { authorization: `Bearer ${ctx.token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const dec = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += dec.decode(value, { stream: true });
      if ((text.match(/"content":"[^"]+"/g) ?? []).length >= stopAfter) break;
    }
    ac.abort();
    return text;
  }

  const words = (n: number) => Array.from({ length: n }, (_, i) => chatChunk({ content: `w${i} ` }));

  it('a client gone mid-stream: the drain reads on to the usage, which is charged', async () => {
    const p = await pair({ kind: 'stream', chunks: [chatChunk({ role: 'assistant', content: '' }), ...words(8), chatChunk({}, 'stop')], chunkDelayMs: 60, usage: { prompt_tokens: 30, completion_tokens: 8 } });
    const before = await ctx.snapshot();
    await readThenLeave(p.model, 2);
    const log = await newLog(before);
    expect(log).toMatchObject({ quota: 38, prompt_tokens: 30, completion_tokens: 8 });
    expect(otherOf(log).billing_source).toBe('usage');
    expect(p.A.requests[0]?.clientAborted).toBe(false);
  });

  it('a client gone mid-stream past the drain bound: the upstream is cut, the prompt estimate and the delivered content are charged', async () => {
    const p = await pair({ kind: 'stream', chunks: [chatChunk({ role: 'assistant', content: '' }), ...words(20), chatChunk({}, 'stop')], chunkDelayMs: 400, usage: { prompt_tokens: 30, completion_tokens: 20 } });
    const before = await ctx.snapshot();
    const got = await readThenLeave(p.model, 2);
    expect(got).toContain('"content":"w1 "');
    const log = await newLog(before);
    // "w0 w1 " is 2 words of a letter and a digit: 1 + 1 + 1 + 1 tokens by the estimator's classes.
    expect(log).toMatchObject({ prompt_tokens: PROMPT_HI, completion_tokens: 4, quota: PROMPT_HI + 4 });
    expect(otherOf(log).billing_source).toBe('delivered');
    expect(p.A.requests[0]?.clientAborted).toBe(true);
  });

  it('a client gone before any content, then the upstream breaking during the drain: nothing is charged', async () => {
    // The role chunk commits the answer; the client leaves; the upstream closes after one more word.
    const p = await pair({ kind: 'stream', chunks: [chatChunk({ role: 'assistant', content: '' }), ...words(6), chatChunk({}, 'stop')], chunkDelayMs: 300, closeAfter: 2 });
    const before = await ctx.snapshot();
    const got = await readThenLeave(p.model, 0);
    expect(got).not.toContain('"content":"w0 "');
    await expectNothingCharged(before);
  });

  it('a client gone mid-audio: the upstream is cut at once and the input is charged', async () => {
    // 20 pieces 150 ms apart: about 3 s of audio bytes unless the relay cuts the upstream.
    const p = await pair({ kind: 'text', body: `ID3${'a'.repeat(4000)}`, contentType: 'audio/mpeg', pieces: 20, pieceDelayMs: 150 });
    const before = await ctx.snapshot();
    const ac = new AbortController();
    const res = await fetch(`${ctx.kit.t.url}/v1/audio/speech`, {
      method: 'POST',
      signal: ac.signal,
      headers: { authorization: `Bearer ${ctx.token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: p.model, voice: 'alloy', input: 'Hello there' }),
    });
    expect(res.status).toBe(200);
    await (res.body as ReadableStream<Uint8Array>).getReader().read();
    ac.abort();
    const log = await newLog(before);
    // Speech bills the input's characters: "Hello there" is 11, at ratio 1.
    expect(log).toMatchObject({ prompt_tokens: 11, completion_tokens: 0, quota: 11 });
    expect(p.A.requests[0]?.clientAborted).toBe(true);
  });

  it('an upstream 401 echoing the channel key reaches the user scrubbed', async () => {
    const p = await pair({ kind: 'auth_error' }, { kind: 'auth_error' });
    const res = await ctx.post('/v1/chat/completions', { model: p.model, messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(401);
    const text = await res.text();
    expect(text).toContain('Incorrect API key provided');
    expect(text).not.toContain(p.ka);
    expect(text).not.toContain(p.kb);
    expect(text).not.toContain(p.ka.slice(3, 20));
    // The echoed key really was the channel's: the fake saw it.
    expect(p.A.requests[0]?.headers.authorization).toBe(`Bearer ${p.ka}`);
    // 401 is not retryable: B was never asked.
    expect(p.B.requests).toHaveLength(0);
  });
});
