import { answerChoices, ofChoice, partChoice, type CanonicalChat, type CanonicalChatResponse, type ChatChoice, type ChatPart, type ChatStreamPart, type ChatTool, type ChatTurn, type ImageSource, type ReasoningRequest, type ResponseFormat, type ResponsePart, type ToolChoice } from '../../wire/canonical/chat';
import { arrayAt, isJsonObject, objectAt, stringAt, type JsonObject, type JsonValue } from '../../wire/canonical/json';
import { parseChatRequest } from '../canonical/parse-text';
import type { ChatRequest } from '../../wire/canonical/request';
import type { StreamForward } from '../../wire/canonical/response';
import { finishReasonOf, type FinishReason, type ReportedUsage } from '../../wire/canonical/usage';
import type { SseEvent } from '../sse/sse-parser';
import { SSE_HEADERS, formatSseEvent } from '../sse/sse-writer';
import { ClientUsageFilter, usageChunk } from '../sse/stream-usage';
import { chunkData, sseEvent, type ClientError, type ClientStreamEncoder, type ErrorFormat, type InboundFormat, type StreamEnd } from './format';

/*
 * The OpenAI chat inbound format: an OpenAI `chat/completions` body (already validated and
 * bounded by parseChatRequest) to the canonical chat (native adaptors convert from it), and a
 * native provider's canonical answers and stream parts back to OpenAI JSON and
 * `chat.completion.chunk`s (the relay encodes them; adaptors never do). OpenAI-wire adaptors pass
 * bodies through. It also owns the OpenAI wire the relay answers in: the error object every
 * OpenAI route renders, and the client side of chat and completions streams (`[DONE]`, the
 * include_usage chunk).
 */

/** Keys the canonical form models; everything else goes to `passthrough`. */
const MODELLED = new Set([
  'model',
  'messages',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'max_tokens',
  'max_completion_tokens',
  'temperature',
  'top_p',
  'top_k',
  'stop',
  'stream',
  'stream_options',
  'reasoning_effort',
  'response_format',
  'user',
  'n',
  'functions',
  'function_call',
]);

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

function num(v: JsonValue | undefined): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** `data:image/png;base64,AAAA` as inline bytes; anything else stays a URL. */
export function imageSource(url: string): ImageSource {
  const m = /^data:([\w.+-]+\/[\w.+-]+);base64,(.*)$/s.exec(url);
  return m ? { kind: 'base64', mediaType: m[1] as string, data: m[2] as string } : { kind: 'url', url };
}

function contentParts(content: JsonValue | undefined): ChatPart[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  const parts: ChatPart[] = [];
  for (const p of content) {
    if (!isJsonObject(p)) continue;
    if (p.type === 'text' || p.type === 'input_text') {
      if (str(p.text) !== '') parts.push({ type: 'text', text: str(p.text) });
    } else if (p.type === 'image_url') {
      const img = isJsonObject(p.image_url) ? p.image_url : { url: p.image_url ?? '' };
      const detail = img.detail === 'low' || img.detail === 'high' || img.detail === 'auto' ? img.detail : null;
      if (str(img.url) !== '') parts.push({ type: 'image', source: imageSource(str(img.url)), detail });
    } else if (p.type === 'input_audio') {
      const a = objectAt(p, 'input_audio');
      parts.push({ type: 'audio', format: str(a?.format), data: str(a?.data) });
    }
  }
  return parts;
}

function textOf(content: JsonValue | undefined): string {
  return contentParts(content)
    .map((p) => (p.type === 'text' ? p.text : ''))
    .join('');
}

