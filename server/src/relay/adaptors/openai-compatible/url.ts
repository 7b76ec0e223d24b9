import type { OpenAIPath } from './config';

/**
 * base + "/v1/" + path. A base that already ends in /v1 (a common way to paste it) is not
 * doubled.
 */
export function v1Url(base: string, path: OpenAIPath): string {
  return /\/v1$/.test(base) ? `${base}/${path}` : `${base}/v1/${path}`;
}

/**
 * base + prefix + "/" + path for a vendor whose OpenAI paths live under another prefix
 * ('/api/v3', '/v2', or '' for the root). A base pasted with the prefix is not doubled.
 */
export function prefixedUrl(base: string, prefix: string, path: OpenAIPath): string {
  const p = prefix.replace(/\/+$/, '');
  return p !== '' && base.endsWith(p) ? `${base}/${path}` : `${base}${p}/${path}`;
}
