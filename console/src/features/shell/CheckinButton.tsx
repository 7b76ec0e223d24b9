// The daily check-in of spec §2.15: a floating button opening this month's calendar (weeks from
// Sunday) with the five day states; days are the server's (UTC) days.
import { useState } from 'react';
import {
  Button,
  Calendar,
  CalendarCheckIcon,
  FloatingButton,
  Popover,
  Stack,
  Tag,
  toast,
  type CalendarDayInfo,
  type YearMonth,
} from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { keys } from '../../api/keys';
import { useApi, useApiData, useInvalidate } from '../../api/useApi';
import { useSession } from '../../app/session';

interface SignInDates {
  sign_in_dates: string[];
  status: { can_sign_in_today: boolean };
}

export type DayState = 'signed' | 'today' | 'todaySigned' | 'future' | 'missed' | 'beforeAccount' | 'unknown';

/**
 * A day's state; days before the account existed (`firstDay`, a UTC date key) were never missable.
 * Until the month's sign-ins and the account's creation time are both in (`loaded`), a past day
 * without a mark is unknown, not missed: a slow answer must not show a month of misses.
 */
export function dayState(day: Pick<CalendarDayInfo, 'relation' | 'marked' | 'key'>, firstDay?: string, loaded = true): DayState {
  if (day.relation === 'today') return day.marked ? 'todaySigned' : 'today';
  if (day.relation === 'future') return 'future';
  if (day.marked) return 'signed';
  if (!loaded) return 'unknown';
  return firstDay !== undefined && day.key < firstDay ? 'beforeAccount' : 'missed';
}

const utcToday = (): string => new Date().toISOString().slice(0, 10);
const monthParam = (m: YearMonth): string => `${m.year}-${String(m.month).padStart(2, '0')}`;

const GLYPH: Record<DayState, string> = { signed: '✓', todaySigned: '✓', today: '•', future: '', missed: '–', beforeAccount: '', unknown: '' };

export function CheckinButton() {
  const { t } = useT();
  const { user } = useSession();
  const { request, describe } = useApi();
  const invalidate = useInvalidate();
  const today = utcToday();
  const [month, setMonth] = useState<YearMonth>({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) });
  const [busy, setBusy] = useState(false);
  const { data, mutate } = useApiData<SignInDates>(user ? keys.signInDates(monthParam(month)) : null, {
    // A failing date list is only logged (spec §8); the button still works.
    onError: (error: unknown) => console.warn('sign-in dates', error),
  });
  const { data: self } = useApiData<{ created_time?: number }>(user ? keys.self() : null);
  const loaded = data !== undefined && self !== undefined;
  const firstDay = typeof self?.created_time === 'number' && self.created_time > 0 ? new Date(self.created_time * 1000).toISOString().slice(0, 10) : undefined;
  const current = month.year === Number(today.slice(0, 4)) && month.month === Number(today.slice(5, 7));
  const signedToday = current && data ? !data.status.can_sign_in_today : false;

  if (!user) {
    return <FloatingButton icon={<CalendarCheckIcon />} label={t('console.shell.checkin.notLoggedIn')} disabled />;
  }

  const signIn = async () => {
    setBusy(true);
    try {
      await request('POST', '/api/user/sign-in');
      toast.success(t('console.shell.checkin.success'));
      await mutate();
      await invalidate('/api/user/self');
    } catch (error) {
      toast.error(describe(error) || t('console.shell.checkin.failed'));
    } finally {
      setBusy(false);
    }
  };

  const label = signedToday ? t('console.shell.checkin.signedToday') : t('console.shell.checkin.button');
  const states: DayState[] = ['signed', 'today', 'todaySigned', 'future', 'missed'];
  const stateLabel: Record<DayState, string> = {
    signed: t('console.shell.checkin.stateSigned'),
    today: t('console.shell.checkin.stateToday'),
    todaySigned: t('console.shell.checkin.stateTodaySigned'),
    future: t('console.shell.checkin.stateFuture'),
    missed: t('console.shell.checkin.stateMissed'),
    beforeAccount: t('console.shell.checkin.stateBeforeAccount'),
    unknown: t('console.shell.checkin.stateUnknown'),
  };

  return (
    <Popover
      title={t('console.shell.checkin.title')}
      side="left"
      content={
        <Stack gap={3}>
          <Calendar
            month={month}
            onMonthChange={setMonth}
            today={today}
            // Days are focusable grid cells so keyboard users can read each day's state; choosing
            // one selects nothing.
            value={null}
            onSelect={() => undefined}
            outsideDays="hidden"
            markedDates={data?.sign_in_dates ?? []}
            markLabel={t('console.shell.checkin.stateSigned')}
            renderDay={(day) => {
              const state = dayState(day, firstDay, loaded);
              return day.inMonth ? <span data-day-state={state}>{GLYPH[state]}</span> : null;
            }}
          />
          <Stack direction="row" gap={1} aria-label={t('console.shell.checkin.legend')}>
            {states.map((s) => (
              <Tag key={s} size="sm">
                {GLYPH[s] ? `${GLYPH[s]} ` : ''}
                {stateLabel[s]}
              </Tag>
            ))}
          </Stack>
          <Stack direction="row" justify="between">
            <span>{t('console.shell.checkin.count', { count: data?.sign_in_dates.length ?? 0 })}</span>
            <Button variant="primary" loading={busy} disabled={signedToday || !current} onClick={() => void signIn()}>
              {signedToday ? t('console.shell.checkin.signedToday') : t('console.shell.checkin.signIn')}
            </Button>
          </Stack>
        </Stack>
      }
    >
      <FloatingButton icon={<CalendarCheckIcon />} label={label} variant={signedToday ? 'outline' : 'primary'} />
    </Popover>
  );
}
