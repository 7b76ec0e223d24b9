import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { RecordingFake, asObject, readBody, sendJson, sseFrame, startEventStream, type Json } from './fake-server';

/**
 * A loopback OpenAI (and Azure OpenAI) upstream speaking the real wire protocol: JSON answers,
 * SSE streams ending in `data: [DONE]`, the usage chunk only when `stream_options.include_usage`
 * is set, multipart endpoints, `GET /v1/models`, and OpenAI-shaped errors.
 *
 * Programmable per test: `next(script)` answers the next matching request once, `set(match,
 * script)` answers every matching request, and anything unprogrammed gets the default behaviour.
 * Every request is recorded (headers, raw body, parsed JSON or multipart).
 */

export interface RecordedFile {
  name: string;
  filename: string;
  contentType: string;
  size: number;
  data: Buffer;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  bodyText: string;
  json: unknown;
  multipart: { fields: Record<string, string>; files: RecordedFile[] } | null;
  /** Azure `/openai/deployments/{deployment}/...` requests. */
  deployment: string | null;
  /** The OpenAI operation after `/v1/` or the deployment (`chat/completions`, `models`, ...). */
  operation: string;
  /** The caller closed the connection before the answer was complete. */
  clientAborted: boolean;
}

export type { Json } from './fake-server';

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens: number };
  completion_tokens_details?: { reasoning_tokens: number };
}

export type FakeScript =
  /** A JSON answer (any status: error bodies too). */
  | { kind: 'json'; status?: number; body: Json; headers?: Record<string, string>; headersDelayMs?: number }
  /** Raw text (HTML error pages, plain transcripts). */
  | { kind: 'text'; status?: number; body: string; contentType?: string; headersDelayMs?: number; /** The body in this many pieces, this far apart (a slow binary answer). */ pieces?: number; pieceDelayMs?: number }
  /**
   * An SSE stream. Object chunks are sent as `data: <json>`; string chunks are written raw
   * (garbage, comments, partial lines). `usage`: an object appends the usage chunk, null sends
   * none, 'auto' (default) follows the request's stream_options like OpenAI. `closeAfter`: the
   * socket is destroyed after that many chunks (mid-stream close, no [DONE]).
   */
  | {
      kind: 'stream';
      status?: number;
      headersDelayMs?: number;
      chunks?: (Json | string)[];
      chunkDelayMs?: number;
      usage?: FakeUsage | null | 'auto';
      done?: boolean;
      closeAfter?: number;
    }
  /** Accepts the request and never answers (header timeouts). */
  | { kind: 'hang' }
  /** Closes the socket without an answer (connection reset before headers). */
  | { kind: 'destroy' }
  /** A 401 whose message echoes the presented key, as some upstreams do (scrubbing tests). */
  | { kind: 'auth_error' };

export type Matcher = string | RegExp | ((req: RecordedRequest) => boolean);

export interface FakeOpenAIOptions {
  /** When set, requests must present it (Bearer, or `api-key` on Azure paths); others get a 401 echoing what they sent. */
  key?: string;
  /** Text of default answers, streamed word by word. */
  reply?: string;
  /** prompt_tokens of default answers. */
  promptTokens?: number;
  models?: string[];
  /** `hard_limit_usd` of GET /v1/dashboard/billing/subscription (default 100). */
  hardLimitUsd?: number;
  /** `total_usage` (US cents) of GET /v1/dashboard/billing/usage (default 2050). */
  totalUsageCents?: number;
}

const DEFAULT_REPLY = 'Hello from the fake upstream.';

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function matches(m: Matcher | undefined, req: RecordedRequest): boolean {
  if (m === undefined) return true;
  if (typeof m === 'string') return req.path.includes(m) || req.operation === m;
  if (m instanceof RegExp) return m.test(req.path);
  return m(req);
}

