import type { ErrorClass, UpstreamFailure } from '../../../wire/canonical/errors';
import { hunyuanError, type HunyuanError } from '../../../wire/hunyuan/chat';
import { parseJson } from '../../../wire/canonical/json';
import { scrubAndTruncate } from '../../pipeline/scrub';
import { mapOpenAIError } from '../openai-compatible/error';
import type { ChannelContext, ErrorInput } from '../types';

/*
 * `Response.Error.Code` (Tencent Cloud's common and Hunyuan's own codes), classified by code:
 * a SecretId that does not exist or a signature that does not verify is the key's fault
 * (disables the channel); an expired signature (clock skew) is not; rate limits and engine
 * errors are retried on another channel; an exhausted resource pack is billing (disables);
 * parameter errors are the request's.
 */

interface Rule {
  readonly cls: ErrorClass;
  readonly status: number;
  readonly retryable: boolean;
  readonly disable: boolean;
}

const EXACT: Readonly<Record<string, Rule>> = {
  'AuthFailure.SecretIdNotFound': { cls: 'auth', status: 401, retryable: false, disable: true },
  'AuthFailure.InvalidSecretId': { cls: 'auth', status: 401, retryable: false, disable: true },
  'AuthFailure.SignatureFailure': { cls: 'auth', status: 401, retryable: false, disable: true },
  'AuthFailure.SignatureExpire': { cls: 'auth', status: 401, retryable: true, disable: false },
  'ResourceInsufficient.ChargeResourceExhaust': { cls: 'billing', status: 402, retryable: false, disable: true },
  'FailedOperation.EngineServerLimitExceeded': { cls: 'rate_limit', status: 429, retryable: true, disable: false },
};

const PREFIX: readonly [string, Rule][] = [
  ['AuthFailure', { cls: 'auth', status: 403, retryable: false, disable: false }],
  ['RequestLimitExceeded', { cls: 'rate_limit', status: 429, retryable: true, disable: false }],
  ['LimitExceeded', { cls: 'rate_limit', status: 429, retryable: true, disable: false }],
  ['InternalError', { cls: 'server', status: 500, retryable: true, disable: false }],
  ['FailedOperation.Engine', { cls: 'server', status: 500, retryable: true, disable: false }],
];

export function hunyuanFailure(err: HunyuanError, ctx: ChannelContext): UpstreamFailure {
  const rule = EXACT[err.code] ?? PREFIX.find(([p]) => err.code.startsWith(p))?.[1] ?? { cls: 'bad_request' as const, status: 400, retryable: false, disable: false };
  const secrets = [ctx.key, ...ctx.key.split('|').slice(1)];
  return {
    class: rule.cls,
    retryable: rule.retryable,
    disableChannel: rule.disable,
    status: rule.status,
    code: scrubAndTruncate(err.code, secrets, 100),
    type: 'hunyuan_error',
    message: scrubAndTruncate(err.message, secrets, 1000, ctx.baseUrl),
    retryAfterSeconds: null,
  };
}

export function mapHunyuanError(input: ErrorInput, ctx: ChannelContext): UpstreamFailure {
  const err = hunyuanError(parseJson(input.text));
  if (err) return hunyuanFailure(err, ctx);
  return mapOpenAIError(input, ctx);
}
