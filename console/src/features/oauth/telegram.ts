// Telegram sign-in and bind with the widget's signed fields: POST /api/oauth/telegram/login (with
// the stored referral code) or POST /api/oauth/telegram/bind (binding changes state: POST only).
// The widget brings the browser to /oauth/telegram?mode=login|bind with the fields in the query.
import { useOAuthReturn, withStoredAff } from './useOAuthReturn';

/** The fields Telegram signs (core.telegram.org/widgets/login#receiving-authorization-data). */
const FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'];

/** Completes a Telegram return once; answers the text to show while it runs. */
export function useTelegramCallback(): string {
  return useOAuthReturn((params) => {
    const bind = params.get('mode') === 'bind';
    const fields: Record<string, string> = {};
    for (const key of FIELDS) {
      const value = params.get(key);
      if (value !== null) fields[key] = value;
    }
    return {
      path: bind ? '/api/oauth/telegram/bind' : '/api/oauth/telegram/login',
      body: bind ? fields : withStoredAff(fields),
      isBind: () => bind,
      loginTarget: '/token',
      failTarget: bind ? '/setting' : '/login',
    };
  });
}
