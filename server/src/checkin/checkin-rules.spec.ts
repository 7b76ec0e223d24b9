import { checkinReward, monthRange, utcDay } from './checkin-rules';

describe('checkin rules', () => {
  it('draws in [MinQuota, MaxQuota] inclusive when both are set and ordered', () => {
    const calls: [number, number][] = [];
    const reward = checkinReward({ minQuota: 10, maxQuota: 20, bonusPerDay: 5 }, (a, b) => {
      calls.push([a, b]);
      return b - 1;
    });
    expect(calls).toEqual([[10, 21]]);
    expect(reward).toBe(20);
    for (let i = 0; i < 50; i++) {
      const r = checkinReward({ minQuota: 3, maxQuota: 5, bonusPerDay: 0 });
      expect(r).toBeGreaterThanOrEqual(3);
      expect(r).toBeLessThanOrEqual(5);
    }
  });

  it.each([
    [0, 100, 7],
    [100, 0, 7],
    [50, 50, 7],
    [60, 50, 7],
  ])('falls back to BonusPerDay (min %d, max %d)', (minQuota, maxQuota, bonusPerDay) => {
    expect(checkinReward({ minQuota, maxQuota, bonusPerDay }, () => -1)).toBe(bonusPerDay);
  });

  it('never rewards a negative amount', () => {
    expect(checkinReward({ minQuota: 0, maxQuota: 0, bonusPerDay: -3 })).toBe(0);
  });

  it('computes UTC days and month ranges', () => {
    expect(utcDay(Date.UTC(2025, 0, 31, 23, 59, 59) / 1000)).toBe('2025-01-31');
    expect(utcDay(Date.UTC(2025, 1, 1, 0, 0, 0) / 1000)).toBe('2025-02-01');
    expect(monthRange('2024-02')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(monthRange('2025-12')).toEqual({ first: '2025-12-01', last: '2025-12-31' });
    expect(monthRange('2025-13')).toBeNull();
    expect(monthRange('2025-1')).toBeNull();
    expect(monthRange('x')).toBeNull();
  });
});
