// Telegram sign-in and bind with the widget's signed fields: POST /api/oauth/telegram/login (with
// the stored referral code) or POST /api/oauth/telegram/bind (binding changes state: POST only).
// The widget brings the browser to /oauth/telegram?mode=login|bind with the fields in the query.
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast, useT } from '@sluice/ui-kit';
import type { StoredUser } from '../../api/user';
import { useApi } from '../../api/useApi';
import { useSession } from '../../app/session';
import { storedAff } from '../auth/affCode';

/** The fields Telegram signs (core.telegram.org/widgets/login#receiving-authorization-data). */
const FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'];

/** Completes a Telegram return once; answers the text to show while it runs. */
export function useTelegramCallback(): string {
  const { t } = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { setUser } = useSession();
  const { request, describe } = useApi();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const bind = params.get('mode') === 'bind';
    const fields: Record<string, string> = {};
    for (const key of FIELDS) {
      const value = params.get(key);
      if (value !== null) fields[key] = value;
    }
    const aff = storedAff();
    const call = bind
      ? request('POST', '/api/oauth/telegram/bind', fields)
      : request<StoredUser>('POST', '/api/oauth/telegram/login', aff !== '' ? { ...fields, aff } : fields);
    call
      .then((res) => {
        if (bind) {
          toast.success(t('console.payments.oauth.bound'));
          navigate('/setting', { replace: true });
          return;
        }
        setUser(res.data as StoredUser);
        toast.success(t('console.payments.oauth.loggedIn'));
        navigate('/token', { replace: true });
      })
      .catch((err: unknown) => {
        toast.error(describe(err) || t('console.payments.oauth.failed'));
        navigate(bind ? '/setting' : '/login', { replace: true });
      });
  }, [params, navigate, request, describe, setUser, t]);

  return t('console.payments.oauth.processing');
}
