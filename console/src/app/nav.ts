// The top navigation of spec §2.2, built from the session: exactly the spec's entries, each with
// its condition (admin-only entries, the logs submenu's flags from the status object, chat only
// with a stored chat link, monitor only when enabled) and the festive New Year entry on its dates.
import type { NavItem } from '@sluice/ui-kit';
import type { Translate } from '../i18n';
import type { ConsoleStatus } from '../api/status';

export interface NavContext {
  admin: boolean;
  status: ConsoleStatus;
  t: Translate;
  /** Today (local time): the New Year entry shows on 1 January and 9 to 24 February. */
  now?: Date;
  onNewYear?: () => void;
}

export function isNewYearDay(now: Date): boolean {
  const month = now.getMonth();
  const day = now.getDate();
  return (month === 0 && day === 1) || (month === 1 && day >= 9 && day <= 24);
}

const nonEmpty = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';

export function buildNav({ admin, status, t, now = new Date(), onNewYear }: NavContext): NavItem[] {
  const items: (NavItem | false)[] = [
    { key: 'home', label: t('console.shell.nav.home'), href: '/' },
    admin && { key: 'channel', label: t('console.shell.nav.channel'), href: '/channel' },
    { key: 'playground', label: t('console.shell.nav.playground'), href: '/playground' },
    nonEmpty(status.chat_link) && { key: 'chat', label: t('console.shell.nav.chat'), href: '/chat' },
    { key: 'token', label: t('console.shell.nav.token'), href: '/token' },
    admin && { key: 'redemption', label: t('console.shell.nav.redemption'), href: '/redemption' },
    { key: 'topup', label: t('console.shell.nav.topup'), href: '/topup' },
    {
      key: 'logs',
      label: t('console.shell.nav.logs'),
      children: ([
        { key: 'log', label: t('console.shell.nav.log'), href: '/log' },
        status.enable_data_export === true && { key: 'detail', label: t('console.shell.nav.detail'), href: '/detail' },
        status.enable_drawing === true && { key: 'midjourney', label: t('console.shell.nav.midjourney'), href: '/midjourney' },
        status.enable_task === true && { key: 'task', label: t('console.shell.nav.task'), href: '/task' },
        admin && { key: 'audit', label: t('console.audit.title'), href: '/audit' },
      ] as (NavItem | false)[]).filter((x): x is NavItem => x !== false),
    },
    { key: 'pricing', label: t('console.shell.nav.pricing'), href: '/pricing' },
    status.MonitorLinkEnabled === true && { key: 'monitor', label: t('console.shell.nav.monitor'), href: '/monitor' },
    admin && { key: 'user', label: t('console.shell.nav.user'), href: '/user' },
    isNewYearDay(now) && { key: 'newYear', label: t('console.shell.nav.newYear'), onSelect: onNewYear },
  ];
  return items.filter((x): x is NavItem => x !== false);
}

/** The entry (or sub-entry) a path belongs to, for the highlight. */
export function activeKeyOf(pathname: string): string | undefined {
  const first = pathname.split('/')[1] ?? '';
  if (first === '') return 'home';
  if (first === 'setting') return undefined;
  return first;
}
