import { partChoice, type CanonicalChat, type CanonicalChatResponse, type ChatPart, type ChatStreamPart, type ChatTool, type ChatTurn, type ToolChoice } from '../canonical/chat';
import { arrayAt, isJsonObject, objectAt, stringAt, type JsonObject, type JsonValue } from '../canonical/json';
import { parseMessagesRequest } from './parse';
import type { MessagesRequest } from '../canonical/request';
import type { StreamForward } from '../canonical/response';
import type { FinishReason, ReportedUsage } from '../canonical/usage';
import type { SseEvent } from '../framing/sse/sse-parser';
import { SSE_HEADERS } from '../framing/sse/sse-writer';
import { chunkData, endUsage, sseEvent, type ClientError, type ClientStreamEncoder, type InboundFormat, type StreamEnd } from '../format';

/*
 * The Anthropic Messages inbound format (`POST /v1/messages`): the body to the canonical chat
 * for channels that do not speak it, canonical answers and stream parts back to a Messages
 * `message` and its documented events, errors as `{type:"error", error:{type, message}}` (also
 * inside a begun stream, as `event: error`). Claude channels pass bodies and events through.
 */

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

function num(v: JsonValue | undefined): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function partsOf(content: JsonValue | undefined): { parts: ChatPart[]; results: ChatPart[] } {
  if (typeof content === 'string') return { parts: content === '' ? [] : [{ type: 'text', text: content }], results: [] };
  const parts: ChatPart[] = [];
  const results: ChatPart[] = [];
  for (const b of Array.isArray(content) ? content : []) {
    if (!isJsonObject(b)) continue;
    if (b.type === 'text' && str(b.text) !== '') parts.push({ type: 'text', text: str(b.text) });
    else if (b.type === 'image') {
      const s = objectAt(b, 'source');
      if (s?.type === 'base64') parts.push({ type: 'image', source: { kind: 'base64', mediaType: str(s.media_type), data: str(s.data) }, detail: null });
      else if (s?.type === 'url') parts.push({ type: 'image', source: { kind: 'url', url: str(s.url) }, detail: null });
    } else if (b.type === 'thinking') parts.push({ type: 'reasoning', text: str(b.thinking), signature: stringAt(b, 'signature') });
    else if (b.type === 'tool_use') parts.push({ type: 'tool_call', id: str(b.id), name: str(b.name), arguments: JSON.stringify(isJsonObject(b.input) ? b.input : {}) });
    else if (b.type === 'tool_result') {
      results.push({ type: 'tool_result', toolCallId: str(b.tool_use_id), content: partsOf(b.content).parts, isError: b.is_error === true });
    }
  }
  return { parts, results };
}

function toolChoiceOf(v: JsonValue | undefined): ToolChoice | null {
  if (!isJsonObject(v)) return null;
  if (v.type === 'auto') return { kind: 'auto' };
  if (v.type === 'any') return { kind: 'required' };
  if (v.type === 'none') return { kind: 'none' };
  if (v.type === 'tool' && str(v.name) !== '') return { kind: 'tool', name: str(v.name) };
  return null;
}

/** The canonical chat of a Messages request. */
export function chatFromAnthropic(req: MessagesRequest, model: string): CanonicalChat {
  const body = req.body;
  const system = typeof body.system === 'string' ? [body.system] : (arrayAt(body, 'system') ?? []).flatMap((b) => (isJsonObject(b) && str(b.text) !== '' ? [str(b.text)] : []));
  const turns: ChatTurn[] = [];
  for (const m of arrayAt(body, 'messages') ?? []) {
    if (!isJsonObject(m)) continue;
    const { parts, results } = partsOf(m.content);
    // Tool results become tool turns (OpenAI's shape), before the user's own words.
    for (const r of results) turns.push({ role: 'tool', parts: [r] });
    if (parts.length > 0) turns.push({ role: m.role === 'assistant' ? 'assistant' : 'user', parts });
  }
  const tools: ChatTool[] = (arrayAt(body, 'tools') ?? []).flatMap((t) =>
    isJsonObject(t) && str(t.name) !== '' ? [{ name: str(t.name), description: stringAt(t, 'description'), parameters: objectAt(t, 'input_schema') ?? { type: 'object' } }] : [],
  );
  const thinking = objectAt(body, 'thinking');
  const budget = thinking?.type === 'enabled' ? num(thinking.budget_tokens) : null;
  const choice = objectAt(body, 'tool_choice');
  return {
    model,
    system,
    turns,
    tools,
    toolChoice: toolChoiceOf(body.tool_choice),
    parallelToolCalls: choice?.disable_parallel_tool_use === true ? false : null,
    maxOutputTokens: req.maxOutputTokens,
    temperature: num(body.temperature),
    topP: num(body.top_p),
    topK: num(body.top_k),
    stop: (arrayAt(body, 'stop_sequences') ?? []).filter((s): s is string => typeof s === 'string'),
    stream: req.stream,
    reasoning: budget !== null ? { kind: 'budget', tokens: budget } : null,
    responseFormat: null,
    user: stringAt(objectAt(body, 'metadata'), 'user_id'),
    // A Messages request asks for one answer.
    choiceCount: 1,
    passthrough: {},
  };
}

