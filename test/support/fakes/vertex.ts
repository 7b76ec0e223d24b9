import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { RecordingFake } from './fake-server';
import { FakeAnthropic } from './anthropic';
import { FakeGemini, googleErrorBody, type Json } from './gemini';

/**
 * A loopback Google Vertex AI: the OAuth 2.0 token endpoint of a service account and the two
 * publishers' model endpoints, as Google documents them.
 *
 * - `POST /token` (`application/x-www-form-urlencoded`, `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`,
 *   `assertion=<JWT>`): the JWT's RS256 signature is verified against the service account's
 *   public key, and its `iss` (client_email), `aud` (Google's documented
 *   `https://oauth2.googleapis.com/token`, which google-auth-library always sends, or this token
 *   URI, which clients that read the key's `token_uri` send), `scope` (cloud-platform)
 *   and `iat`/`exp` (not expired, at most an hour) are checked; the answer is
 *   `{access_token, expires_in, token_type: "Bearer"}`, else `{error: "invalid_grant", error_description}` (400).
 * - `POST /{v1|v1beta1}/projects/{project}/locations/{region}/publishers/google/models/{model}:generateContent`
 *   and `:streamGenerateContent?alt=sse`, served by an inner FakeGemini (the same wire);
 *   `@google/genai` calls v1beta1 unless told otherwise;
 * - `POST …/publishers/anthropic/models/{model}:rawPredict` and `:streamRawPredict`: the Messages
 *   body without `model` and with `anthropic_version: "vertex-2023-10-16"` (or a dated Anthropic
 *   API version, which `@anthropic-ai/vertex-sdk` 1.x copies from its `anthropic-version` header),
 *   served by an inner FakeAnthropic.
 * - token counting: `POST …/publishers/google/models/{model}:countTokens` (`{contents, systemInstruction,
 *   tools}` at the top level, answer `{totalTokens}`, counted by the inner FakeGemini) and
 *   `POST …/publishers/anthropic/models/count-tokens:rawPredict` (Google's "Count tokens for Claude
 *   models": the Messages body with `model`, an `anthropic_version` allowed as for rawPredict,
 *   answer `{input_tokens}`, counted by the inner FakeAnthropic);
 * - express mode (an API key, `apiKey`): `POST /{v1|v1beta1}/publishers/google/models/{model}:generateContent`,
 *   `:streamGenerateContent` and `:countTokens` on the global endpoint, no project or location in
 *   the path, the key in `x-goog-api-key` or `?key=` (a wrong one: 400 INVALID_ARGUMENT with
 *   reason API_KEY_INVALID); express mode serves `publishers/google/models/*` only.
 * Project model calls need `Authorization: Bearer <an access token this fake issued, not expired>`,
 * else 401 UNAUTHENTICATED in Google's error shape. Every request is recorded.
 */

export const VERTEX_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** Google's token endpoint: the `aud` Google documents for every access-token JWT. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** Google's documented value, then the dated Anthropic API versions Anthropic's Vertex client sends. */
export const VERTEX_ANTHROPIC_VERSIONS: readonly string[] = ['vertex-2023-10-16', '2023-06-01', '2026-10-21'];

export interface RecordedVertexRequest {
  path: string;
  /** `express`: the project-less path of an API key. */
  mode: 'project' | 'express';
  /** `v1` or `v1beta1`. */
  version: string;
  project: string;
  region: string;
  publisher: string;
  model: string;
  action: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown> | null;
}

export interface TokenExchangeRecord {
  assertion: string;
  claims: Record<string, unknown>;
  header: Record<string, unknown>;
  token: string;
}

export interface ServiceAccount {
  /** The JSON key file text a type-41 channel holds. */
  keyFile: string;
  clientEmail: string;
  projectId: string;
  publicKey: KeyObject;
}

/** A throwaway service account whose token_uri is `tokenUri`. */
export function serviceAccount(tokenUri: string, projectId = 'sluice-test-project'): ServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `relay@${projectId}.iam.gserviceaccount.com`;
  const keyFile = JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    client_id: '100000000000000000001',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: tokenUri,
  });
  return { keyFile, clientEmail, projectId, publicKey };
}

