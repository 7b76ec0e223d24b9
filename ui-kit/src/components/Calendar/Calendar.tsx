import {
  forwardRef,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useT } from '../../i18n/I18nProvider';
import { useControllableState } from '../../internal/useControllableState';
import { IconButton } from '../IconButton/IconButton';
import {
  addDays,
  addMonths,
  compareDateKeys,
  compareYearMonth,
  dateKeyOf,
  dayRelation,
  daysInMonth,
  monthGrid,
  parseDateKey,
  todayKey,
  weekdayOrder,
  yearMonthOf,
  type CalendarDay,
  type DateKey,
  type DayRelation,
  type WeekStart,
  type YearMonth,
} from './calendarMath';
import {
  StyledCalendar,
  StyledCell,
  StyledDay,
  StyledDayExtra,
  StyledFooter,
  StyledGrid,
  StyledHeader,
  StyledTitle,
  StyledWeekday,
  type CalendarMarkTone,
} from './Calendar.styles';
import { ChevronLeftIcon, ChevronRightIcon } from '../../internal/icons';
import { useCalendarFormat } from './useCalendarFormat';

export type { CalendarMarkTone };

export interface CalendarDayInfo extends CalendarDay {
  relation: DayRelation;
  marked: boolean;
  disabled: boolean;
  selected: boolean;
}

export interface CalendarProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onSelect' | 'defaultValue'> {
  /** Displayed month (controlled). */
  month?: YearMonth;
  /** Initial month when uncontrolled; defaults to the month of `value` or of today. */
  defaultMonth?: YearMonth;
  onMonthChange?: (month: YearMonth) => void;
  /** Today's date key; defaults to the browser's local date. */
  today?: DateKey;
  /** Selected day (controlled). */
  value?: DateKey | null;
  defaultValue?: DateKey | null;
  /** Makes days clickable buttons. */
  onSelect?: (day: DateKey) => void;
  /** Days drawn with the mark colour (e.g. days already signed in). */
  markedDates?: Iterable<DateKey>;
  markTone?: CalendarMarkTone;
  /** Spoken after a marked day's date; defaults to "已标记". */
  markLabel?: string;
  disabledDates?: readonly DateKey[] | ((day: DateKey) => boolean);
  minDate?: DateKey;
  maxDate?: DateKey;
  /** 0 = Sunday (default, as the spec asks), 1 = Monday. */
  weekStartsOn?: WeekStart;
  /** Leading and trailing days of neighbouring months. Defaults to 'visible'. */
  outsideDays?: 'visible' | 'hidden';
  /** Month arrows. Defaults to 'visible'. */
  navigation?: 'visible' | 'hidden';
  /** Extra content under the day number (small: a reward, a dot). */
  renderDay?: (day: CalendarDayInfo) => ReactNode;
  footer?: ReactNode;
}

/**
 * Month grid (weeks start on Sunday) with today, marked, disabled and selected days and
 * month navigation. Interactive when `onSelect` is given: a grid with arrow-key, Home/End
 * and PageUp/PageDown navigation and a single tab stop.
 */
