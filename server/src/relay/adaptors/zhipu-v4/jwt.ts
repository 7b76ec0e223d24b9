import { createHmac } from 'node:crypto';

/**
 * Zhipu's API key is `id.secret`; the open platform accepts a short-lived JWT signed from it
 * (HS256, header `sign_type: "SIGN"`, claims `api_key`, `timestamp` and `exp` in milliseconds),
 * as its official SDKs send it, or the key itself as a bearer. Pure given the clock.
 */
export interface ZhipuKey {
  readonly id: string;
  readonly secret: string;
}

/** `id.secret` split at the one dot; null for a key of another shape (sent as it is). */
export function parseZhipuKey(key: string): ZhipuKey | null {
  const parts = key.trim().split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  return { id: parts[0], secret: parts[1] };
}

const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** A token valid `ttlMs` from `nowMs`. */
export function signZhipuToken(key: ZhipuKey, nowMs: number, ttlMs: number): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', sign_type: 'SIGN' }));
  const payload = b64url(JSON.stringify({ api_key: key.id, exp: nowMs + ttlMs, timestamp: nowMs }));
  const signature = createHmac('sha256', key.secret).update(`${header}.${payload}`).digest();
  return `${header}.${payload}.${b64url(signature)}`;
}

/** Tokens live 30 minutes and are reused until 5 minutes before they expire. */
const TTL_MS = 30 * 60_000;
const REFRESH_MS = 5 * 60_000;
const MAX_CACHED = 1000;

/** Signed tokens per key, so a busy channel signs once per 25 minutes, not per request. */
export class ZhipuTokenCache {
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The bearer for a channel key: a cached JWT for an `id.secret` key, else the key. */
  bearer(key: string): string {
    const parsed = parseZhipuKey(key);
    if (!parsed) return key.trim();
    const now = this.now();
    const hit = this.tokens.get(key);
    if (hit && hit.expiresAt - REFRESH_MS > now) return hit.token;
    const token = signZhipuToken(parsed, now, TTL_MS);
    if (this.tokens.size >= MAX_CACHED) this.tokens.clear();
    this.tokens.set(key, { token, expiresAt: now + TTL_MS });
    return token;
  }
}
