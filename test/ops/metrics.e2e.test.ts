import { DATABASES } from '../support/env';
import { createChannel, fakeUpstream, priceModel, relaySuite, setOption, upstreamKeys, type LogRow } from '../relay/relay-kit';
import { parseExposition, valueOf } from './ops-kit';

const METRICS_TOKEN = 'metrics-secret-0123456789abcdef';
const upstreamKey = upstreamKeys('metrics');

/**
 * GET /metrics (issue 25): behind its bearer token, and its relay series move by exactly what a
 * batch of relayed requests did (a failing channel and a refused model included), with bounded
 * labels and no secret in the text.
 */
describe.each(DATABASES)('metrics (%s)', (kind) => {
  const ctx = relaySuite(
    kind,
    async (s) => {
      await setOption(s.kit.root, 'RetryTimes', '0');
      await priceModel(s.kit.root, 'metrics-good', 1, 2);
      await priceModel(s.kit.root, 'metrics-bad', 1, 1);
      const goodKey = upstreamKey();
      const badKey = upstreamKey();
      const good = await fakeUpstream(s.kit, { key: goodKey });
      const bad = await fakeUpstream(s.kit, { key: badKey });
      const goodId = await createChannel(s.kit.root, { name: 'good', key: goodKey, base_url: good.url, models: 'metrics-good' });
      const badId = await createChannel(s.kit.root, { name: 'bad', key: badKey, base_url: bad.url, models: 'metrics-bad' });
      return { good, bad, goodId, badId, goodKey, badKey };
    },
    { app: { env: { METRICS_TOKEN } } },
  );

  const scrape = (auth: string | null) => fetch(`${ctx.kit.t.url}/metrics`, { headers: auth === null ? {} : { authorization: auth } });

  async function scrapeOk(): Promise<{ text: string; series: Map<string, number> }> {
    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    return { text, series: parseExposition(text) };
  }

  it('answers only with its bearer token', async () => {
    for (const auth of [null, 'Bearer', `Bearer ${METRICS_TOKEN}x`, `Bearer ${METRICS_TOKEN.slice(0, -1)}`, `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}`, METRICS_TOKEN, `Bearer ${ctx.token.key}`]) {
      const res = await scrape(auth);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain('sluice_');
    }
    // A session cookie of root opens nothing either: only the token does.
    const res = await ctx.kit.root.get('/metrics');
    expect(res.status).toBe(401);
    expect((await scrape(`bearer ${METRICS_TOKEN}`)).status).toBe(200);
  });

  it('counts a batch of relayed requests exactly, a failing channel and an unknown model included', async () => {
    ctx.bad.set(() => true, { kind: 'json', status: 500, body: { error: { message: 'upstream exploded', type: 'server_error', param: null, code: null } } });
    const before = (await ctx.snapshot()).logs.length;
    const m0 = (await scrapeOk()).series;

    const statuses: Record<string, number[]> = { good: [], bad: [], unknown: [] };
    for (let i = 0; i < 3; i++) statuses.good?.push((await ctx.post('/v1/chat/completions', { model: 'metrics-good', messages: [{ role: 'user', content: `hi ${i}` }] })).status);
    for (let i = 0; i < 2; i++) {
      const res = await ctx.post('/v1/chat/completions', { model: 'metrics-good', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'stream please' }] });
      await res.text();
      statuses.good?.push(res.status);
    }
    for (let i = 0; i < 2; i++) {
      const res = await ctx.post('/v1/chat/completions', { model: 'metrics-bad', messages: [{ role: 'user', content: 'hi' }] });
      await res.text();
      statuses.bad?.push(res.status);
    }
    const unknown = await ctx.post('/v1/chat/completions', { model: 'no-such-model-anywhere', messages: [{ role: 'user', content: 'hi' }] });
    await unknown.text();
    statuses.unknown?.push(unknown.status);

    const snap = await ctx.snapshot();
    const logs = snap.logs.slice(0, snap.logs.length - before) as LogRow[];
    expect(statuses.good).toEqual([200, 200, 200, 200, 200]);
    const badStatus = statuses.bad?.[0] as number;
    expect(badStatus).toBeGreaterThanOrEqual(500);
    expect(statuses.bad).toEqual([badStatus, badStatus]);
    const unknownStatus = statuses.unknown?.[0] as number;
    expect(unknownStatus).toBeGreaterThanOrEqual(400);
    expect(logs).toHaveLength(5);

    const { text, series: m1 } = await scrapeOk();
    const delta = (name: string, labels: Record<string, string> = {}) => valueOf(m1, name, labels) - valueOf(m0, name, labels);
    const req = (model: string, channel: number, status: number) => ({ model, channel_id: String(channel), status: String(status) });

    expect(delta('sluice_relay_requests_total', req('metrics-good', ctx.goodId, 200))).toBe(5);
    expect(delta('sluice_relay_requests_total', req('metrics-bad', ctx.badId, badStatus))).toBe(2);
    // A model no channel lists is "other": client strings never become series.
    expect(delta('sluice_relay_requests_total', req('other', 0, unknownStatus))).toBe(1);
    expect(text).not.toContain('no-such-model-anywhere');
    // Nothing else moved.
    let total = 0;
    for (const [k, v] of m1) if (k.startsWith('sluice_relay_requests_total{')) total += v - (m0.get(k) ?? 0);
    expect(total).toBe(8);

    expect(delta('sluice_relay_request_duration_seconds_count')).toBe(8);
    expect(delta('sluice_relay_first_chunk_seconds_count')).toBe(2);
    const sum = (f: (l: LogRow) => number) => logs.reduce((s, l) => s + f(l), 0);
    expect(delta('sluice_relay_tokens_total', { kind: 'prompt' })).toBe(sum((l) => l.prompt_tokens));
    expect(delta('sluice_relay_tokens_total', { kind: 'completion' })).toBe(sum((l) => l.completion_tokens));
    expect(sum((l) => l.completion_tokens)).toBeGreaterThan(0);
    expect(delta('sluice_relay_quota_total')).toBe(sum((l) => l.quota));
    expect(sum((l) => l.quota)).toBeGreaterThan(0);

    expect(valueOf(m1, 'sluice_channel_enabled', { channel_id: String(ctx.goodId) })).toBe(1);
    expect(valueOf(m1, 'sluice_channel_enabled', { channel_id: String(ctx.badId) })).toBe(1);
  });

  it('shows a disabled channel, the queues and the process, and no secret', async () => {
    const res = await ctx.kit.root.put('/api/channel/', { id: ctx.badId, status: 2 });
    expect(res.body.success).toBe(true);
    const { text, series } = await scrapeOk();
    expect(valueOf(series, 'sluice_channel_enabled', { channel_id: String(ctx.badId) })).toBe(0);
    expect(series.has('sluice_queue_jobs{queue="billing.sweep",state="waiting"}')).toBe(true);
    expect(series.has('sluice_queue_jobs{queue="billing.sweep",state="failed"}')).toBe(true);
    expect(valueOf(series, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(series, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    for (const secret of [METRICS_TOKEN, ctx.goodKey, ctx.badKey, ctx.token.key, ctx.token.key.slice(3)]) expect(text).not.toContain(secret);
    // Labels carry no user or token ids.
    expect(text).not.toMatch(/user_id|token_id|username/);
  });
});
