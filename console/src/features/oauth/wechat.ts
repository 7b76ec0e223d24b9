// WeChat (QR code of the official account, spec accounts §2 screen 1): the user sends it
// "验证码" and types the code it answers (valid 3 minutes). Sign-in: POST /api/oauth/wechat
// {code, aff?}; bind: POST /api/oauth/wechat/bind {code}.
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import type { StoredUser } from '../../api/user';
import { useApi } from '../../api/useApi';
import { useSession } from '../../app/session';
import { storedAff } from '../auth/affCode';

export interface WeChatSignIn {
  /** Signs in with the code and goes to /token; a refusal is a toast and leaves the code typed. */
  signIn(code: string): Promise<void>;
  busy: boolean;
}

export function useWeChatSignIn(): WeChatSignIn {
  const { t } = useT();
  const { request, describe } = useApi();
  const { setUser } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const signIn = useCallback(
    async (code: string) => {
      const trimmed = code.trim();
      if (trimmed === '') return;
      setBusy(true);
      try {
        const body: Record<string, string> = { code: trimmed };
        const aff = storedAff();
        if (aff !== '') body.aff = aff;
        const { data } = await request<StoredUser>('POST', '/api/oauth/wechat', body);
        setUser(data);
        toast.success(t('console.payments.oauth.loggedIn'));
        navigate('/token');
      } catch (error) {
        toast.error(describe(error));
      } finally {
        setBusy(false);
      }
    },
    [request, describe, setUser, navigate, t],
  );

  return { signIn, busy };
}

/** Binds WeChat to the signed-in user; throws SluiceApiError on a refusal (shown inline). */
export function useWeChatBind(): (code: string) => Promise<void> {
  const { request } = useApi();
  return useCallback(
    async (code: string) => {
      await request('POST', '/api/oauth/wechat/bind', { code: code.trim() });
    },
    [request],
  );
}
