// The login screen's Telegram entry: a button opening a dialog with Telegram's widget, which
// returns through /oauth/telegram to sign in (spec accounts §2 screen 1), then /token.
import { Banner, Button, Dialog, Stack } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { TelegramWidget, telegramAuthUrl } from './TelegramWidget';

export function TelegramLogin({ botName, label }: { botName: string; label: string }) {
  const { t } = useT();
  return (
    <Dialog
      title={t('console.payments.oauth.telegramTitle')}
      description={t('console.payments.oauth.telegramHint')}
      size="sm"
      trigger={<Button fullWidth>{label}</Button>}
    >
      <Stack gap={3} align="center">
        {botName === '' ? <Banner type="warning">{t('console.payments.oauth.telegramNoBot')}</Banner> : <TelegramWidget botName={botName} authUrl={telegramAuthUrl('login')} />}
      </Stack>
    </Dialog>
  );
}
