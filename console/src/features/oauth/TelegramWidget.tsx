// Telegram's login widget (core.telegram.org/widgets/login): a script from telegram.org draws
// the button and hands the signed user object to a page callback. The fields go to the server
// as JSON (login or bind); the hash is checked there.
import { useEffect, useRef } from 'react';

export type TelegramFields = Record<string, string | number>;

let counter = 0;

export function TelegramWidget({ botName, onAuth }: { botName: string; onAuth: (fields: TelegramFields) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(onAuth);
  latest.current = onAuth;

  useEffect(() => {
    const target = host.current;
    if (!target || botName === '') return undefined;
    counter += 1;
    const name = `__sluiceTelegramAuth${counter}`;
    const w = window as unknown as Record<string, unknown>;
    w[name] = (user: TelegramFields) => latest.current(user);
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.dataset.telegramLogin = botName;
    script.dataset.size = 'large';
    script.dataset.onauth = `${name}(user)`;
    script.dataset.requestAccess = 'write';
    target.appendChild(script);
    return () => {
      target.replaceChildren();
      delete w[name];
    };
  }, [botName]);

  return <div ref={host} />;
}
