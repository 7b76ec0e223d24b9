import { sign } from 'node:crypto';
import type { UpstreamFailure } from '../../../wire/canonical/errors';
import { isJsonObject, parseJson } from '../../../wire/canonical/json';
import { scrubAndTruncate } from '../../pipeline/scrub';
import { isRetryableStatus } from '../openai-compatible/error';
import type { ChannelContext, TokenAnswer, TokenExchangeCapability, UpstreamRequest, UpstreamResponse } from '../types';
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

/** OAuth error codes that say the key itself is no good (RFC 6749 §5.2). */
const KEY_ERRORS = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client']);

function failure(res: UpstreamResponse, ctx: ChannelContext): UpstreamFailure {
  const body = parseJson(res.text);
  const code = isJsonObject(body) && typeof body.error === 'string' ? body.error : null;
  const description = isJsonObject(body) && typeof body.error_description === 'string' ? body.error_description : null;
  const keyProblem = (code !== null && KEY_ERRORS.has(code)) || res.status === 401 || res.status === 403;
  const status = keyProblem ? 401 : res.status >= 200 && res.status < 300 ? 502 : res.status;
  const what = [code, description].filter((v): v is string => v !== null).join(': ') || `HTTP ${res.status}`;
  return {
    class: keyProblem ? 'auth' : status === 429 ? 'rate_limit' : status >= 500 ? 'server' : 'bad_request',
    retryable: !keyProblem && isRetryableStatus(status),
    disableChannel: keyProblem,
    status,
    code: code !== null ? scrubAndTruncate(code, [ctx.key], 100) : null,
    type: 'vertex_token_error',
    message: scrubAndTruncate(`Vertex AI token endpoint refused the service account (${what})`, [ctx.key], 1000),
    retryAfterSeconds: null,
  };
}

function parseResponse(res: UpstreamResponse, ctx: ChannelContext): TokenAnswer {
  if (res.status !== 200) return { ok: false, failure: failure(res, ctx) };
  const body = parseJson(res.text);
  if (!isJsonObject(body) || typeof body.access_token !== 'string' || body.access_token === '' || typeof body.expires_in !== 'number' || !(body.expires_in > 0)) {
    return { ok: false, failure: failure({ ...res, status: 502 }, ctx) };
  }
  return { ok: true, token: body.access_token, expiresInSeconds: Math.floor(body.expires_in) };
}

export const vertexTokenExchange: TokenExchangeCapability = {
  // An express mode API key is sent as it is: nothing to exchange.
  applies: (ctx) => vertexCredentials(ctx.key).kind === 'service_account',
  cacheKey: (ctx) => `vertex:${vertexServiceAccount(ctx.key).digest}`,
  buildRequest,
  parseResponse,
};
