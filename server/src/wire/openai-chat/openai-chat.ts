import { answerChoices, reasoningEffortOf, type CanonicalChat, type CanonicalChatResponse, type ChatChoice, type ChatPart, type ChatTool, type ChatTurn, type ImageSource, type ReasoningRequest, type ResponseFormat, type ResponsePart, type ToolChoice } from '../canonical/chat';
import { arrayAt, isJsonObject, objectAt, stringAt, type JsonObject, type JsonValue } from '../canonical/json';
import type { ChatRequest } from '../canonical/request';
import { finishReasonOf, type FinishReason, type ReportedUsage } from '../canonical/usage';
import { type ClientError, type ErrorFormat } from '../format';

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

export function str(v: JsonValue | undefined): string {
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

function turnsOf(messages: readonly JsonValue[]): { system: string[]; systemAt: number[]; turns: ChatTurn[] } {
  const system: string[] = [];
  const systemAt: number[] = [];
  const turns: ChatTurn[] = [];
  for (const m of messages) {
    if (!isJsonObject(m)) continue;
    const role = m.role;
    if (role === 'system' || role === 'developer') {
      const text = textOf(m.content);
      if (text !== '') {
        system.push(text);
        systemAt.push(turns.length);
      }
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
  return { system, systemAt, turns };
}

function toolsOf(body: JsonObject): ChatTool[] {
  const out: ChatTool[] = [];
  for (const t of arrayAt(body, 'tools') ?? []) {
    if (!isJsonObject(t) || t.type !== 'function') continue;
    const fn = objectAt(t, 'function');
    if (!fn || str(fn.name) === '') continue;
    const tool: ChatTool = { name: str(fn.name), description: stringAt(fn, 'description'), parameters: objectAt(fn, 'parameters') ?? { type: 'object', properties: {} } };
    out.push(typeof fn.strict === 'boolean' ? { ...tool, strict: fn.strict } : tool);
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
  const effort = reasoningEffortOf(v);
  return effort ? { kind: 'effort', effort } : null;
}

function responseFormatOf(v: JsonValue | undefined): ResponseFormat | null {
  if (!isJsonObject(v)) return null;
  if (v.type === 'json_object') return { kind: 'json_object' };
  if (v.type === 'json_schema') {
    const js = objectAt(v, 'json_schema');
    const description = str(js?.description);
    return {
      kind: 'json_schema',
      name: str(js?.name),
      schema: objectAt(js, 'schema') ?? {},
      ...(description !== '' ? { description } : {}),
      ...(typeof js?.strict === 'boolean' ? { strict: js.strict } : {}),
    };
  }
  return v.type === 'text' ? { kind: 'text' } : null;
}

/** The canonical chat of an OpenAI chat request, for the upstream model `model`. */
export function chatFromOpenAI(req: ChatRequest, model: string): CanonicalChat {
  const body = req.body;
  const { system, systemAt, turns } = turnsOf(arrayAt(body, 'messages') ?? []);
  const stop = typeof body.stop === 'string' ? [body.stop] : (arrayAt(body, 'stop') ?? []).filter((s): s is string => typeof s === 'string' && s !== '');
  const passthrough: JsonObject = {};
  for (const [k, v] of Object.entries(body)) if (!MODELLED.has(k)) passthrough[k] = v;
  return {
    model,
    system,
    // Places are kept only when some system message came after a turn.
    ...(systemAt.some((at) => at > 0) ? { systemAt } : {}),
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
  if (u.audioTokens !== null) details.audio_tokens = u.audioTokens;
  const completionDetails: JsonObject = { reasoning_tokens: u.reasoningTokens ?? 0 };
  if (u.audioCompletionTokens !== null) completionDetails.audio_tokens = u.audioCompletionTokens;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: details,
    completion_tokens_details: completionDetails,
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

/** The choices, output bound, sampling, stop and end user of a chat as OpenAI chat and completions name them. */
export function openAISampling(chat: CanonicalChat): JsonObject {
  const out: JsonObject = {};
  if (chat.choiceCount > 1) out.n = chat.choiceCount;
  if (chat.maxOutputTokens !== null) out.max_tokens = chat.maxOutputTokens;
  if (chat.temperature !== null) out.temperature = chat.temperature;
  if (chat.topP !== null) out.top_p = chat.topP;
  if (chat.stop.length > 0) out.stop = [...chat.stop];
  if (chat.user) out.user = chat.user;
  return out;
}

/** A canonical tool as OpenAI chat writes it (`strict` when the client set it). */
function openAITool(t: ChatTool): JsonObject {
  const fn: JsonObject = { name: t.name, ...(t.description ? { description: t.description } : {}), parameters: t.parameters };
  if (t.strict !== undefined) fn.strict = t.strict;
  return { type: 'function', function: fn };
}

/** A response format as OpenAI chat's `response_format`; null for plain text, the default. */
export function openAIResponseFormat(format: ResponseFormat | null): JsonObject | null {
  if (!format || format.kind === 'text') return null;
  if (format.kind === 'json_object') return { type: 'json_object' };
  const schema: JsonObject = { name: format.name, schema: format.schema };
  if (format.description !== undefined) schema.description = format.description;
  if (format.strict !== undefined) schema.strict = format.strict;
  return { type: 'json_schema', json_schema: schema };
}

/** The system messages that stood before turn `index` (all of them before the first when their places are unknown). */
function systemBefore(chat: CanonicalChat, index: number): JsonObject[] {
  return chat.system.flatMap((content, i) => (Math.min(chat.systemAt?.[i] ?? 0, chat.turns.length) === index ? [{ role: 'system', content }] : []));
}

/**
 * A canonical chat as an OpenAI `chat/completions` body (for OpenAI-wire upstreams): system
 * messages where they stood (`systemAt`), the passthrough fields by their OpenAI names.
 */
export function openAIChatBody(chat: CanonicalChat): JsonObject {
  const messages: JsonObject[] = [];
  for (const [index, turn] of chat.turns.entries()) {
    messages.push(...systemBefore(chat, index));
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
  messages.push(...systemBefore(chat, chat.turns.length));
  const body: JsonObject = { ...chat.passthrough, model: chat.model, messages, ...openAISampling(chat) };
  if (chat.tools.length > 0) {
    body.tools = chat.tools.map(openAITool);
    const c = chat.toolChoice;
    if (c) body.tool_choice = c.kind === 'tool' ? { type: 'function', function: { name: c.name } } : c.kind;
    if (chat.parallelToolCalls !== null) body.parallel_tool_calls = chat.parallelToolCalls;
  }
  if (chat.reasoning) {
    body.reasoning_effort = chat.reasoning.kind === 'effort' ? chat.reasoning.effort : (EFFORT_FOR_BUDGET.find(([max]) => (chat.reasoning as { tokens: number }).tokens <= max)?.[1] ?? 'high');
  }
  const format = openAIResponseFormat(chat.responseFormat);
  if (format) body.response_format = format;
  if (chat.stream) body.stream = true;
  return body;
}

/** A choice's `index` (its position when it names none). */
function choiceIndex(choice: JsonObject, position: number): number {
  return typeof choice.index === 'number' && Number.isSafeInteger(choice.index) && choice.index >= 0 ? choice.index : position;
}

/** The objects of `choices`, each with its index, in index order. */
export function indexedChoices(body: JsonObject): { index: number; choice: JsonObject }[] {
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

/** OpenAI's error object, `{error:{message,type,param,code}}`. */
export function openAIErrorBody(e: ClientError): JsonObject {
  return { error: { message: e.message, type: e.type, param: e.param, code: e.code } };
}

/** How every OpenAI route (chat, embeddings, images, audio, ...) answers an error. */
export const OPENAI_ERRORS: ErrorFormat = { errorResponse: (e) => ({ status: e.status, body: openAIErrorBody(e) }) };