const STOP_REASON: Readonly<Record<FinishReason, string>> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  content_filter: 'refusal',
  other: 'end_turn',
};

/** Canonical usage (prompt includes the cache) in Anthropic's terms (input excludes it). */
export function anthropicUsage(u: ReportedUsage | null): JsonObject {
  const prompt = u?.promptTokens ?? 0;
  const read = u?.cachedTokens ?? 0;
  const write = u?.cacheCreationTokens ?? 0;
  const out: JsonObject = { input_tokens: Math.max(0, prompt - read - write), output_tokens: u?.completionTokens ?? 0, cache_read_input_tokens: read, cache_creation_input_tokens: write };
  // The 1-hour share of the cache writes, when the upstream told it (Anthropic's own `cache_creation` split).
  const write1h = u?.cacheCreation1hTokens ?? null;
  if (write1h !== null) out.cache_creation = { ephemeral_5m_input_tokens: Math.max(0, write - write1h), ephemeral_1h_input_tokens: write1h };
  return out;
}

function toolInput(args: string): JsonObject {
  try {
    const v = JSON.parse(args.trim() === '' ? '{}' : args) as JsonValue;
    return isJsonObject(v) ? v : {};
  } catch {
    return {};
  }
}

/** A whole canonical answer as a Messages `message` (one answer: the first choice). */
export function encodeAnthropicMessage(res: CanonicalChatResponse, model: string): JsonObject {
  const content: JsonObject[] = [];
  for (const p of res.parts) {
    if (p.type === 'reasoning' && p.text !== '') content.push({ type: 'thinking', thinking: p.text, signature: p.signature ?? '' });
    else if (p.type === 'text' && p.text !== '') content.push({ type: 'text', text: p.text });
    else if (p.type === 'tool_call') content.push({ type: 'tool_use', id: p.id, name: p.name, input: toolInput(p.arguments) });
  }
  return {
    id: res.id.startsWith('msg_') ? res.id : `msg_${res.id}`,
    type: 'message',
    role: 'assistant',
    model: res.model || model,
    content,
    stop_reason: res.finishReason ? STOP_REASON[res.finishReason] : 'end_turn',
    stop_sequence: null,
    usage: anthropicUsage(res.usage),
  };
}

export interface SseOut {
  readonly event: string;
  readonly data: JsonObject;
}

/**
 * Canonical stream parts to the documented Messages events: message_start, a content block per
 * run of text, thinking or tool input (start, deltas, stop), then message_delta with the stop
 * reason and usage, and message_stop. A message is one answer: parts of other choices (never
 * asked by a Messages client) are left out.
 */
export class AnthropicEventEncoder {
  private started = false;
  private block: { index: number; kind: 'text' | 'thinking' | 'tool'; tool: number } | null = null;
  private next = 0;
  private stopReason = 'end_turn';
  private usage: ReportedUsage | null = null;

  constructor(private readonly model: string) {}

  private ev(event: string, data: JsonObject): SseOut {
    return { event, data: { type: event, ...data } };
  }

  private start(id: string, model: string): SseOut[] {
    if (this.started) return [];
    this.started = true;
    const message = { id: id.startsWith('msg_') ? id : `msg_${id}`, type: 'message', role: 'assistant', model: model || this.model, content: [], stop_reason: null, stop_sequence: null, usage: anthropicUsage(null) };
    return [this.ev('message_start', { message })];
  }

  private close(): SseOut[] {
    if (!this.block) return [];
    const out = [this.ev('content_block_stop', { index: this.block.index })];
    this.block = null;
    return out;
  }

  private open(kind: 'text' | 'thinking' | 'tool', contentBlock: JsonObject, tool = -1): SseOut[] {
    const out = this.close();
    this.block = { index: this.next++, kind, tool };
    out.push(this.ev('content_block_start', { index: this.block.index, content_block: contentBlock }));
    return out;
  }

