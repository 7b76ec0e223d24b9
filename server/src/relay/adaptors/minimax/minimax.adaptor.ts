import type { UpstreamFailure } from '../../../wire/canonical/errors';
import { isJsonObject, parseJson } from '../../../wire/canonical/json';
import { scrubAndTruncate } from '../../pipeline/scrub';
import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';
import { isRetryableStatus } from '../openai-compatible/error';
import { baseUrlOf, catalogueBase } from '../base-url';
import type { Adaptor, ChannelContext } from '../types';

const config = { type: 35, ...catalogueBase(35) } as const;

/**
 * MiniMax's `base_resp.status_code` (sent with HTTP 200 as well as with error statuses) to the
 * relay's classes: 1004 authentication failed and 1008 insufficient balance disable the channel,
 * 1002 / 1039 (RPM / TPM) are rate limits, 1000 / 1001 / 1013 server faults, the rest bad requests.
 */
const BASE_RESP: Readonly<Record<number, Pick<UpstreamFailure, 'class' | 'status' | 'disableChannel'>>> = {
  1000: { class: 'server', status: 502, disableChannel: false },
  1001: { class: 'timeout', status: 504, disableChannel: false },
  1002: { class: 'rate_limit', status: 429, disableChannel: false },
  1004: { class: 'auth', status: 401, disableChannel: true },
  1008: { class: 'billing', status: 402, disableChannel: true },
  1013: { class: 'server', status: 502, disableChannel: false },
  1039: { class: 'rate_limit', status: 429, disableChannel: false },
};

/** The failure a `base_resp` with a non-zero status_code stands for; null for success or another shape. */
export function baseRespFailure(text: string, ctx: ChannelContext): UpstreamFailure | null {
  const body = parseJson(text);
  const baseResp = isJsonObject(body) && isJsonObject(body.base_resp) ? body.base_resp : null;
  const code = typeof baseResp?.status_code === 'number' ? baseResp.status_code : null;
  if (baseResp === null || code === null || code === 0) return null;
  const known = BASE_RESP[code] ?? { class: 'bad_request' as const, status: 400, disableChannel: false };
  const message = typeof baseResp.status_msg === 'string' && baseResp.status_msg !== '' ? baseResp.status_msg : `MiniMax error ${code}`;
  return {
    ...known,
    retryable: isRetryableStatus(known.status),
    code: String(code),
    type: 'minimax_error',
    message: scrubAndTruncate(message, [ctx.key], 1000, ctx.baseUrl),
    retryAfterSeconds: null,
  };
}

const wire = createOpenAICompatibleAdaptor({
  ...config,
  auth: 'bearer',
  streamUsage: false,
  capabilities: [],
  url: (path, ctx) => `${baseUrlOf(config, ctx).replace(/\/v1$/, '')}/v1/${path === 'chat/completions' ? 'text/chatcompletion_v2' : path}`,
});

/**
 * Type 35: MiniMax, the OpenAI-like `/v1/text/chatcompletion_v2` with the key as bearer. Errors
 * arrive as `base_resp` (often with HTTP 200), mapped by status code before the OpenAI reading.
 */
export const minimaxAdaptor: Adaptor = {
  ...wire,
  parseTextResponse: (req, res, ctx) => {
    const failure = baseRespFailure(res.text, ctx);
    return failure ? { ok: false, failure } : wire.parseTextResponse(req, res, ctx);
  },
  mapError: (input, ctx) => baseRespFailure(input.text, ctx) ?? wire.mapError(input, ctx),
};
