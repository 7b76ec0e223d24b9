// Telegram binding through Telegram's login widget: it hands the signed user object to a page
// callback, which posts it to /api/oauth/telegram/bind (binding changes state: POST only).
import { useEffect, useRef, useState } from 'react';
import { Banner, Dialog, Stack, toast, useT } from '@sluice/ui-kit';
import { useApi } from '../../api/useApi';

const CALLBACK = '__sluiceTelegramBind';
type TelegramUser = Record<string, string | number>;

interface Props {
  botName: string;
  onClose: () => void;
  onDone: () => void;
}

export function TelegramBindDialog({ botName, onClose, onDone }: Props) {
  const { t } = useT();
  const { request, describe } = useApi();
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  // The widget is loaded once per opening; the latest callbacks are read through refs.
  const latest = useRef({ request, describe, t, onDone });
  latest.current = { request, describe, t, onDone };

  useEffect(() => {
    const target = host.current;
    if (!target || botName === '') return undefined;
    const w = window as unknown as Record<string, unknown>;
    w[CALLBACK] = (user: TelegramUser) => {
      const { request: send, describe: text, t: tr, onDone: finish } = latest.current;
      send('POST', '/api/oauth/telegram/bind', user)
        .then(() => {
          toast.success(tr('console.personal.bind.bindDone'));
          finish();
        })
        .catch((e: unknown) => setError(text(e)));
    };
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.dataset.telegramLogin = botName;
    script.dataset.size = 'large';
    script.dataset.onauth = `${CALLBACK}(user)`;
    script.dataset.requestAccess = 'write';
    target.appendChild(script);
    return () => {
      target.replaceChildren();
      delete w[CALLBACK];
    };
  }, [botName]);

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
        <div ref={host} />
      </Stack>
    </Dialog>
  );
}
