import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { UpstreamRequest } from '../types';
import type { AwsCredentials } from './credentials';

/*
 * SigV4 for Bedrock runtime calls (or the Bearer header of a Bedrock API key), with `@smithy/signature-v4` (the AWS SDK's own signer): a
 * pure step given the credentials and the clock. The host, the date and the body are signed;
 * the `host` header is signed but not returned, since the HTTP client sets it from the URL.
 */

export const BEDROCK_SERVICE = 'bedrock';

export async function signBedrockRequest(req: UpstreamRequest, creds: AwsCredentials, now: Date): Promise<UpstreamRequest> {
  // A Bedrock API key is a Bearer token: nothing to sign.
  if (creds.kind === 'api_key') return { ...req, headers: { ...req.headers, Authorization: `Bearer ${creds.apiKey}` } };
  const url = new URL(req.url);
  const signer = new SignatureV4({
    credentials: { accessKeyId: creds.accessKeyId, secretAccessKey: creds.secretAccessKey, sessionToken: creds.sessionToken ?? undefined },
    region: creds.region,
    service: BEDROCK_SERVICE,
    sha256: Sha256,
  });
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = v;
  const signed = await signer.sign(
    {
      method: req.method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port === '' ? undefined : Number(url.port),
      path: url.pathname,
      query,
      headers: { ...req.headers, host: url.host },
      body: req.body ?? undefined,
    },
    { signingDate: now },
  );
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(signed.headers)) if (k.toLowerCase() !== 'host') headers[k] = v;
  return { ...req, headers };
}
