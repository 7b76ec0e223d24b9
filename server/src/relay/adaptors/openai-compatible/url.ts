import { ChannelConfigError } from '../errors';
import type { ChannelContext } from '../types';
import type { OpenAICompatibleConfig, OpenAIPath } from './config';

/** The channel's base URL, or the provider default, without trailing slashes. */
export function baseUrlOf(config: Pick<OpenAICompatibleConfig, 'defaultBaseUrl' | 'name'>, ctx: ChannelContext): string {
  const base = (ctx.baseUrl.trim() || config.defaultBaseUrl || '').replace(/\/+$/, '');
  if (!base) throw new ChannelConfigError(`${config.name} channel has no base URL`);
  return base;
}

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