  encode(part: ChatStreamPart): SseOut[] {
    if (partChoice(part) !== 0) return [];
    const out: SseOut[] = part.type === 'start' ? [] : this.start('relay', this.model);
    switch (part.type) {
      case 'start':
        return this.start(part.id, part.model);
      case 'text':
        if (part.text === '') return out;
        if (this.block?.kind !== 'text') out.push(...this.open('text', { type: 'text', text: '' }));
        out.push(this.ev('content_block_delta', { index: this.block?.index ?? 0, delta: { type: 'text_delta', text: part.text } }));
        return out;
      case 'reasoning':
        if (part.text === '') return out;
        if (this.block?.kind !== 'thinking') out.push(...this.open('thinking', { type: 'thinking', thinking: '' }));
        out.push(this.ev('content_block_delta', { index: this.block?.index ?? 0, delta: { type: 'thinking_delta', thinking: part.text } }));
        return out;
      case 'tool_call_start':
        out.push(...this.open('tool', { type: 'tool_use', id: part.id, name: part.name, input: {} }, part.index));
        return out;
      case 'tool_call_delta':
        if (this.block?.kind !== 'tool' || this.block.tool !== part.index || part.arguments === '') return out;
        out.push(this.ev('content_block_delta', { index: this.block.index, delta: { type: 'input_json_delta', partial_json: part.arguments } }));
        return out;
      case 'finish':
        this.stopReason = STOP_REASON[part.reason];
        return [...out, ...this.close()];
      case 'usage':
        this.usage = part.usage;
        return out;
      case 'end':
        return [
          ...out,
          ...this.close(),
          this.ev('message_delta', { delta: { stop_reason: this.stopReason, stop_sequence: null }, usage: anthropicUsage(this.usage) }),
          this.ev('message_stop', {}),
        ];
      default: {
        const never: never = part;
        return never;
      }
    }
  }
}

// ---- errors and the client side of a Messages stream ----

/** Anthropic's error types (platform.claude.com/docs/en/api/errors). */
const ANTHROPIC_TYPES = new Set([
  'invalid_request_error',
  'authentication_error',
  'billing_error',
  'permission_error',
  'not_found_error',
  'request_too_large',
  'rate_limit_error',
  'api_error',
  'overloaded_error',
  'timeout_error',
]);

/** Anthropic's error type for a status. */
function anthropicErrorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'billing_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status === 529) return 'overloaded_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

/** An error as Anthropic's `{type:"error", error:{type, message}}`: an Anthropic type is kept, else the status decides. */
export function anthropicErrorBody(e: ClientError): JsonObject {
  return { type: 'error', error: { type: ANTHROPIC_TYPES.has(e.type) ? e.type : anthropicErrorType(e.status), message: e.message } };
}

/**
 * The client side of a Messages stream. Claude's own events (passthrough) go out as Claude wrote
 * them; canonical parts (converted answers) become the documented events through
 * AnthropicEventEncoder. The end adds what an upstream that stopped early (a finish reason, then
 * a close) left out: the open block's stop, message_delta with the stop reason and usage, and
 * message_stop. A failure after the start is `event: error`.
 */
export class AnthropicStreamEncoder implements ClientStreamEncoder {
  readonly headers = SSE_HEADERS;
  private events: AnthropicEventEncoder | null = null;
  private openBlock: number | null = null;
  private deltaSent = false;
  private stopped = false;

  constructor(private readonly model: string) {}

  forward(chunk: StreamForward, upstream: SseEvent): string {
    this.track(chunk.data);
    return sseEvent(chunkData(chunk, upstream), chunk.event);
  }

  parts(parts: readonly ChatStreamPart[]): string {
    const events = (this.events ??= new AnthropicEventEncoder(this.model));
    let out = '';
    // The end is written by end(), which knows the final usage.
    for (const p of parts) if (p.type !== 'end') out += this.write(events.encode(p));
    return out;
  }

  end(s: StreamEnd): string {
    if (this.stopped) return '';
    if (this.events) return this.write([...this.events.encode({ type: 'usage', usage: endUsage(s) }), ...this.events.encode({ type: 'end' })]);
    const out: SseOut[] = [];
    if (this.openBlock !== null) out.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index: this.openBlock } });
    if (!this.deltaSent) {
      const delta = { stop_reason: s.finishReason ? STOP_REASON[s.finishReason] : 'end_turn', stop_sequence: null };
      out.push({ event: 'message_delta', data: { type: 'message_delta', delta, usage: anthropicUsage(endUsage(s)) } });
    }
    out.push({ event: 'message_stop', data: { type: 'message_stop' } });
    return this.write(out);
  }

  error(e: ClientError): string {
    this.stopped = true;
    return sseEvent(JSON.stringify(anthropicErrorBody(e)), 'error');
  }

  private write(events: readonly SseOut[]): string {
    let out = '';
    for (const ev of events) {
      this.track(ev.data);
      out += sseEvent(JSON.stringify(ev.data), ev.event);
    }
    return out;
  }

  /** What the client has been sent so far, so the end adds only what is missing. */
  private track(data: JsonObject): void {
    switch (data.type) {
      case 'content_block_start':
        this.openBlock = typeof data.index === 'number' ? data.index : 0;
        break;
      case 'content_block_stop':
        this.openBlock = null;
        break;
      case 'message_delta':
        this.deltaSent = true;
        break;
      case 'message_stop':
        this.stopped = true;
        break;
      default:
        break;
    }
  }
}

export const anthropicMessagesFormat: InboundFormat<MessagesRequest> = {
  name: 'anthropic-messages',
  parse: (input, limits) => parseMessagesRequest(input, limits),
  encodeResponse: (res, req) => encodeAnthropicMessage(res, req.model),
  openStream: (req) => new AnthropicStreamEncoder(req.model),
  errorResponse: (e) => ({ status: e.status, body: anthropicErrorBody(e) }),
};