export const Calendar = forwardRef<HTMLDivElement, CalendarProps>(function Calendar(
  {
    month: monthProp,
    defaultMonth,
    onMonthChange,
    today: todayProp,
    value: valueProp,
    defaultValue = null,
    onSelect,
    markedDates,
    markTone = 'success',
    markLabel,
    disabledDates,
    minDate,
    maxDate,
    weekStartsOn = 0,
    outsideDays = 'visible',
    navigation = 'visible',
    renderDay,
    footer,
    ...rest
  },
  ref,
) {
  const { t, locale } = useT();
  const format = useCalendarFormat();
  const today = todayProp ?? todayKey();
  const [value, setValue] = useControllableState<DateKey | null>(valueProp, defaultValue);
  const initialMonth = defaultMonth ?? yearMonthOf(value ?? today) ?? yearMonthOf(todayKey());
  const [month, setMonth] = useControllableState<YearMonth>(
    monthProp,
    initialMonth ?? { year: 1970, month: 1 },
    onMonthChange,
  );
  const interactive = onSelect !== undefined;
  const titleId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const [focusKey, setFocusKey] = useState<DateKey | null>(null);
  const moveFocus = useRef(false);

  const marked = useMemo(() => new Set(markedDates ?? []), [markedDates]);
  const isDisabled = (key: DateKey): boolean => {
    if (minDate !== undefined && compareDateKeys(key, minDate) < 0) return true;
    if (maxDate !== undefined && compareDateKeys(key, maxDate) > 0) return true;
    if (typeof disabledDates === 'function') return disabledDates(key);
    return disabledDates?.includes(key) ?? false;
  };

  const weeks = useMemo(() => monthGrid(month, weekStartsOn), [month, weekStartsOn]);
  const inMonthKeys = weeks.flat().filter((d) => d.inMonth).map((d) => d.key);
  // The single tab stop: the focused day if shown, else the selection, today, or the 1st.
  const tabStop =
    [focusKey, value, today].find((k): k is DateKey => k !== null && inMonthKeys.includes(k)) ?? inMonthKeys[0];

  const minMonth = minDate !== undefined ? yearMonthOf(minDate) : null;
  const maxMonth = maxDate !== undefined ? yearMonthOf(maxDate) : null;
  const canGoBack = !minMonth || compareYearMonth(month, minMonth) > 0;
  const canGoForward = !maxMonth || compareYearMonth(month, maxMonth) < 0;

  useEffect(() => {
    if (!moveFocus.current || focusKey === null) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${focusKey}"]`)?.focus();
  }, [focusKey, month]);

  const focusDay = (key: DateKey): void => {
    const target = yearMonthOf(key);
    if (!target) return;
    if ((minMonth && compareYearMonth(target, minMonth) < 0) || (maxMonth && compareYearMonth(target, maxMonth) > 0)) {
      return;
    }
    if (compareYearMonth(target, month) !== 0) setMonth(target);
    moveFocus.current = true;
    setFocusKey(key);
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>): void => {
    const current = (event.target as HTMLElement).dataset.date;
    if (!current) return;
    const weekday = weeks.flat().find((d) => d.key === current)?.weekday ?? 0;
    const column = (weekday - weekStartsOn + 7) % 7;
    const moves: Record<string, () => DateKey> = {
      ArrowLeft: () => addDays(current, -1),
      ArrowRight: () => addDays(current, 1),
      ArrowUp: () => addDays(current, -7),
      ArrowDown: () => addDays(current, 7),
      Home: () => addDays(current, -column),
      End: () => addDays(current, 6 - column),
      PageUp: () => shiftMonthKeepingDay(current, -1),
      PageDown: () => shiftMonthKeepingDay(current, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    focusDay(move());
  };

  const select = (key: DateKey): void => {
    if (isDisabled(key)) return;
    setValue(key);
    setFocusKey(key);
    onSelect?.(key);
    const target = yearMonthOf(key);
    if (target && compareYearMonth(target, month) !== 0) setMonth(target);
  };

  return (
    <StyledCalendar ref={ref} data-month={`${month.year}-${month.month}`} {...rest}>
      <StyledHeader>
        {navigation === 'visible' ? (
          <IconButton
            size="sm"
            icon={<ChevronLeftIcon />}
            aria-label={t('calendar.previousMonth')}
            disabled={!canGoBack}
            onClick={() => setMonth(addMonths(month, -1))}
          />
        ) : null}
        <StyledTitle id={titleId} aria-live="polite">
          {format.month(month)}
        </StyledTitle>
        {navigation === 'visible' ? (
          <IconButton
            size="sm"
            icon={<ChevronRightIcon />}
            aria-label={t('calendar.nextMonth')}
            disabled={!canGoForward}
            onClick={() => setMonth(addMonths(month, 1))}
          />
        ) : null}
      </StyledHeader>
      <StyledGrid
        ref={gridRef}
        role={interactive ? 'grid' : undefined}
        aria-labelledby={titleId}
        onKeyDown={interactive ? onGridKeyDown : undefined}
      >
        <thead>
          <tr>
            {weekdayOrder(weekStartsOn).map((weekday) => (
              <StyledWeekday key={weekday} scope="col" abbr={format.weekdayLong(weekday)}>
                {format.weekdayShort(weekday)}
              </StyledWeekday>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.key}>
              {week.map((day) => {
                const info: CalendarDayInfo = {
                  ...day,
                  relation: dayRelation(day.key, today),
                  marked: marked.has(day.key),
                  disabled: isDisabled(day.key),
                  selected: value === day.key,
                };
                if (!day.inMonth && outsideDays === 'hidden') return <StyledCell key={day.key} />;
                const label = [
                  format.fullDate(day),
                  info.relation === 'today' ? t('calendar.today') : null,
                  info.marked ? (markLabel ?? t('calendar.marked')) : null,
                ]
                  .filter(Boolean)
                  .join(locale === 'zh-CN' ? '，' : ', ');
                const extra = renderDay?.(info);
                return (
                  <StyledCell key={day.key} aria-selected={interactive ? info.selected : undefined}>
                    <StyledDay
                      as={interactive ? 'button' : 'div'}
                      type={interactive ? 'button' : undefined}
                      tabIndex={interactive ? (day.key === tabStop ? 0 : -1) : undefined}
                      // Read-only days are named images of their date (a bare div may not carry
                      // aria-label: axe aria-prohibited-attr); interactive ones are buttons.
                      role={interactive ? undefined : 'img'}
                      aria-label={label}
                      aria-current={info.relation === 'today' ? 'date' : undefined}
                      aria-disabled={interactive && info.disabled ? true : undefined}
                      data-date={day.key}
                      data-relation={info.relation}
                      data-today={info.relation === 'today' ? '' : undefined}
                      data-marked={info.marked ? '' : undefined}
                      data-disabled={info.disabled ? '' : undefined}
                      data-selected={info.selected ? '' : undefined}
                      data-outside={day.inMonth ? undefined : ''}
                      data-interactive={interactive ? '' : undefined}
                      onClick={interactive ? () => select(day.key) : undefined}
                      onFocus={interactive ? () => setFocusKey(day.key) : undefined}
                      $markTone={markTone}
                    >
                      <span aria-hidden="true">{day.day}</span>
                      {renderDay ? (
                        // Always present (blank when empty) so every row has the same height.
                        <StyledDayExtra aria-hidden="true">
                          {extra === null || extra === undefined || extra === false ? '\u00a0' : extra}
                        </StyledDayExtra>
                      ) : null}
                    </StyledDay>
                  </StyledCell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </StyledGrid>
      {footer !== undefined ? <StyledFooter>{footer}</StyledFooter> : null}
    </StyledCalendar>
  );
});

/** Same day number in the neighbouring month, clamped (31 Jan + 1 month = 28/29 Feb). */
function shiftMonthKeepingDay(key: DateKey, delta: number): DateKey {
  const parts = parseDateKey(key);
  if (!parts) return key;
  const target = addMonths(parts, delta);
  return dateKeyOf(target.year, target.month, Math.min(parts.day, daysInMonth(target.year, target.month)));
}
