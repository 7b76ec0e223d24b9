import { NETWORK_ERROR, SluiceApiError } from '@sluice/ui-kit';
import type { Translate } from '../i18n';

/** The spec's global messages (§8) for a failed management call. */
export function describeError(error: unknown, t: Translate): string {
  if (error instanceof SluiceApiError) {
    if (error.status === 0 || error.message === NETWORK_ERROR) return t('console.shell.errors.network');
    if (error.status === 429) {
      // The per-IP limit says how long to wait (Retry-After): the toast tells the user.
      return error.retryAfter !== undefined ? t('console.shell.errors.tooManyWait', { seconds: error.retryAfter }) : t('console.shell.errors.tooMany');
    }
    if (error.status === 500) return t('console.shell.errors.internal');
    if (error.status === 405) return t('console.shell.errors.demo');
    // success:false, or a refusal carrying the server's message (400, 403, 404, 409): its own words.
    if (error.status >= 200 && error.status < 500 && !/^HTTP \d+$/.test(error.message)) return error.message;
    return t('console.shell.errors.prefixed', { message: error.message });
  }
  return t('console.shell.errors.prefixed', { message: error instanceof Error ? error.message : String(error) });
}
