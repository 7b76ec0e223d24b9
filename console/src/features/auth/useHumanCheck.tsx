// The optional Turnstile human check of the sign-in screens (status turnstile_check): the widget,
// the token it produced, and the query string the protected calls carry (?turnstile=...).
import { useState, type ReactNode } from 'react';
import { Turnstile } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';

export interface HumanCheck {
  enabled: boolean;
  /** True when the check is off or passed. */
  ready: boolean;
  /** `turnstile=<token>` (empty token when the check is off). */
  query: string;
  widget: ReactNode;
}

export function useHumanCheck(): HumanCheck {
  const { t, locale } = useT();
  const { status } = useSession();
  const enabled = status.turnstile_check === true && typeof status.turnstile_site_key === 'string' && status.turnstile_site_key !== '';
  const [token, setToken] = useState('');
  return {
    enabled,
    ready: !enabled || token !== '',
    query: `turnstile=${encodeURIComponent(token)}`,
    widget: enabled ? (
      <Turnstile
        siteKey={String(status.turnstile_site_key)}
        onVerify={setToken}
        onExpire={() => setToken('')}
        language={locale === 'en' ? 'en' : 'zh-cn'}
        loadErrorText={t('console.auth.turnstile.loadFailed')}
      />
    ) : null,
  };
}