function turnsOf(messages: readonly JsonValue[]): { system: string[]; turns: ChatTurn[] } {
  const system: string[] = [];
  const turns: ChatTurn[] = [];
  for (const m of messages) {
    if (!isJsonObject(m)) continue;
    const role = m.role;
    if (role === 'system' || role === 'developer') {
      const text = textOf(m.content);
      if (text !== '') system.push(text);
    } else if (role === 'user') {
      turns.push({ role: 'user', parts: contentParts(m.content) });
    } else if (role === 'assistant') {
      const parts: ChatPart[] = [];
      const reasoning = str(m.reasoning_content) || str(m.reasoning);
      if (reasoning !== '') parts.push({ type: 'reasoning', text: reasoning, signature: null });
      parts.push(...contentParts(m.content));
      for (const call of arrayAt(m, 'tool_calls') ?? []) {
        if (!isJsonObject(call)) continue;
        const fn = objectAt(call, 'function');
        parts.push({ type: 'tool_call', id: str(call.id), name: str(fn?.name), arguments: str(fn?.arguments) });
      }
      turns.push({ role: 'assistant', parts });
    } else if (role === 'tool') {
      turns.push({ role: 'tool', parts: [{ type: 'tool_result', toolCallId: str(m.tool_call_id), content: contentParts(m.content), isError: false }] });
    }
  }
  return { system, turns };
}

function toolsOf(body: JsonObject): ChatTool[] {
  const out: ChatTool[] = [];
  for (const t of arrayAt(body, 'tools') ?? []) {
    if (!isJsonObject(t) || t.type !== 'function') continue;
    const fn = objectAt(t, 'function');
    if (!fn || str(fn.name) === '') continue;
    out.push({ name: str(fn.name), description: stringAt(fn, 'description'), parameters: objectAt(fn, 'parameters') ?? { type: 'object', properties: {} } });
  }
  return out;
}

function toolChoiceOf(v: JsonValue | undefined): ToolChoice | null {
  if (v === 'auto') return { kind: 'auto' };
  if (v === 'none') return { kind: 'none' };
  if (v === 'required') return { kind: 'required' };
  if (isJsonObject(v)) {
    const name = str(objectAt(v, 'function')?.name);
    if (name !== '') return { kind: 'tool', name };
  }
  return null;
}

function reasoningOf(v: JsonValue | undefined): ReasoningRequest | null {
  if (v === 'minimal' || v === 'low' || v === 'medium' || v === 'high') return { kind: 'effort', effort: v };
  return null;
}

function responseFormatOf(v: JsonValue | undefined): ResponseFormat | null {
  if (!isJsonObject(v)) return null;
  if (v.type === 'json_object') return { kind: 'json_object' };
  if (v.type === 'json_schema') {
    const js = objectAt(v, 'json_schema');
    return { kind: 'json_schema', name: str(js?.name), schema: objectAt(js, 'schema') ?? {} };
  }
  return v.type === 'text' ? { kind: 'text' } : null;
}

/** The canonical chat of an OpenAI chat request, for the upstream model `model`. */
export function chatFromOpenAI(req: ChatRequest, model: string): CanonicalChat {
  const body = req.body;
  const { system, turns } = turnsOf(arrayAt(body, 'messages') ?? []);
  const stop = typeof body.stop === 'string' ? [body.stop] : (arrayAt(body, 'stop') ?? []).filter((s): s is string => typeof s === 'string' && s !== '');
  const passthrough: JsonObject = {};
  for (const [k, v] of Object.entries(body)) if (!MODELLED.has(k)) passthrough[k] = v;
  return {
    model,
    system,
    turns,
    tools: toolsOf(body),
    toolChoice: toolChoiceOf(body.tool_choice),
    parallelToolCalls: typeof body.parallel_tool_calls === 'boolean' ? body.parallel_tool_calls : null,
    maxOutputTokens: req.maxOutputTokens,
    temperature: num(body.temperature),
    topP: num(body.top_p),
    topK: num(body.top_k),
    stop,
    stream: req.stream,
    reasoning: reasoningOf(body.reasoning_effort),
    responseFormat: responseFormatOf(body.response_format),
    user: typeof body.user === 'string' && body.user !== '' ? body.user : null,
    choiceCount: req.n,
    passthrough,
  };
}

const OPENAI_FINISH: Readonly<Record<FinishReason, string>> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool_calls',
  content_filter: 'content_filter',
  function_call: 'function_call',
  other: 'stop',
};

export function openAIFinish(reason: FinishReason | null): string | null {
  return reason === null ? null : OPENAI_FINISH[reason];
}

