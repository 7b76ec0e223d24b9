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
    const limits = new RelayLimits(options, redis, { relay: { totalTimeoutMs: 1000 } } as never);
    const caller = { token: { id: 1, rpmLimit: 0, tpmLimit: 0, concurrencyLimit: 0 }, group: 'default', userId: 1 } as never;
    expect(limits.scopes(caller)).toBeNull();
    expect(limits.scopes({ token: null, group: 'default', userId: 1 } as never)).toBeNull();
    // The memo keeps the same parsed object: no re-parse per request.
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 100_000; i++) limits.scopes(caller);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(4 * 1024 * 1024);
  });
});
