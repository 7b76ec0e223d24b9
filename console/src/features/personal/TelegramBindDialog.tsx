// Telegram binding through Telegram's login widget: it returns the signed user object to
// /oauth/telegram?mode=bind, which posts it to /api/oauth/telegram/bind (POST only) and comes
// back here with the result.
import { Dialog, Stack } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { TelegramWidget, telegramAuthUrl } from '../oauth/TelegramWidget';

interface Props {
  botName: string;
  onClose: () => void;
  onDone: () => void;
}

export function TelegramBindDialog({ botName, onClose }: Props) {
  const { t } = useT();

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('console.personal.bind.telegramTitle')}
      description={t('console.personal.bind.telegramHint')}
    >
      <Stack gap={3} align="center">
        <TelegramWidget botName={botName} authUrl={telegramAuthUrl('bind')} />
      </Stack>
    </Dialog>
  );
}
