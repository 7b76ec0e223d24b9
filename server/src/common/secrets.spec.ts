import { randomAlnum } from './secrets';

describe('randomAlnum', () => {
  it('gives exactly the length asked for, from [0-9a-zA-Z] only', () => {
    for (let n = 0; n <= 64; n++) {
      const s = randomAlnum(n);
      expect(s).toHaveLength(n);
      expect(s).toMatch(/^[0-9a-zA-Z]*$/);
    }
  });

  it('uses all 62 characters about equally (no bias from the byte modulo)', () => {
    const counts = new Map<string, number>();
    const draws = 62 * 2000;
    for (const ch of randomAlnum(draws)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Chi-square with 61 degrees of freedom: above 120 happens with probability under 1e-5.
    const expected = draws / 62;
    let chi = 0;
    for (const c of counts.values()) chi += (c - expected) ** 2 / expected;
    expect(chi).toBeLessThan(120);
  });
});
