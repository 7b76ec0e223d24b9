import { DatabaseService } from '../../server/src/database/database.service';
import { PerfMinuteEntity } from '../../server/src/observability/perf/perf-minute.entity';
import { PerfService } from '../../server/src/observability/perf/perf.service';
import { startApp } from '../support/app';
import { DATABASES } from '../support/env';
import { chatChunk, type FakeScript } from '../support/fakes/openai-upstream';
import { apartFromField, newUser } from '../support/http';
import { createChannel, fakeUpstream, priceModel, relayIdle, relaySuite, setOption, upstreamKeys } from '../relay/relay-kit';

const upstreamKey = upstreamKeys('speed');

/** First chunk after 600 ms, then 15 writes 50 ms apart (role, 12 words, stop, usage): 70 tokens in about 750 ms. */
const FIRST_CHUNK_DELAY_MS = 600;
const PACE_MS = 50;
const COMPLETION_TOKENS = 70;
const paced: FakeScript = {
  kind: 'stream',
  headersDelayMs: FIRST_CHUNK_DELAY_MS,
  chunkDelayMs: PACE_MS,
  chunks: [chatChunk({ role: 'assistant', content: '' }), ...Array.from({ length: 12 }, (_, i) => chatChunk({ content: `w${i} ` })), chatChunk({}, 'stop')],
  usage: { prompt_tokens: 10, completion_tokens: COMPLETION_TOKENS, prompt_tokens_details: { cached_tokens: 8 } },
};
/** 70 tokens over 15 x 50 ms from the first chunk; timer jitter on a busy machine only makes it slower. */
const GENERATION_MS = 15 * PACE_MS;
const EXPECTED_TPS = (COMPLETION_TOKENS * 1000) / GENERATION_MS;

interface Figures {
  requests: number;
  success_rate: number;
  first_chunk_p50_ms: number | null;
  first_chunk_p95_ms: number | null;
  tokens_per_second_p50: number | null;
  prompt_tokens: number;
  cache_tokens: number;
  cache_hit_rate: number | null;
}
interface Report {
  window: string;
  since: number;
  step: number;
  models: (Figures & { model: string; channels: (Figures & { channel_id: number })[]; series: { t: number; requests: number }[] })[];
}

/**
 * Model speed (issue 25): figures computed from a fake upstream with a known first-chunk delay
 * and pace, written to the database by each node's flush (and by a graceful stop) and merged
 * across nodes when read; the API is admin-only and names a bad window.
 */