function asObject(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function b64json(part: string): Record<string, unknown> | null {
  try {
    return asObject(JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
}

/** Model requests are recorded in `requests`; token exchanges in `exchanges`. */
export class FakeVertex extends RecordingFake<RecordedVertexRequest> {
  readonly gemini: FakeGemini;
  readonly anthropic: FakeAnthropic;
  readonly exchanges: TokenExchangeRecord[] = [];
  /** Public keys of the service accounts this fake knows, by client_email. */
  readonly accounts = new Map<string, KeyObject>();
  /** `expires_in` of the next tokens. */
  expiresIn = 3600;
  private readonly tokens = new Map<string, number>();
  private seq = 0;

  /** The express mode API key this fake accepts (none: express mode refuses every key). */
  readonly apiKey: string | undefined;

  constructor(opts: { toolArgs?: Record<string, Json>; apiKey?: string } = {}) {
    super('Vertex');
    this.apiKey = opts.apiKey;
    this.gemini = new FakeGemini({ key: 'inner-gemini', toolArgs: opts.toolArgs });
    this.anthropic = new FakeAnthropic({ key: 'inner-anthropic', toolInput: opts.toolArgs });
  }

  get tokenUri(): string {
    return `${this.url}/token`;
  }

  override async start(): Promise<this> {
    await Promise.all([this.gemini.start(), this.anthropic.start()]);
    return super.start();
  }

  override async stop(): Promise<void> {
    await super.stop();
    await Promise.all([this.gemini.stop(), this.anthropic.stop()]);
  }

  /** A service account this fake accepts. */
  account(projectId?: string): ServiceAccount {
    const sa = serviceAccount(this.tokenUri, projectId);
    this.accounts.set(sa.clientEmail, sa.publicKey);
    return sa;
  }

  override reset(): void {
    super.reset();
    this.exchanges.length = 0;
    this.expiresIn = 3600;
    this.gemini.reset();
    this.anthropic.reset();
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/token') return this.token(req, res, raw);
    const m = /^\/(v1|v1beta1)\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/(google|anthropic)\/models\/([^/:]+):([A-Za-z]+)$/.exec(url.pathname);
    const x = m ? null : /^\/(v1|v1beta1)\/publishers\/([^/]+)\/models\/([^/:]+):([A-Za-z]+)$/.exec(url.pathname);
    let json: Record<string, unknown> | null = null;
    try {
      json = asObject(JSON.parse(raw));
    } catch {
      json = null;
    }
    const record: RecordedVertexRequest = {
      path: url.pathname,
      mode: x ? 'express' : 'project',
      version: m?.[1] ?? x?.[1] ?? '',
      project: m?.[2] ?? '',
      region: m?.[3] ?? '',
      publisher: m?.[4] ?? x?.[2] ?? '',
      model: decodeURIComponent(m?.[5] ?? x?.[3] ?? ''),
      action: m?.[6] ?? x?.[4] ?? '',
      query: url.searchParams,
      headers: req.headers,
      json,
    };
    this.requests.push(record);
    if (req.method === 'POST' && x) return this.express(res, record, url, raw);
    if (req.method !== 'POST' || !m) return this.send(res, 404, googleErrorBody(404, 'NOT_FOUND', 'Requested entity was not found.'));
    const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const expires = bearer ? this.tokens.get(bearer) : undefined;
    if (expires === undefined || expires <= Date.now()) {
      return this.send(res, 401, googleErrorBody(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.'));
    }
    if (!json) return this.send(res, 400, googleErrorBody(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'));
    if (record.publisher === 'google') return this.google(res, record, url, raw);
    if (record.model === 'count-tokens' && record.action === 'rawPredict') return this.countClaude(res, json);
    if (record.action !== 'rawPredict' && record.action !== 'streamRawPredict') return this.send(res, 404, googleErrorBody(404, 'NOT_FOUND', `Method ${record.action} not found.`));
    // Claude on Vertex: the model is the URL's, the version is in the body (Anthropic's Vertex docs).
    if ('model' in json) return this.send(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'model: Extra inputs are not permitted' } });
    if (typeof json.anthropic_version !== 'string' || !VERTEX_ANTHROPIC_VERSIONS.includes(json.anthropic_version)) {
      return this.send(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'anthropic_version: must be vertex-2023-10-16' } });
    }
    if ((record.action === 'streamRawPredict') !== (json.stream === true)) return this.send(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'stream must match the method' } });
    const { anthropic_version: _v, ...rest } = json;
    const body = JSON.stringify({ ...rest, model: record.model });
    return this.forward(res, this.anthropic.url, '/v1/messages', { 'x-api-key': 'inner-anthropic', 'anthropic-version': '2023-06-01' }, body);
  }

  /** `publishers/google`: generateContent, streamGenerateContent and countTokens, served by the inner FakeGemini. */
  private google(res: ServerResponse, record: RecordedVertexRequest, url: URL, raw: string): void {
    if (record.action !== 'generateContent' && record.action !== 'streamGenerateContent' && record.action !== 'countTokens') {
      return this.send(res, 404, googleErrorBody(404, 'NOT_FOUND', `Method ${record.action} not found.`));
    }
    const query = new URLSearchParams(url.searchParams);
    query.delete('key');
    const qs = query.toString();
    const search = qs === '' ? '' : `?${qs}`;
    this.forward(res, this.gemini.url, `/v1beta/models/${encodeURIComponent(record.model)}:${record.action}${search}`, { 'x-goog-api-key': 'inner-gemini' }, raw);
  }

  /** Express mode: an API key, Google's models only, no project or location. */
  private express(res: ServerResponse, record: RecordedVertexRequest, url: URL, raw: string): void {
    if (record.publisher !== 'google') return this.send(res, 404, googleErrorBody(404, 'NOT_FOUND', `Publisher model publishers/${record.publisher}/models/${record.model} was not found or your project does not have access to it.`));
    const header = record.headers['x-goog-api-key'];
    const presented = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('key');
    if (this.apiKey === undefined || presented !== this.apiKey) {
      return this.send(res, 400, googleErrorBody(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID'));
    }
    if (!record.json) return this.send(res, 400, googleErrorBody(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'));
    this.google(res, record, url, raw);
  }

  /** `count-tokens:rawPredict`: the Messages body names the model; Anthropic's count answers. */
  private countClaude(res: ServerResponse, json: Record<string, unknown>): void {
    if (typeof json.model !== 'string' || json.model === '') return this.send(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'model: Field required' } });
    if (json.anthropic_version !== undefined && !VERTEX_ANTHROPIC_VERSIONS.includes(String(json.anthropic_version))) {
      return this.send(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'anthropic_version: must be vertex-2023-10-16' } });
    }
    const { anthropic_version: _v, ...rest } = json;
    this.forward(res, this.anthropic.url, '/v1/messages/count_tokens', { 'x-api-key': 'inner-anthropic', 'anthropic-version': '2023-06-01' }, JSON.stringify(rest));
  }

  private forward(res: ServerResponse, base: string, path: string, headers: Record<string, string>, body: string): void {
    const up = httpRequest(`${base}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (r) => {
      res.writeHead(r.statusCode ?? 502, { 'content-type': r.headers['content-type'] ?? 'application/json' });
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    up.end(body);
  }

  private token(req: IncomingMessage, res: ServerResponse, raw: string): void {
    const refuse = (description: string) => this.send(res, 400, { error: 'invalid_grant', error_description: description });
    if (req.method !== 'POST' || !/application\/x-www-form-urlencoded/i.test(String(req.headers['content-type'] ?? ''))) return refuse('Bad Request');
    const form = new URLSearchParams(raw);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return this.send(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
    const parts = (form.get('assertion') ?? '').split('.');
    if (parts.length !== 3) return refuse('Invalid JWT: Token must be a short-lived token and in a reasonable timeframe');
    const [h, c, sig] = parts as [string, string, string];
    const header = b64json(h);
    const claims = b64json(c);
    if (!header || !claims || header.alg !== 'RS256') return refuse('Invalid JWT header');
    const key = typeof claims.iss === 'string' ? this.accounts.get(claims.iss) : undefined;
    if (!key) return this.send(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    if (!verify('sha256', Buffer.from(`${h}.${c}`), key, Buffer.from(sig, 'base64url'))) return refuse('Invalid JWT Signature.');
    if (claims.aud !== GOOGLE_TOKEN_URL && claims.aud !== this.tokenUri) return refuse('Invalid JWT: aud is not the token URI');
    if (claims.scope !== VERTEX_SCOPE) return this.send(res, 400, { error: 'invalid_scope', error_description: 'Invalid OAuth scope or ID token audience provided.' });
    const now = Math.floor(Date.now() / 1000);
    const iat = Number(claims.iat);
    const exp = Number(claims.exp);
    if (!Number.isInteger(iat) || !Number.isInteger(exp) || exp <= now || iat > now + 60 || exp - iat > 3600) {
      return refuse('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.');
    }
    const token = `ya29.fake-${++this.seq}-${randomBytes(8).toString('hex')}`;
    this.tokens.set(token, Date.now() + this.expiresIn * 1000);
    this.exchanges.push({ assertion: `${h}.${c}.${sig}`, claims, header, token });
    this.send(res, 200, { access_token: token, expires_in: this.expiresIn, token_type: 'Bearer' });
  }
}