/** OpenAI `usage` from canonical usage (prompt includes cache reads and writes). */
export function openAIUsage(u: ReportedUsage): JsonObject {
  const prompt = u.promptTokens ?? 0;
  const completion = u.completionTokens ?? 0;
  const details: JsonObject = { cached_tokens: u.cachedTokens ?? 0 };
  if (u.cacheCreationTokens !== null) details.cache_creation_tokens = u.cacheCreationTokens;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: details,
    completion_tokens_details: { reasoning_tokens: u.reasoningTokens ?? 0 },
  };
}

/** One choice of a canonical answer as an OpenAI `choices[]` entry. */
function openAIChoice(choice: ChatChoice): JsonObject {
  const text = choice.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
  const reasoning = choice.parts.flatMap((p) => (p.type === 'reasoning' ? [p.text] : [])).join('');
  const calls = choice.parts.flatMap((p) =>
    p.type === 'tool_call' ? [{ id: p.id, type: 'function', function: { name: p.name, arguments: p.arguments } } as JsonObject] : [],
  );
  const message: JsonObject = { role: 'assistant', content: text === '' && calls.length > 0 ? null : text };
  if (reasoning !== '') message.reasoning_content = reasoning;
  if (calls.length > 0) message.tool_calls = calls;
  return { index: choice.index, message, logprobs: null, finish_reason: openAIFinish(choice.finishReason) };
}

/** A whole canonical answer as an OpenAI `chat.completion`, every choice with its index. */
export function encodeOpenAIChatResponse(res: CanonicalChatResponse, created: number): JsonObject {
  const out: JsonObject = {
    id: res.id,
    object: 'chat.completion',
    created,
    model: res.model,
    choices: answerChoices(res).map(openAIChoice),
  };
  if (res.usage) out.usage = openAIUsage(res.usage);
  return out;
}

/**
 * Canonical stream parts to `chat.completion.chunk`s, one chunk (or none) per part, each choice's
 * deltas under its index (its first one naming the role, as OpenAI streams several choices). The
 * final usage chunk has empty `choices`, as OpenAI's include_usage chunk: the relay's usage
 * filter hides it from clients that did not ask for it.
 */
export class OpenAIChunkEncoder {
  private id = '';
  private model: string;
  /** Choices whose role has been sent. */
  private readonly named = new Set<number>();

  constructor(
    private readonly created: number,
    model: string,
  ) {
    this.model = model;
  }

  private chunk(choices: JsonObject[], extra: JsonObject = {}): JsonObject {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, choices, ...extra };
  }

  private delta(choice: number, delta: JsonObject, finish: string | null = null): JsonObject {
    const named = this.named.has(choice);
    this.named.add(choice);
    return this.chunk([{ index: choice, delta: named ? delta : { role: 'assistant', ...delta }, logprobs: null, finish_reason: finish }]);
  }

  encode(part: ChatStreamPart): JsonObject | null {
    const choice = partChoice(part);
    switch (part.type) {
      case 'start':
        this.id = part.id;
        if (part.model !== '') this.model = part.model;
        return this.delta(0, { role: 'assistant', content: '' });
      case 'text':
        return this.delta(choice, { content: part.text });
      case 'reasoning':
        return this.delta(choice, { reasoning_content: part.text });
      case 'tool_call_start':
        return this.delta(choice, { tool_calls: [{ index: part.index, id: part.id, type: 'function', function: { name: part.name, arguments: '' } }] });
      case 'tool_call_delta':
        return this.delta(choice, { tool_calls: [{ index: part.index, function: { arguments: part.arguments } }] });
      case 'finish':
        return this.delta(choice, {}, openAIFinish(part.reason));
      case 'usage':
        return this.chunk([], { usage: openAIUsage(part.usage) });
      case 'end':
        return null;
      default: {
        const never: never = part;
        return never;
      }
    }
  }
}

// ---- the other direction: canonical to an OpenAI body, OpenAI answers to canonical ----

