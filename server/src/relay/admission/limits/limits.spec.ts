import { affinityKeyOf } from './channel-affinity.service';
import { checkGroupRateLimits, groupRules } from './group-rate-limits';
import { RelayLimits, resetText } from './relay-limits.service';

describe('relay limits', () => {
  it('reset headers use OpenAI duration text', () => {
    expect([resetText(17), resetText(999), resetText(1000), resetText(1001), resetText(59_000), resetText(60_000), resetText(360_000)]).toEqual(['17ms', '999ms', '1s', '2s', '59s', '1m0s', '6m0s']);
  });

  it('GroupRateLimits: the path of the first bad field', () => {
    expect(checkGroupRateLimits({ vip: { rpm: 10, tpm: 1000, concurrency: 2 }, default: {} })).toBeNull();
    expect(checkGroupRateLimits([])).toEqual({ path: '$', problem: 'object' });
    expect(checkGroupRateLimits({ vip: [] })).toEqual({ path: 'vip', problem: 'object' });
    expect(checkGroupRateLimits({ vip: { rpm: -1 } })).toEqual({ path: 'vip.rpm', problem: 'integer' });
    expect(checkGroupRateLimits({ vip: { tpm: '5' } })).toEqual({ path: 'vip.tpm', problem: 'integer' });
    expect(checkGroupRateLimits({ vip: { rps: 1 } })).toEqual({ path: 'vip.rps', problem: 'field' });
    expect([...groupRules({ vip: { rpm: 3 }, free: { rpm: 0 } }).entries()]).toEqual([['vip', { rpm: 3, tpm: 0, concurrency: 0 }]]);
  });

  it('affinity keys in the order of the formats, header last', () => {
    expect(affinityKeyOf({ prompt_cache_key: 'a', metadata: { user_id: 'b' } }, 'h')).toBe('a');
    expect(affinityKeyOf({ metadata: { user_id: 'b' } }, 'h')).toBe('b');
    expect(affinityKeyOf({ cachedContent: 'cachedContents/x' }, undefined)).toBe('cachedContents/x');
    expect(affinityKeyOf({ prompt_cache_key: '' }, 'h')).toBe('h');
    expect(affinityKeyOf({}, undefined)).toBeNull();
  });

  it('no limit set: scopes() answers null and never touches Redis', () => {
    const parsed = {};
    const options = { json: () => parsed } as never;
    const redis = {
      get client(): never {
        throw new Error('no Redis on the no-limit path');
      },
    } as never;
    const limits = new RelayLimits(options, redis, { relay: { totalTimeoutMs: 1000 } } as never, { active: false } as never);
    const caller = { token: { id: 1, rpmLimit: 0, tpmLimit: 0, concurrencyLimit: 0 }, group: 'default', userId: 1 } as never;
    expect(limits.scopes(caller)).toBeNull();
    expect(limits.scopes({ token: null, group: 'default', userId: 1 } as never)).toBeNull();
    // The memo keeps the same parsed object: no re-parse per request.
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 100_000; i++) limits.scopes(caller);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(4 * 1024 * 1024);
  });

  describe('in process (no Redis)', () => {
    const make = () => new RelayLimits({ json: () => ({}) } as never, { client: null, key: (...p: string[]) => p.join(':') } as never, { relay: { totalTimeoutMs: 1000 } } as never, { active: false } as never);
    const scope = (rule: { rpm?: number; tpm?: number; concurrency?: number }) => [{ id: 't:1', rule: { rpm: 0, tpm: 0, concurrency: 0, ...rule } }];

    it('a slot is freed exactly once, whatever calls release it', async () => {
      const l = make();
      const s = scope({ concurrency: 1 });
      const a = await l.admit(s, 0);
      await expect(l.admit(s, 0)).rejects.toMatchObject({ code: 'rate_limit_exceeded', status: 429, headers: { 'Retry-After': '1' } });
      a.releaseSlot();
      const b = await l.admit(s, 0);
      // a's late release and settle must not free b's slot.
      a.releaseSlot();
      a.settle(0);
      await expect(l.admit(s, 0)).rejects.toMatchObject({ status: 429 });
      b.settle(0);
      expect((await l.inspect('t:1')).slots).toBe(0);
    });

    it('tokens per minute: reserved, then settled to the real usage once; a refusal counts nothing', async () => {
      const l = make();
      const s = scope({ tpm: 1000, rpm: 5 });
      const a = await l.admit(s, 600);
      expect(a.headers).toMatchObject({ 'x-ratelimit-limit-tokens': '1000', 'x-ratelimit-remaining-tokens': '400', 'x-ratelimit-limit-requests': '5', 'x-ratelimit-remaining-requests': '4' });
      await expect(l.admit(s, 500)).rejects.toMatchObject({ status: 429, headers: { 'x-ratelimit-remaining-tokens': '400' } });
      expect(await l.inspect('t:1')).toMatchObject({ requests: 1, tokens: 600 });
      a.settle(42);
      a.settle(900);
      expect((await l.inspect('t:1')).tokens).toBe(42);
      await l.admit(s, 900);
      expect((await l.inspect('t:1')).tokens).toBe(942);
    });
  });
});
