// Completes a GitHub or LinuxDO redirect (spec accounts §2 screens 5 and 6). The provider sends
// the browser back with code and state; the page always POSTs them (a bind changes state, and
// a GET carrying a bind state is refused), with the stored referral code. The answer is a
// sign-in (the user is stored, then `loginTarget`) or `message: "bind"` (back to the settings).
// A provider error or a refusal shows its message, then the settings page.
import { useT } from '../../i18n';
import type { RedirectProvider } from './useOAuthStart';
import { useOAuthReturn, withStoredAff } from './useOAuthReturn';

/** Runs the callback once; answers the text to show while it runs. */
export function useOAuthCallback(provider: RedirectProvider, loginTarget: string): string {
  const { t } = useT();
  return useOAuthReturn((params) => {
    const error = params.get('error');
    if (error) {
      return { fail: t('console.payments.oauth.providerError', { error, description: params.get('error_description') ?? '' }), to: '/setting' };
    }
    const code = params.get('code') ?? '';
    if (code === '') return { fail: t('console.payments.oauth.missingCode'), to: '/setting' };
    return {
      // Each provider's callback is its own documented route.
      path: provider === 'github' ? '/api/oauth/github' : '/api/oauth/linuxdo',
      body: withStoredAff({ code, state: params.get('state') ?? '' }),
      isBind: (answer) => answer.message === 'bind',
      loginTarget,
      failTarget: '/setting',
    };
  });
}
