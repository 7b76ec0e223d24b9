import type { ErrorClass, UpstreamFailure } from '../../../wire/canonical/errors';
import type { SparkError } from '../../../wire/spark/chat';
import { scrubAndTruncate } from '../../pipeline/scrub';
import { mapOpenAIError } from '../openai-compatible/error';
import type { ChannelContext, ErrorInput } from '../types';

/*
 * Spark's error codes (the `header.code` of an error frame), classified by code as the WebSocket
 * API documents them: an APPID that is blacklisted or holds no licence for the version (or has used
 * up its allowance) is the key's fault and disables the channel; the per-day, per-second and
 * concurrency limits are retried on another channel, as are the engine and service errors; schema,
 * parameter, moderation and length errors are the request's. A refused handshake (the URL
 * signature: 401 `{"message": ...}`, 403 for a date out of range) is read as any HTTP error answer.
 */

interface Rule {
  readonly cls: ErrorClass;
  readonly status: number;
  readonly retryable: boolean;
  readonly disable: boolean;
}

const BAD_REQUEST: Rule = { cls: 'bad_request', status: 400, retryable: false, disable: false };
const RATE_LIMIT: Rule = { cls: 'rate_limit', status: 429, retryable: true, disable: false };
const SERVER: Rule = { cls: 'server', status: 500, retryable: true, disable: false };
const UNAVAILABLE: Rule = { cls: 'server', status: 503, retryable: true, disable: false };

const RULES: Readonly<Record<number, Rule>> = {
  // Upgrade, read and write failures on Spark's side.
  10000: SERVER,
  10001: SERVER,
  10002: SERVER,
  // The frame's format, schema or parameter values.
  10003: BAD_REQUEST,
  10004: BAD_REQUEST,
  10005: BAD_REQUEST,
  // One user connected twice / still being answered.
  10006: RATE_LIMIT,
  10007: RATE_LIMIT,
  10008: UNAVAILABLE,
  10009: SERVER,
  10010: SERVER,
  10011: SERVER,
  10012: SERVER,
  // Input or output refused by moderation, or a conversation leaning that way.
  10013: BAD_REQUEST,
  10014: BAD_REQUEST,
  10019: BAD_REQUEST,
  // APPID blacklisted; APPID without the licence (version not opened, tokens used up, concurrency over the licence).
  10015: { cls: 'auth', status: 403, retryable: false, disable: true },
  10016: { cls: 'auth', status: 403, retryable: false, disable: true },
  10110: UNAVAILABLE,
  10163: BAD_REQUEST,
  10222: SERVER,
  // More tokens than the version takes.
  10907: BAD_REQUEST,
  // No licence for the function, or the licensed volume is used up.
  11200: { cls: 'billing', status: 403, retryable: false, disable: true },
  // Daily, per-second and concurrency limits.
  11201: RATE_LIMIT,
  11202: RATE_LIMIT,
  11203: RATE_LIMIT,
};

/** Codes nobody documents: the service's own trouble, which another channel may not share. */
const UNKNOWN: Rule = { cls: 'server', status: 502, retryable: true, disable: false };

function secretsOf(ctx: ChannelContext): string[] {
  return [ctx.key, ...ctx.key.split('|')];
}

export function sparkFailure(err: SparkError, ctx: ChannelContext): UpstreamFailure {
  const rule = RULES[err.code] ?? UNKNOWN;
  return {
    class: rule.cls,
    retryable: rule.retryable,
    disableChannel: rule.disable,
    status: rule.status,
    code: String(err.code),
    type: 'spark_error',
    message: scrubAndTruncate(err.message || `Spark error ${err.code}`, secretsOf(ctx), 1000, ctx.baseUrl),
    retryAfterSeconds: null,
  };
}

/** A refused handshake: HTTP status and `{"message": ...}` (scrubbed like every upstream text). */
export function mapSparkError(input: ErrorInput, ctx: ChannelContext): UpstreamFailure {
  return mapOpenAIError(input, ctx);
}
