import { DomainError } from '../../common/domain-error';
import { t, type Lang, type MessageKey } from '../../common/messages';
import { RelayRequestError } from '../../wire/canonical/errors';
import type { ClientError } from '../../wire/format';

/**
 * A refusal or failure the relay answers itself, in the caller's format. `code` is the
 * machine-readable reason (`token_quota_exhausted`, `model_not_found`, ...); the message comes
 * from the catalogue in the caller's language.
 */
export class RelayError extends DomainError {
  constructor(
    code: string,
    key: MessageKey,
    status: number,
    params: Record<string, string | number> = {},
    headers: Record<string, string> = {},
    /** OpenAI's `type`; derived from the status when absent. */
    readonly errorType?: string,
  ) {
    super(code, key, status, params, headers);
  }

  static rateLimited(key: MessageKey, retryAfterSeconds: number, params: Record<string, string | number> = {}): RelayError {
    const seconds = String(Math.max(1, Math.ceil(retryAfterSeconds)));
    return new RelayError('rate_limit_exceeded', key, 429, params, { 'Retry-After': seconds });
  }
}

/** An upstream failure shown to the client as the upstream described it (already scrubbed). */
export class UpstreamError extends DomainError {
  constructor(
    status: number,
    readonly upstreamCode: string | null,
    readonly upstreamType: string | null,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(upstreamCode ?? 'upstream_error', null, status, {}, headers, message);
  }
}

/** An error the relay answers, in neutral terms: each inbound format renders `error` in its own shape. */
export interface RenderedError {
  headers: Record<string, string>;
  error: ClientError;
  /** Not a domain error: logged with the request id, answered as a bare 500. */
  unexpected: boolean;
}

export function errorTypeFor(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/**
 * Any error as the neutral status, code, type and message (with the request id). Unknown errors
 * are a 500 without details: the caller logs them with the request id.
 */
export function renderRelayError(err: unknown, lang: Lang, requestId: string, fieldNames?: Readonly<Record<string, string>>): RenderedError {
  const suffix = ` (request id: ${requestId})`;
  if (err instanceof UpstreamError) {
    const error = { status: err.status, code: err.upstreamCode, type: err.upstreamType ?? 'upstream_error', message: err.message + suffix, param: null };
    return { headers: err.headers, error, unexpected: false };
  }
  if (err instanceof DomainError) {
    // A field named in the caller's own vocabulary (the inbound format's name for a canonical field).
    const own = err instanceof RelayRequestError ? err.param : null;
    const renamed = own !== null ? fieldNames?.[own] : undefined;
    const params = renamed !== undefined && err.params.field === own ? { ...err.params, field: renamed } : err.params;
    const message = err.text ?? (err.messageKey ? t(err.messageKey, lang, params) : err.code);
    const type = err instanceof RelayError && err.errorType ? err.errorType : errorTypeFor(err.status);
    const param = renamed ?? own;
    return { headers: err.headers, error: { status: err.status, code: err.code, type, message: message + suffix, param }, unexpected: false };
  }
  const error = { status: 500, code: 'internal_error', type: 'server_error', message: t('common.internal', lang) + suffix, param: null };
  return { headers: {}, error, unexpected: true };
}

/** A database that cannot answer is a fast 503, not a 500 (rule 22): the relay cannot admit or bill. */
export async function unavailableOnFailure<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new RelayError('service_unavailable', 'relay.service_unavailable', 503);
  }
}
