import type { ErrorClass, UpstreamFailure } from '../../../wire/canonical/errors';
import type { BaiduError } from '../../../wire/baidu/chat';
import { baiduError } from '../../../wire/baidu/chat';
import { parseJson } from '../../../wire/canonical/json';
import { scrubAndTruncate } from '../../pipeline/scrub';
import { mapOpenAIError } from '../openai-compatible/error';
import type { ChannelContext, ErrorInput } from '../types';
import { tokenRejected } from './token';

/*
 * Baidu's `{error_code, error_msg}` (mostly inside an HTTP 200), classified by code:
 * 110 / 111 the access token is invalid or expired (the cached one is dropped, another channel
 * may serve); 4, 17, 18, 336501, 336502 request or token rate limits (retried elsewhere); 1, 2,
 * 336000, 336100 Baidu's internal errors (retried); 6, 13, 14 the key lacks the permission or
 * cannot authenticate (not retried); the rest (336003 bad parameter, ...) the request's fault.
 */

const BY_CODE: Readonly<Record<number, { cls: ErrorClass; status: number; retryable: boolean }>> = {
  110: { cls: 'auth', status: 401, retryable: true },
  111: { cls: 'auth', status: 401, retryable: true },
  4: { cls: 'rate_limit', status: 429, retryable: true },
  17: { cls: 'rate_limit', status: 429, retryable: true },
  18: { cls: 'rate_limit', status: 429, retryable: true },
  336501: { cls: 'rate_limit', status: 429, retryable: true },
  336502: { cls: 'rate_limit', status: 429, retryable: true },
  1: { cls: 'server', status: 500, retryable: true },
  2: { cls: 'server', status: 503, retryable: true },
  336000: { cls: 'server', status: 500, retryable: true },
  336100: { cls: 'server', status: 500, retryable: true },
  6: { cls: 'auth', status: 403, retryable: false },
  13: { cls: 'auth', status: 401, retryable: false },
  14: { cls: 'auth', status: 401, retryable: false },
};

export function baiduFailure(err: BaiduError, ctx: ChannelContext): UpstreamFailure {
  if (err.code === 110 || err.code === 111) tokenRejected(ctx);
  const c = BY_CODE[err.code] ?? { cls: 'bad_request' as const, status: 400, retryable: false };
  const secrets = [ctx.key, ...ctx.key.split('|'), ...(ctx.accessToken ? [ctx.accessToken] : [])];
  return {
    class: c.cls,
    retryable: c.retryable,
    disableChannel: false,
    status: c.status,
    code: String(err.code),
    type: 'baidu_error',
    message: scrubAndTruncate(err.message, secrets, 1000, ctx.baseUrl),
    retryAfterSeconds: null,
  };
}

/** A non-2xx answer: Baidu's shape when it is one, else the usual reading by status. */
export function mapBaiduError(input: ErrorInput, ctx: ChannelContext): UpstreamFailure {
  const err = baiduError(parseJson(input.text));
  if (err) return { ...baiduFailure(err, ctx), ...(input.status >= 500 || input.status === 429 ? { retryable: true } : {}) };
  const f = mapOpenAIError(input, ctx);
  const secrets = ctx.accessToken ? [ctx.accessToken] : [];
  return { ...f, message: scrubAndTruncate(f.message, secrets, 1000, ctx.baseUrl) };
}
