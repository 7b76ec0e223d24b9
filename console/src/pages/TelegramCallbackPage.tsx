// Where Telegram's login widget returns (/oauth/telegram?mode=login|bind plus its signed fields):
// the fields are POSTed to the server, then /token after a sign-in or /setting after a bind; a
// refusal shows its message.
import { Spinner } from '@sluice/ui-kit';
import { useTelegramCallback } from '../features/oauth/telegram';

export function TelegramCallbackPage() {
  const tip = useTelegramCallback();
  return (
    <main>
      <Spinner size="lg" tip={tip} />
    </main>
  );
}
