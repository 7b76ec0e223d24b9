import { partChoice, type CanonicalChatResponse, type ChatStreamPart } from '../canonical/chat';
import type { JsonObject } from '../canonical/json';
import { parseResponsesRequest } from '../openai-chat/parse';
import type { ResponsesRequest } from '../canonical/request';
import type { StreamForward } from '../canonical/response';
import type { FinishReason, ReportedUsage } from '../canonical/usage';
import type { SseEvent } from '../framing/sse/sse-parser';
import { SSE_HEADERS } from '../framing/sse/sse-writer';
import { chunkData, endUsage, isOneLine, sseEvent, type ClientError, type ClientStreamEncoder, type InboundFormat, type StreamEnd } from '../format';
import { OPENAI_ERRORS } from '../openai-chat';

/*
 * The OpenAI Responses inbound format (`POST /v1/responses`): OpenAI's error object; an OpenAI
 * channel's named events passed as the upstream wrote them (the terminal `response.completed` is
 * the end: no `[DONE]`), a failure after the start as the documented `error` event; for channels
 * served through their chat contract (converted-responses.ts), canonical answers and stream parts
 * encoded as a `response` object and the documented event sequence.
 */

/** Canonical usage as the Responses `usage` object (input includes the cache, output the reasoning). */
export function responsesUsage(u: ReportedUsage): JsonObject {
  const input = u.promptTokens ?? 0;
  const output = u.completionTokens ?? 0;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: u.cachedTokens ?? 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: u.reasoningTokens ?? 0 },
    total_tokens: input + output,
  };
}

/** The Responses id of an answer: the upstream's own `resp_` id, else the answer's id under that prefix. */
function responseId(id: string): string {
  return id.startsWith('resp_') ? id : `resp_${id}`;
}

function messageItem(id: string, text: string, status: ItemStatus): JsonObject {
  return { type: 'message', id, status, role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] };
}

function reasoningItem(id: string, text: string): JsonObject {
  return { type: 'reasoning', id, summary: [{ type: 'summary_text', text }] };
}

function functionCallItem(callId: string, name: string, args: string, status: ItemStatus): JsonObject {
  return { type: 'function_call', id: `fc_${callId}`, call_id: callId, name, arguments: args, status };
}

type ItemStatus = 'in_progress' | 'completed' | 'incomplete';
type ResponseStatus = 'in_progress' | 'completed' | 'incomplete' | 'failed';

/** The `incomplete_details.reason` of a finish, or null for a complete answer. */
function incompleteReason(finish: FinishReason | null): string | null {
  return finish === 'length' ? 'max_output_tokens' : finish === 'content_filter' ? 'content_filter' : null;
}

/** The `response` object around its output. */
function responseObject(r: { id: string; created: number; model: string; status: ResponseStatus; incomplete: string | null; error: JsonObject | null; output: JsonObject[]; usage: ReportedUsage | null }): JsonObject {
  return {
    id: r.id,
    object: 'response',
    created_at: r.created,
    status: r.status,
    error: r.error,
    incomplete_details: r.incomplete ? { reason: r.incomplete } : null,
    model: r.model,
    output: r.output,
    usage: r.usage ? responsesUsage(r.usage) : null,
  };
}

/** A whole canonical answer as a Responses `response` object (one answer: the first choice). */
export function encodeResponsesResponse(res: CanonicalChatResponse, created: number): JsonObject {
  const output: JsonObject[] = [];
  const reasoning = res.parts.flatMap((p) => (p.type === 'reasoning' && p.text !== '' ? [p.text] : [])).join('');
  if (reasoning !== '') output.push(reasoningItem(`rs_${res.id}`, reasoning));
  const text = res.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
  if (text !== '') output.push(messageItem(`msg_${res.id}`, text, 'completed'));
  for (const p of res.parts) {
    if (p.type === 'tool_call') output.push(functionCallItem(p.id, p.name, p.arguments, 'completed'));
  }
  const incomplete = incompleteReason(res.finishReason);
  return responseObject({ id: responseId(res.id), created, model: res.model, status: incomplete ? 'incomplete' : 'completed', incomplete, error: null, output, usage: res.usage });
}

