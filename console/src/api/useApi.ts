import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import { SluiceApiError, toast, type ApiResult, type HttpMethod } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { useSession } from '../app/session';
import { describeError } from './errors';

export interface ApiCaller {
  /**
   * A management call. On failure the spec's global handling runs (401: back to the login page with
   * the expiry notice; 429/500/405 and others: their message as an error toast) and the result is null.
   */
  call<T = unknown>(method: HttpMethod, path: string, body?: unknown): Promise<ApiResult<T> | null>;
  /**
   * Same call for screens that show a refusal inline: a 401 still redirects, every other failure is
   * thrown as SluiceApiError (use `describe(error)` for the text).
   */
  request<T = unknown>(method: HttpMethod, path: string, body?: unknown): Promise<ApiResult<T>>;
  /** The spec's text for a failure. */
  describe(error: unknown): string;
}

export function useApi(): ApiCaller {
  const { client, setUser } = useSession();
  const navigate = useNavigate();
  const { t } = useT();

  const onUnauthorized = useCallback(
    (error: SluiceApiError) => {
      setUser(null);
      if (!location.pathname.startsWith('/login')) {
        toast.error(error.message || t('console.shell.errors.expired'));
        navigate('/login?expired=true', { replace: true });
      }
    },
    [setUser, navigate, t],
  );

  const request = useCallback(
    async <T,>(method: HttpMethod, path: string, body?: unknown): Promise<ApiResult<T>> => {
      try {
        return await client.request<T>(method, path, body);
      } catch (error) {
        if (error instanceof SluiceApiError && error.status === 401) onUnauthorized(error);
        throw error;
      }
    },
    [client, onUnauthorized],
  );

  const describe = useCallback((error: unknown) => describeError(error, t), [t]);

  const call = useCallback(
    async <T,>(method: HttpMethod, path: string, body?: unknown): Promise<ApiResult<T> | null> => {
      try {
        return await request<T>(method, path, body);
      } catch (error) {
        toastFailure(error, describe);
        return null;
      }
    },
    [request, describe],
  );

  return useMemo(() => ({ call, request, describe }), [call, request, describe]);
}

/** When the last "too many requests" toast went up: a screen's parallel reads raise one, not one each. */
let limitedToastAt = 0;
const LIMITED_TOAST_MS = 5000;

/** The global error toast of a failed call (401s redirect instead). */
function toastFailure(error: unknown, describe: (e: unknown) => string): void {
  if (error instanceof SluiceApiError && error.status === 401) return;
  if (error instanceof SluiceApiError && error.status === 429) {
    const now = Date.now();
    if (now - limitedToastAt < LIMITED_TOAST_MS) return;
    limitedToastAt = now;
  }
  toast.error(describe(error));
}

/**
 * swr over a GET path from `keys` (null waits). The data is the envelope's `data`; errors get the
 * global handling once (toast or redirect) and are also returned for inline display.
 */
export function useApiData<T>(key: string | null, config?: SWRConfiguration<T, unknown>): SWRResponse<T, unknown> {
  const { request, describe } = useApi();
  const { user } = useSession();
  return useSWR<T, unknown>(
    // The user id scopes the cache: another account never sees the previous one's data.
    key === null ? null : [key, user?.id ?? 0],
    async ([path]: [string, number]) => (await request<T>('GET', path)).data,
    {
      revalidateOnFocus: false,
      // A read refused by the rate limit is not retried: a retry inside the wait it names is refused
      // again, spends the budget, and raised a second toast once the first one's 5 s were over.
      shouldRetryOnError: (error: unknown) => !(error instanceof SluiceApiError && error.status === 429),
      onError: (error: unknown) => toastFailure(error, describe),
      ...config,
    },
  );
}

/** Refetches every useApiData whose path starts with the prefix (e.g. '/api/user/'). */
export function useInvalidate(): (pathPrefix: string) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(
    (pathPrefix: string) =>
      mutate((key: unknown) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(pathPrefix)),
    [mutate],
  );
}
