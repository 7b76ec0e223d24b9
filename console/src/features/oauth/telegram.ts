// Telegram sign-in and bind with the widget's fields: POST /api/oauth/telegram/login (with the
// stored referral code) and POST /api/oauth/telegram/bind. Binding changes state: POST only.
import { useCallback } from 'react';
import type { StoredUser } from '../../api/user';
import { useApi } from '../../api/useApi';
import { storedAff } from '../auth/affCode';
import type { TelegramFields } from './TelegramWidget';

export interface TelegramAuth {
  /** Signs in; answers the user to store. Throws SluiceApiError on a refusal. */
  login(fields: TelegramFields): Promise<StoredUser>;
  /** Binds to the signed-in user. Throws SluiceApiError on a refusal. */
  bind(fields: TelegramFields): Promise<void>;
}

export function useTelegramAuth(): TelegramAuth {
  const { request } = useApi();
  const login = useCallback(
    async (fields: TelegramFields) => {
      const aff = storedAff();
      const { data } = await request<StoredUser>('POST', '/api/oauth/telegram/login', aff !== '' ? { ...fields, aff } : fields);
      return data;
    },
    [request],
  );
  const bind = useCallback(
    async (fields: TelegramFields) => {
      await request('POST', '/api/oauth/telegram/bind', fields);
    },
    [request],
  );
  return { login, bind };
}
