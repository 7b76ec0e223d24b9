import { MemoryKv } from './memory-kv';

describe('MemoryKv', () => {
  it('strings: get, set with a TTL, incr keeping the TTL', () => {
    const kv = new MemoryKv();
    expect(kv.get('a', 0)).toBeNull();
    kv.set('a', '7', 1000, 0);
    expect(kv.get('a', 999)).toBe('7');
    expect(kv.get('a', 1000)).toBeNull();
    expect(kv.incr('n', 0)).toBe(1);
    expect(kv.incr('n', 0)).toBe(2);
    kv.set('t', '5', 100, 0);
    expect(kv.incr('t', 50)).toBe(6);
    expect(kv.get('t', 100)).toBeNull();
  });

  it('hashes: hset with a TTL, hincrby, hget, hgetall', () => {
    const kv = new MemoryKv();
    expect(kv.hgetall('h', 0)).toEqual({});
    kv.hset('h', { state: 'running', done: '0' }, 1000, 0);
    kv.hincrby('h', { done: 1, failed: 1 }, 10);
    kv.hincrby('h', { done: 1 }, 20);
    expect(kv.hgetall('h', 30)).toEqual({ state: 'running', done: '2', failed: '1' });
    expect(kv.hget('h', 'state', 30)).toBe('running');
    expect(kv.hget('h', 'token', 30)).toBeNull();
    expect(kv.hgetall('h', 1000)).toEqual({});
  });
});
