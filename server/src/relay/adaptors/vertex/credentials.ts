import { createHash, createPrivateKey, type KeyObject } from 'node:crypto';
import { isJsonObject, parseJson } from '../../../wire/canonical/json';
import { ChannelConfigError } from '../errors';

/*
 * The type-41 channel key, parsed once per key into typed credentials: a Google service-account
 * JSON key file (the PEM into a KeyObject; the relay exchanges a signed JWT for an access token),
 * or an API key (Vertex AI in express mode: sent as `x-goog-api-key` to the global, project-less
 * endpoint, no exchange). A key that is neither is a channel configuration error the admin sees;
 * its text never reaches a client or a log.
 */

export const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';

export interface VertexServiceAccount {
  readonly kind: 'service_account';
  readonly projectId: string;
  readonly clientEmail: string;
  readonly privateKeyId: string;
  readonly privateKey: KeyObject;
  readonly tokenUri: string;
  /** SHA-256 of the key text: the token cache's identity for this credential. */
  readonly digest: string;
}

/** An express mode API key (Google Cloud API keys: `AIza…`, express keys: `AQ.…`). */
export interface VertexApiKey {
  readonly kind: 'api_key';
  readonly apiKey: string;
}

export type VertexCredentials = VertexServiceAccount | VertexApiKey;

/** One header-safe token: no spaces, quotes or separators a JSON key file would have. */
const API_KEY = /^[A-Za-z0-9._~+/=-]{16,1024}$/;

const MAX_PARSED = 256;
const parsed = new Map<string, VertexCredentials>();

function field(o: Record<string, unknown>, name: string): string {
  const v = o[name];
  if (typeof v !== 'string' || v.trim() === '') throw new ChannelConfigError(`Vertex AI key: the service-account JSON has no ${name}`);
  return v.trim();
}

function parse(key: string): VertexCredentials {
  const text = key.trim();
  if (!text.startsWith('{')) {
    if (!API_KEY.test(text)) throw new ChannelConfigError('Vertex AI key is neither a service-account JSON key file nor an API key');
    return { kind: 'api_key', apiKey: text };
  }
  const json = parseJson(text);
  if (!isJsonObject(json)) throw new ChannelConfigError('Vertex AI key is not a service-account JSON key file');
  if (json.type !== undefined && json.type !== 'service_account') throw new ChannelConfigError('Vertex AI key: type is not service_account');
  const tokenUri = typeof json.token_uri === 'string' && json.token_uri.trim() !== '' ? json.token_uri.trim() : DEFAULT_TOKEN_URI;
  if (!/^https?:\/\/[^\s]+$/i.test(tokenUri)) throw new ChannelConfigError('Vertex AI key: token_uri is not an http(s) URL');
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: field(json, 'private_key'), format: 'pem' });
  } catch (err) {
    if (err instanceof ChannelConfigError) throw err;
    throw new ChannelConfigError('Vertex AI key: private_key is not a PEM private key');
  }
  if (privateKey.asymmetricKeyType !== 'rsa') throw new ChannelConfigError('Vertex AI key: private_key is not an RSA key');
  return {
    kind: 'service_account',
    projectId: field(json, 'project_id'),
    clientEmail: field(json, 'client_email'),
    privateKeyId: typeof json.private_key_id === 'string' ? json.private_key_id : '',
    privateKey,
    tokenUri,
    digest: createHash('sha256').update(key).digest('hex'),
  };
}

/** The typed credentials of a channel key, parsed on first use and remembered (bounded). */
export function vertexCredentials(key: string): VertexCredentials {
  const hit = parsed.get(key);
  if (hit) return hit;
  const creds = parse(key);
  if (parsed.size >= MAX_PARSED) {
    const oldest = parsed.keys().next().value;
    if (oldest !== undefined) parsed.delete(oldest);
  }
  parsed.set(key, creds);
  return creds;
}

/** The service account of a channel key; an API key here is a configuration error (what needs a project or a token). */
export function vertexServiceAccount(key: string): VertexServiceAccount {
  const creds = vertexCredentials(key);
  if (creds.kind !== 'service_account') throw new ChannelConfigError('Vertex AI: this call needs a service-account key, not an API key');
  return creds;
}
