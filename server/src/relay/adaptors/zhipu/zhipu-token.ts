import { createHmac } from 'node:crypto';

/*
 * Zhipu's open platform (type 26) takes an API key of the form `{id}.{secret}` and, as its
 * documentation and SDKs do, a short-lived JWT signed with it: header {"alg":"HS256","sign_type":
 * "SIGN"}, payload {"api_key": id, "exp": ms, "timestamp": ms}, HS256 over the secret. A key without
 * a dot is sent as it is (the platform also accepts a plain API key). Tokens are cached per key until
 * shortly before they lapse, so one is signed per key every few minutes, not per request.
 */

/** How long a signed token is valid. */
export const ZHIPU_TOKEN_TTL_MS = 30 * 60_000;
/** A cached token is replaced this long before it lapses. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const CACHE_MAX = 256;

const cache = new Map<string, { token: string; expiresAt: number }>();

function b64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

/** The JWT of an `id.secret` key at `nowMs` (pure). */
export function signZhipuToken(id: string, secret: string, nowMs: number): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', sign_type: 'SIGN' }));
  const payload = b64url(JSON.stringify({ api_key: id, exp: nowMs + ZHIPU_TOKEN_TTL_MS, timestamp: nowMs }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** The bearer credential for a channel key: a cached JWT for `id.secret`, else the key itself. */
export function zhipuBearer(key: string, nowMs = Date.now()): string {
  const dot = key.indexOf('.');
  if (dot <= 0 || dot === key.length - 1 || key.indexOf('.', dot + 1) !== -1) return key;
  const hit = cache.get(key);
  if (hit && hit.expiresAt - REFRESH_MARGIN_MS > nowMs) return hit.token;
  const token = signZhipuToken(key.slice(0, dot), key.slice(dot + 1), nowMs);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, { token, expiresAt: nowMs + ZHIPU_TOKEN_TTL_MS });
  return token;
}
