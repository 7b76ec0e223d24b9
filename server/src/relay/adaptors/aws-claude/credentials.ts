/*
 * AWS credentials of a type-33 channel, from its key (reference §7.2): `AK|SK|Region` (new-api's
 * form, SigV4-signed), `AK|SK|Region|SessionToken` for temporary (STS) credentials, or
 * `apiKey|Region` for a Bedrock API key (sent as a Bearer token, nothing signed). Parsed once per
 * key string and kept typed; a malformed key is a channel configuration error (the relay answers
 * 500 `channel_misconfigured` and tries another channel), never a client error.
 */

export type AwsCredentials =
  | {
      readonly kind: 'sigv4';
      readonly accessKeyId: string;
      readonly secretAccessKey: string;
      readonly region: string;
      readonly sessionToken: string | null;
    }
  | { readonly kind: 'api_key'; readonly apiKey: string; readonly region: string };

/** AWS region names: `us-east-1`, `eu-central-2`, `ap-northeast-1`, `us-gov-west-1`, `il-central-1`. */
const REGION = /^[a-z]{2}(?:-[a-z]+)+-\d{1,2}$/;
const ACCESS_KEY = /^[A-Z0-9]{16,128}$/;
/** Bedrock API keys are base64-ish tokens (`ABSK…`, `bedrock-api-key-…`): no spaces or separators. */
const API_KEY = /^[A-Za-z0-9+/=._-]{16,4096}$/;

export class AwsCredentialsError extends Error {
  constructor(reason: string) {
    // Never the key itself: the reason names the part that is wrong.
    super(`AWS channel key is not AK|SK|Region or apiKey|Region: ${reason}`);
    this.name = 'AwsCredentialsError';
  }
}

export function parseAwsCredentials(key: string): AwsCredentials {
  const parts = key.trim().split('|').map((p) => p.trim());
  if (parts.length === 2) {
    const [apiKey = '', region = ''] = parts;
    if (!API_KEY.test(apiKey)) throw new AwsCredentialsError('bad API key');
    if (!REGION.test(region)) throw new AwsCredentialsError('bad region');
    return { kind: 'api_key', apiKey, region };
  }
  if (parts.length !== 3 && parts.length !== 4) throw new AwsCredentialsError(`${parts.length} parts`);
  const [accessKeyId = '', secretAccessKey = '', region = '', sessionToken = ''] = parts;
  if (!ACCESS_KEY.test(accessKeyId)) throw new AwsCredentialsError('bad access key id');
  if (secretAccessKey === '') throw new AwsCredentialsError('empty secret access key');
  if (!REGION.test(region)) throw new AwsCredentialsError('bad region');
  return { kind: 'sigv4', accessKeyId, secretAccessKey, region, sessionToken: sessionToken === '' ? null : sessionToken };
}

/** Keys seen recently, parsed (bounded: the oldest entry goes when full). */
const CACHE_SIZE = 256;
const cache = new Map<string, AwsCredentials>();

export function awsCredentialsOf(key: string): AwsCredentials {
  const hit = cache.get(key);
  if (hit) return hit;
  const parsed = parseAwsCredentials(key);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, parsed);
  return parsed;
}
