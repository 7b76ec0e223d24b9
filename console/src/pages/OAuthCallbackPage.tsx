// The third-party login callbacks (spec screens 5 and 6). The provider sends the browser back
// with code and state; the server logs in (or binds, answering message 'bind').
// GitHub: bind -> /setting, login -> /token, failure -> message and /setting.
// LinuxDO: an authorization error or failure -> message and /setting; bind -> /setting; login -> /.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner, toast, useT } from '@sluice/ui-kit';
import type { StoredUser } from '../api/user';
import { useApi } from '../api/useApi';
import { useSession } from '../app/session';

const ATTEMPTS = 3;
const RETRY_MS = 2000;

function useOAuthCallback(provider: 'github' | 'linuxdo', loginTarget: string) {
  const { t } = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { setUser } = useSession();
  const { request, describe } = useApi();
  const [tip, setTip] = useState(t('console.auth.oauth.processing'));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const error = params.get('error');
    if (provider === 'linuxdo' && error) {
      toast.error(t('console.auth.oauth.authError', { error, description: params.get('error_description') ?? '' }));
      navigate('/setting', { replace: true });
      return;
    }
    const q = new URLSearchParams({ code: params.get('code') ?? '', state: params.get('state') ?? '' });
    const aff = localStorage.getItem('aff');
    if (provider === 'linuxdo' && aff) q.set('aff', aff);
    const run = async (attempt: number): Promise<void> => {
      try {
        const res = await request<StoredUser>('GET', `/api/oauth/${provider}?${q.toString()}`);
        if (res.message === 'bind') {
          toast.success(t('console.auth.oauth.bound'));
          navigate('/setting', { replace: true });
        } else {
          setUser(res.data);
          toast.success(t('console.auth.oauth.success'));
          navigate(loginTarget, { replace: true });
        }
      } catch (err) {
        if (attempt < ATTEMPTS) {
          setTip(t('console.auth.oauth.retrying', { count: attempt }));
          await new Promise((r) => setTimeout(r, RETRY_MS));
          return run(attempt + 1);
        }
        toast.error(provider === 'linuxdo' ? t('console.auth.oauth.failed') : describe(err));
        navigate('/setting', { replace: true });
      }
    };
    void run(1);
  }, [params, provider, loginTarget, navigate, request, describe, setUser, t]);

  return tip;
}

export function GitHubCallbackPage() {
  const tip = useOAuthCallback('github', '/token');
  return (
    <main>
      <Spinner size="lg" tip={tip} />
    </main>
  );
}

export function LinuxDoCallbackPage() {
  const tip = useOAuthCallback('linuxdo', '/');
  return (
    <main>
      <Spinner size="lg" tip={tip} />
    </main>
  );
}
