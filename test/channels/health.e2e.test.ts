import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ChannelHealthService } from '../../server/src/channels/channel-health.service';
import { RoutingIndexService } from '../../server/src/channels/routing-index.service';
import { QUEUE_DRIVER, type QueueDriver } from '../../server/src/queue/jobs';
import { transportFailure, type UpstreamFailure } from '../../server/src/wire/canonical/errors';
import { UsersService } from '../../server/src/users/users.service';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { FakeOpenAI, openaiError, type Json } from '../support/fakes/openai-upstream';
import { SmtpListener, smtpOptions, type ReceivedMail } from '../support/fakes/smtp';
import { Caller, loginRoot, newAdmin, newUser } from '../support/http';

const ROOT_EMAIL = 'root-ops@example.com';

function chatBody(model: string): Json {
  return {
    id: 'chatcmpl-health',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
  };
}

function failure(over: Partial<UpstreamFailure>): UpstreamFailure {
  return { class: 'server', retryable: false, disableChannel: false, status: 500, code: null, type: null, message: 'upstream trouble', retryAfterSeconds: null, ...over };
}

const modelIs = (model: string) => (r: { json: unknown }) => (r.json as { model?: unknown } | null)?.model === model;

/**
 * Channel tests, automatic disable/enable and upstream balances against a loopback OpenAI
 * upstream and a real SMTP listener, on SQLite (in-process queue) and PostgreSQL + Redis (BullMQ).
 */