/** One output item of a converted stream, as far as it has come. */
type StreamItem =
  | { readonly kind: 'message'; readonly id: string; text: string; done: boolean }
  | { readonly kind: 'reasoning'; readonly id: string; text: string; done: boolean }
  | { readonly kind: 'function_call'; readonly id: string; readonly callId: string; readonly name: string; readonly tool: number; args: string; done: boolean };

/** The items whose deltas are text (a message's or a reasoning summary's). */
type TextItem = Extract<StreamItem, { kind: 'message' | 'reasoning' }>;

interface SseOut {
  readonly event: string;
  readonly data: JsonObject;
}

/**
 * Canonical stream parts to the documented Responses events: `response.created` and
 * `response.in_progress`; per output item `response.output_item.added`, its deltas and
 * `response.output_item.done` (a message's `content_part` and `output_text` events, a reasoning
 * item's `reasoning_summary_part` and `reasoning_summary_text` events, a function call's
 * `function_call_arguments` events); then `response.completed` (`response.incomplete` for a
 * length or content-filter finish) with the whole response and its usage. Every event carries
 * its `sequence_number`. A text or reasoning item ends when another item starts; function calls
 * stay open until the finish, so arguments arriving late still land in their own call. A
 * response is one answer: parts of other choices (a Responses request asks none) are left out.
 */
export class ResponsesEventEncoder {
  private seq = 0;
  private started = false;
  private id = '';
  private model: string;
  private readonly items: StreamItem[] = [];
  /** The text or reasoning item deltas go to, if it is the latest item. */
  private current: TextItem | null = null;
  private finish: FinishReason | null = null;
  private usage: ReportedUsage | null = null;

  constructor(
    model: string,
    private readonly created: number,
  ) {
    this.model = model;
  }

  private ev(event: string, data: JsonObject): SseOut {
    return { event, data: { type: event, ...data, sequence_number: this.seq++ } };
  }

  private response(status: ResponseStatus, error: JsonObject | null = null): JsonObject {
    const incomplete = status === 'incomplete' ? incompleteReason(this.finish) : null;
    // Items a failure cut short are incomplete; in a live response they are in progress.
    const open: ItemStatus = status === 'failed' ? 'incomplete' : 'in_progress';
    const output = this.items.map((i) => this.itemObject(i, i.done ? 'completed' : open));
    return responseObject({ id: responseId(this.id || 'relay'), created: this.created, model: this.model, status, incomplete, error, output, usage: status === 'failed' ? null : this.usage });
  }

  private itemObject(item: StreamItem, status: ItemStatus): JsonObject {
    if (item.kind === 'message') return messageItem(item.id, item.text, status);
    if (item.kind === 'reasoning') return reasoningItem(item.id, item.text);
    return functionCallItem(item.callId, item.name, item.args, status);
  }

  /** An item as `response.output_item.added` announces it: empty, its parts to follow. */
  private addedObject(item: StreamItem): JsonObject {
    if (item.kind === 'message') return { ...messageItem(item.id, '', 'in_progress'), content: [] };
    if (item.kind === 'reasoning') return { ...reasoningItem(item.id, ''), summary: [] };
    return functionCallItem(item.callId, item.name, '', 'in_progress');
  }

  private start(id: string, model: string): SseOut[] {
    if (this.started) return [];
    this.started = true;
    this.id = id;
    if (model !== '') this.model = model;
    const created = this.response('in_progress');
    return [this.ev('response.created', { response: created }), this.ev('response.in_progress', { response: created })];
  }

  /** A new item's id: the answer's id with the item's prefix, numbered after the first of its kind. */
  private itemId(prefix: 'msg' | 'rs', kind: StreamItem['kind']): string {
    const n = this.items.filter((i) => i.kind === kind).length;
    const base = `${prefix}_${this.id || 'relay'}`;
    return n === 0 ? base : `${base}_${n}`;
  }

