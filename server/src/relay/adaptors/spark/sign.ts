import { createHmac } from 'node:crypto';
import { ChannelConfigError } from '../errors';
import type { UpstreamRequest } from '../types';

/*
 * iFlytek's URL authentication for WebSocket APIs (通用URL鉴权), pure given the clock:
 *   signature     = base64(HMAC-SHA256(APISecret, "host: <host>\ndate: <RFC 1123 date>\nGET <path> HTTP/1.1"))
 *   authorization = base64('api_key="<APIKey>", algorithm="hmac-sha256", headers="host date request-line", signature="<signature>"')
 * sent as the query `?authorization=&date=&host=`; the server refuses a date more than 300 s off.
 * The channel key is `APPID|APISecret|APIKey`.
 */

export interface SparkCredentials {
  readonly appId: string;
  readonly apiSecret: string;
  readonly apiKey: string;
}

export const SPARK_KEY_FORMAT = 'APPID|APISecret|APIKey';

export function sparkCredentials(key: string): SparkCredentials {
  const parts = key.trim().split('|').map((p) => p.trim());
  if (parts.length !== 3 || parts.some((p) => p === '')) throw new ChannelConfigError(`Spark channel key is not ${SPARK_KEY_FORMAT}`);
  const [appId, apiSecret, apiKey] = parts as [string, string, string];
  return { appId, apiSecret, apiKey };
}

/** The documented signature over host, date and request line. */
export function sparkSignature(apiSecret: string, host: string, date: string, path: string): string {
  return createHmac('sha256', apiSecret).update(`host: ${host}\ndate: ${date}\nGET ${path} HTTP/1.1`).digest('base64');
}

/** The URL with `authorization`, `date` and `host` for the clock given (any query already on it is replaced). */
export function signSparkUrl(url: string, c: SparkCredentials, now: Date): string {
  const u = new URL(url);
  const date = now.toUTCString();
  const signature = sparkSignature(c.apiSecret, u.host, date, u.pathname);
  const origin = `api_key="${c.apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`;
  const query = new URLSearchParams({ authorization: Buffer.from(origin, 'utf8').toString('base64'), date, host: u.host });
  return `${u.origin}${u.pathname}?${query.toString()}`;
}

export function signSparkRequest(req: UpstreamRequest, key: string, now: Date): UpstreamRequest {
  return { ...req, url: signSparkUrl(req.url, sparkCredentials(key), now) };
}
