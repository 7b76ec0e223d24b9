import OpenAI from 'openai';
import { ChannelHealthService } from '../../server/src/channels/channel-health.service';
import { QUEUE_DRIVER, type JobName, type QueueDriver } from '../../server/src/queue/jobs';
import { UsersService } from '../../server/src/users/users.service';
import { settleQueue, waitFor } from '../logs/helpers';
import { DATABASES } from '../support/env';
import type { FakeOpenAI } from '../support/fakes/openai-upstream';
import { SmtpListener, smtpOptions, type ReceivedMail } from '../support/fakes/smtp';
import { streamChat } from './provider-kit';
import { createChannel, fakeUpstream, otherOf, priceModel, relayIdle, relaySuite, setOption, setOptions, type LogRow, upstreamKeys } from './relay-kit';

const ROOT_EMAIL = 'root-automation@example.com';

const upstreamKey = upstreamKeys('auto');

/**
 * Channel automation on the relay path, with the official SDK against loopback OpenAI upstreams
 * and a real SMTP listener: model_mapping end to end, auto-disable from a relayed upstream 401
 * (and none once status_code_mapping turns it into a 500), the private-upstream guard charging
 * nothing, and the scheduled test-all running on its own through the queue driver.
 */
describe.each(DATABASES)('channel automation on the relay path (%s)', (kind) => {
  const smtp = new SmtpListener();
  let modelSeq = 0;
  const ctx = relaySuite(kind, async (s) => {
    await smtp.start();
    await setOptions(s.kit.root, Object.fromEntries([...smtpOptions(smtp), ['RetryTimes', '2']]));
    await s.kit.t.app.get(UsersService).setEmail(s.kit.root.userId as number, ROOT_EMAIL);
    return {};
  });
  afterAll(() => smtp.stop());
  beforeEach(async () => {
    await setOptions(ctx.kit.root, { AutomaticDisableChannelEnabled: 'false', AutomaticEnableChannelEnabled: 'false' });
  });

  const queue = () => ctx.kit.t.app.get<QueueDriver>(QUEUE_DRIVER);
  const health = () => ctx.kit.t.app.get(ChannelHealthService);

  /** A fresh public model name priced at model ratio 1, completion ratio 1. */
  async function pricedModel(prefix: string): Promise<string> {
    modelSeq += 1;
    const model = `${prefix}-${modelSeq}`;
    await priceModel(ctx.kit.root, model, 1, 1);
    return model;
  }

  async function upstream(): Promise<{ fake: FakeOpenAI; key: string }> {
    const key = upstreamKey();
    return { fake: await fakeUpstream(ctx.kit, { key }), key };
  }

  async function channelView(id: number): Promise<Record<string, unknown>> {
    const res = await ctx.kit.root.get(`/api/channel/${id}`).expect(200);
    return res.body.data as Record<string, unknown>;
  }

  /** Mails to root whose subject contains `subject` (folded subjects: whitespace ignored). */
  function rootMails(subject: string): ReceivedMail[] {
    const want = subject.replace(/\s+/g, '');
    return smtp.mails.filter((m) => m.to.includes(ROOT_EMAIL) && m.subject.replace(/\s+/g, '').includes(want));
  }

  /** Records every health report of the relay so a test can await them (they run beside the answer). */
  function watchReports() {
    const spy = jest.spyOn(health(), 'reportFailure');
    return {
      spy,
      settled: async () => {
        await relayIdle(ctx.kit);
        await Promise.all(spy.mock.results.map((r) => r.value as Promise<void>));
      },
    };
  }

  it('model_mapping: the upstream gets the mapped name; billing and the log keep the public one', async () => {
    const model = await pricedModel('public-auto');
    const upstreamModel = `upstream-only-${modelSeq}`;
    const { fake, key } = await upstream();
    const id = await createChannel(ctx.kit.root, { key, base_url: fake.url, models: model, model_mapping: JSON.stringify({ [model]: upstreamModel }) });

    const before = await ctx.snapshot();
    const res = await ctx.ask(model);
    expect(res.choices[0]?.message.content).toBe('Hello from the fake upstream.');
    expect(fake.requests).toHaveLength(1);
    expect(fake.last().json).toMatchObject({ model: upstreamModel });

    const after = await ctx.snapshot();
    expect(after.logs).toHaveLength(before.logs.length + 1);
    const log = after.logs[0] as LogRow;
    // Billed under the public name: the upstream name has no price at all.
    expect(log).toMatchObject({ model_name: model, channel: id });
    expect(log.quota).toBe(log.prompt_tokens + log.completion_tokens);
    expect(log.quota).toBeGreaterThan(0);
    expect(before.user.quota - after.user.quota).toBe(log.quota);
    expect(before.token.remain - after.token.remain).toBe(log.quota);
    expect(otherOf(log)).toMatchObject({ is_model_mapped: true, upstream_model_name: upstreamModel });

    // Streaming too: the mapped name goes up, the public name is logged.
    const { text } = await streamChat(ctx.openai, { model, messages: [{ role: 'user', content: 'hi' }], stream_options: { include_usage: true } });
    expect(text).toBe('Hello from the fake upstream.');
    expect(fake.last().json).toMatchObject({ model: upstreamModel, stream: true });
    const streamed = (await ctx.snapshot()).logs[0] as LogRow;
    expect(streamed).toMatchObject({ model_name: model, is_stream: true });
    expect(otherOf(streamed)).toMatchObject({ is_model_mapped: true, upstream_model_name: upstreamModel });
  });

  it('a relayed upstream 401 with invalid_api_key disables the channel, mails root, and the next request goes to the other channel', async () => {
    await setOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true');
    const model = await pricedModel('auth-auto');
    const a = await upstream();
    const b = await upstream();
    // A presents a key its upstream does not know: an OpenAI 401 invalid_api_key.
    const aName = `dead-key-${modelSeq}`;
    const aId = await createChannel(ctx.kit.root, { name: aName, key: upstreamKey(), base_url: a.fake.url, models: model, priority: 10 });
    const bId = await createChannel(ctx.kit.root, { name: `spare-${modelSeq}`, key: b.key, base_url: b.fake.url, models: model, priority: 0 });
    const reports = watchReports();
    try {
      const before = await ctx.snapshot();
      // Money rule 21 overrides the reference here: a 401 is not retried even with RetryTimes 2
      // (another channel cannot fix the user's request; faults e2e pins it), the client sees it.
      await expect(ctx.ask(model)).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
      await reports.settled();
      expect(b.fake.requests).toHaveLength(0);
      const after = await ctx.snapshot();
      expect(after.user.quota).toBe(before.user.quota);
      expect(after.token.remain).toBe(before.token.remain);
      expect(after.logs).toHaveLength(before.logs.length);

      const view = await channelView(aId);
      expect(view.status).toBe(3);
      const info = JSON.parse(view.other_info as string) as { status_reason: string; status_time: number };
      expect(info.status_reason).toContain('HTTP 401');
      expect(info.status_reason).toContain('invalid_api_key');
      expect(info.status_time).toBeGreaterThan(Date.now() / 1000 - 60);
      expect((await channelView(bId)).status).toBe(1);

      await queue().idle();
      const mails = rootMails(`渠道「${aName}」（#${aId}）已被禁用`);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('invalid_api_key');

      // The disabled channel has left routing: the next request is served by B.
      const res = await ctx.ask(model);
      expect(res.choices[0]?.message.content).toBe('Hello from the fake upstream.');
      expect(a.fake.requests).toHaveLength(1);
      expect(b.fake.requests).toHaveLength(1);
      const log = (await ctx.snapshot()).logs[0] as LogRow;
      expect(log.channel).toBe(bId);
      expect(otherOf(log).admin_info).toEqual({ use_channel: [bId] });
    } finally {
      reports.spy.mockRestore();
    }
  });

  it('the same 401 mapped to 500 by status_code_mapping does not disable and fails over to the next channel', async () => {
    await setOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true');
    const model = await pricedModel('mapped-auto');
    const a = await upstream();
    const b = await upstream();
    const aName = `mapped-dead-${modelSeq}`;
    const aId = await createChannel(ctx.kit.root, { name: aName, key: upstreamKey(), base_url: a.fake.url, models: model, priority: 10, status_code_mapping: '{"401":"500"}' });
    const bId = await createChannel(ctx.kit.root, { key: b.key, base_url: b.fake.url, models: model, priority: 0 });
    const reports = watchReports();
    try {
      const before = await ctx.snapshot();
      const res = await ctx.ask(model);
      expect(res.choices[0]?.message.content).toBe('Hello from the fake upstream.');
      await reports.settled();
      expect([a.fake.requests.length, b.fake.requests.length]).toEqual([1, 1]);
      // The health service heard the mapped status: a server error, no disable signal.
      expect(reports.spy).toHaveBeenCalledWith(aId, expect.objectContaining({ status: 500, class: 'server', disableChannel: false }));
      expect((await channelView(aId)).status).toBe(1);

      const after = await ctx.snapshot();
      const log = after.logs[0] as LogRow;
      expect(after.logs).toHaveLength(before.logs.length + 1);
      expect(log.channel).toBe(bId);
      expect(otherOf(log).admin_info).toEqual({ use_channel: [aId, bId] });
      expect(before.user.quota - after.user.quota).toBe(log.quota);

      await queue().idle();
      expect(rootMails(`渠道「${aName}」`)).toHaveLength(0);
    } finally {
      reports.spy.mockRestore();
    }
  });

  it('AllowPrivateUpstreamEnabled off: a loopback channel is refused with the clear error, nothing is sent and nothing charged', async () => {
    const model = await pricedModel('private-auto');
    const { fake, key } = await upstream();
    await createChannel(ctx.kit.root, { key, base_url: fake.url, models: model });
    await setOption(ctx.kit.root, 'AllowPrivateUpstreamEnabled', 'false');
    try {
      const before = await ctx.snapshot();
      const err = await ctx.ask(model).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(OpenAI.APIError);
      expect(err).toMatchObject({ status: 502, code: 'upstream_error' });
      expect((err as InstanceType<typeof OpenAI.APIError>).message).toContain('AllowPrivateUpstreamEnabled');
      expect(fake.requests).toHaveLength(0);

      // The hold was refunded: balances as before, no consume log.
      const after = await ctx.snapshot();
      expect(after.user.quota).toBe(before.user.quota);
      expect(after.user.used).toBe(before.user.used);
      expect(after.token.remain).toBe(before.token.remain);
      expect(after.logs).toHaveLength(before.logs.length);
    } finally {
      await setOption(ctx.kit.root, 'AllowPrivateUpstreamEnabled', 'true');
    }
  });

  it('the scheduled test-all runs on its own: disables a failing channel and re-enables a status-3 one that passes', async () => {
    await setOption(ctx.kit.root, 'AutomaticDisableChannelEnabled', 'true');
    await setOption(ctx.kit.root, 'AutomaticEnableChannelEnabled', 'true');
    const failingModel = await pricedModel('sched-failing');
    const backModel = await pricedModel('sched-back');
    const { fake, key } = await upstream();
    const failingName = `sched-failing-${modelSeq}`;
    const failingId = await createChannel(ctx.kit.root, { name: failingName, key: upstreamKey(), base_url: fake.url, models: failingModel });
    const backName = `sched-back-${modelSeq}`;
    const backId = await createChannel(ctx.kit.root, { name: backName, key, base_url: fake.url, models: backModel });
    await health().reportFailure(backId, { class: 'auth', retryable: false, disableChannel: true, status: 401, code: 'invalid_api_key', type: null, message: 'key rotated', retryAfterSeconds: null });
    expect((await channelView(backId)).status).toBe(3);
    await queue().idle();
    smtp.mails.length = 0;

    // The option schedules a repeat of the given minutes; the driver is asked for a 300 ms period
    // instead, so the real tick -> gated run -> disable/enable chain runs within the test.
    const driver = queue();
    const realRepeat = driver.repeat.bind(driver);
    const periods: number[] = [];
    const spy = jest.spyOn(driver, 'repeat').mockImplementation((async (name: JobName, payload: never, everyMs: number) => {
      if (name !== 'channels.test_all') return realRepeat(name, payload, everyMs);
      periods.push(everyMs);
      return realRepeat(name, payload, 300);
    }) as QueueDriver['repeat']);
    try {
      await setOption(ctx.kit.root, 'monitor_setting.auto_test_channel_minutes', '3');
      expect(periods).toEqual([]);
      await setOption(ctx.kit.root, 'monitor_setting.auto_test_channel_enabled', 'true');
      await waitFor(async () => ((await channelView(failingId)).status === 3 && (await channelView(backId)).status === 1 ? true : undefined), 30_000);
      expect(periods).toEqual([3 * 60_000]);
    } finally {
      await setOption(ctx.kit.root, 'monitor_setting.auto_test_channel_enabled', 'false');
      spy.mockRestore();
    }
    await settleQueue(ctx.kit.t, 'channels.test_all');
    await queue().idle();

    // Each channel was probed with its own test model; no one clicked a button.
    expect(fake.requests.some((r) => (r.json as { model?: string } | null)?.model === failingModel)).toBe(true);
    expect(fake.requests.some((r) => (r.json as { model?: string } | null)?.model === backModel)).toBe(true);
    const info = JSON.parse((await channelView(failingId)).other_info as string) as { status_reason: string };
    expect(info.status_reason).toContain('invalid_api_key');
    expect(rootMails(`渠道「${failingName}」（#${failingId}）已被禁用`)).toHaveLength(1);
    expect(rootMails(`渠道「${backName}」（#${backId}）已被启用`)).toHaveLength(1);
    // A scheduled run sends no summary mail (the button's run does).
    expect(rootMails('渠道测试完成')).toHaveLength(0);
    // The 401→500 channel of the earlier test was probed too and, mapped, stayed enabled.
    const mapped = (await ctx.kit.root.get('/api/channel/?p=0&page_size=100').expect(200)).body.data as { name: string; status: number }[];
    expect(mapped.filter((c) => c.name.startsWith('mapped-dead-')).map((c) => c.status)).toEqual([1]);

  });
});