  private open(item: StreamItem): SseOut[] {
    const out = this.closeCurrent();
    const index = this.items.length;
    this.items.push(item);
    this.current = item.kind === 'function_call' ? null : item;
    out.push(this.ev('response.output_item.added', { output_index: index, item: this.addedObject(item) }));
    if (item.kind === 'message') out.push(this.ev('response.content_part.added', { item_id: item.id, output_index: index, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } }));
    if (item.kind === 'reasoning') out.push(this.ev('response.reasoning_summary_part.added', { item_id: item.id, output_index: index, summary_index: 0, part: { type: 'summary_text', text: '' } }));
    return out;
  }

  private close(item: StreamItem): SseOut[] {
    if (item.done) return [];
    item.done = true;
    const index = this.items.indexOf(item);
    const out: SseOut[] = [];
    if (item.kind === 'message') {
      out.push(this.ev('response.output_text.done', { item_id: item.id, output_index: index, content_index: 0, text: item.text, logprobs: [] }));
      out.push(this.ev('response.content_part.done', { item_id: item.id, output_index: index, content_index: 0, part: { type: 'output_text', text: item.text, annotations: [] } }));
    } else if (item.kind === 'reasoning') {
      out.push(this.ev('response.reasoning_summary_text.done', { item_id: item.id, output_index: index, summary_index: 0, text: item.text }));
      out.push(this.ev('response.reasoning_summary_part.done', { item_id: item.id, output_index: index, summary_index: 0, part: { type: 'summary_text', text: item.text } }));
    } else {
      out.push(this.ev('response.function_call_arguments.done', { item_id: item.id, output_index: index, name: item.name, arguments: item.args }));
    }
    out.push(this.ev('response.output_item.done', { output_index: index, item: this.itemObject(item, 'completed') }));
    return out;
  }

  private closeCurrent(): SseOut[] {
    const item = this.current;
    this.current = null;
    return item ? this.close(item) : [];
  }

  private closeAll(): SseOut[] {
    this.current = null;
    return this.items.flatMap((i) => this.close(i));
  }

  encode(part: ChatStreamPart): SseOut[] {
    if (partChoice(part) !== 0) return [];
    const out: SseOut[] = part.type === 'start' ? [] : this.start('', '');
    switch (part.type) {
      case 'start':
        return this.start(part.id, part.model);
      case 'text':
      case 'reasoning': {
        if (part.text === '') return out;
        const kind = part.type === 'text' ? 'message' : 'reasoning';
        let item: TextItem;
        if (this.current?.kind === kind) item = this.current;
        else {
          item = { kind, id: this.itemId(kind === 'message' ? 'msg' : 'rs', kind), text: '', done: false };
          out.push(...this.open(item));
        }
        item.text += part.text;
        const index = this.items.indexOf(item);
        if (kind === 'message') out.push(this.ev('response.output_text.delta', { item_id: item.id, output_index: index, content_index: 0, delta: part.text, logprobs: [] }));
        else out.push(this.ev('response.reasoning_summary_text.delta', { item_id: item.id, output_index: index, summary_index: 0, delta: part.text }));
        return out;
      }
      case 'tool_call_start':
        out.push(...this.open({ kind: 'function_call', id: `fc_${part.id}`, callId: part.id, name: part.name, tool: part.index, args: '', done: false }));
        return out;
      case 'tool_call_delta': {
        const item = this.items.find((i) => i.kind === 'function_call' && i.tool === part.index && !i.done);
        if (item?.kind !== 'function_call' || part.arguments === '') return out;
        item.args += part.arguments;
        out.push(this.ev('response.function_call_arguments.delta', { item_id: item.id, output_index: this.items.indexOf(item), delta: part.arguments }));
        return out;
      }
      case 'finish':
        this.finish = part.reason;
        return [...out, ...this.closeAll()];
      case 'usage':
        this.usage = part.usage;
        return out;
      case 'end': {
        const status = incompleteReason(this.finish) ? 'incomplete' : 'completed';
        return [...out, ...this.closeAll(), this.ev(`response.${status}`, { response: this.response(status) })];
      }
      default: {
        const never: never = part;
        return never;
      }
    }
  }

  /** The finish the relay saw, for an upstream that never sent one as a part. */
  finishWith(reason: FinishReason | null): void {
    this.finish ??= reason;
  }

  /** A failure after the start: the documented `error` event, then `response.failed` with what came so far. */
  fail(e: ClientError): SseOut[] {
    const out = this.start('', '');
    out.push(this.ev('error', { code: e.code, message: e.message, param: null }));
    out.push(this.ev('response.failed', { response: this.response('failed', { code: e.code ?? 'server_error', message: e.message }) }));
    return out;
  }
}

