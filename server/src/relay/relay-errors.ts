import { DomainError } from '../common/domain-error';
import { t, type Lang, type MessageKey } from '../common/messages';
import { RelayRequestError } from './canonical/errors';

/**
 * A refusal or failure the relay answers itself, in the OpenAI error shape. `code` is the
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

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export interface RenderedError {
  status: number;
  headers: Record<string, string>;
  body: OpenAIErrorBody;
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
 * Any error as `{error:{message,type,param,code}}`. Unknown errors are a 500 without details:
 * the caller logs them with the request id.
 */
export function renderRelayError(err: unknown, lang: Lang, requestId: string): RenderedError & { unexpected: boolean } {
  const suffix = ` (request id: ${requestId})`;
  if (err instanceof UpstreamError) {
    return {
      status: err.status,
      headers: err.headers,
      body: { error: { message: err.message + suffix, type: err.upstreamType ?? 'upstream_error', param: null, code: err.upstreamCode } },
      unexpected: false,
    };
  }
  if (err instanceof DomainError) {
    const message = err.text ?? (err.messageKey ? t(err.messageKey, lang, err.params) : err.code);
    const type = err instanceof RelayError && err.errorType ? err.errorType : errorTypeFor(err.status);
    const param = err instanceof RelayRequestError ? err.param : null;
    return { status: err.status, headers: err.headers, body: { error: { message: message + suffix, type, param, code: err.code } }, unexpected: false };
  }
  return {
    status: 500,
    headers: {},
    body: { error: { message: t('common.internal', lang) + suffix, type: 'server_error', param: null, code: 'internal_error' } },
    unexpected: true,
  };
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

/** Anthropic's error type for a status (platform.claude.com/docs/en/api/errors). */
function anthropicErrorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'billing_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status === 529) return 'overloaded_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

const ANTHROPIC_TYPES = new Set([
  'invalid_request_error',
  'authentication_error',
  'billing_error',
  'permission_error',
  'not_found_error',
  'request_too_large',
  'rate_limit_error',
  'api_error',
  'overloaded_error',
  'timeout_error',
]);

/**
 * An error rendered for the OpenAI shape, in Anthropic's `{"type":"error","error":{type, message}}`
 * (`/v1/messages` callers). An upstream Anthropic type is kept; otherwise the status decides.
 */
export function asAnthropicError(body: unknown, status: number): { type: 'error'; error: { type: string; message: string } } {
  const err = (body as { error?: { type?: unknown; message?: unknown } } | null)?.error;
  const upstreamType = typeof err?.type === 'string' && ANTHROPIC_TYPES.has(err.type) ? err.type : null;
  return { type: 'error', error: { type: upstreamType ?? anthropicErrorType(status), message: typeof err?.message === 'string' ? err.message : '' } };
}

/** google.rpc.Code names by HTTP status (cloud.google.com/apis/design/errors). */
export function googleRpcStatus(status: number): string {
  if (status === 400) return 'INVALID_ARGUMENT';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'PERMISSION_DENIED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'ABORTED';
  if (status === 413) return 'INVALID_ARGUMENT';
  if (status === 429) return 'RESOURCE_EXHAUSTED';
  if (status === 499) return 'CANCELLED';
  if (status === 501) return 'UNIMPLEMENTED';
  if (status === 503 || status === 502) return 'UNAVAILABLE';
  if (status === 504) return 'DEADLINE_EXCEEDED';
  if (status >= 500) return 'INTERNAL';
  return 'FAILED_PRECONDITION';
}

/**
 * An error rendered for the OpenAI shape, in Google's `{"error":{code, message, status}}`
 * (Gemini-native callers); the machine-readable code rides as an ErrorInfo reason.
 */
export function asGeminiError(body: unknown, status: number): { error: { code: number; message: string; status: string; details?: { '@type': string; reason: string; domain: string }[] } } {
  const err = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const message = typeof err?.message === 'string' ? err.message : '';
  const reason = typeof err?.code === 'string' && err.code !== '' ? err.code : null;
  return {
    error: {
      code: status,
      message,
      status: googleRpcStatus(status),
      ...(reason ? { details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'sluice' }] } : {}),
    },
  };
}
