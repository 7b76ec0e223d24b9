// Calendar arithmetic on 'YYYY-MM-DD' date keys. Keys are local calendar dates, not
// instants, so a check-in on "2025-03-09" means that day wherever the browser is, and
// daylight-saving shifts can never move a day into the next cell. Grid math runs in UTC.

/** A calendar date as 'YYYY-MM-DD' (the check-in API's format). */
export type DateKey = string;

/** A month with a human month number (1 to 12), matching the API's 'YYYY-MM'. */
export interface YearMonth {
  year: number;
  month: number;
}

export type WeekStart = 0 | 1;
export type DayRelation = 'past' | 'today' | 'future';

export interface CalendarDay {
  key: DateKey;
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday. */
  weekday: number;
  /** False for the leading and trailing days of neighbouring months. */
  inMonth: boolean;
}

const DATE_KEY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function dateKeyOf(year: number, month: number, day: number): DateKey {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The local calendar date of an instant. */
export function toDateKey(date: Date): DateKey {
  return dateKeyOf(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

export function todayKey(now: Date = new Date()): DateKey {
  return toDateKey(now);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Parses and validates a key; null for malformed or impossible dates like 2025-02-30. */
export function parseDateKey(key: string): { year: number; month: number; day: number } | null {
  const m = DATE_KEY_RE.exec(key);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function yearMonthOf(key: DateKey): YearMonth | null {
  const parts = parseDateKey(key);
  return parts ? { year: parts.year, month: parts.month } : null;
}

/** 'YYYY-MM', the month parameter of GET /api/user/checkin. */
export function monthKey({ year, month }: YearMonth): string {
  return `${pad(year, 4)}-${pad(month)}`;
}

export function addMonths({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

export function compareYearMonth(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** Zero-padded keys sort as strings. */
export function compareDateKeys(a: DateKey, b: DateKey): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function dayRelation(key: DateKey, today: DateKey): DayRelation {
  const order = compareDateKeys(key, today);
  return order < 0 ? 'past' : order === 0 ? 'today' : 'future';
}

/** Moves a key by whole days (negative goes back). */
export function addDays(key: DateKey, delta: number): DateKey {
  const parts = parseDateKey(key);
  if (!parts) return key;
  const d = new Date(Date.UTC(parts.year, parts.month - 1, parts.day) + delta * MS_PER_DAY);
  return dateKeyOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function weekdayOf(key: DateKey): number {
  const parts = parseDateKey(key);
  return parts ? new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay() : 0;
}

/**
 * Six weeks of seven days covering the month, starting on Sunday by default. A fixed
 * six rows keeps the grid from jumping in height when the user changes month.
 */
export function monthGrid(ym: YearMonth, weekStartsOn: WeekStart = 0): CalendarDay[][] {
  const first = Date.UTC(ym.year, ym.month - 1, 1);
  const lead = (new Date(first).getUTCDay() - weekStartsOn + 7) % 7;
  const start = first - lead * MS_PER_DAY;
  const weeks: CalendarDay[][] = [];
  for (let w = 0; w < 6; w++) {
    const week: CalendarDay[] = [];
    for (let d = 0; d < 7; d++) {
      const date = new Date(start + (w * 7 + d) * MS_PER_DAY);
      const year = date.getUTCFullYear();
      const month = date.getUTCMonth() + 1;
      const day = date.getUTCDate();
      week.push({
        key: dateKeyOf(year, month, day),
        year,
        month,
        day,
        weekday: date.getUTCDay(),
        inMonth: year === ym.year && month === ym.month,
      });
    }
    weeks.push(week);
  }
  return weeks;
}

/** Weekday numbers in display order (Sunday first by default). */
export function weekdayOrder(weekStartsOn: WeekStart = 0): number[] {
  return Array.from({ length: 7 }, (_, i) => (i + weekStartsOn) % 7);
}
