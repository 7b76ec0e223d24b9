// Telegram binding through Telegram's login widget: it hands the signed user object to a page
// callback, which posts it to /api/oauth/telegram/bind (binding changes state: POST only).
import { useState } from 'react';
import { Banner, Dialog, Stack, toast, useT } from '@sluice/ui-kit';
import { useApi } from '../../api/useApi';
import { useTelegramAuth } from '../oauth/telegram';
import { TelegramWidget, type TelegramFields } from '../oauth/TelegramWidget';

interface Props {
  botName: string;
  onClose: () => void;
  onDone: () => void;
}

export function TelegramBindDialog({ botName, onClose, onDone }: Props) {
  const { t } = useT();
  const { describe } = useApi();
  const { bind } = useTelegramAuth();
  const [error, setError] = useState<string | null>(null);

  const onAuth = (user: TelegramFields) => {
    bind(user)
      .then(() => {
        toast.success(t('console.personal.bind.bindDone'));
        onDone();
      })
      .catch((e: unknown) => setError(describe(e)));
  };

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
        {error ? <Banner type="danger">{error}</Banner> : null}
        <TelegramWidget botName={botName} onAuth={onAuth} />
      </Stack>
    </Dialog>
  );
}
