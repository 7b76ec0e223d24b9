import { createHash, createHmac } from 'node:crypto';
import { ChannelConfigError } from '../errors';
import type { UpstreamRequest } from '../types';

/*
 * Tencent Cloud API signature v3 (TC3-HMAC-SHA256), pure given the clock:
 *   canonical request = POST \n / \n (empty query) \n content-type:<ct>\nhost:<host>\n \n content-type;host \n hex(sha256(body))
 *   string to sign    = TC3-HMAC-SHA256 \n <timestamp> \n <UTC date>/<service>/tc3_request \n hex(sha256(canonical request))
 *   key               = HMAC(HMAC(HMAC("TC3" + SecretKey, date), service), "tc3_request")
 *   Authorization     = TC3-HMAC-SHA256 Credential=<SecretId>/<date>/<service>/tc3_request, SignedHeaders=content-type;host, Signature=<hex>
 * with X-TC-Timestamp (seconds) beside it. The key is `AppId|SecretId|SecretKey`.
 */

export interface HunyuanCredentials {
  readonly appId: string;
  readonly secretId: string;
  readonly secretKey: string;
}

export const HUNYUAN_KEY_FORMAT = 'AppId|SecretId|SecretKey';

export function hunyuanCredentials(key: string): HunyuanCredentials {
  const parts = key.trim().split('|').map((p) => p.trim());
  if (parts.length !== 3 || parts.some((p) => p === '')) throw new ChannelConfigError(`Hunyuan channel key is not ${HUNYUAN_KEY_FORMAT}`);
  const [appId, secretId, secretKey] = parts as [string, string, string];
  return { appId, secretId, secretKey };
}

const sha256 = (s: string | Uint8Array) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

export function tc3Signature(o: { secretKey: string; service: string; host: string; contentType: string; body: string; timestamp: number }): { date: string; signature: string } {
  const date = new Date(o.timestamp * 1000).toISOString().slice(0, 10);
  // Header keys and values in lower case, trimmed.
  const canonical = ['POST', '/', '', `content-type:${o.contentType.trim().toLowerCase()}\nhost:${o.host.trim().toLowerCase()}\n`, 'content-type;host', sha256(o.body)].join('\n');
  const scope = `${date}/${o.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(o.timestamp), scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(`TC3${o.secretKey}`, date), o.service), 'tc3_request');
  return { date, signature: createHmac('sha256', key).update(toSign).digest('hex') };
}

export function signHunyuanRequest(req: UpstreamRequest, key: string, now: Date): UpstreamRequest {
  const c = hunyuanCredentials(key);
  const host = new URL(req.url).host;
  const contentType = req.headers['Content-Type'] ?? 'application/json';
  const body = typeof req.body === 'string' ? req.body : req.body ? Buffer.from(req.body).toString('utf8') : '';
  const timestamp = Math.floor(now.getTime() / 1000);
  const { date, signature } = tc3Signature({ secretKey: c.secretKey, service: 'hunyuan', host, contentType, body, timestamp });
  return {
    ...req,
    headers: {
      ...req.headers,
      'X-TC-Timestamp': String(timestamp),
      Authorization: `TC3-HMAC-SHA256 Credential=${c.secretId}/${date}/hunyuan/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`,
    },
  };
}