describe.each(DATABASES)('channel health (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let admin: Caller;
  let fake: FakeOpenAI;
  const smtp = new SmtpListener();
  const key = `sk-health-${randomBytes(12).toString('hex')}`;
  const wrongKey = `sk-wrong-${randomBytes(12).toString('hex')}`;

  const queue = () => t.app.get<QueueDriver>(QUEUE_DRIVER);
  const health = () => t.app.get(ChannelHealthService);
  const routed = (model: string, id: number) => t.app.get(RoutingIndexService).candidates('default', model).some((c) => c.channelId === id);

  async function option(k: string, value: string): Promise<void> {
    const res = await root.put('/api/option/', { key: k, value });
    expect(res.body).toMatchObject({ success: true });
  }

  async function createChannel(over: Record<string, unknown> = {}): Promise<{ id: number; name: string; model: string }> {
    const model = typeof over.models === 'string' ? over.models.split(',')[0] ?? '' : `m-${randomBytes(4).toString('hex')}`;
    const name = `ch-${randomBytes(4).toString('hex')}`;
    const res = await admin.post('/api/channel/', { name, type: 1, base_url: fake.url, key, models: model, group: 'default', ...over });
    expect(res.body).toMatchObject({ success: true });
    return { id: res.body.data[0].id as number, name, model };
  }

  async function channel(id: number): Promise<Record<string, unknown>> {
    const res = await admin.get(`/api/channel/${id}`).expect(200);
    return res.body.data as Record<string, unknown>;
  }

  async function statusOf(id: number): Promise<number> {
    return (await channel(id)).status as number;
  }

  /**
   * Mails to root whose subject contains `subject` (read after the queue is idle, so delivered).
   * Whitespace is ignored: long subjects arrive folded into several encoded words.
   */
  function rootMails(subject: string): ReceivedMail[] {
    const want = subject.replace(/\s+/g, '');
    return smtp.mails.filter((m) => m.to.includes(ROOT_EMAIL) && m.subject.replace(/\s+/g, '').includes(want));
  }

  async function clearChannels(): Promise<void> {
    const list = await admin.get('/api/channel/?p=0&page_size=100').expect(200);
    const ids = (list.body.data as { id: number }[]).map((c) => c.id);
    if (ids.length > 0) await admin.post('/api/channel/batch', { ids }).expect(200);
  }

  beforeAll(async () => {
    await smtp.start();
    fake = await new FakeOpenAI({ key, hardLimitUsd: 120, totalUsageCents: 2050 }).start();
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    admin = (await newAdmin(t.url, root)).caller;
    for (const [k, v] of [...smtpOptions(smtp), ['AllowPrivateUpstreamEnabled', 'true'] as [string, string]]) {
      await option(k, v);
    }
    await t.app.get(UsersService).setEmail(root.userId as number, ROOT_EMAIL);
  });

  afterAll(async () => {
    await t.close();
    await fake.stop();
    await smtp.stop();
  });

  beforeEach(async () => {
    fake.reset();
    await option('AutomaticDisableChannelEnabled', 'false');
    await option('AutomaticEnableChannelEnabled', 'false');
    await option('ChannelDisableThreshold', '5');
  });

  describe('testing one channel', () => {
    it('answers success with the time in seconds and records it; the model comes from the query, test_model or the first model', async () => {
      const ch = await createChannel({ models: 'gpt-4o-mini,gpt-4o', test_model: 'gpt-4o' });
      fake.next({ kind: 'json', headersDelayMs: 300, body: chatBody('gpt-4o') });
      const res = await admin.get(`/api/channel/test/${ch.id}`).expect(200);
      expect(res.body).toEqual({ success: true, message: '', time: expect.any(Number) });
      expect(res.body.time).toBeGreaterThanOrEqual(0.3);
      expect(res.body.time).toBeLessThan(30);
      const sent = fake.last();
      expect(sent).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
      expect(sent.headers.authorization).toBe(`Bearer ${key}`);
      expect(sent.json).toMatchObject({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });

      const view = await channel(ch.id);
      expect(view.response_time).toBe(Math.round(res.body.time * 1000));
      expect(view.test_time as number).toBeGreaterThan(Date.now() / 1000 - 60);

      await admin.get(`/api/channel/test/${ch.id}?model=gpt-4o-mini`).expect(200);
      expect(fake.last().json).toMatchObject({ model: 'gpt-4o-mini' });

      const plain = await createChannel({ models: 'first-model,second-model' });
      const first = await admin.get(`/api/channel/test/${plain.id}`).expect(200);
      expect(first.body.success).toBe(true);
      expect(fake.last().json).toMatchObject({ model: 'first-model' });
    });

    it('sends the mapped upstream model name', async () => {
      const ch = await createChannel({ models: 'public-name', model_mapping: JSON.stringify({ 'public-name': 'upstream-name' }) });
      const res = await admin.get(`/api/channel/test/${ch.id}`).expect(200);
      expect(res.body.success).toBe(true);
      expect(fake.last().json).toMatchObject({ model: 'upstream-name' });
    });

    it('answers a failure with success false and the scrubbed upstream message, never the key', async () => {
      const ch = await createChannel({ key: wrongKey });
      const res = await admin.get(`/api/channel/test/${ch.id}`).expect(200);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.time).toBe('number');
      expect(res.body.message).toMatch(/^上游返回 HTTP 401：Incorrect API key provided: /);
      expect(JSON.stringify(res.body)).not.toContain(wrongKey);
      expect(JSON.stringify(res.body)).not.toContain(wrongKey.slice(8));

      fake.next({ kind: 'json', status: 500, body: openaiError('The server had an error while processing your request.', 'server_error', null) });
      const en = await admin.get(`/api/channel/test/${ch.id}`).set('Accept-Language', 'en').expect(200);
      expect(en.body).toMatchObject({ success: false, message: 'The upstream answered HTTP 500: The server had an error while processing your request.' });
    });

    it('reports an unreachable upstream, refuses unknown channels and non-admins', async () => {
      const ch = await createChannel({ base_url: 'http://127.0.0.1:9' });
      const res = await admin.get(`/api/channel/test/${ch.id}`).expect(200);
      expect(res.body).toMatchObject({ success: false, message: '无法连接上游' });
      await admin.get('/api/channel/test/99999999').expect(404);
      const { caller } = await newUser(t.url);
      await caller.get(`/api/channel/test/${ch.id}`).expect(403);
      await request(t.url).get('/api/channel/test').expect(401);
    });
  });

  describe('automatic disable', () => {
    it('disables on a 401 only when the option and the channel auto_ban allow it; root is mailed; routing drops it', async () => {
      const ch = await createChannel({ key: wrongKey });
      expect(routed(ch.model, ch.id)).toBe(true);
      expect((await admin.get(`/api/channel/test/${ch.id}`)).body.success).toBe(false);
      expect(await statusOf(ch.id)).toBe(1);

      await option('AutomaticDisableChannelEnabled', 'true');
      const noBan = await createChannel({ key: wrongKey, auto_ban: 0 });
      await admin.get(`/api/channel/test/${noBan.id}`).expect(200);
      expect(await statusOf(noBan.id)).toBe(1);

      await admin.get(`/api/channel/test/${ch.id}`).expect(200);
      const view = await channel(ch.id);
      expect(view.status).toBe(3);
      const info = JSON.parse(view.other_info as string) as { status_reason: string; status_time: number };
      expect(info.status_reason).toContain('HTTP 401');
      expect(info.status_reason).toContain('invalid_api_key');
      expect(info.status_reason).not.toContain(wrongKey.slice(8));
      expect(info.status_time).toBeGreaterThan(Date.now() / 1000 - 60);
      expect(routed(ch.model, ch.id)).toBe(false);
      expect(routed(noBan.model, noBan.id)).toBe(true);

      await queue().idle();
      const mails = rootMails(`渠道「${ch.name}」（#${ch.id}）已被禁用`);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('invalid_api_key');
      expect(mails[0]?.raw).not.toContain(wrongKey.slice(8));
      expect(rootMails(noBan.name)).toHaveLength(0);
    });

    it('disables on insufficient_quota, but not on a 500 or on a 400 whose message merely says "invalid api key"', async () => {
      await option('AutomaticDisableChannelEnabled', 'true');
      const quota = await createChannel();
      fake.next({ kind: 'json', status: 429, body: openaiError('You exceeded your current quota, please check your plan and billing details.', 'insufficient_quota', 'insufficient_quota') });
      expect((await admin.get(`/api/channel/test/${quota.id}`)).body.success).toBe(false);
      expect(await statusOf(quota.id)).toBe(3);

      const server = await createChannel();
      fake.next({ kind: 'json', status: 500, body: openaiError('invalid api key', 'server_error', null) });
      expect((await admin.get(`/api/channel/test/${server.id}`)).body.success).toBe(false);
      expect(await statusOf(server.id)).toBe(1);

      const echo = await createChannel();
      fake.next({ kind: 'json', status: 400, body: openaiError('invalid api key: the user wrote this in the prompt', 'invalid_request_error', null) });
      expect((await admin.get(`/api/channel/test/${echo.id}`)).body.success).toBe(false);
      expect(await statusOf(echo.id)).toBe(1);
      expect(routed(echo.model, echo.id)).toBe(true);
    });

    it('reportFailure: only structured auth/billing failures disable, under both switches, once under concurrency', async () => {
      const ch = await createChannel();
      const h = health();
      await option('AutomaticDisableChannelEnabled', 'true');
      for (const f of [
        transportFailure('connect'),
        transportFailure('headers_timeout'),
        failure({ class: 'server', status: 502, retryable: true }),
        failure({ class: 'rate_limit', status: 429, retryable: true, type: 'requests', code: 'rate_limit_exceeded' }),
        failure({ class: 'bad_request', status: 400, message: 'Incorrect API key provided', type: 'invalid_request_error' }),
        failure({ class: 'auth', status: 403, type: 'permission_error' }),
        failure({ class: 'timeout', status: 504 }),
      ]) {
        await h.reportFailure(ch.id, f);
        expect(await statusOf(ch.id)).toBe(1);
      }

      await option('AutomaticDisableChannelEnabled', 'false');
      await h.reportFailure(ch.id, failure({ class: 'auth', status: 401, code: 'invalid_api_key', disableChannel: true }));
      expect(await statusOf(ch.id)).toBe(1);

      await option('AutomaticDisableChannelEnabled', 'true');
      const noBan = await createChannel({ auto_ban: 0 });
      await h.reportFailure(noBan.id, failure({ class: 'billing', status: 402, disableChannel: true }));
      expect(await statusOf(noBan.id)).toBe(1);

      const manual = await createChannel();
      await admin.put('/api/channel/', { id: manual.id, status: 2 }).expect(200);
      await h.reportFailure(manual.id, failure({ class: 'billing', status: 429, type: 'insufficient_quota', disableChannel: true }));
      expect(await statusOf(manual.id)).toBe(2);

      await Promise.all(
        Array.from({ length: 10 }, () => h.reportFailure(ch.id, failure({ class: 'billing', status: 429, type: 'insufficient_quota', code: 'insufficient_quota', disableChannel: true }))),
      );
      expect(await statusOf(ch.id)).toBe(3);
      expect(routed(ch.model, ch.id)).toBe(false);
      await h.reportFailure(99_999_999, failure({ class: 'auth', status: 401, disableChannel: true }));
      await queue().idle();
      expect(rootMails(`渠道「${ch.name}」`)).toHaveLength(1);
    });
  });

  describe('automatic enable', () => {
    it('never re-enables a manually disabled channel; re-enables a status-3 channel that passes only when the option is on', async () => {
      await option('AutomaticDisableChannelEnabled', 'true');
      const manual = await createChannel();
      await admin.put('/api/channel/', { id: manual.id, status: 2 }).expect(200);
      const auto = await createChannel();
      await health().reportFailure(auto.id, failure({ class: 'auth', status: 401, code: 'invalid_api_key', disableChannel: true }));
      expect(await statusOf(auto.id)).toBe(3);

      expect((await admin.get(`/api/channel/test/${auto.id}`)).body.success).toBe(true);
      expect(await statusOf(auto.id)).toBe(3);

      await option('AutomaticEnableChannelEnabled', 'true');
      expect((await admin.get(`/api/channel/test/${manual.id}`)).body.success).toBe(true);
      expect(await statusOf(manual.id)).toBe(2);
      expect((await admin.get(`/api/channel/test/${auto.id}`)).body.success).toBe(true);
      expect(await statusOf(auto.id)).toBe(1);
      expect(routed(auto.model, auto.id)).toBe(true);
      expect(routed(manual.model, manual.id)).toBe(false);
      await queue().idle();
      expect(rootMails(`渠道「${auto.name}」（#${auto.id}）已被启用`)).toHaveLength(1);
    });
  });

  describe('testing all channels', () => {
    it('disables a channel slower than the threshold, re-enables it once fast, never touches manual disables; double clicks run once', async () => {
      await clearChannels();
      await option('AutomaticDisableChannelEnabled', 'true');
      await option('AutomaticEnableChannelEnabled', 'true');
      await option('ChannelDisableThreshold', '1');
      const slow = await createChannel({ models: 'slow-model' });
      const quick = await createChannel({ models: 'quick-model' });
      const manual = await createChannel({ models: 'manual-model' });
      await admin.put('/api/channel/', { id: manual.id, status: 2 }).expect(200);
      const back = await createChannel({ models: 'back-model' });
      await health().reportFailure(back.id, failure({ class: 'auth', status: 401, code: 'invalid_api_key', disableChannel: true }));
      expect(await statusOf(back.id)).toBe(3);
      await queue().idle();
      smtp.mails.length = 0;

      fake.set(modelIs('slow-model'), { kind: 'json', headersDelayMs: 1500, body: chatBody('slow-model') });
      const clicks = await Promise.all([admin.get('/api/channel/test'), admin.get('/api/channel/test')]);
      for (const c of clicks) expect(c.body).toMatchObject({ success: true });
      await queue().idle(60_000);

      expect(fake.requests.filter(modelIs('slow-model'))).toHaveLength(1);
      expect(fake.requests.filter(modelIs('manual-model'))).toHaveLength(0);
      const slowView = await channel(slow.id);
      expect(slowView.status).toBe(3);
      expect(slowView.response_time as number).toBeGreaterThanOrEqual(1500);
      expect((JSON.parse(slowView.other_info as string) as { status_reason: string }).status_reason).toMatch(/^响应时间 \d+\.\d{2}s 超过阈值 1\.00s$/);
      expect(routed('slow-model', slow.id)).toBe(false);
      expect(await statusOf(quick.id)).toBe(1);
      expect(await statusOf(manual.id)).toBe(2);
      expect(await statusOf(back.id)).toBe(1);
      expect(routed('back-model', back.id)).toBe(true);
      const done = rootMails('渠道测试完成');
      expect(done).toHaveLength(1);
      expect(done[0]?.text).toContain('共测试 3 个，失败 1 个，自动禁用 1 个，自动启用 1 个');

      // A finished run does not block the next click; the slow channel is fast again.
      fake.reset();
      await admin.get('/api/channel/test').expect(200);
      await queue().idle(60_000);
      expect(fake.requests.filter(modelIs('slow-model'))).toHaveLength(1);
      expect(await statusOf(slow.id)).toBe(1);
      expect(routed('slow-model', slow.id)).toBe(true);
      expect(await statusOf(manual.id)).toBe(2);
    });

    it('only disables for slowness when automatic disable is on', async () => {
      await clearChannels();
      await option('ChannelDisableThreshold', '0.2');
      const slow = await createChannel({ models: 'slow-model' });
      fake.set(modelIs('slow-model'), { kind: 'json', headersDelayMs: 400, body: chatBody('slow-model') });
      await admin.get('/api/channel/test').expect(200);
      await queue().idle(60_000);
      expect(fake.requests.filter(modelIs('slow-model'))).toHaveLength(1);
      expect(await statusOf(slow.id)).toBe(1);
    });
  });

  describe('balances', () => {
    it('queries an OpenAI channel through the dashboard billing endpoints and records the balance', async () => {
      const ch = await createChannel();
      const res = await admin.get(`/api/channel/update_balance/${ch.id}/`).expect(200);
      // 120 USD hard limit - 2050 cents used
      expect(res.body).toEqual({ success: true, message: '', balance: 99.5 });
      const [sub, usage] = fake.requests;
      expect(sub).toMatchObject({ method: 'GET', path: '/v1/dashboard/billing/subscription' });
      expect(usage).toMatchObject({ method: 'GET', path: '/v1/dashboard/billing/usage' });
      expect(usage?.query.start_date).toMatch(/^\d{4}-\d{2}-01$/);
      expect(usage?.query.end_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(sub?.headers.authorization).toBe(`Bearer ${key}`);
      const view = await channel(ch.id);
      expect(view.balance).toBe(99.5);
      expect(view.balance_updated_time as number).toBeGreaterThan(Date.now() / 1000 - 60);
    });

    it('converts a Moonshot balance from CNY, and answers clearly for types without a balance API and for refusals', async () => {
      const moon = await createChannel({ type: 25 });
      fake.set('users/me/balance', { kind: 'json', body: { code: 0, data: { available_balance: 73, voucher_balance: 70, cash_balance: 3 }, scode: '0x0', status: true } });
      const m = await admin.get(`/api/channel/update_balance/${moon.id}`).expect(200);
      expect(m.body).toEqual({ success: true, message: '', balance: 10 });

      const azure = await createChannel({ type: 3, other: '2024-10-21' });
      const zh = await admin.get(`/api/channel/update_balance/${azure.id}`).expect(400);
      expect(zh.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: '该渠道类型不支持余额查询' });
      const en = await admin.get(`/api/channel/update_balance/${azure.id}`).set('Accept-Language', 'en').expect(400);
      expect(en.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'This channel type does not support balance queries' });

      const wrong = await createChannel({ key: wrongKey });
      const refused = await admin.get(`/api/channel/update_balance/${wrong.id}`).expect(502);
      expect(refused.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: '查询余额失败：HTTP 401' });
      await admin.get('/api/channel/update_balance/99999999').expect(404);
    });

    it('updates every enabled channel in one job and disables an exhausted one when allowed', async () => {
      await clearChannels();
      await option('AutomaticDisableChannelEnabled', 'true');
      const a = await createChannel();
      const b = await createChannel({ type: 25 });
      const off = await createChannel();
      await admin.put('/api/channel/', { id: off.id, status: 2 }).expect(200);
      fake.set('users/me/balance', { kind: 'json', body: { code: 0, data: { available_balance: 0, voucher_balance: 0, cash_balance: 0 }, scode: '0x0', status: true } });
      fake.options.totalUsageCents = 5000;

      const res = await admin.get('/api/channel/update_balance').expect(200);
      expect(res.body).toMatchObject({ success: true });
      await queue().idle(60_000);
      fake.options.totalUsageCents = 2050;

      const av = await channel(a.id);
      expect(av.balance).toBe(70);
      expect(av.status).toBe(1);
      const bv = await channel(b.id);
      expect(bv.balance).toBe(0);
      expect(bv.status).toBe(3);
      expect((JSON.parse(bv.other_info as string) as { status_reason: string }).status_reason).toBe('余额不足');
      expect((await channel(off.id)).balance_updated_time).toBe(0);
      expect(fake.requests.filter((r) => r.path.includes('dashboard/billing/subscription'))).toHaveLength(1);
    });
  });
});
