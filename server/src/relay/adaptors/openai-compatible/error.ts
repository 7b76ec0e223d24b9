import type { ErrorClass, UpstreamFailure } from '../../../wire/canonical/errors';
import { isJsonObject, parseJson, type JsonObject } from '../../../wire/canonical/json';
import { scrubAndTruncate } from '../../pipeline/scrub';
import type { ChannelContext, ErrorInput } from '../types';

/**
 * Structured signals (error.code or error.type) that the channel's key is unusable or its
 * account is out of money: the only inputs to auto-disable besides 401/402 (rule 21).
 */
const AUTH_SIGNALS = new Set(['invalid_api_key', 'account_deactivated', 'authentication_error', 'invalid_authentication_error', 'invalid_authentication']);
const BILLING_SIGNALS = new Set(['insufficient_quota', 'billing_not_active', 'billing_hard_limit_reached', 'arrearage', 'exceeded_current_quota_error']);

export interface ErrorFields {
  message: string | null;
  code: string | null;
  type: string | null;
}

/** Reads the usual error shapes: {error:{message,type,code}}, {error:"..."}, {message}, {detail}. */
export function errorFields(body: JsonObject): ErrorFields {
  const err = body.error;
  if (isJsonObject(err)) {
    return {
      message: typeof err.message === 'string' ? err.message : null,
      code: typeof err.code === 'string' ? err.code : typeof err.code === 'number' ? String(err.code) : null,
      type: typeof err.type === 'string' ? err.type : null,
    };
  }
  if (typeof err === 'string') return { message: err, code: null, type: null };
  const message = typeof body.message === 'string' ? body.message : typeof body.detail === 'string' ? body.detail : null;
  const code = typeof body.code === 'string' ? body.code : null;
  return { message, code, type: typeof body.type === 'string' ? body.type : null };
}

export function classify(status: number, code: string | null, type: string | null): { class: ErrorClass; disableChannel: boolean } {
  const signals = [code, type].filter((s): s is string => s !== null).map((s) => s.toLowerCase());
  if (status === 402 || signals.some((s) => BILLING_SIGNALS.has(s))) return { class: 'billing', disableChannel: true };
  if (status === 401 || signals.some((s) => AUTH_SIGNALS.has(s))) return { class: 'auth', disableChannel: true };
  if (status === 403) return { class: 'auth', disableChannel: false };
  if (status === 429) return { class: 'rate_limit', disableChannel: false };
  if (status === 408 || status === 504 || status === 524) return { class: 'timeout', disableChannel: false };
  if (status >= 500) return { class: 'server', disableChannel: false };
  return { class: 'bad_request', disableChannel: false };
}

/**
 * The failure as the channel's status_code_mapping presents it (§2.6: the mapping applies before
 * the retry and the disable decisions, and to the client's status). A mapping is the admin's word
 * on what an answer means, so it can take an auto-disable away but never create one:
 * - mapped into 5xx ("treat as a server error", e.g. 401→500): the body's code no longer disables;
 * - mapped into another status: code and type are read again with the new status, and the channel
 *   is disabled only when both the upstream's own answer and the mapped one are auth or billing
 *   signals (400→401 with invalid_api_key: a 401; a bare 400→401, which user input can provoke,
 *   is not).
 * Message text is never consulted (rule 21).
 */
export function withMappedStatus(f: UpstreamFailure, status: number): UpstreamFailure {
  if (status === f.status) return f;
  const mapped = status >= 500 ? classify(status, null, null) : classify(status, f.code, f.type);
  return { ...f, status, class: mapped.class, disableChannel: f.disableChannel && mapped.disableChannel, retryable: isRetryableStatus(status) };
}

/** Retry only what another channel can fix (rule 21): 5xx and 429, never other 4xx. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429;
}

function retryAfter(headers: ErrorInput['headers']): number | null {
  const v = headers?.['retry-after'];
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Maps an OpenAI-wire error answer (any non-2xx, or an error object inside a 2xx) to canonical form. */
export function mapOpenAIError(input: ErrorInput, ctx: ChannelContext): UpstreamFailure {
  const parsed = parseJson(input.text);
  const fields: ErrorFields = isJsonObject(parsed) ? errorFields(parsed) : { message: null, code: null, type: null };
  const { class: cls, disableChannel } = classify(input.status, fields.code, fields.type);
  let message = fields.message;
  if (message === null) {
    const text = input.text.trim();
    // HTML error pages from proxies are noise; short plain text is kept.
    message = text && !text.startsWith('<') && text.length <= 300 ? text : `upstream returned HTTP ${input.status}`;
  }
  return {
    class: cls,
    retryable: isRetryableStatus(input.status),
    disableChannel,
    status: input.status,
    code: fields.code === null ? null : scrubAndTruncate(fields.code, [ctx.key], 100, ctx.baseUrl),
    type: fields.type === null ? null : scrubAndTruncate(fields.type, [ctx.key], 100, ctx.baseUrl),
    message: scrubAndTruncate(message, [ctx.key], 1000, ctx.baseUrl),
    retryAfterSeconds: retryAfter(input.headers),
  };
}

/**
 * An error object that arrived with a 2xx (some vendors do this, and streams end this way).
 * Bytes may already have gone to the client, so the relay decides about retry by phase.
 */
export function failureFromBody(body: JsonObject, ctx: ChannelContext, status = 502): UpstreamFailure {
  return mapOpenAIError({ status, text: JSON.stringify(body) }, ctx);
}
