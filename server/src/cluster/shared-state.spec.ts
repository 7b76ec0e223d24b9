import { SharedState } from './shared-state';

describe('SharedState (the cluster primary)', () => {
  it('counts one sliding window for every caller', () => {
    const s = new SharedState();
    const hit = () => s.call('rl.hit', { key: 'rl:relay-token:1', windowMs: 60_000, limit: 2 });
    expect([hit().allowed, hit().allowed, hit().allowed]).toEqual([true, true, false]);
  });

  it('admits, refuses, settles and frees relay-limit scopes', () => {
    const s = new SharedState();
    const scopes = [{ id: 't:1', rule: { rpm: 0, tpm: 100, concurrency: 1 } }];
    expect(s.call('lim.admit', { scopes, rid: 'a', need: 60, leaseMs: 10_000 })).toMatchObject({ ok: true });
    expect(s.call('lim.admit', { scopes, rid: 'b', need: 10, leaseMs: 10_000 })).toMatchObject({ ok: false, kind: 3 });
    s.cast('lim.finish', { scopes, rid: 'a', actual: 5, slot: true });
    expect(s.call('lim.inspect', { scopeId: 't:1' })).toEqual({ requests: 0, tokens: 5, slots: 0 });
    expect(s.call('lim.admit', { scopes, rid: 'c', need: 96, leaseMs: 10_000 })).toMatchObject({ ok: false, kind: 2 });
    expect(s.call('lim.admit', { scopes, rid: 'd', need: 95, leaseMs: 10_000 })).toMatchObject({ ok: true });
  });

  it('keeps the channel runs and affinity keys', () => {
    const s = new SharedState();
    expect(s.call('kv.incr', { key: 'g' })).toBe(1);
    expect(s.call('kv.get', { key: 'g' })).toBe('1');
    s.cast('kv.set', { key: 'aff', value: '12', ttlMs: 60_000 });
    expect(s.call('kv.get', { key: 'aff' })).toBe('12');
    s.call('kv.hset', { key: 'p', fields: { state: 'running' }, ttlMs: 0 });
    s.call('kv.hincrby', { key: 'p', by: { done: 1 } });
    expect(s.call('kv.hgetall', { key: 'p' })).toEqual({ state: 'running', done: '1' });
  });
});