/** Splits a multipart/form-data body (enough of RFC 7578 for the OpenAI SDKs and the relay). */
export function parseMultipart(body: Buffer, contentType: string): { fields: Record<string, string>; files: RecordedFile[] } | null {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: Record<string, string> = {};
  const files: RecordedFile[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    // Part = CRLF headers CRLF CRLF content CRLF
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="([^"]*)"/i.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? 'application/octet-stream';
    if (filename === undefined) fields[name] = content.toString('utf8');
    else files.push({ name, filename, contentType: type.trim(), size: content.length, data: Buffer.from(content) });
    at = next;
  }
  return { fields, files };
}

/** A chat.completion.chunk with these fields after the common ones. */
function chunk(model: string, fields: Record<string, Json>): Json {
  return { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1_700_000_000, model, system_fingerprint: 'fp_fake', ...fields };
}

/** Building blocks for custom stream scripts. */
export function chatChunk(delta: Record<string, Json>, finishReason: string | null = null, model = 'gpt-4o-mini'): Json {
  return chunk(model, { choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] });
}

export function usageChunk(usage: FakeUsage, model = 'gpt-4o-mini'): Json {
  return chunk(model, { choices: [], usage: withTotal(usage) });
}

/** A chat or completion chunk as OpenAI writes it once include_usage is asked; anything else as it is. */
function withNullUsage(c: Json): Json {
  if (typeof c !== 'object' || c === null || Array.isArray(c) || 'usage' in c) return c;
  return c.object === 'chat.completion.chunk' || c.object === 'text_completion' ? { ...c, usage: null } : c;
}

export function openaiError(message: string, type: string, code: string | null, param: string | null = null): Json {
  return { error: { message, type, param, code } };
}

function withTotal(u: FakeUsage): Json {
  return {
    prompt_tokens: u.prompt_tokens,
    completion_tokens: u.completion_tokens,
    total_tokens: u.total_tokens ?? u.prompt_tokens + u.completion_tokens,
    prompt_tokens_details: { cached_tokens: u.prompt_tokens_details?.cached_tokens ?? 0 },
    completion_tokens_details: { reasoning_tokens: u.completion_tokens_details?.reasoning_tokens ?? 0 },
  };
}

export class FakeOpenAI extends RecordingFake<RecordedRequest> {
  private readonly once: { match?: Matcher; script: FakeScript }[] = [];
  private readonly always: { match: Matcher; script: FakeScript }[] = [];

  constructor(readonly options: FakeOpenAIOptions = {}) {
    super('upstream');
  }

  /** Answers the next request that matches (any request when no matcher) once. */
  next(script: FakeScript, match?: Matcher): this {
    this.once.push({ match, script });
    return this;
  }

  /** Answers every matching request until `reset()`. */
  set(match: Matcher, script: FakeScript): this {
    this.always.unshift({ match, script });
    return this;
  }

  override reset(): void {
    super.reset();
    this.once.length = 0;
    this.always.length = 0;
  }

