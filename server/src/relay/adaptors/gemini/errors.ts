import type { UpstreamFailure } from '../../../wire/canonical/errors';
import { arrayAt, isJsonObject, parseJson, type JsonObject } from '../../../wire/canonical/json';
import { scrubAndTruncate } from '../../pipeline/scrub';
import { isRetryableStatus } from '../openai-compatible/error';
import type { ChannelContext, ErrorInput } from '../types';

/*
 * Google API errors (`{"error": {code, message, status, details: [ErrorInfo, RetryInfo…]}}`) to
 * canonical failures. Retry follows the status (429 RESOURCE_EXHAUSTED and 5xx on another
 * channel). The channel is disabled on structured signals only: 401, 403 (the reference
 * disables Gemini channels on 403: PERMISSION_DENIED is a key without access), and the
 * ErrorInfo reasons of a bad or expired key, which Google answers with a 400.
 */

const KEY_REASONS = new Set(['API_KEY_INVALID', 'API_KEY_EXPIRED', 'API_KEY_SERVICE_BLOCKED', 'CONSUMER_SUSPENDED']);

interface GoogleError {
  message: string | null;
  status: string | null;
  reason: string | null;
  retryDelay: number | null;
}

function seconds(v: unknown): number | null {
  const m = typeof v === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(v) : null;
  return m ? Math.ceil(Number(m[1])) : null;
}

export function googleError(body: JsonObject): GoogleError {
  const err = isJsonObject(body.error) ? body.error : body;
  let reason: string | null = null;
  let retryDelay: number | null = null;
  for (const d of arrayAt(err, 'details') ?? []) {
    if (!isJsonObject(d)) continue;
    if (typeof d.reason === 'string' && reason === null) reason = d.reason;
    if (d.retryDelay !== undefined) retryDelay = seconds(d.retryDelay);
  }
  return {
    message: typeof err.message === 'string' ? err.message : null,
    status: typeof err.status === 'string' ? err.status : null,
    reason,
    retryDelay,
  };
}

function retryAfterHeader(headers: ErrorInput['headers']): number | null {
  const v = headers?.['retry-after']?.trim();
  return v && /^\d+$/.test(v) ? Number(v) : null;
}

export function mapGeminiError(input: ErrorInput, ctx: ChannelContext): UpstreamFailure {
  const parsed = parseJson(input.text);
  const g: GoogleError = isJsonObject(parsed) ? googleError(parsed) : { message: null, status: null, reason: null, retryDelay: null };
  const keyProblem = g.reason !== null && KEY_REASONS.has(g.reason);
  const s = input.status;
  const auth = s === 401 || s === 403 || keyProblem;
  const cls = auth ? 'auth' : s === 429 ? 'rate_limit' : s === 408 || s === 504 ? 'timeout' : s >= 500 ? 'server' : 'bad_request';
  let message = g.message;
  if (message === null) {
    const text = input.text.trim();
    message = text && !text.startsWith('<') && text.length <= 300 ? text : `upstream returned HTTP ${s}`;
  }
  const scrub = (v: string, max: number) => scrubAndTruncate(v, [ctx.key], max, ctx.baseUrl);
  return {
    class: cls,
    retryable: isRetryableStatus(s),
    disableChannel: auth,
    status: s,
    code: g.reason !== null ? scrub(g.reason, 100) : g.status !== null ? scrub(g.status, 100) : null,
    type: g.status !== null ? scrub(g.status, 100) : null,
    message: scrub(message, 1000),
    retryAfterSeconds: retryAfterHeader(input.headers) ?? g.retryDelay,
  };
}
