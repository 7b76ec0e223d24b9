// The floating buttons of spec §2.2: contact info, daily check-in, theme toggle, notices.
import { useState } from 'react';
import {
  BellIcon,
  Button,
  ContactIcon,
  Dialog,
  DialogClose,
  EmptyState,
  FloatingButton,
  FloatingButtons,
  Markdown,
  MoonIcon,
  Spinner,
  SunIcon,
} from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { keys } from '../../api/keys';
import { useApiData } from '../../api/useApi';
import { useSession } from '../../app/session';
import { CheckinButton } from './CheckinButton';

interface ContactInfo {
  QQContact?: string;
  WeChatContact?: string;
}

function ContactButton() {
  const { t } = useT();
  const { data, error } = useApiData<ContactInfo>(keys.contactInfo(), {
    onError: () => undefined,
  });
  const lines = [
    data?.QQContact ? t('console.shell.floating.contactQQ', { value: data.QQContact }) : null,
    data?.WeChatContact ? t('console.shell.floating.contactWeChat', { value: data.WeChatContact }) : null,
  ].filter((x): x is string => x !== null);
  const tooltip = error
    ? t('console.shell.floating.contactFailed')
    : lines.length > 0
      ? lines.map((l) => <div key={l}>{l}</div>)
      : t('console.shell.floating.contactNone');
  return <FloatingButton icon={<ContactIcon />} label={t('console.shell.floating.contact')} tooltip={tooltip} />;
}

function NoticeButton() {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const { data, error, isLoading } = useApiData<string>(open ? keys.notice() : null, { onError: () => undefined });
  return (
    <>
      <FloatingButton icon={<BellIcon />} label={t('console.shell.floating.notice')} onClick={() => setOpen(true)} />
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('console.shell.floating.notice')}
        footer={
          <DialogClose asChild>
            <Button variant="primary">{t('console.shell.floating.close')}</Button>
          </DialogClose>
        }
      >
        {isLoading ? (
          <Spinner />
        ) : error ? (
          <EmptyState title={t('console.shell.floating.noticeFailed')} />
        ) : data && data.trim() !== '' ? (
          <Markdown html="sanitize">{data}</Markdown>
        ) : (
          <EmptyState title={t('console.shell.floating.noticeEmpty')} />
        )}
      </Dialog>
    </>
  );
}

export function ShellFloating() {
  const { t } = useT();
  const { theme, setTheme } = useSession();
  return (
    <FloatingButtons>
      <ContactButton />
      <CheckinButton />
      <FloatingButton
        icon={theme === 'dark' ? <SunIcon /> : <MoonIcon />}
        label={theme === 'dark' ? t('console.shell.floating.themeToLight') : t('console.shell.floating.themeToDark')}
        onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
      />
      <NoticeButton />
    </FloatingButtons>
  );
}
