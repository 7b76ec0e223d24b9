export { Calendar } from './Calendar';
export type { CalendarDayInfo, CalendarMarkTone, CalendarProps } from './Calendar';
export {
  addDays,
  addMonths,
  dateKeyOf,
  dayRelation,
  monthGrid,
  monthKey,
  parseDateKey,
  toDateKey,
  todayKey,
} from './calendarMath';
export type { CalendarDay, DateKey, DayRelation, WeekStart, YearMonth } from './calendarMath';
