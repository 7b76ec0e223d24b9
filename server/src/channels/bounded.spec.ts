import { forEachLimit } from './bounded';

describe('forEachLimit', () => {
  it('visits every item once with at most `limit` calls in flight, past failures', async () => {
    let inFlight = 0;
    let peak = 0;
    const seen: number[] = [];
    await forEachLimit([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4, async (n) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5 + (n % 3)));
      seen.push(n);
      inFlight--;
      if (n === 3) throw new Error('one failure');
    });
    expect(seen.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(peak).toBe(4);
  });

  it('does nothing for an empty list', async () => {
    const fn = jest.fn(async () => undefined);
    await forEachLimit([], 4, fn);
    expect(fn).not.toHaveBeenCalled();
  });
});
