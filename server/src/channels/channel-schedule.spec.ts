import { loadConfig, type AppConfig } from '../config/app-config';
import type { OptionsService } from '../options/options.service';
import type { JobMap, JobName, QueueDriver } from '../queue/jobs';
import type { BusEvents, EventBus } from '../redis/event-bus.service';
import type { RedisService } from '../redis/redis.service';
import { autoTestMinutes, ChannelScheduleService } from './channel-schedule.service';
import { RunGate } from './run-gate';

describe('autoTestMinutes', () => {
  it('is off by default, follows the options, and CHANNEL_TEST_FREQUENCY wins when set', () => {
    expect(autoTestMinutes(0, false, 10)).toBe(0);
    expect(autoTestMinutes(0, true, 10)).toBe(10);
    expect(autoTestMinutes(0, true, 2.7)).toBe(2);
    expect(autoTestMinutes(30, false, 10)).toBe(30);
    expect(autoTestMinutes(30, true, 10)).toBe(30);
  });
});

describe('channel schedule config', () => {
  const base = { ENCRYPTION_KEY: 'k'.repeat(32), DATABASE_URL: 'sqlite::memory:' };
  it('reads CHANNEL_TEST_FREQUENCY and CHANNEL_UPDATE_FREQUENCY in minutes, off when unset', () => {
    expect(loadConfig(base, '/srv').channelSchedule).toEqual({ testMinutes: 0, balanceMinutes: 0 });
    expect(loadConfig({ ...base, CHANNEL_TEST_FREQUENCY: '15', CHANNEL_UPDATE_FREQUENCY: '60' }, '/srv').channelSchedule).toEqual({ testMinutes: 15, balanceMinutes: 60 });
    expect(() => loadConfig({ ...base, CHANNEL_TEST_FREQUENCY: '-1', CHANNEL_UPDATE_FREQUENCY: 'soon' }, '/srv')).toThrow(/CHANNEL_TEST_FREQUENCY[\s\S]*CHANNEL_UPDATE_FREQUENCY/);
  });
});

/** A queue driver that records repeats, a local bus and an options map. */
function harness(env: { testMinutes: number; balanceMinutes: number }, stored: Record<string, string> = {}) {
  const repeats = new Map<JobName, { payload: unknown; everyMs: number }>();
  const queue = {
    repeat: async <N extends JobName>(name: N, payload: JobMap[N], everyMs: number) => {
      repeats.set(name, { payload, everyMs });
    },
    cancelRepeat: async (name: JobName) => {
      repeats.delete(name);
    },
  } as unknown as QueueDriver;
  const values = new Map(Object.entries(stored));
  const options = {
    bool: (k: string) => (values.get(k) ?? 'false') === 'true',
    num: (k: string) => Number(values.get(k) ?? '10'),
    reload: async () => undefined,
  } as unknown as OptionsService;
  const handlers: ((p: BusEvents['options.changed']) => Promise<void>)[] = [];
  const bus = { on: (_t: string, h: (p: BusEvents['options.changed']) => Promise<void>) => handlers.push(h) } as unknown as EventBus;
  const config = { channelSchedule: env } as AppConfig;
  const svc = new ChannelScheduleService(options, bus, queue, config);
  const change = async (entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) values.set(k, v);
    for (const h of handlers) await h({ keys: Object.keys(entries) });
  };
  return { svc, repeats, change, handlers };
}

describe('ChannelScheduleService', () => {
  it('schedules nothing by default and cancels what an earlier boot left', async () => {
    const h = harness({ testMinutes: 0, balanceMinutes: 0 });
    h.svc.onModuleInit();
    await h.svc.onApplicationBootstrap();
    expect([...h.repeats.keys()]).toEqual([]);
  });

  it('follows the monitor_setting options at runtime', async () => {
    const h = harness({ testMinutes: 0, balanceMinutes: 0 });
    h.svc.onModuleInit();
    await h.svc.onApplicationBootstrap();
    await h.change({ 'monitor_setting.auto_test_channel_enabled': 'true' });
    expect(h.repeats.get('channels.test_all')).toEqual({ payload: { notify: false }, everyMs: 10 * 60_000 });
    await h.change({ 'monitor_setting.auto_test_channel_minutes': '3' });
    expect(h.repeats.get('channels.test_all')?.everyMs).toBe(3 * 60_000);
    await h.change({ MonitorLink: 'https://status.example.com' });
    expect(h.repeats.get('channels.test_all')?.everyMs).toBe(3 * 60_000);
    await h.change({ 'monitor_setting.auto_test_channel_enabled': 'false' });
    expect(h.repeats.has('channels.test_all')).toBe(false);
  });

  it('uses the env frequencies over the options', async () => {
    const h = harness({ testMinutes: 7, balanceMinutes: 60 }, { 'monitor_setting.auto_test_channel_enabled': 'false' });
    h.svc.onModuleInit();
    await h.svc.onApplicationBootstrap();
    expect(h.repeats.get('channels.test_all')?.everyMs).toBe(7 * 60_000);
    expect(h.repeats.get('channels.balance_all')).toEqual({ payload: {}, everyMs: 60 * 60_000 });
    expect(h.handlers).toHaveLength(0);
  });
});

describe('RunGate', () => {
  it('owns the ids it hands out, not scheduler ticks of the same job', async () => {
    const gate = new RunGate({ client: null, key: (...p: string[]) => p.join(':') } as unknown as RedisService, { active: false } as never);
    const id = await gate.jobId('test-all');
    expect(gate.owns('test-all', id)).toBe(true);
    expect(gate.owns('balance-all', id)).toBe(false);
    expect(gate.owns('test-all', 'channels.test_all:repeat:1700000000000')).toBe(false);
    expect(gate.owns('test-all', 'repeat:channels.test_all:repeat:1700000000000')).toBe(false);
    await gate.finished('test-all');
    expect(await gate.jobId('test-all')).not.toBe(id);
  });
});
