import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { ScriptedFake, asObject, jsonObject, readBody, sendJson, sseFrame, startEventStream, type Json } from './fake-server';

/**
 * A loopback Google Generative Language API speaking the documented wire protocol:
 * `POST /{version}/models/{model}:generateContent`, `:streamGenerateContent` (`?alt=sse`: one
 * `data:` event per GenerateContentResponse; without it a JSON array), `:batchEmbedContents`,
 * `:embedContent`, `:countTokens`, and `GET /{version}/models`;
 * the key in `x-goog-api-key` or `?key=`; errors as `{"error":{code, message, status, details}}`
 * (400 INVALID_ARGUMENT with ErrorInfo API_KEY_INVALID for a bad key, 403, 429 with RetryInfo,
 * 500, 503). Request fields are accepted in both spellings the API accepts (camelCase and
 * snake_case). The official `@google/genai` passes against it (gemini.e2e.test.ts).
 *
 * Default behaviour, deterministic like a scripted model: with function declarations offered
 * and no functionResponse in the last user turn it calls the first function (or the one
 * allowedFunctionNames names) with `toolArgs`; after a functionResponse it answers
 * "Tool result: <response.content or JSON>"; otherwise it answers `reply`, streamed word by word.
 * `generationConfig.candidateCount` (a positive integer) asks that many candidates, each
 * with its `index`, content and finishReason, the usage counting them all; streamed, each event
 * carries every unfinished candidate's next piece under its index, and a candidate's
 * finishReason comes with its last piece (a shorter candidate finishes first).
 * `next(script)` answers the next request once; every request is recorded.
 */

export type { Json } from './fake-server';

export interface GeminiUsage {
  promptTokenCount: number;
  candidatesTokenCount: number;
  totalTokenCount: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
}

export interface RecordedGeminiRequest {
  method: string;
  path: string;
  /** `generateContent`, `streamGenerateContent`, … */
  action: string;
  model: string;
  version: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown> | null;
}

export type GeminiScript =
  | { kind: 'error'; status: number; grpcStatus: string; message: string; reason?: string; retryDelay?: string }
  /** A whole answer with these parts, finish reason and usage. */
  | {
      kind: 'answer';
      parts: Json[];
      finishReason?: string;
      /**
       * The candidates after the first when the request asks several (candidateCount), in index
       * order; one not given repeats the first's parts, its text marked "(candidate i)".
       */
      candidates?: GeminiCandidate[];
      usage?: Partial<GeminiUsage>;
      /** Streams only: close the connection after this many events, before the finish reason. */
      cutAfter?: number;
    };

export interface GeminiCandidate {
  parts: Json[];
  /** STOP when absent. */
  finishReason?: string;
}

type GeminiAnswer = Extract<GeminiScript, { kind: 'answer' }>;

export interface FakeGeminiOptions {
  /** Requests must present it; others get 400 API_KEY_INVALID as Google answers. */
  key?: string;
  reply?: string;
  promptTokens?: number;
  toolArgs?: Record<string, Json>;
  /** Model ids `GET /{version}/models` lists (default gemini-2.5-flash). */
  models?: string[];
}

const DEFAULT_REPLY = 'Hello from the fake Gemini.';

function list(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.map(asObject) : [];
}

/** A field by its camelCase or snake_case name (the API takes both). */
function field(o: Record<string, unknown>, camel: string): unknown {
  if (camel in o) return o[camel];
  return o[camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];
}

/** The candidates a request asks (`generationConfig.candidateCount`, 1 when absent). */
function candidateCount(body: Record<string, unknown>): number {
  const n = field(asObject(field(body, 'generationConfig')), 'candidateCount');
  return typeof n === 'number' && n > 1 ? n : 1;
}

export function googleErrorBody(status: number, grpcStatus: string, message: string, reason?: string, retryDelay?: string): Json {
  const details: Json[] = [];
  if (reason) details.push({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } });
  if (retryDelay) details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay });
  return { error: { code: status, message, status: grpcStatus, ...(details.length ? { details } : {}) } };
}

const HARM_THRESHOLDS = new Set(['BLOCK_NONE', 'BLOCK_LOW_AND_ABOVE', 'BLOCK_MEDIUM_AND_ABOVE', 'BLOCK_ONLY_HIGH', 'OFF', 'HARM_BLOCK_THRESHOLD_UNSPECIFIED']);
/** Schema keywords Gemini's OpenAPI subset refuses (a 400, as Google answers them). */
const REFUSED_SCHEMA_KEYS = ['additionalProperties', '$schema', '$ref', 'default', 'examples', 'const'];

