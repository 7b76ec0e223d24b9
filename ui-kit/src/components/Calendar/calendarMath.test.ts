import {
  addDays,
  addMonths,
  dateKeyOf,
  dayRelation,
  daysInMonth,
  monthGrid,
  monthKey,
  parseDateKey,
  toDateKey,
  weekdayOf,
  weekdayOrder,
} from './calendarMath';

describe('calendarMath', () => {
  it('formats and validates date keys', () => {
    expect(dateKeyOf(2025, 3, 9)).toBe('2025-03-09');
    expect(toDateKey(new Date(2024, 1, 29, 23, 59))).toBe('2024-02-29');
    expect(parseDateKey('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDateKey('2025-02-29')).toBeNull();
    expect(parseDateKey('2025-13-01')).toBeNull();
    expect(parseDateKey('2025-1-01')).toBeNull();
  });

  it('knows month lengths, including leap years', () => {
    expect([1, 2, 4, 12].map((m) => daysInMonth(2025, m))).toEqual([31, 28, 30, 31]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it('moves across year boundaries', () => {
    expect(addMonths({ year: 2025, month: 1 }, -1)).toEqual({ year: 2024, month: 12 });
    expect(addMonths({ year: 2024, month: 12 }, 1)).toEqual({ year: 2025, month: 1 });
    expect(addMonths({ year: 2025, month: 5 }, -17)).toEqual({ year: 2023, month: 12 });
    expect(monthKey({ year: 2025, month: 3 })).toBe('2025-03');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('builds a six-week grid starting on Sunday', () => {
    // 1 March 2025 is a Saturday: six leading February days.
    const grid = monthGrid({ year: 2025, month: 3 });
    expect(grid).toHaveLength(6);
    expect(grid.every((week) => week.length === 7)).toBe(true);
    expect(grid[0]?.[0]).toMatchObject({ key: '2025-02-23', weekday: 0, inMonth: false });
    expect(grid[0]?.[6]).toMatchObject({ key: '2025-03-01', weekday: 6, inMonth: true });
    expect(grid.flat().filter((d) => d.inMonth)).toHaveLength(31);
    expect(grid[5]?.[6]).toMatchObject({ key: '2025-04-05', inMonth: false });
  });

  it('starts on the 1st when the month begins on Sunday, and supports Monday starts', () => {
    expect(monthGrid({ year: 2025, month: 6 })[0]?.[0]?.key).toBe('2025-06-01');
    const mondayGrid = monthGrid({ year: 2025, month: 6 }, 1);
    expect(mondayGrid[0]?.[0]).toMatchObject({ key: '2025-05-26', weekday: 1 });
    expect(weekdayOrder(0)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdayOrder(1)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });

  it('classifies days relative to today', () => {
    expect(dayRelation('2025-03-08', '2025-03-09')).toBe('past');
    expect(dayRelation('2025-03-09', '2025-03-09')).toBe('today');
    expect(dayRelation('2025-04-01', '2025-03-09')).toBe('future');
    expect(weekdayOf('2025-03-09')).toBe(0);
  });
});
