// Starts a GitHub or LinuxDO sign-in (or, for a signed-in user, a bind): the server issues a
// single-use state bound to this browser and names the provider's authorize page, which the
// browser then visits. The console never builds a provider address itself (operators point
// GITHUB_OAUTH_URL / LINUXDO_OAUTH_URL elsewhere).
import { useCallback, useState } from 'react';
import { toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi } from '../../api/useApi';
import { storedAff } from '../auth/affCode';

export type RedirectProvider = 'github' | 'linuxdo';

export const PROVIDER_NAMES: Record<RedirectProvider, string> = { github: 'GitHub', linuxdo: 'LinuxDO' };

export interface OAuthStart {
  /** Asks for a state and leaves for the provider; a failure is shown as a toast. */
  start(provider: RedirectProvider): Promise<void>;
  /** The provider being started (for a spinner on its button). */
  pending: RedirectProvider | null;
}

export function useOAuthStart(): OAuthStart {
  const { t } = useT();
  const { request, describe } = useApi();
  const [pending, setPending] = useState<RedirectProvider | null>(null);

  const start = useCallback(
    async (provider: RedirectProvider) => {
      setPending(provider);
      const query = new URLSearchParams({ provider });
      const aff = storedAff();
      if (aff !== '') query.set('aff', aff);
      try {
        const res = await request<string>('GET', `/api/oauth/state?${query.toString()}`);
        const url = res.body.authorize_url;
        if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
          toast.error(t('console.payments.oauth.notConfigured', { provider: PROVIDER_NAMES[provider] }));
          setPending(null);
          return;
        }
        window.location.assign(url);
      } catch (error) {
        toast.error(describe(error) || t('console.payments.oauth.startFailed', { provider: PROVIDER_NAMES[provider] }));
        setPending(null);
      }
    },
    [request, describe, t],
  );

  return { start, pending };
}
