// Completes a GitHub or LinuxDO redirect (spec accounts §2 screens 5 and 6). The provider sends
// the browser back with code and state; the page always POSTs them (a bind changes state, and
// a GET carrying a bind state is refused), with the stored referral code. The answer is a
// sign-in (the user is stored, then `loginTarget`) or `message: "bind"` (back to the settings).
// A provider error or a refusal shows its message, then the settings page.
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast, useT } from '@sluice/ui-kit';
import type { StoredUser } from '../../api/user';
import { useApi } from '../../api/useApi';
import { useSession } from '../../app/session';
import { storedAff } from '../auth/affCode';
import type { RedirectProvider } from './useOAuthStart';

/** Runs the callback once; answers the text to show while it runs. */
export function useOAuthCallback(provider: RedirectProvider, loginTarget: string): string {
  const { t } = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { setUser } = useSession();
  const { request, describe } = useApi();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const error = params.get('error');
    if (error) {
      toast.error(t('console.payments.oauth.providerError', { error, description: params.get('error_description') ?? '' }));
      navigate('/setting', { replace: true });
      return;
    }
    const code = params.get('code') ?? '';
    if (code === '') {
      toast.error(t('console.payments.oauth.missingCode'));
      navigate('/setting', { replace: true });
      return;
    }
    const body: Record<string, string> = { code, state: params.get('state') ?? '' };
    const aff = storedAff();
    if (aff !== '') body.aff = aff;
    request<StoredUser>('POST', `/api/oauth/${provider}`, body)
      .then((res) => {
        if (res.message === 'bind') {
          toast.success(t('console.payments.oauth.bound'));
          navigate('/setting', { replace: true });
          return;
        }
        setUser(res.data);
        toast.success(t('console.payments.oauth.loggedIn'));
        navigate(loginTarget, { replace: true });
      })
      .catch((err: unknown) => {
        toast.error(describe(err) || t('console.payments.oauth.failed'));
        navigate('/setting', { replace: true });
      });
  }, [params, provider, loginTarget, navigate, request, describe, setUser, t]);

  return t('console.payments.oauth.processing');
}
