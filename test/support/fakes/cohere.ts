import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { ScriptedFake, jsonObject, readBody, sendJson, sseFrame, startEventStream, type Json } from './fake-server';

/**
 * A loopback Cohere API speaking the documented v1 wire: `POST /v1/chat` and `POST /v1/rerank`
 * (and `/v2/rerank`, the same body), the key as `Authorization: Bearer`, errors as `{"message"}`
 * with the status (401 `invalid api token`, 429 `You are using a Trial key...`). A chat answer is
 * `{response_id, text, generation_id, chat_history, finish_reason, meta: {api_version,
 * billed_units, tokens}}`; with `stream: true` the answer is newline-delimited JSON
 * (`application/stream+json`): stream-start, text-generation per word, stream-end with the
 * whole response (a `hold` script pauses it after the first word until `release()`, a `cut` one
 * closes it there). Billed input units are the words of preamble, history and message; output units
 * the reply's words; `tokens` adds the prompt template's overhead (billing must read billed_units).
 */

export interface RecordedCohereRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown> | null;
}

export type CohereScript =
  | { kind: 'error'; status: number; message: string }
  | { kind: 'reply'; text: string; finishReason?: string }
  /** A stream that stops after its first text-generation line until `release()` (proves the relay forwards line by line). */
  | { kind: 'hold' }
  /** A stream that closes after its first text-generation line, without stream-end. */
  | { kind: 'cut' }
  /** The same events as `text/event-stream` (what Cohere serves a client whose Accept asks for it). */
  | { kind: 'sse' };

export interface FakeCohereOptions {
  key: string;
  reply?: string;
}

const TEMPLATE_OVERHEAD = 60;

function words(s: unknown): number {
  return typeof s === 'string' ? s.split(/\s+/).filter(Boolean).length : 0;
}

export class FakeCohere extends ScriptedFake<RecordedCohereRequest, CohereScript> {
  private seq = 0;
  private held: (() => void) | null = null;
  /** Whether the last stream has written its stream-end line. */
  streamEnded = false;

  constructor(readonly options: FakeCohereOptions) {
    super('Cohere');
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = jsonObject((await readBody(req)).toString('utf8'));
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    this.requests.push({ method: req.method ?? 'GET', path, headers: req.headers, json });
    if (req.method !== 'POST' || !['/v1/chat', '/v1/rerank', '/v2/rerank'].includes(path)) return sendJson(res, 404, { message: 'Not Found' });
    if (req.headers.authorization !== `Bearer ${this.options.key}`) return sendJson(res, 401, { message: 'invalid api token' });
    const script = this.once.shift();
    if (script?.kind === 'error') return sendJson(res, script.status, { message: script.message });
    if (!json || typeof json.model !== 'string') return sendJson(res, 400, { message: 'invalid request: model is required' });
    if (path.endsWith('/rerank')) return this.rerank(res, json);
    if (typeof json.message !== 'string') return sendJson(res, 400, { message: 'invalid request: message must be a string' });
    for (const k of ['messages', 'system', 'top_p', 'top_k', 'stop']) {
      if (k in json) return sendJson(res, 400, { message: `invalid request: unknown field: parameter ${k} is not a valid field` });
    }
    const history = Array.isArray(json.chat_history) ? (json.chat_history as Record<string, unknown>[]) : [];
    for (const h of history) {
      if (h.role !== 'USER' && h.role !== 'CHATBOT' && h.role !== 'SYSTEM') return sendJson(res, 400, { message: `invalid request: invalid role ${String(h.role)}` });
    }
    const input = words(json.preamble) + history.reduce((n, h) => n + words(h.message), 0) + words(json.message);
    const text = (script?.kind === 'reply' ? script.text : undefined) ?? this.options.reply ?? 'Hello from the fake Cohere.';
    const output = words(text);
    const id = `gen-${++this.seq}`;
    const response: Json = {
      response_id: `resp-${this.seq}`,
      text,
      generation_id: id,
      chat_history: [...(history as Json[]), { role: 'USER', message: json.message }, { role: 'CHATBOT', message: text }],
      finish_reason: (script?.kind === 'reply' ? script.finishReason : undefined) ?? 'COMPLETE',
      meta: { api_version: { version: '1' }, billed_units: { input_tokens: input, output_tokens: output }, tokens: { input_tokens: input + TEMPLATE_OVERHEAD, output_tokens: output } },
    };
    if (json.stream !== true) return sendJson(res, 200, response);
    this.streamEnded = false;
    const sse = script?.kind === 'sse';
    const frame = (event: { event_type: string; [k: string]: unknown }): string => (sse ? sseFrame(event, { event: event.event_type }) : `${JSON.stringify(event)}\n`);
    if (sse) startEventStream(res);
    else res.writeHead(200, { 'content-type': 'application/stream+json' });
    res.write(frame({ is_finished: false, event_type: 'stream-start', generation_id: id }));
    const pieces = text.split(/(?<= )/);
    for (const [i, w] of pieces.entries()) {
      res.write(frame({ is_finished: false, event_type: 'text-generation', text: w }));
      if (i === 0 && script?.kind === 'hold') await this.holdUntilReleased();
      if (i === 0 && script?.kind === 'cut') return void res.end();
    }
    this.streamEnded = true;
    res.end(frame({ is_finished: true, event_type: 'stream-end', finish_reason: response.finish_reason, response }));
  }

  override reset(): void {
    super.reset();
    this.release();
  }

  /** Lets a held stream go on. */
  release(): void {
    this.held?.();
    this.held = null;
  }

  private holdUntilReleased(): Promise<void> {
    return new Promise<void>((r) => (this.held = r));
  }

  private rerank(res: ServerResponse, json: Record<string, unknown>): void {
    if (typeof json.query !== 'string' || !Array.isArray(json.documents)) return sendJson(res, 400, { message: 'invalid request: query and documents are required' });
    const docs = json.documents.map((d) => (typeof d === 'string' ? d : String((d as Record<string, unknown>)?.text ?? '')));
    const q = new Set(json.query.toLowerCase().split(/\W+/).filter(Boolean));
    const scored = docs.map((d, index) => ({ index, relevance_score: d.toLowerCase().split(/\W+/).filter((w) => q.has(w)).length / Math.max(1, q.size) }));
    scored.sort((a, b) => b.relevance_score - a.relevance_score);
    const top = typeof json.top_n === 'number' ? scored.slice(0, json.top_n) : scored;
    sendJson(res, 200, { id: `rr-${++this.seq}`, results: top, meta: { api_version: { version: '1' }, billed_units: { search_units: 1 } } });
  }
}
