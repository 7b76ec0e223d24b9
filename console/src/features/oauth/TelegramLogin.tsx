// The login screen's Telegram entry: a button opening a dialog with Telegram's widget; the
// widget's fields sign in (spec accounts §2 screen 1), then /token.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Banner, Button, Dialog, Stack, toast, useT } from '@sluice/ui-kit';
import { useApi } from '../../api/useApi';
import { useSession } from '../../app/session';
import { useTelegramAuth } from './telegram';
import { TelegramWidget } from './TelegramWidget';

export function TelegramLogin({ botName, label }: { botName: string; label: string }) {
  const { t } = useT();
  const { login } = useTelegramAuth();
  const { describe } = useApi();
  const { setUser } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  const onAuth = (fields: Record<string, string | number>) => {
    login(fields)
      .then((user) => {
        setUser(user);
        toast.success(t('console.payments.oauth.loggedIn'));
        navigate('/token');
      })
      .catch((e: unknown) => setError(describe(e)));
  };

  return (
    <Dialog
      title={t('console.payments.oauth.telegramTitle')}
      description={t('console.payments.oauth.telegramHint')}
      size="sm"
      trigger={<Button fullWidth>{label}</Button>}
    >
      <Stack gap={3} align="center">
        {error ? <Banner type="danger">{error}</Banner> : null}
        {botName === '' ? <Banner type="warning">{t('console.payments.oauth.telegramNoBot')}</Banner> : <TelegramWidget botName={botName} onAuth={onAuth} />}
      </Stack>
    </Dialog>
  );
}
