import type { UpstreamFailure } from '../../wire/canonical/errors';
import { isJsonObject, parseJson } from '../../wire/canonical/json';
import { scrubAndTruncate } from '../pipeline/scrub';
import { isRetryableStatus } from './openai-compatible/error';
import type { ChannelContext, TokenAnswer, UpstreamResponse } from './types';

/*
 * The answer of an OAuth 2.0 token endpoint (RFC 6749 §5.1 and §5.2), as Baidu's client-credentials
 * and Google's service-account flows give it: `{access_token, expires_in, ...}`, or
 * `{error, error_description}`. One reading for every adaptor that exchanges its key for a token.
 */

/** OAuth error codes that say the key itself is no good (RFC 6749 §5.2). */
const KEY_ERRORS = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client']);

export interface OAuthTokenEndpoint {
  /** The error type a refusal carries (`baidu_token_error`). */
  readonly type: string;
  /** How a refusal's message starts ("Baidu token endpoint refused the key"). */
  readonly refused: string;
  /** Statuses that mean the key is no good, whatever the body says. */
  readonly keyStatuses: readonly number[];
  /** Everything of the key that must never reach a message. */
  secrets(ctx: ChannelContext): string[];
}

function failure(res: UpstreamResponse, ctx: ChannelContext, ep: OAuthTokenEndpoint): UpstreamFailure {
  const body = parseJson(res.text);
  const code = isJsonObject(body) && typeof body.error === 'string' ? body.error : null;
  const description = isJsonObject(body) && typeof body.error_description === 'string' ? body.error_description : null;
  const keyProblem = (code !== null && KEY_ERRORS.has(code)) || ep.keyStatuses.includes(res.status);
  // A refusal inside a 200 is still a refusal: the gateway answers it as a bad upstream.
  const status = keyProblem ? 401 : res.status >= 200 && res.status < 300 ? 502 : res.status;
  const secrets = ep.secrets(ctx);
  const what = [code, description].filter((v): v is string => v !== null).join(': ') || `HTTP ${res.status}`;
  return {
    class: keyProblem ? 'auth' : status === 429 ? 'rate_limit' : status >= 500 ? 'server' : 'bad_request',
    retryable: !keyProblem && isRetryableStatus(status),
    disableChannel: keyProblem,
    status,
    code: code !== null ? scrubAndTruncate(code, secrets, 100) : null,
    type: ep.type,
    message: scrubAndTruncate(`${ep.refused} (${what})`, secrets, 1000),
    retryAfterSeconds: null,
  };
}

/** The token and its lifetime, or the endpoint's refusal classified (a key refusal disables the channel). */
export function oauthTokenAnswer(res: UpstreamResponse, ctx: ChannelContext, ep: OAuthTokenEndpoint): TokenAnswer {
  if (res.status !== 200) return { ok: false, failure: failure(res, ctx, ep) };
  const body = parseJson(res.text);
  if (!isJsonObject(body) || typeof body.access_token !== 'string' || body.access_token === '' || typeof body.expires_in !== 'number' || !(body.expires_in > 0)) {
    return { ok: false, failure: failure(res, ctx, ep) };
  }
  return { ok: true, token: body.access_token, expiresInSeconds: Math.floor(body.expires_in) };
}
