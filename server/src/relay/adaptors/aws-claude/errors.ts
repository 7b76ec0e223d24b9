import type { ErrorClass, UpstreamFailure } from '../../../wire/canonical/errors';
import { isJsonObject, parseJson } from '../../../wire/canonical/json';
import { scrubAndTruncate } from '../../pipeline/scrub';
import { isRetryableStatus } from '../openai-compatible/error';
import type { ChannelContext, ErrorInput } from '../types';
import { parseAwsCredentials } from './credentials';

/*
 * Bedrock runtime errors: the exception name in `x-amzn-ErrorType` (`ThrottlingException:http://…`)
 * or the body's `__type`, the text in `{"message": …}`. ThrottlingException (429),
 * ServiceUnavailable (503) and other 5xx are retried on another channel; the credential
 * exceptions (403: a wrong or unknown key, a key without access) disable the channel (rules:
 * structured signals only, never message text). Mid-stream exceptions arrive as event stream
 * exception messages with lower-camel names (`throttlingException`) and are mapped the same way.
 */

const DISABLING = new Set(['AccessDeniedException', 'UnrecognizedClientException', 'InvalidSignatureException', 'ExpiredTokenException']);

/** Status of a mid-stream exception, by its name (the HTTP status is already 200 there). */
const STREAM_STATUS: Readonly<Record<string, number>> = {
  ThrottlingException: 429,
  ServiceUnavailableException: 503,
  InternalServerException: 500,
  ModelStreamErrorException: 424,
  ModelTimeoutException: 408,
  ValidationException: 400,
};

function exceptionName(raw: string | null | undefined): string | null {
  const name = raw?.split(':')[0]?.split('#').pop()?.trim();
  if (!name) return null;
  // Stream exceptions are lower camel case: the same names otherwise.
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function classOf(status: number, name: string | null): ErrorClass {
  if (name && DISABLING.has(name)) return 'auth';
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limit';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'server';
  return 'bad_request';
}

function secretsOf(ctx: ChannelContext): string[] {
  try {
    const c = parseAwsCredentials(ctx.key);
    if (c.kind === 'api_key') return [ctx.key, c.apiKey];
    return [ctx.key, c.secretAccessKey, c.accessKeyId, ...(c.sessionToken ? [c.sessionToken] : [])];
  } catch {
    return [ctx.key];
  }
}

export function mapBedrockError(input: ErrorInput, ctx: ChannelContext): UpstreamFailure {
  const parsed = parseJson(input.text);
  const body = isJsonObject(parsed) ? parsed : null;
  const name = exceptionName(input.headers?.['x-amzn-errortype']) ?? exceptionName(typeof body?.__type === 'string' ? body.__type : null);
  const raw = body?.message ?? body?.Message;
  let message = typeof raw === 'string' ? raw : null;
  if (message === null) {
    const text = input.text.trim();
    message = text && !text.startsWith('<') && text.length <= 300 ? text : `upstream returned HTTP ${input.status}`;
  }
  const secrets = secretsOf(ctx);
  const scrub = (v: string, max: number) => scrubAndTruncate(v, secrets, max, ctx.baseUrl);
  const cls = classOf(input.status, name);
  return {
    class: cls,
    retryable: isRetryableStatus(input.status),
    disableChannel: name !== null && DISABLING.has(name),
    status: input.status,
    code: name ? scrub(name, 100) : null,
    type: name ? scrub(name, 100) : null,
    message: scrub(message, 1000),
    retryAfterSeconds: null,
  };
}

/** An exception message of the event stream (`{message, exceptionType}` from the relay's framing). */
export function mapBedrockStreamException(data: string, ctx: ChannelContext): UpstreamFailure {
  const parsed = parseJson(data);
  const body = isJsonObject(parsed) ? parsed : {};
  const name = exceptionName(typeof body.exceptionType === 'string' ? body.exceptionType : null);
  const status = (name === null ? undefined : STREAM_STATUS[name]) ?? 500;
  return mapBedrockError({ status, text: JSON.stringify({ message: body.message ?? null }), headers: { 'x-amzn-errortype': name ?? undefined } }, ctx);
}
