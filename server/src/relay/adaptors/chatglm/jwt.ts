import { createHash, createHmac } from 'node:crypto';
import { ChannelConfigError } from '../errors';

/*
 * Zhipu's API token: a JWT signed HS256 with the key's secret, header `{alg: "HS256", sign_type:
 * "SIGN"}`, claims `{api_key: <id>, exp, timestamp}` in milliseconds. The key is `id.secret`.
 * A token is minted per credential and reused until 5 minutes before it expires (pure given
 * the clock; the cache is this module's, bounded).
 */

export const CHATGLM_KEY_FORMAT = 'id.secret';
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;
const REUSE_MARGIN_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 1_000;

const cache = new Map<string, { token: string; expiresAt: number }>();

export function chatglmCredentials(key: string): { id: string; secret: string } {
  const k = key.trim();
  const dot = k.indexOf('.');
  if (dot <= 0 || dot === k.length - 1 || k.indexOf('.', dot + 1) !== -1) throw new ChannelConfigError(`ChatGLM channel key is not ${CHATGLM_KEY_FORMAT}`);
  return { id: k.slice(0, dot), secret: k.slice(dot + 1) };
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

export function signChatGLMToken(key: string, nowMs: number): string {
  const { id, secret } = chatglmCredentials(key);
  const input = `${b64url(JSON.stringify({ alg: 'HS256', sign_type: 'SIGN' }))}.${b64url(JSON.stringify({ api_key: id, exp: nowMs + TOKEN_LIFETIME_MS, timestamp: nowMs }))}`;
  return `${input}.${b64url(createHmac('sha256', secret).update(input).digest())}`;
}

/** The cached token for the key, minted anew when none is valid for 5 more minutes. */
export function chatglmToken(key: string, nowMs: number): string {
  const digest = createHash('sha256').update(key).digest('hex');
  const hit = cache.get(digest);
  if (hit && hit.expiresAt - REUSE_MARGIN_MS > nowMs) return hit.token;
  const token = signChatGLMToken(key, nowMs);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(digest, { token, expiresAt: nowMs + TOKEN_LIFETIME_MS });
  return token;
}
