import { baseUrlOf, catalogueBase } from '../base-url';
import { oauthTokenAnswer, type OAuthTokenEndpoint } from '../oauth-token';
import type { ChannelContext, TokenExchangeCapability, UpstreamRequest } from '../types';
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

export const BAIDU = catalogueBase(15);

const generations = new Map<string, { n: number; rejected: string | undefined }>();

export function baiduBase(ctx: ChannelContext): string {
  return baseUrlOf(BAIDU, ctx);
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

const ENDPOINT: OAuthTokenEndpoint = {
  type: 'baidu_token_error',
  refused: 'Baidu token endpoint refused the key',
  keyStatuses: [401],
  secrets: (ctx) => {
    const c = baiduCredentials(ctx.key);
    return [ctx.key, c.apiKey, c.secretKey];
  },
};

export const baiduTokenExchange: TokenExchangeCapability = {
  cacheKey: (ctx) => {
    const digest = baiduCredentials(ctx.key).digest;
    return `baidu:${digest}:${generations.get(digest)?.n ?? 0}`;
  },
  buildRequest: (ctx) => buildRequest(ctx),
  parseResponse: (res, ctx) => oauthTokenAnswer(res, ctx, ENDPOINT),
};