describe.each(DATABASES)('model speed (%s)', (kind) => {
  const ctx = relaySuite(kind, async (s) => {
    await setOption(s.kit.root, 'RetryTimes', '0');
    await priceModel(s.kit.root, 'speed-a', 1, 1);
    await priceModel(s.kit.root, 'speed-b', 1, 1);
    const ka = upstreamKey();
    const kb = upstreamKey();
    const fast = await fakeUpstream(s.kit, { key: ka });
    const broken = await fakeUpstream(s.kit, { key: kb });
    const fastId = await createChannel(s.kit.root, { name: 'paced', key: ka, base_url: fast.url, models: 'speed-a' });
    const brokenId = await createChannel(s.kit.root, { name: 'broken', key: kb, base_url: broken.url, models: 'speed-b' });
    return { fast, broken, fastId, brokenId };
  });

  const err500: FakeScript = { kind: 'json', status: 500, body: { error: { message: 'boom', type: 'server_error', param: null, code: null } } };
  const stream = (base: string, model: string) =>
    fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'go' }] }),
    }).then(async (r) => ({ status: r.status, text: await r.text() }));

  async function report(window = '1h'): Promise<Report> {
    // The outcome is recorded once the request is settled, just after the client has its answer.
    await relayIdle(ctx.kit);
    const res = await ctx.kit.root.get(`/api/perf/models?window=${window}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body.data as Report;
  }

  it('matches a paced upstream, flushed to the database and merged across nodes', async () => {
    ctx.fast.set(() => true, paced);
    ctx.broken.set(() => true, err500);
    ctx.fast.next(err500);
    // One failure on the paced channel first, then four paced streams at once.
    expect((await stream(ctx.kit.t.url, 'speed-a')).status).toBe(500);
    const results = await Promise.all([1, 2, 3, 4].map(() => stream(ctx.kit.t.url, 'speed-a')));
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.text).toContain('w11');
    }
    expect((await stream(ctx.kit.t.url, 'speed-b')).status).toBe(500);

    // A second node of the same deployment (PostgreSQL + Redis) serves two more and stops gracefully without an explicit flush.
    let expectedA = 5;
    if (kind === 'postgres') {
      const n2 = await startApp('postgres', { redis: true, database: ctx.kit.t.database, redisPrefix: ctx.kit.t.redisPrefix });
      try {
        const more = await Promise.all([1, 2].map(() => stream(n2.url, 'speed-a')));
        for (const r of more) expect(r.status).toBe(200);
      } finally {
        await n2.close();
      }
      expectedA = 7;
    }
    await ctx.kit.t.app.get(PerfService).flush();
    // Everything is in the database now: this node's memory is empty.
    expect(await ctx.kit.t.app.get(DatabaseService).manager.count(PerfMinuteEntity)).toBeGreaterThanOrEqual(2);

    const r = await report('1h');
    expect(r.window).toBe('1h');
    expect(r.step).toBe(300);
    const a = r.models.find((m) => m.model === 'speed-a');
    const b = r.models.find((m) => m.model === 'speed-b');
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    if (!a || !b) return;
    expect(a.requests).toBe(expectedA);
    expect(a.success_rate).toBeCloseTo((expectedA - 1) / expectedA, 4);
    // The first chunk leaves the fake after 600 ms; the relay adds a little, a busy machine a little more.
    for (const v of [a.first_chunk_p50_ms, a.first_chunk_p95_ms]) {
      expect(v).not.toBeNull();
      expect(v as number).toBeGreaterThanOrEqual(FIRST_CHUNK_DELAY_MS * 0.975);
      expect(v as number).toBeLessThan(FIRST_CHUNK_DELAY_MS + 250);
    }
    // 70 tokens over about 750 ms after the first chunk (about 93 tokens/s); counting the wait for
    // the first chunk too would give about 52.
    expect(a.tokens_per_second_p50 as number).toBeLessThanOrEqual(EXPECTED_TPS * 1.03);
    expect(a.tokens_per_second_p50 as number).toBeGreaterThan(EXPECTED_TPS * 0.75);
    // Prompt-cache reads as the upstream reported them: 8 of 10 prompt tokens on every answered request.
    expect(a).toMatchObject({ prompt_tokens: 10 * (expectedA - 1), cache_tokens: 8 * (expectedA - 1), cache_hit_rate: 0.8 });
    expect(a.channels).toEqual([
      {
        channel_id: ctx.fastId,
        requests: expectedA,
        success_rate: a.success_rate,
        first_chunk_p50_ms: a.first_chunk_p50_ms,
        first_chunk_p95_ms: a.first_chunk_p95_ms,
        tokens_per_second_p50: a.tokens_per_second_p50,
        prompt_tokens: a.prompt_tokens,
        cache_tokens: a.cache_tokens,
        cache_hit_rate: 0.8,
      },
    ]);
    expect(a.series).toHaveLength(12);
    expect(a.series.reduce((s, p) => s + p.requests, 0)).toBe(expectedA);

    expect(b).toMatchObject({ requests: 1, success_rate: 0, first_chunk_p50_ms: null, tokens_per_second_p50: null, prompt_tokens: 0, cache_tokens: 0, cache_hit_rate: null });
    expect(b.channels.map((c) => c.channel_id)).toEqual([ctx.brokenId]);

    const day = await report('24h');
    expect(day.step).toBe(3600);
    expect(day.models.find((m) => m.model === 'speed-a')?.requests).toBe(expectedA);
    expect(day.models.find((m) => m.model === 'speed-a')?.series).toHaveLength(24);
  });

  it('counts a request only once across flushes, and nothing a refused request did', async () => {
    const perf = ctx.kit.t.app.get(PerfService);
    await perf.flush();
    const before = (await report()).models.find((m) => m.model === 'speed-a')?.requests ?? 0;
    ctx.fast.set(() => true, { ...paced, headersDelayMs: 0, chunkDelayMs: 0 });
    expect((await stream(ctx.kit.t.url, 'speed-a')).status).toBe(200);
    // Read before the flush (this node's memory) and after it (the database): the same count.
    expect((await report()).models.find((m) => m.model === 'speed-a')?.requests).toBe(before + 1);
    await perf.flush();
    await perf.flush();
    expect((await report()).models.find((m) => m.model === 'speed-a')?.requests).toBe(before + 1);
    // A model no channel lists is no row.
    expect((await stream(ctx.kit.t.url, 'not-a-model')).status).toBeGreaterThanOrEqual(400);
    expect((await report()).models.map((m) => m.model)).not.toContain('not-a-model');
  });

  it('is for admins only, and a bad window is a 400 naming it', async () => {
    const { caller } = await newUser(ctx.kit.t.url);
    const forbidden = await caller.get('/api/perf/models?window=1h');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.success).toBe(false);

    const zh = await ctx.kit.root.get('/api/perf/models?window=2h');
    expect(zh.status).toBe(400);
    expect(apartFromField(zh.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: '参数 window 无效：2h（可选 1h 或 24h）' });
    const en = await ctx.kit.root.get('/api/perf/models?window=forever').set('Accept-Language', 'en');
    expect(en.status).toBe(400);
    expect(apartFromField(en.body)).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Invalid window parameter: forever (use 1h or 24h)' });
    const twice = await ctx.kit.root.get('/api/perf/models?window=1h&window=24h');
    expect(twice.status).toBe(400);
    expect(twice.body.success).toBe(false);

    const dflt = await ctx.kit.root.get('/api/perf/models');
    expect(dflt.status).toBe(200);
    expect(dflt.body.data.window).toBe('1h');
  });
});
