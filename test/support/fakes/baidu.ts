import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { ScriptedFake, jsonObject, readBody, sendJson, sseFrame, startEventStream } from './fake-server';

/**
 * A loopback Baidu Qianfan (Wenxin / ERNIE) API on its documented access-token wire:
 * - `POST /oauth/2.0/token?grant_type=client_credentials&client_id=<API Key>&client_secret=<Secret Key>`
 *   answers `{access_token, expires_in: 2592000, refresh_token, scope, session_key, session_secret}`,
 *   or 401 `{error: "invalid_client", error_description: "unknown client id"}` (or "Client authentication failed");
 * - `POST /rpc/2.0/ai_custom/v1/wenxinworkshop/chat/{endpoint}?access_token=` with `{messages (odd
 *   count, user first, alternating), system?, temperature?, top_p?, max_output_tokens?, stop?,
 *   stream?}`, answering `{id, object: "chat.completion", created, result, is_truncated,
 *   need_clear_history, finish_reason, usage}` or SSE `data:` chunks (`sentence_id`, `is_end`,
 *   per-chunk `completion_tokens`, cumulative `total_tokens`);
 * - `POST /rpc/2.0/ai_custom/v1/wenxinworkshop/embeddings/embedding-v1?access_token=` with `{input}`;
 * - errors as `{error_code, error_msg}` with HTTP 200: 110 for an unknown token, 111 for an expired one.
 * Prompt tokens are the words of the system prompt and the messages; completion tokens the reply's.
 */

export interface RecordedBaiduRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown> | null;
}

export type BaiduScript = { kind: 'error'; code: number; message: string } | { kind: 'reply'; text: string; truncated?: boolean };

export interface FakeBaiduOptions {
  apiKey: string;
  secretKey: string;
  reply?: string;
}

const ENDPOINTS = new Set(['completions', 'completions_pro', 'ernie_speed', 'ernie-speed-128k', 'ernie-lite-8k', 'eb-instant', 'ernie-4.0-turbo-8k']);

function words(s: unknown): number {
  return typeof s === 'string' ? s.split(/\s+/).filter(Boolean).length : 0;
}

export class FakeBaidu extends ScriptedFake<RecordedBaiduRequest, BaiduScript> {
  /** Tokens issued, in order; `expireTokens` marks them expired. */
  readonly issued: string[] = [];
  private readonly expired = new Set<string>();
  private seq = 0;

  constructor(readonly options: FakeBaiduOptions) {
    super('Baidu');
  }

  /** Every token issued so far now answers 111 Access token expired. */
  expireTokens(): void {
    for (const t of this.issued) this.expired.add(t);
  }

  /** Requests to the token endpoint. */
  exchanges(): RecordedBaiduRequest[] {
    return this.requests.filter((r) => r.path === '/oauth/2.0/token');
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = (await readBody(req)).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = jsonObject(raw);
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, json });
    if (req.method !== 'POST') return sendJson(res, 404, { error_code: 3, error_msg: 'Unsupported openapi method' });
    if (url.pathname === '/oauth/2.0/token') return this.token(res, url.searchParams);
    const token = url.searchParams.get('access_token') ?? '';
    if (this.expired.has(token)) return sendJson(res, 200, { error_code: 111, error_msg: 'Access token expired' });
    if (!this.issued.includes(token)) return sendJson(res, 200, { error_code: 110, error_msg: 'Access token invalid or no longer valid' });
    const chat = /^\/rpc\/2\.0\/ai_custom\/v1\/wenxinworkshop\/chat\/([\w.-]+)$/.exec(url.pathname);
    const script = this.once.shift();
    if (script?.kind === 'error') return sendJson(res, 200, { error_code: script.code, error_msg: script.message });
    if (url.pathname === '/rpc/2.0/ai_custom/v1/wenxinworkshop/embeddings/embedding-v1') return this.embed(res, json);
    if (!chat || !ENDPOINTS.has(chat[1] ?? '')) return sendJson(res, 200, { error_code: 3, error_msg: 'Unsupported openapi method' });
    const messages = Array.isArray(json?.messages) ? (json.messages as Record<string, unknown>[]) : null;
    if (!json || !messages || messages.length % 2 !== 1) return sendJson(res, 200, { error_code: 336006, error_msg: 'the length of messages must be an odd number' });
    for (const [i, m] of messages.entries()) {
      if (m.role !== (i % 2 === 0 ? 'user' : 'assistant') || typeof m.content !== 'string') return sendJson(res, 200, { error_code: 336007, error_msg: 'the role of message with odd index in the messages must be assistant' });
    }
    for (const k of ['max_tokens', 'model', 'n']) if (k in json) return sendJson(res, 200, { error_code: 336003, error_msg: `invalid argument: ${k}` });
    const prompt = words(json.system) + messages.reduce((n, m) => n + words(m.content), 0);
    const text = script?.text ?? this.options.reply ?? 'Hello from the fake ERNIE.';
    const id = `as-${++this.seq}`;
    const created = Math.floor(Date.now() / 1000);
    if (json.stream !== true) {
      const completion = words(text);
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        result: text,
        is_truncated: script?.truncated === true,
        need_clear_history: false,
        finish_reason: script?.truncated === true ? 'length' : 'normal',
        usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
      });
    }
    startEventStream(res);
    const pieces = text.split(/(?<= )/);
    let total = prompt;
    pieces.forEach((piece, i) => {
      const c = words(piece);
      total += c;
      const end = i === pieces.length - 1;
      res.write(
        sseFrame({
          id,
          object: 'chat.completion',
          created,
          sentence_id: i,
          is_end: end,
          is_truncated: false,
          result: piece,
          need_clear_history: false,
          ...(end ? { finish_reason: 'normal' } : {}),
          usage: { prompt_tokens: prompt, completion_tokens: c, total_tokens: total },
        }),
      );
    });
    res.end();
  }

  private token(res: ServerResponse, q: URLSearchParams): void {
    if (q.get('grant_type') !== 'client_credentials') return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'unsupported grant type' });
    if (q.get('client_id') !== this.options.apiKey) return sendJson(res, 401, { error: 'invalid_client', error_description: 'unknown client id' });
    if (q.get('client_secret') !== this.options.secretKey) return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    const token = `24.${randomBytes(16).toString('hex')}.2592000.1700000000.282335-${this.seq}`;
    this.issued.push(token);
    sendJson(res, 200, { refresh_token: `25.${randomBytes(8).toString('hex')}`, expires_in: 2592000, session_key: 'sk', access_token: token, scope: 'public brain_all_scope', session_secret: 'ss' });
  }

  private embed(res: ServerResponse, json: Record<string, unknown> | null): void {
    const input = Array.isArray(json?.input) ? (json.input as unknown[]) : null;
    if (!input || input.length === 0 || input.length > 16) return sendJson(res, 200, { error_code: 336003, error_msg: 'input is invalid' });
    const prompt = input.reduce<number>((n, t) => n + words(t), 0);
    sendJson(res, 200, {
      id: `as-emb-${++this.seq}`,
      object: 'embedding_list',
      created: Math.floor(Date.now() / 1000),
      data: input.map((_t, index) => ({ object: 'embedding', embedding: [0.5 + index, 0.25, 0.125], index })),
      usage: { prompt_tokens: prompt, total_tokens: prompt },
    });
  }
}