function schemaProblem(schema: unknown, path: string): string | null {
  const o = asObject(schema);
  for (const k of REFUSED_SCHEMA_KEYS) if (k in o) return `Invalid JSON payload received. Unknown name "${k}" at '${path}': Cannot find field.`;
  if (Array.isArray(o.type)) return `Invalid value at '${path}.type': a list`;
  for (const [name, sub] of Object.entries(asObject(o.properties))) {
    const p = schemaProblem(sub, `${path}.properties[${name}].value`);
    if (p) return p;
  }
  return o.items === undefined ? null : schemaProblem(o.items, `${path}.items`);
}

export class FakeGemini extends ScriptedFake<RecordedGeminiRequest, GeminiScript> {
  private seq = 0;

  constructor(readonly options: FakeGeminiOptions = {}) {
    super('Gemini');
  }

  private send(res: ServerResponse, status: number, body: Json): void {
    sendJson(res, status, body, { 'content-type': 'application/json; charset=UTF-8' });
  }

  private error(res: ServerResponse, status: number, grpcStatus: string, message: string, reason?: string, retryDelay?: string): void {
    this.send(res, status, googleErrorBody(status, grpcStatus, message, reason, retryDelay));
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = jsonObject((await readBody(req)).toString('utf8'));
    const url = new URL(req.url ?? '/', 'http://fake');
    const m = /^\/(v\d+(?:alpha|beta)?\d*)\/models\/([^/:]+):([A-Za-z]+)$/.exec(url.pathname);
    const record: RecordedGeminiRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      action: m?.[3] ?? '',
      model: decodeURIComponent(m?.[2] ?? ''),
      version: m?.[1] ?? '',
      query: url.searchParams,
      headers: req.headers,
      json,
    };
    this.requests.push(record);
    const presented = req.headers['x-goog-api-key'] ?? url.searchParams.get('key') ?? '';
    const keyOk = this.options.key === undefined || presented === this.options.key;
    const list = /^\/(v\d+(?:alpha|beta)?\d*)\/models$/.exec(url.pathname);
    if (req.method === 'GET' && list) {
      if (!keyOk) return this.error(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID');
      return this.send(res, 200, { models: (this.options.models ?? ['gemini-2.5-flash']).map((m) => ({ name: `models/${m}`, displayName: m, supportedGenerationMethods: ['generateContent', 'countTokens'] })) });
    }
    if (req.method !== 'POST' || !m) return this.error(res, 404, 'NOT_FOUND', `Requested entity was not found.`);
    if (!keyOk) return this.error(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID');
    if (!json) return this.error(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    if (record.action === 'batchEmbedContents') return this.embed(res, json, record.model);
    if (record.action === 'embedContent') return this.embedOne(res, json);
    if (record.action === 'countTokens') return this.countTokens(res, json);
    if (record.action !== 'generateContent' && record.action !== 'streamGenerateContent') return this.error(res, 404, 'NOT_FOUND', `Method ${record.action} not found.`);
    const invalid = this.validate(json);
    if (invalid) return this.error(res, 400, 'INVALID_ARGUMENT', invalid);
    const script = this.once.shift();
    if (script?.kind === 'error') return this.error(res, script.status, script.grpcStatus, script.message, script.reason, script.retryDelay);
    const answer = script ?? this.defaultAnswer(json);
    const candidates = this.candidates(answer, candidateCount(json));
    if (record.action === 'streamGenerateContent') return this.stream(res, record.model, answer, candidates, url.searchParams.get('alt') === 'sse');
    this.send(res, 200, this.response(record.model, candidates.map((c, index) => ({ index, ...c })), this.usage(answer, candidates)));
  }

  /** The answer's candidates, `count` of them: the first is the answer's own. */
  private candidates(a: GeminiAnswer, count: number): Required<GeminiCandidate>[] {
    const first = { parts: a.parts, finishReason: a.finishReason ?? 'STOP' };
    const more = Array.from({ length: count - 1 }, (_, i) => {
      const given = a.candidates?.[i];
      if (given) return { parts: given.parts, finishReason: given.finishReason ?? 'STOP' };
      const parts = a.parts.map((p) => {
        const o = asObject(p);
        return typeof o.text === 'string' ? ({ ...(o as Record<string, Json>), text: `${o.text} (candidate ${i + 1})` } as Json) : p;
      });
      return { parts, finishReason: first.finishReason };
    });
    return [first, ...more];
  }

  private validate(body: Record<string, unknown>): string | null {
    const contents = list(body.contents);
    if (contents.length === 0) return '* GenerateContentRequest.contents: contents is not specified';
    for (const [i, c] of contents.entries()) {
      if (c.role !== undefined && c.role !== 'user' && c.role !== 'model') return `Please use a valid role: user, model. (contents[${i}])`;
      const parts = list(c.parts);
      if (parts.length === 0) return `* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.`;
      for (const p of parts) if ('text' in p && p.text === '') return 'Unable to submit request because it has an empty text parameter.';
    }
    for (const s of list(field(body, 'safetySettings'))) if (!HARM_THRESHOLDS.has(String(s.threshold))) return `Invalid value at 'safety_settings' (${String(s.threshold)})`;
    const count = field(asObject(field(body, 'generationConfig')), 'candidateCount');
    if (count !== undefined && (typeof count !== 'number' || !Number.isInteger(count) || count < 1)) return `Invalid value at 'generation_config.candidate_count' (${String(count)})`;
    for (const tool of list(body.tools)) {
      for (const [i, fn] of list(field(tool, 'functionDeclarations')).entries()) {
        const p = fn.parameters === undefined ? null : schemaProblem(fn.parameters, `tools[0].function_declarations[${i}].parameters`);
        if (p) return p;
      }
    }
    return null;
  }

  /** A scripted model: call a function when one is offered, report a function result, or reply. */
  private defaultAnswer(body: Record<string, unknown>): Extract<GeminiScript, { kind: 'answer' }> {
    const contents = list(body.contents);
    const lastUser = [...contents].reverse().find((c) => c.role !== 'model');
    const result = list(lastUser?.parts)
      .map((p) => asObject(field(p, 'functionResponse')))
      .find((r) => r.name !== undefined);
    if (result) {
      const response = asObject(result.response);
      const text = typeof response.content === 'string' ? response.content : JSON.stringify(response);
      return { kind: 'answer', parts: [{ text: `Tool result: ${text}` }] };
    }
    const declarations = list(body.tools).flatMap((t) => list(field(t, 'functionDeclarations')));
    const config = asObject(field(asObject(field(body, 'toolConfig')), 'functionCallingConfig'));
    if (declarations.length > 0 && config.mode !== 'NONE') {
      const allowed = field(config, 'allowedFunctionNames');
      const name = Array.isArray(allowed) && typeof allowed[0] === 'string' ? allowed[0] : String(declarations[0]?.name);
      return { kind: 'answer', parts: [{ functionCall: { name, args: (this.options.toolArgs ?? {}) as Json } }] };
    }
    return { kind: 'answer', parts: [{ text: this.options.reply ?? DEFAULT_REPLY }] };
  }

  /** One candidate token per word of every candidate's text (thoughts apart), as candidatesTokenCount counts them all. */
  private usage(a: GeminiAnswer, candidates: readonly GeminiCandidate[]): GeminiUsage {
    const text = candidates
      .flatMap((c) => c.parts)
      .map((p) => (typeof p === 'object' && p !== null && !Array.isArray(p) && typeof p.text === 'string' && p.thought !== true ? p.text : ''))
      .join(' ');
    const prompt = a.usage?.promptTokenCount ?? this.options.promptTokens ?? 12;
    const generated = a.usage?.candidatesTokenCount ?? Math.max(1, text.split(/\s+/).filter(Boolean).length);
    const u: GeminiUsage = { promptTokenCount: prompt, candidatesTokenCount: generated, totalTokenCount: 0, ...a.usage };
    u.totalTokenCount = u.promptTokenCount + u.candidatesTokenCount + (u.thoughtsTokenCount ?? 0);
    return u;
  }

  /** A GenerateContentResponse of these candidates (index, content and finishReason when set). */
  private response(model: string, candidates: readonly { index: number; parts: Json[]; finishReason: string | null }[], usage: GeminiUsage | null): Record<string, Json> {
    const out: Record<string, Json> = {
      candidates: candidates.map((c) => {
        const candidate: Record<string, Json> = { content: { parts: c.parts, role: 'model' }, index: c.index };
        if (c.finishReason) candidate.finishReason = c.finishReason;
        return candidate;
      }),
      modelVersion: model,
      responseId: `fakeResp${++this.seq}`,
    };
    if (usage) out.usageMetadata = usage as unknown as Json;
    return out;
  }

  /**
   * One response per step: each unfinished candidate's next piece (text word by word, a function
   * call whole) under its index, its finishReason on its last piece; usage on every step, final on the last.
   */
  private stream(res: ServerResponse, model: string, a: GeminiAnswer, candidates: readonly Required<GeminiCandidate>[], sse: boolean): void {
    const usage = this.usage(a, candidates);
    const pieces = candidates.map((c) => {
      const out: Json[][] = [];
      for (const p of c.parts) {
        const o = asObject(p);
        if (typeof o.text === 'string') for (const w of o.text.match(/\S+\s*/g) ?? []) out.push([{ ...(o as Record<string, Json>), text: w }]);
        else out.push([p]);
      }
      return out.length === 0 ? [[]] : out;
    });
    const steps = Math.max(...pieces.map((p) => p.length));
    const id = `fakeResp${++this.seq}`;
    const events = Array.from({ length: steps }, (_, i) => {
      const last = i === steps - 1;
      const so_far = last ? usage.candidatesTokenCount : Math.min(i + 1, usage.candidatesTokenCount);
      const u: GeminiUsage = last ? usage : { promptTokenCount: usage.promptTokenCount, candidatesTokenCount: so_far, totalTokenCount: usage.promptTokenCount + so_far };
      const now = pieces.flatMap((p, index) => (i < p.length ? [{ index, parts: p[i] ?? [], finishReason: i === p.length - 1 ? (candidates[index]?.finishReason ?? 'STOP') : null }] : []));
      return { ...this.response(model, now, u), responseId: id };
    });
    if (sse) {
      startEventStream(res);
      for (const e of events.slice(0, a.cutAfter ?? events.length)) res.write(sseFrame(e, { eol: '\r\n' }));
      res.end();
      return;
    }
    this.send(res, 200, events);
  }

  /** `embedContent`: one content, `{embedding: {values}}`. */
  private embedOne(res: ServerResponse, body: Record<string, unknown>): void {
    const text = list(asObject(body.content).parts)
      .map((p) => String(p.text ?? ''))
      .join('');
    if (text === '') return this.error(res, 400, 'INVALID_ARGUMENT', '* EmbedContentRequest.content: contents is not specified');
    const dims = typeof field(body, 'outputDimensionality') === 'number' ? (field(body, 'outputDimensionality') as number) : 4;
    this.send(res, 200, { embedding: { values: Array.from({ length: dims }, (_, i) => Number(((text.length + i) / 100).toFixed(2))) } });
  }

  /** `countTokens`: one token per word of the contents' text (or of a generateContentRequest's). */
  private countTokens(res: ServerResponse, body: Record<string, unknown>): void {
    const contents = list(body.contents).length > 0 ? list(body.contents) : list(asObject(field(body, 'generateContentRequest')).contents);
    const words = contents
      .flatMap((c) => list(c.parts))
      .map((p) => String(p.text ?? ''))
      .join(' ')
      .split(/\s+/)
      .filter(Boolean).length;
    this.send(res, 200, { totalTokens: words, promptTokensDetails: [{ modality: 'TEXT', tokenCount: words }] });
  }

  private embed(res: ServerResponse, body: Record<string, unknown>, model: string): void {
    const requests = list(body.requests);
    if (requests.length === 0) return this.error(res, 400, 'INVALID_ARGUMENT', '* BatchEmbedContentsRequest.requests: requests is not specified');
    // Each request names its model, which must be the one of the path.
    const stray = requests.findIndex((r) => r.model !== `models/${model}`);
    if (stray !== -1) return this.error(res, 400, 'INVALID_ARGUMENT', `* BatchEmbedContentsRequest.requests[${stray}].model: Model names should match the batch model: models/${model}`);
    const embeddings = requests.map((r) => {
      const text = list(asObject(r.content).parts)
        .map((p) => String(p.text ?? ''))
        .join('');
      const dims = typeof field(r, 'outputDimensionality') === 'number' ? (field(r, 'outputDimensionality') as number) : 4;
      return { values: Array.from({ length: dims }, (_, i) => Number(((text.length + i) / 100).toFixed(2))) };
    });
    this.send(res, 200, { embeddings });
  }
}
