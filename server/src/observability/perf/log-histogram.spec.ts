import { FIRST_CHUNK_MS, TOKENS_PER_SECOND, addSample, bucketOf, mergeInto, parseCounts, quantile, total, type SparseCounts } from './log-histogram';

describe('log histogram', () => {
  it('reads a quantile within 2.5% of the value', () => {
    for (const v of [3, 47, 200, 1234, 98_765]) {
      const c: SparseCounts = {};
      addSample(c, FIRST_CHUNK_MS, v);
      const got = quantile(c, FIRST_CHUNK_MS, 0.5) ?? 0;
      expect(Math.abs(got - v) / v).toBeLessThan(0.025);
    }
  });

  it('gives the median and p95 by nearest rank, and merging adds counts', () => {
    const a: SparseCounts = {};
    const b: SparseCounts = {};
    for (let i = 1; i <= 50; i++) addSample(a, FIRST_CHUNK_MS, i * 10);
    for (let i = 51; i <= 100; i++) addSample(b, FIRST_CHUNK_MS, i * 10);
    mergeInto(a, b);
    expect(total(a)).toBe(100);
    expect(quantile(a, FIRST_CHUNK_MS, 0.5)).toBeGreaterThan(500 * 0.975);
    expect(quantile(a, FIRST_CHUNK_MS, 0.5)).toBeLessThan(500 * 1.025);
    expect(quantile(a, FIRST_CHUNK_MS, 0.95)).toBeGreaterThan(950 * 0.975);
    expect(quantile(a, FIRST_CHUNK_MS, 0.95)).toBeLessThan(950 * 1.025);
  });

  it('clamps values outside the scale and answers null when empty', () => {
    expect(bucketOf(TOKENS_PER_SECOND, 0)).toBe(0);
    expect(bucketOf(TOKENS_PER_SECOND, Number.NaN)).toBe(0);
    expect(bucketOf(TOKENS_PER_SECOND, 1e12)).toBe(TOKENS_PER_SECOND.size - 1);
    expect(quantile({}, TOKENS_PER_SECOND, 0.5)).toBeNull();
  });

  it('parses stored text, dropping anything that is not an index and a count', () => {
    expect(parseCounts('{"3":2,"x":1,"4":-1,"5":1.5,"6":1}')).toEqual({ '3': 2, '6': 1 });
    expect(parseCounts('not json')).toEqual({});
    expect(parseCounts('[1,2]')).toEqual({});
  });
});
