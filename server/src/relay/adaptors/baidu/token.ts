import type { UpstreamFailure } from '../../../wire/canonical/errors';
import { isJsonObject, parseJson } from '../../../wire/canonical/json';
import { scrubAndTruncate } from '../../pipeline/scrub';
import { isRetryableStatus } from '../openai-compatible/error';
import type { ChannelContext, TokenAnswer, TokenExchangeCapability, UpstreamRequest, UpstreamResponse } from '../types';
import { baiduCredentials } from './credentials';

/*
 * Baidu's access token (OAuth 2.0 client credentials): `POST {base}/oauth/2.0/token?grant_type=
 * client_credentials&client_id=<API Key>&client_secret=<Secret Key>` answers `{access_token,
 * expires_in (30 days), refresh_token, scope, session_key, session_secret}`, or `{error,
 * error_description}` (401 `invalid_client`: unknown client id, or a wrong secret). The relay's one
 * token cache (shared with Vertex AI) keeps it until shortly before it expires.
 *
 * A chat answered with error 110 (token invalid) or 111 (token expired) means the cached token
 * went bad before its time: `tokenRejected` moves the credential to a new cache generation, so the
 * next request exchanges again (once, however many requests saw the stale token).
 */

export const BAIDU_DEFAULT_BASE_URL = 'https://aip.baidubce.com';

const generations = new Map<string, { n: number; rejected: string | undefined }>();

export function baiduBase(ctx: ChannelContext): string {
  return (ctx.baseUrl.trim() || BAIDU_DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/** The cached token `ctx.accessToken` was refused by the API: the next request gets a fresh one. */
export function tokenRejected(ctx: ChannelContext): void {
  const digest = baiduCredentials(ctx.key).digest;
  const g = generations.get(digest) ?? { n: 0, rejected: undefined };
  if (ctx.accessToken !== undefined && g.rejected === ctx.accessToken) return;
  generations.set(digest, { n: g.n + 1, rejected: ctx.accessToken });
}

function buildRequest(ctx: ChannelContext): UpstreamRequest {
  const c = baiduCredentials(ctx.key);
  const query = new URLSearchParams({ grant_type: 'client_credentials', client_id: c.apiKey, client_secret: c.secretKey }).toString();
  return { method: 'POST', url: `${baiduBase(ctx)}/oauth/2.0/token?${query}`, headers: { Accept: 'application/json' }, body: null, expect: 'json' };
}

const KEY_ERRORS = new Set(['invalid_client', 'unauthorized_client', 'invalid_grant']);

function failure(res: UpstreamResponse, ctx: ChannelContext): UpstreamFailure {
  const body = parseJson(res.text);
  const code = isJsonObject(body) && typeof body.error === 'string' ? body.error : null;
  const description = isJsonObject(body) && typeof body.error_description === 'string' ? body.error_description : null;
  const keyProblem = (code !== null && KEY_ERRORS.has(code)) || res.status === 401;
  const status = keyProblem ? 401 : res.status >= 200 && res.status < 300 ? 502 : res.status;
  const c = baiduCredentials(ctx.key);
  const secrets = [ctx.key, c.apiKey, c.secretKey];
  const what = [code, description].filter((v): v is string => v !== null).join(': ') || `HTTP ${res.status}`;
  return {
    class: keyProblem ? 'auth' : status === 429 ? 'rate_limit' : status >= 500 ? 'server' : 'bad_request',
    retryable: !keyProblem && isRetryableStatus(status),
    disableChannel: keyProblem,
    status,
    code: code !== null ? scrubAndTruncate(code, secrets, 100) : null,
    type: 'baidu_token_error',
    message: scrubAndTruncate(`Baidu token endpoint refused the key (${what})`, secrets, 1000),
    retryAfterSeconds: null,
  };
}

function parseResponse(res: UpstreamResponse, ctx: ChannelContext): TokenAnswer {
  if (res.status !== 200) return { ok: false, failure: failure(res, ctx) };
  const body = parseJson(res.text);
  if (!isJsonObject(body) || typeof body.access_token !== 'string' || body.access_token === '' || typeof body.expires_in !== 'number' || !(body.expires_in > 0)) {
    return { ok: false, failure: failure({ ...res, status: isJsonObject(body) && typeof body.error === 'string' ? 401 : 502 }, ctx) };
  }
  return { ok: true, token: body.access_token, expiresInSeconds: Math.floor(body.expires_in) };
}

export const baiduTokenExchange: TokenExchangeCapability = {
  cacheKey: (ctx) => {
    const digest = baiduCredentials(ctx.key).digest;
    return `baidu:${digest}:${generations.get(digest)?.n ?? 0}`;
  },
  buildRequest: (ctx) => buildRequest(ctx),
  parseResponse,
};