  private async record(req: IncomingMessage): Promise<RecordedRequest> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const type = req.headers['content-type'] ?? '';
    const bodyText = body.toString('utf8');
    let json: unknown = null;
    if (type.includes('application/json')) {
      try {
        json = JSON.parse(bodyText);
      } catch {
        json = null;
      }
    }
    const azure = /^\/openai\/deployments\/([^/]+)\/(.+)$/.exec(url.pathname);
    // VolcEngine Ark serves the OpenAI paths under /api/v3, Qianfan V2 under /v2, Zhipu under /api/paas/v4.
    const v1 = /^(?:.*?\/v1|\/api\/v3|\/v2|\/api\/paas\/v4)?\/(.+)$/.exec(url.pathname);
    return {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      bodyText,
      json,
      multipart: type.startsWith('multipart/form-data') ? parseMultipart(body, type) : null,
      deployment: azure ? decodeURIComponent(azure[1] ?? '') : null,
      // MiniMax's chat completions live at /v1/text/chatcompletion_v2.
      operation: azure ? (azure[2] ?? '') : v1?.[1] === 'text/chatcompletion_v2' ? 'chat/completions' : (v1?.[1] ?? ''),
      clientAborted: false,
    };
  }

  private pick(rec: RecordedRequest): FakeScript | null {
    const i = this.once.findIndex((o) => matches(o.match, rec));
    if (i !== -1) return this.once.splice(i, 1)[0]?.script ?? null;
    return this.always.find((a) => matches(a.match, rec))?.script ?? null;
  }

  private presentedKey(rec: RecordedRequest): string {
    if (rec.deployment !== null) return String(rec.headers['api-key'] ?? '');
    return String(rec.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rec = await this.record(req);
    this.requests.push(rec);
    res.on('close', () => {
      if (!res.writableFinished) rec.clientAborted = true;
    });
    let script = this.pick(rec);
    if (!script && this.options.key !== undefined && this.presentedKey(rec) !== this.options.key) script = { kind: 'auth_error' };
    try {
      await this.run(script ?? this.defaultScript(rec), rec, req, res);
    } catch {
      res.destroy();
    }
  }

  private async run(script: FakeScript, rec: RecordedRequest, req: IncomingMessage, res: ServerResponse): Promise<void> {
    switch (script.kind) {
      case 'hang':
        return;
      case 'destroy':
        req.socket.destroy();
        return;
      case 'auth_error': {
        const key = this.presentedKey(rec);
        const body = openaiError(
          `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          'invalid_request_error',
          'invalid_api_key',
        );
        return this.run({ kind: 'json', status: 401, body }, rec, req, res);
      }
      case 'json':
        if (script.headersDelayMs) await sleep(script.headersDelayMs);
        sendJson(res, script.status ?? 200, script.body, script.headers);
        return;
      case 'text':
        if (script.headersDelayMs) await sleep(script.headersDelayMs);
        res.writeHead(script.status ?? 200, { 'content-type': script.contentType ?? 'text/plain; charset=utf-8' });
        {
          const n = Math.max(1, script.pieces ?? 1);
          const size = Math.ceil(script.body.length / n);
          for (let i = 0; i < n && !res.destroyed; i++) {
            if (i > 0) await sleep(script.pieceDelayMs ?? 0);
            res.write(script.body.slice(i * size, (i + 1) * size));
          }
        }
        res.end();
        return;
      case 'stream':
        return this.stream(script, rec, res);
      default: {
        const never: never = script;
        throw new Error(`unknown script ${JSON.stringify(never)}`);
      }
    }
  }

  private async stream(script: Extract<FakeScript, { kind: 'stream' }>, rec: RecordedRequest, res: ServerResponse): Promise<void> {
    if (script.headersDelayMs) await sleep(script.headersDelayMs);
    startEventStream(res, { connection: 'keep-alive' }, script.status ?? 200);
    res.flushHeaders();
    const wantsUsage = asObject(asObject(rec.json).stream_options).include_usage === true;
    // With include_usage every other chunk carries `"usage": null`, last (OpenAI's stream_options docs).
    const chunks = (script.chunks ?? this.defaultChatChunks(rec)).map((c) => (wantsUsage ? withNullUsage(c) : c));
    const usage = script.usage === undefined || script.usage === 'auto' ? (wantsUsage ? this.defaultUsage(rec) : null) : script.usage;
    if (usage) chunks.push(usageChunk(usage));
    let sent = 0;
    for (const c of chunks) {
      if (script.closeAfter !== undefined && sent >= script.closeAfter) {
        res.socket?.destroy();
        return;
      }
      if (res.destroyed) return;
      // Wait until the bytes reach the socket, so a scripted close never swallows sent chunks.
      await new Promise<void>((r) => res.write(typeof c === 'string' ? c : sseFrame(c), () => r()));
      sent += 1;
      if (script.chunkDelayMs) await sleep(script.chunkDelayMs);
    }
    if (script.closeAfter !== undefined && sent >= script.closeAfter) {
      res.socket?.destroy();
      return;
    }
    if (script.done !== false) res.write(sseFrame('[DONE]'));
    res.end();
  }

  private words(): string[] {
    return (this.options.reply ?? DEFAULT_REPLY).split(/(?<= )/);
  }

  private defaultUsage(rec: RecordedRequest): FakeUsage {
    const n = Number(asObject(rec.json).n ?? 1) || 1;
    return { prompt_tokens: this.options.promptTokens ?? 12, completion_tokens: this.words().length * n };
  }

  private defaultChatChunks(rec: RecordedRequest): Json[] {
    const model = String(asObject(rec.json).model ?? 'gpt-4o-mini');
    if (rec.operation === 'completions') {
      return [
        ...this.words().map((w) => ({ id: 'cmpl-fake', object: 'text_completion', created: 1_700_000_000, model, choices: [{ text: w, index: 0, logprobs: null, finish_reason: null }] })),
        { id: 'cmpl-fake', object: 'text_completion', created: 1_700_000_000, model, choices: [{ text: '', index: 0, logprobs: null, finish_reason: 'stop' }] },
      ];
    }
    return [chatChunk({ role: 'assistant', content: '' }, null, model), ...this.words().map((w) => chatChunk({ content: w }, null, model)), chatChunk({}, 'stop', model)];
  }

  /** What an OpenAI endpoint answers when the test did not program anything. */
  private defaultScript(rec: RecordedRequest): FakeScript {
    const body = asObject(rec.json);
    const model = String(body.model ?? rec.multipart?.fields.model ?? rec.deployment ?? 'gpt-4o-mini');
    const reply = this.options.reply ?? DEFAULT_REPLY;
    const usage = this.defaultUsage(rec);
    const op = rec.operation;
    if (rec.method === 'GET' && op === 'models') {
      const ids = this.options.models ?? ['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small'];
      return { kind: 'json', body: { object: 'list', data: ids.map((id) => ({ id, object: 'model', created: 1_686_935_002, owned_by: 'openai' })) } };
    }
    // The legacy dashboard billing endpoints (balance queries), shaped as OpenAI served them.
    if (rec.method === 'GET' && op === 'dashboard/billing/subscription') {
      const hard = this.options.hardLimitUsd ?? 100;
      return { kind: 'json', body: { object: 'billing_subscription', has_payment_method: true, soft_limit_usd: hard * 0.8, hard_limit_usd: hard, system_hard_limit_usd: hard, access_until: 1_893_456_000 } };
    }
    if (rec.method === 'GET' && op === 'dashboard/billing/usage') {
      return { kind: 'json', body: { object: 'list', daily_costs: [], total_usage: this.options.totalUsageCents ?? 2050 } };
    }
    if (rec.method !== 'POST') return { kind: 'json', status: 405, body: openaiError('Method not allowed', 'invalid_request_error', null) };
    switch (op) {
      case 'chat/completions':
      case 'completions': {
        if (body.stream === true) return { kind: 'stream' };
        const choice: Json =
          op === 'completions'
            ? { text: reply, index: 0, logprobs: null, finish_reason: 'stop' }
            : { index: 0, message: { role: 'assistant', content: reply, refusal: null }, logprobs: null, finish_reason: 'stop' };
        const object = op === 'completions' ? 'text_completion' : 'chat.completion';
        // `n` choices, as OpenAI answers them (the usage already counts every one).
        const n = Number(body.n ?? 1) || 1;
        const choices = Array.from({ length: n }, (_, index) => ({ ...(choice as Record<string, Json>), index }));
        return { kind: 'json', body: { id: 'chatcmpl-fake', object, created: 1_700_000_000, model, choices, usage: withTotal(usage) } };
      }
      case 'embeddings': {
        const input = body.input;
        const count = Array.isArray(input) && input.some((i) => typeof i === 'string' || Array.isArray(i)) ? input.length : 1;
        const data = Array.from({ length: count }, (_, index) => ({ object: 'embedding', index, embedding: [0.0023064255, -0.009327292, -0.0028842222] }));
        return { kind: 'json', body: { object: 'list', data, model, usage: { prompt_tokens: usage.prompt_tokens, total_tokens: usage.prompt_tokens } } };
      }
      case 'moderations':
        return { kind: 'json', body: { id: 'modr-fake', model, results: [{ flagged: false, categories: { violence: false }, category_scores: { violence: 0.0001 } }] } };
      case 'images/generations':
      case 'images/edits': {
        const n = Number(body.n ?? rec.multipart?.fields.n ?? 1) || 1;
        const data = Array.from({ length: n }, () => ({ b64_json: 'iVBORw0KGgo=' }));
        const tokens: Record<string, Json> = model.startsWith('gpt-image') ? { usage: { total_tokens: 100, input_tokens: 50, output_tokens: 50, input_tokens_details: { text_tokens: 10, image_tokens: 40 } } } : {};
        return { kind: 'json', body: { created: 1_700_000_000, data, ...tokens } };
      }
      case 'audio/speech':
        return { kind: 'text', body: 'ID3\u0003fake-mp3-bytes', contentType: 'audio/mpeg' };
      case 'audio/transcriptions':
      case 'audio/translations': {
        const format = rec.multipart?.fields.response_format ?? 'json';
        if (format === 'text' || format === 'srt' || format === 'vtt') return { kind: 'text', body: reply };
        const verbose: Record<string, Json> = format === 'verbose_json' ? { task: 'transcribe', language: 'english', duration: 3.2, segments: [] } : {};
        return { kind: 'json', body: { ...verbose, text: reply, usage: { type: 'duration', seconds: 4 } } };
      }
      case 'rerank': {
        const docs = Array.isArray(body.documents) ? body.documents : [];
        const results = docs.map((_, index) => ({ index, relevance_score: 1 / (index + 1) }));
        return { kind: 'json', body: { id: 'rerank-fake', results, tokens: { input_tokens: usage.prompt_tokens, output_tokens: 0 } } };
      }
      case 'responses':
        return body.stream === true ? { kind: 'stream', chunks: this.responsesEvents(model, reply, usage), usage: null, done: false } : { kind: 'json', body: this.responseObject(model, reply, usage) };
      default:
        return { kind: 'json', status: 404, body: openaiError(`Invalid URL (POST ${rec.path})`, 'invalid_request_error', null) };
    }
  }

  private responseObject(model: string, text: string, usage: FakeUsage): Json {
    return {
      id: 'resp_fake',
      object: 'response',
      created_at: 1_700_000_000,
      status: 'completed',
      error: null,
      incomplete_details: null,
      model,
      output: [{ type: 'message', id: 'msg_fake', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] }],
      usage: {
        input_tokens: usage.prompt_tokens,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: usage.completion_tokens,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: usage.prompt_tokens + usage.completion_tokens,
      },
    };
  }

  private responsesEvents(model: string, text: string, usage: FakeUsage): string[] {
    const ev = (type: string, data: Record<string, Json>, seq: number) => sseFrame({ type, ...data, sequence_number: seq }, { event: type });
    const inProgress = { id: 'resp_fake', object: 'response', status: 'in_progress', model, output: [], usage: null };
    const events = [ev('response.created', { response: inProgress }, 0)];
    let seq = 1;
    for (const w of this.words()) events.push(ev('response.output_text.delta', { item_id: 'msg_fake', output_index: 0, content_index: 0, delta: w }, seq++));
    events.push(ev('response.completed', { response: this.responseObject(model, text, usage) }, seq));
    return events;
  }
}
