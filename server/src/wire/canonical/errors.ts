import { DomainError } from '../../common/domain-error';
import type { MessageKey } from '../../common/messages';

/**
 * A request the gateway refuses before any upstream call (bad field, bound exceeded).
 * The global filter renders it in OpenAI format on /v1 routes: `{error:{message,type,param,code}}`.
 * Codes follow OpenAI's own validation codes so SDK users see familiar values.
 */
export type RelayRequestCode =
  | 'invalid_request_body'
  | 'missing_required_parameter'
  | 'invalid_type'
  | 'invalid_value'
  | 'integer_below_min_value'
  | 'integer_above_max_value'
  | 'string_above_max_length'
  | 'file_too_large'
  | 'unsupported_channel_type'
  | 'unsupported_endpoint';

export class RelayRequestError extends DomainError {
  constructor(
    readonly relayCode: RelayRequestCode,
    key: MessageKey,
    /** The offending field (OpenAI's `param`), dotted for nested ones. */
    readonly param: string | null,
    params: Record<string, string | number> = {},
    status = 400,
  ) {
    super(relayCode, key, status, params);
  }
}

/** Classes of upstream failure; retry, auto-disable and the client status are decided from these. */
export type ErrorClass = 'auth' | 'billing' | 'rate_limit' | 'server' | 'timeout' | 'bad_request';

export interface UpstreamFailure {
  class: ErrorClass;
  /** Another channel may succeed (connect error, timeout before headers, 5xx, 429). */
  retryable: boolean;
  /**
   * Structured signal that this channel's key is invalid or out of money (status and error
   * code/type only, never a message substring, which can echo user input).
   */
  disableChannel: boolean;
  /** Status to answer the client with (before status_code_mapping). */
  status: number;
  /** Upstream `error.code` / `error.type` when it sent structured JSON. */
  code: string | null;
  type: string | null;
  /** Scrubbed of channel keys; safe for users and logs. */
  message: string;
  /** From the upstream Retry-After header, seconds. */
  retryAfterSeconds: number | null;
}

/** Failures the relay detects itself, before or while talking to the upstream. */
export type TransportFailureKind = 'connect' | 'headers_timeout' | 'idle_timeout' | 'total_timeout' | 'aborted' | 'protocol' | 'redirect';

const TRANSPORT: Readonly<Record<TransportFailureKind, Omit<UpstreamFailure, 'message' | 'code' | 'type' | 'retryAfterSeconds' | 'disableChannel'>>> = {
  connect: { class: 'server', retryable: true, status: 502 },
  headers_timeout: { class: 'timeout', retryable: true, status: 504 },
  // Data already flowed: retrying could duplicate output the client has seen.
  idle_timeout: { class: 'timeout', retryable: false, status: 504 },
  total_timeout: { class: 'timeout', retryable: false, status: 504 },
  aborted: { class: 'server', retryable: false, status: 499 },
  protocol: { class: 'server', retryable: false, status: 502 },
  // An upstream 3xx: redirects are never followed (money rule 9); nothing reached the client, so
  // another channel may serve. The client gets a 502, never the 3xx itself.
  redirect: { class: 'server', retryable: true, status: 502 },
};

const TRANSPORT_TEXT: Readonly<Record<TransportFailureKind, string>> = {
  connect: 'could not connect to the upstream',
  headers_timeout: 'the upstream did not answer in time',
  idle_timeout: 'the upstream stream stalled',
  total_timeout: 'the upstream call took too long',
  aborted: 'the request was cancelled',
  protocol: 'the upstream sent an invalid response',
  redirect: 'the upstream answered with a redirect, which the gateway does not follow',
};

export function transportFailure(kind: TransportFailureKind): UpstreamFailure {
  return { ...TRANSPORT[kind], message: TRANSPORT_TEXT[kind], code: null, type: null, retryAfterSeconds: null, disableChannel: false };
}
