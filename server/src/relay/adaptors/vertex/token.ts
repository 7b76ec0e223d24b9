import { sign } from 'node:crypto';
import { oauthTokenAnswer, type OAuthTokenEndpoint } from '../oauth-token';
import type { ChannelContext, TokenExchangeCapability, UpstreamRequest } from '../types';
import { vertexCredentials, vertexServiceAccount } from './credentials';

/*
 * Google's OAuth 2.0 service-account flow (RFC 7523): a JWT signed RS256 with the key's private
 * key (iss = client_email, aud = token_uri, the cloud-platform scope, one hour), POSTed to the
 * key's token_uri as `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=<jwt>`;
 * the answer is `{access_token, expires_in, token_type: "Bearer"}`. Pure: the clock is given.
 */

export const VERTEX_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
export const JWT_LIFETIME_SECONDS = 3600;
const GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

function b64url(v: string | Buffer): string {
  return Buffer.from(v).toString('base64url');
}

export function signedAssertion(ctx: ChannelContext, nowSeconds: number): string {
  const c = vertexServiceAccount(ctx.key);
  const header: Record<string, string> = { alg: 'RS256', typ: 'JWT' };
  if (c.privateKeyId) header.kid = c.privateKeyId;
  const claims = { iss: c.clientEmail, scope: VERTEX_SCOPE, aud: c.tokenUri, iat: nowSeconds, exp: nowSeconds + JWT_LIFETIME_SECONDS };
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${b64url(sign('sha256', Buffer.from(input), c.privateKey))}`;
}

function buildRequest(ctx: ChannelContext, nowSeconds: number): UpstreamRequest {
  const c = vertexServiceAccount(ctx.key);
  const body = new URLSearchParams({ grant_type: GRANT_TYPE, assertion: signedAssertion(ctx, nowSeconds) }).toString();
  return { method: 'POST', url: c.tokenUri, headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }, body, expect: 'json' };
}

const ENDPOINT: OAuthTokenEndpoint = {
  type: 'vertex_token_error',
  refused: 'Vertex AI token endpoint refused the service account',
  keyStatuses: [401, 403],
  secrets: (ctx) => [ctx.key],
};

export const vertexTokenExchange: TokenExchangeCapability = {
  // An express mode API key is sent as it is: nothing to exchange.
  applies: (ctx) => vertexCredentials(ctx.key).kind === 'service_account',
  cacheKey: (ctx) => `vertex:${vertexServiceAccount(ctx.key).digest}`,
  buildRequest,
  parseResponse: (res, ctx) => oauthTokenAnswer(res, ctx, ENDPOINT),
};
