import { seededRandom } from '../common/__fixtures__/seeded-random';
import { pickCandidate, type RouteCandidate } from './routing-pick';

const c = (channelId: number, priority: number, weight: number): RouteCandidate => ({ channelId, priority, weight });

function tally(list: RouteCandidate[], exclude: Set<number>, draws: number, seed: number): Map<number, number> {
  const rand = seededRandom(seed);
  const counts = new Map<number, number>();
  for (let i = 0; i < draws; i++) {
    const hit = pickCandidate(list, exclude, rand);
    if (hit) counts.set(hit.channelId, (counts.get(hit.channelId) ?? 0) + 1);
  }
  return counts;
}

describe('pickCandidate', () => {
  it('always picks from the highest priority tier while it has a channel left', () => {
    const list = [c(1, 10, 1), c(2, 10, 1), c(3, 5, 100), c(4, 0, 100)];
    const counts = tally(list, new Set(), 2000, 7);
    expect([...counts.keys()].sort()).toEqual([1, 2]);
  });

  it('falls to the next tier once the top tier is excluded, then the next', () => {
    const list = [c(1, 10, 1), c(2, 10, 1), c(3, 5, 1), c(4, 0, 1)];
    expect(pickCandidate(list, new Set([1, 2]), seededRandom(1))?.channelId).toBe(3);
    expect(pickCandidate(list, new Set([1, 2, 3]), seededRandom(1))?.channelId).toBe(4);
    expect(pickCandidate(list, new Set([1, 2, 3, 4]), seededRandom(1))).toBeNull();
  });

  it('draws in proportion to weight inside a tier', () => {
    const list = [c(1, 0, 1), c(2, 0, 3), c(3, 0, 6)];
    const draws = 20000;
    const counts = tally(list, new Set(), draws, 42);
    const share = (id: number) => (counts.get(id) ?? 0) / draws;
    expect(share(1)).toBeGreaterThan(0.08);
    expect(share(1)).toBeLessThan(0.12);
    expect(share(2)).toBeGreaterThan(0.27);
    expect(share(2)).toBeLessThan(0.33);
    expect(share(3)).toBeGreaterThan(0.57);
    expect(share(3)).toBeLessThan(0.63);
  });

  it('never draws a weight-0 channel while a weighted one remains in the tier', () => {
    const list = [c(1, 0, 0), c(2, 0, 5), c(3, 0, 0)];
    const counts = tally(list, new Set(), 3000, 3);
    expect([...counts.keys()]).toEqual([2]);
  });

  it('draws uniformly when every remaining channel of the tier weighs 0', () => {
    const list = [c(1, 0, 0), c(2, 0, 5), c(3, 0, 0)];
    const counts = tally(list, new Set([2]), 10000, 11);
    expect([...counts.keys()].sort()).toEqual([1, 3]);
    expect(Math.abs((counts.get(1) ?? 0) - (counts.get(3) ?? 0))).toBeLessThan(600);
  });

  it('maps the random point onto the walk deterministically', () => {
    const list = [c(1, 0, 1), c(2, 0, 3)];
    expect(pickCandidate(list, new Set(), () => 0)?.channelId).toBe(1);
    expect(pickCandidate(list, new Set(), () => 0.249)?.channelId).toBe(1);
    expect(pickCandidate(list, new Set(), () => 0.25)?.channelId).toBe(2);
    expect(pickCandidate(list, new Set(), () => 0.9999999)?.channelId).toBe(2);
  });

  it('returns null for no candidates', () => {
    expect(pickCandidate([], new Set())).toBeNull();
  });
});
