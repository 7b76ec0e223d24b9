import { createHash } from 'node:crypto';
import { ChannelConfigError } from '../errors';

/** A type-15 key: `API_KEY|SECRET_KEY` (the Qianfan application's client id and secret). */
export interface BaiduCredentials {
  readonly apiKey: string;
  readonly secretKey: string;
  /** Identity for the token cache: a digest of both, never the secret. */
  readonly digest: string;
}

export const BAIDU_KEY_FORMAT = 'API_KEY|SECRET_KEY';

export function baiduCredentials(key: string): BaiduCredentials {
  const parts = key.trim().split('|');
  if (parts.length !== 2 || parts.some((p) => p.trim() === '')) throw new ChannelConfigError(`Baidu channel key is not ${BAIDU_KEY_FORMAT}`);
  const [apiKey, secretKey] = parts.map((p) => p.trim()) as [string, string];
  return { apiKey, secretKey, digest: createHash('sha256').update(`${apiKey}|${secretKey}`).digest('hex').slice(0, 32) };
}
