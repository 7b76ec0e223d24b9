// What every third-party return page does, once: send what the provider brought back, then a
// sign-in (the user stored, then the login target) or a bind (back to the settings); a refusal
// shows its message and goes to the failure target.
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast, type ApiResult } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import type { StoredUser } from '../../api/user';
import { useApi } from '../../api/useApi';
import { useSession } from '../../app/session';
import { storedAff } from '../auth/affCode';

export type OAuthReturn =
  /** Nothing worth sending: the message, then `to`. */
  | { fail: string; to: string }
  | {
      path: string;
      body: Record<string, string>;
      /** Whether the answer is a bind; otherwise it is a sign-in carrying the user. */
      isBind: (answer: ApiResult<StoredUser>) => boolean;
      loginTarget: string;
      failTarget: string;
    };

/** The body with the stored referral code, when there is one. */
export function withStoredAff(body: Record<string, string>): Record<string, string> {
  const aff = storedAff();
  return aff !== '' ? { ...body, aff } : body;
}

/** Runs the return once with what `plan` makes of the query; answers the text to show meanwhile. */
export function useOAuthReturn(plan: (params: URLSearchParams) => OAuthReturn): string {
  const { t } = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { setUser } = useSession();
  const { request, describe } = useApi();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const step = plan(params);
    if ('fail' in step) {
      toast.error(step.fail);
      navigate(step.to, { replace: true });
      return;
    }
    request<StoredUser>('POST', step.path, step.body)
      .then((res) => {
        if (step.isBind(res)) {
          toast.success(t('console.payments.oauth.bound'));
          navigate('/setting', { replace: true });
          return;
        }
        setUser(res.data);
        toast.success(t('console.payments.oauth.loggedIn'));
        navigate(step.loginTarget, { replace: true });
      })
      .catch((err: unknown) => {
        toast.error(describe(err) || t('console.payments.oauth.failed'));
        navigate(step.failTarget, { replace: true });
      });
  }, [plan, params, navigate, request, describe, setUser, t]);

  return t('console.payments.oauth.processing');
}