/**
 * The client side of an OpenAI event stream (Responses, streamed transcriptions): each event as
 * the upstream wrote it, with its name; nothing after the terminal event; a failure after the
 * start as `event: error` with `{type:"error", code, message, param}`.
 */
export class OpenAIEventStreamEncoder implements ClientStreamEncoder {
  readonly headers = SSE_HEADERS;

  forward(chunk: StreamForward, upstream: SseEvent): string {
    return sseEvent(chunkData(chunk, upstream), chunk.event);
  }

  plainEvent(upstream: SseEvent): true | null {
    // What `chunkData` reuses: a plain event's type is its name, so only a multi-line data field differs.
    return isOneLine(upstream.data) ? true : null;
  }

  end(): string {
    return '';
  }

  error(e: ClientError): string {
    return sseEvent(JSON.stringify({ type: 'error', code: e.code, message: e.message, param: null }), 'error');
  }
}

/**
 * The client side of a Responses stream. An OpenAI upstream's own events (passthrough) go out as
 * it wrote them, as OpenAIEventStreamEncoder writes them; canonical parts (a channel served
 * through its chat contract) become the documented events through ResponsesEventEncoder, whose
 * closing events and terminal `response.completed` (with the final usage: the upstream's, else
 * the estimate) the end writes. A failure after the start of a converted stream is the `error`
 * event and `response.failed`.
 */
export class ResponsesStreamEncoder implements ClientStreamEncoder {
  readonly headers = SSE_HEADERS;
  private readonly passthrough = new OpenAIEventStreamEncoder();
  private events: ResponsesEventEncoder | null = null;
  private ended = false;

  /** `model`: the client's model name, until the provider names its own. */
  constructor(private readonly model: string) {}

  forward(chunk: StreamForward, upstream: SseEvent): string {
    return this.passthrough.forward(chunk, upstream);
  }

  plainEvent(upstream: SseEvent): true | null {
    // Plain events come from an upstream's own stream, never between converted parts.
    return this.events === null ? this.passthrough.plainEvent(upstream) : null;
  }

  parts(parts: readonly ChatStreamPart[]): string {
    const events = (this.events ??= new ResponsesEventEncoder(this.model, Math.floor(Date.now() / 1000)));
    // The terminal event is written by end(), which knows the final usage.
    return this.write(parts.flatMap((p) => (p.type === 'end' ? [] : events.encode(p))));
  }

  end(s: StreamEnd): string {
    if (!this.events || this.ended) return '';
    this.ended = true;
    this.events.finishWith(s.finishReason);
    return this.write([...this.events.encode({ type: 'usage', usage: endUsage(s) }), ...this.events.encode({ type: 'end' })]);
  }

  error(e: ClientError): string {
    if (!this.events) return this.passthrough.error(e);
    this.ended = true;
    return this.write(this.events.fail(e));
  }

  private write(events: readonly SseOut[]): string {
    return events.map((ev) => sseEvent(JSON.stringify(ev.data), ev.event)).join('');
  }
}

export const openAIResponsesFormat: InboundFormat<ResponsesRequest> = {
  name: 'openai-responses',
  parse: (input, limits) => parseResponsesRequest(input, limits),
  encodeResponse: (res) => encodeResponsesResponse(res, Math.floor(Date.now() / 1000)),
  openStream: (req) => new ResponsesStreamEncoder(req.model),
  errorResponse: OPENAI_ERRORS.errorResponse,
};
