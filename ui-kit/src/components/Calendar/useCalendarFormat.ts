// Month titles, weekday names and spoken dates from Intl in the kit's current locale, so
// the catalogues do not need twelve month names and seven weekday names per language.
import { useMemo } from 'react';
import { useT } from '../../i18n/I18nProvider';
import type { YearMonth } from './calendarMath';

// 1 January 2023 was a Sunday: weekday n is that date plus n days.
const SUNDAY = Date.UTC(2023, 0, 1);
const DAY = 86_400_000;

export interface CalendarFormat {
  month: (ym: YearMonth) => string;
  weekdayShort: (weekday: number) => string;
  weekdayLong: (weekday: number) => string;
  fullDate: (day: { year: number; month: number; day: number }) => string;
}

export function useCalendarFormat(): CalendarFormat {
  const { locale } = useT();
  return useMemo(() => {
    // Formatting in UTC with UTC dates keeps every output independent of the host zone.
    const monthFmt = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' });
    const shortFmt = new Intl.DateTimeFormat(locale, {
      weekday: locale === 'zh-CN' ? 'narrow' : 'short',
      timeZone: 'UTC',
    });
    const longFmt = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    const fullFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
    return {
      month: ({ year, month }) => monthFmt.format(Date.UTC(year, month - 1, 1)),
      weekdayShort: (weekday) => shortFmt.format(SUNDAY + weekday * DAY),
      weekdayLong: (weekday) => longFmt.format(SUNDAY + weekday * DAY),
      fullDate: ({ year, month, day }) => fullFmt.format(Date.UTC(year, month - 1, day)),
    };
  }, [locale]);
}