function openAIContent(parts: readonly ChatPart[]): JsonValue {
  const out: JsonObject[] = [];
  for (const p of parts) {
    if (p.type === 'text') out.push({ type: 'text', text: p.text });
    else if (p.type === 'image') {
      const url = p.source.kind === 'base64' ? `data:${p.source.mediaType};base64,${p.source.data}` : p.source.url;
      out.push({ type: 'image_url', image_url: p.detail ? { url, detail: p.detail } : { url } });
    } else if (p.type === 'audio') out.push({ type: 'input_audio', input_audio: { data: p.data, format: p.format } });
  }
  if (out.length === 1 && out[0]?.type === 'text') return out[0].text ?? '';
  return out;
}

function textOfParts(parts: readonly ChatPart[]): string {
  return parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

const EFFORT_FOR_BUDGET: readonly [number, 'low' | 'medium' | 'high'][] = [
  [4096, 'low'],
  [16384, 'medium'],
];

/** A canonical chat as an OpenAI `chat/completions` body (for OpenAI-wire upstreams). */
export function openAIChatBody(chat: CanonicalChat): JsonObject {
  const messages: JsonObject[] = chat.system.map((text) => ({ role: 'system', content: text }));
  for (const turn of chat.turns) {
    if (turn.role === 'tool') {
      for (const p of turn.parts) if (p.type === 'tool_result') messages.push({ role: 'tool', tool_call_id: p.toolCallId, content: textOfParts(p.content) });
    } else if (turn.role === 'assistant') {
      const calls = turn.parts.flatMap((p) => (p.type === 'tool_call' ? [{ id: p.id, type: 'function', function: { name: p.name, arguments: p.arguments } } as JsonObject] : []));
      const text = textOfParts(turn.parts);
      const m: JsonObject = { role: 'assistant', content: text === '' && calls.length > 0 ? null : text };
      if (calls.length > 0) m.tool_calls = calls;
      messages.push(m);
    } else messages.push({ role: 'user', content: openAIContent(turn.parts) });
  }
  const body: JsonObject = { model: chat.model, messages };
  if (chat.choiceCount > 1) body.n = chat.choiceCount;
  if (chat.maxOutputTokens !== null) body.max_tokens = chat.maxOutputTokens;
  if (chat.temperature !== null) body.temperature = chat.temperature;
  if (chat.topP !== null) body.top_p = chat.topP;
  if (chat.stop.length > 0) body.stop = [...chat.stop];
  if (chat.user) body.user = chat.user;
  if (chat.tools.length > 0) {
    body.tools = chat.tools.map((t) => ({ type: 'function', function: { name: t.name, ...(t.description ? { description: t.description } : {}), parameters: t.parameters } }));
    const c = chat.toolChoice;
    if (c) body.tool_choice = c.kind === 'tool' ? { type: 'function', function: { name: c.name } } : c.kind;
    if (chat.parallelToolCalls !== null) body.parallel_tool_calls = chat.parallelToolCalls;
  }
  if (chat.reasoning) {
    body.reasoning_effort = chat.reasoning.kind === 'effort' ? chat.reasoning.effort : (EFFORT_FOR_BUDGET.find(([max]) => (chat.reasoning as { tokens: number }).tokens <= max)?.[1] ?? 'high');
  }
  if (chat.stream) body.stream = true;
  return body;
}

/** A choice's `index` (its position when it names none). */
function choiceIndex(choice: JsonObject, position: number): number {
  return typeof choice.index === 'number' && Number.isSafeInteger(choice.index) && choice.index >= 0 ? choice.index : position;
}

/** The objects of `choices`, each with its index, in index order. */
function indexedChoices(body: JsonObject): { index: number; choice: JsonObject }[] {
  return (arrayAt(body, 'choices') ?? [])
    .flatMap((c, position) => (isJsonObject(c) ? [{ index: choiceIndex(c, position), choice: c }] : []))
    .sort((a, b) => a.index - b.index);
}

function messageParts(message: JsonObject): ResponsePart[] {
  const parts: ResponsePart[] = [];
  const reasoning = str(message.reasoning_content) || str(message.reasoning);
  if (reasoning !== '') parts.push({ type: 'reasoning', text: reasoning, signature: null });
  const text = textOf(message.content);
  if (text !== '') parts.push({ type: 'text', text });
  for (const call of arrayAt(message, 'tool_calls') ?? []) {
    if (!isJsonObject(call)) continue;
    const fn = objectAt(call, 'function');
    parts.push({ type: 'tool_call', id: str(call.id), name: str(fn?.name), arguments: str(fn?.arguments) });
  }
  return parts;
}

/**
 * An OpenAI `chat.completion` as a canonical answer, every choice (`n` > 1) kept; null when it
 * is not one. `finish` is the first choice's as the adaptor read it; the others' are their own.
 */
export function chatResponseFromOpenAI(body: JsonValue | undefined, usage: ReportedUsage | null, finish: FinishReason | null): CanonicalChatResponse | null {
  if (!isJsonObject(body)) return null;
  const [first, ...rest] = indexedChoices(body).flatMap(({ index, choice }) => {
    const message = objectAt(choice, 'message');
    return message ? [{ index, parts: messageParts(message), finishReason: finishReasonOf(choice.finish_reason) }] : [];
  });
  if (!first) return null;
  const answer: CanonicalChatResponse = { id: str(body.id), model: str(body.model), parts: first.parts, finishReason: finish, usage };
  return rest.length > 0 ? { ...answer, moreChoices: rest } : answer;
}

/**
 * `chat.completion.chunk`s to canonical stream parts (the first chunk with an id starts the
 * answer), every choice's deltas and finish under its index. A choice's finish is the chunk's
 * `finish_reason`; the step's `finish` stands in for the first choice's when no chunk said it.
 */
export class OpenAIChunkDecoder {
  private started = false;
  private readonly finished = new Set<number>();

  decode(chunk: JsonObject | null, usage: ReportedUsage | null, finish: FinishReason | null, done: boolean): ChatStreamPart[] {
    const parts: ChatStreamPart[] = [];
    if (chunk && !this.started && typeof chunk.id === 'string') {
      this.started = true;
      parts.push({ type: 'start', id: chunk.id, model: str(chunk.model) });
    }
    for (const { index: n, choice } of chunk ? indexedChoices(chunk) : []) {
      const at = ofChoice(n);
      const delta = objectAt(choice, 'delta');
      if (delta) {
        const reasoning = str(delta.reasoning_content) || str(delta.reasoning);
        if (reasoning !== '') parts.push({ type: 'reasoning', text: reasoning, ...at });
        if (str(delta.content) !== '') parts.push({ type: 'text', text: str(delta.content), ...at });
        for (const call of arrayAt(delta, 'tool_calls') ?? []) {
          if (!isJsonObject(call)) continue;
          const index = typeof call.index === 'number' ? call.index : 0;
          const fn = objectAt(call, 'function');
          if (typeof call.id === 'string' && call.id !== '') parts.push({ type: 'tool_call_start', index, id: call.id, name: str(fn?.name), ...at });
          if (str(fn?.arguments) !== '') parts.push({ type: 'tool_call_delta', index, arguments: str(fn?.arguments), ...at });
        }
      }
      const reason = finishReasonOf(choice.finish_reason);
      if (reason) parts.push(...this.finish(n, reason));
    }
    if (finish) parts.push(...this.finish(0, finish));
    if (usage) parts.push({ type: 'usage', usage });
    if (done) parts.push({ type: 'end' });
    return parts;
  }

  /** A choice's finish, once (an upstream may repeat it on its usage chunk). */
  private finish(choice: number, reason: FinishReason): ChatStreamPart[] {
    if (this.finished.has(choice)) return [];
    this.finished.add(choice);
    return [{ type: 'finish', reason, ...ofChoice(choice) }];
  }
}

// ---- the OpenAI wire the relay answers: errors, and the client side of chat/completions streams ----

/** OpenAI's error object, `{error:{message,type,param,code}}`. */
export function openAIErrorBody(e: ClientError): JsonObject {
  return { error: { message: e.message, type: e.type, param: e.param, code: e.code } };
}

/** How every OpenAI route (chat, embeddings, images, audio, ...) answers an error. */
export const OPENAI_ERRORS: ErrorFormat = { errorResponse: (e) => ({ status: e.status, body: openAIErrorBody(e) }) };

/** The end-of-stream marker of chat and completions streams. */
export const OPENAI_DONE = 'data: [DONE]\n\n';

/**
 * The client side of a chat or completions stream: chunks as the upstream wrote them (the
 * include_usage chunk the relay asked for hidden from clients that did not ask), a usage chunk of
 * the relay's own for a client that asked when the upstream sent none, then `[DONE]`; a failure
 * after the start is an `{error}` chunk and no `[DONE]`.
 */
export class OpenAIStreamEncoder implements ClientStreamEncoder {
  readonly headers = SSE_HEADERS;
  private readonly filter: ClientUsageFilter;
  /** The first chunk's identity, for a usage chunk of the relay's own. */
  private first: { id: string; model: string; created: number; object?: string } | null = null;

  constructor(private readonly clientWantsUsage: boolean) {
    this.filter = new ClientUsageFilter(clientWantsUsage);
  }

  forward(chunk: StreamForward, upstream: SseEvent): string {
    const data = this.filter.filter(chunk.data);
    if (data === null) return '';
    this.remember(data);
    return data === chunk.data ? sseEvent(chunkData(chunk, upstream), chunk.event) : formatSseEvent(data, chunk.event);
  }

  /** A chunk the relay built (never an upstream's bytes), through the same usage filter. */
  protected write(chunk: JsonObject): string {
    const data = this.filter.filter(chunk);
    if (data === null) return '';
    this.remember(data);
    return sseEvent(JSON.stringify(data));
  }

  end(s: StreamEnd): string {
    if (!this.clientWantsUsage || s.usage || !this.first) return OPENAI_DONE;
    const u = { promptTokens: s.estimate.promptTokens, completionTokens: s.estimate.completionTokens, cachedTokens: 0, reasoningTokens: 0 };
    return formatSseEvent(usageChunk(this.first, u)) + OPENAI_DONE;
  }

  error(e: ClientError): string {
    return formatSseEvent({ error: { message: e.message, type: e.type, param: null, code: e.code } });
  }

  private remember(data: JsonObject): void {
    if (this.first || typeof data.id !== 'string') return;
    this.first = {
      id: data.id,
      model: typeof data.model === 'string' ? data.model : '',
      created: typeof data.created === 'number' ? data.created : Math.floor(Date.now() / 1000),
      object: typeof data.object === 'string' ? data.object : undefined,
    };
  }
}

/**
 * The client side of a chat stream: the upstream's chunks as `OpenAIStreamEncoder` writes them,
 * and the canonical parts of a native provider's answer (Claude, Gemini, Bedrock, Vertex) as
 * `chat.completion.chunk`s, one per part (the include_usage chunk hidden the same way).
 */
export class OpenAIChatStreamEncoder extends OpenAIStreamEncoder {
  private chunks: OpenAIChunkEncoder | null = null;

  /** `model`: the client's model name, for chunks until the provider names its own. */
  constructor(
    clientWantsUsage: boolean,
    private readonly model: string,
  ) {
    super(clientWantsUsage);
  }

  parts(parts: readonly ChatStreamPart[]): string {
    const chunks = (this.chunks ??= new OpenAIChunkEncoder(Math.floor(Date.now() / 1000), this.model));
    let out = '';
    for (const p of parts) {
      const data = chunks.encode(p);
      if (data) out += this.write(data);
    }
    return out;
  }
}

/** `POST /v1/chat/completions`. */
export const openAIChatFormat: InboundFormat<ChatRequest> = {
  name: 'openai-chat',
  parse: (input, limits) => parseChatRequest(input, limits),
  encodeResponse: (res) => encodeOpenAIChatResponse(res, Math.floor(Date.now() / 1000)),
  openStream: (req) => new OpenAIChatStreamEncoder(req.clientIncludeUsage, req.model),
  errorResponse: OPENAI_ERRORS.errorResponse,
};
