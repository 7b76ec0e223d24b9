// Telegram's login widget (core.telegram.org/widgets/login): a script from telegram.org draws
// the button. It runs in its redirect mode (data-auth-url): after the user confirms, the widget
// sends the browser to `authUrl` with the signed fields in the query, where /oauth/telegram posts
// them to the server. (Its callback mode evaluates a string, which the console's CSP forbids.)
import { useEffect, useRef } from 'react';

/** The console's Telegram return page for a sign-in or a bind. */
export function telegramAuthUrl(mode: 'login' | 'bind'): string {
  return `${window.location.origin}/oauth/telegram?mode=${mode}`;
}

export function TelegramWidget({ botName, authUrl }: { botName: string; authUrl: string }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = host.current;
    if (!target || botName === '') return undefined;
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.dataset.telegramLogin = botName;
    script.dataset.size = 'large';
    script.dataset.authUrl = authUrl;
    script.dataset.requestAccess = 'write';
    target.appendChild(script);
    return () => {
      target.replaceChildren();
    };
  }, [botName, authUrl]);

  return <div ref={host} />;
}
