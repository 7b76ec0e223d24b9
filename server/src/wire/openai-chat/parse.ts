import { FieldReader, bodyObject, invalidValue, wrongType } from '../canonical/fields';
import { isJsonObject, type JsonObject, type JsonValue } from '../canonical/json';
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from '../canonical/limits';
import type { ChatContentPart, ChatMessage, ChatRequest, CompletionRequest, ResponsesRequest } from '../canonical/request';
import { stripRoutingKeys } from '../canonical/routing-keys';

/** Shared by every parser: a model name is required and bounded. */
export function readModel(r: FieldReader, limits: RelayLimits, fallback?: string): string {
  const model = r.optionalString('model', limits.maxModelNameLength);
  if (model) return model;
  if (fallback) return fallback;
  return r.requiredString('model');
}

/**
 * Output bound: `max_tokens` 0 means "not set" (the playground sends 0 by default) and is
 * removed, because OpenAI rejects 0. Returns the larger of the fields still present.
 */
function readMaxOutput(r: FieldReader, body: JsonObject, keys: readonly string[], limits: RelayLimits): number | null {
  let bound: number | null = null;
  for (const key of keys) {
    const v = r.optionalInt(key, 0, limits.maxOutputTokens);
    if (v === 0) delete body[key];
    else if (v !== null) bound = Math.max(bound ?? 0, v);
  }
  return bound;
}

/** `stream_options` is only meaningful on streams; on other calls it is dropped, not an error. */
function readStream(r: FieldReader, body: JsonObject): { stream: boolean; includeUsage: boolean } {
  const stream = r.optionalBoolean('stream') ?? false;
  if (!stream) {
    delete body.stream_options;
    return { stream, includeUsage: false };
  }
  const options = r.optionalObject('stream_options');
  return { stream, includeUsage: options?.optionalBoolean('include_usage') ?? false };
}

function contentParts(content: JsonValue | undefined, path: string): ChatContentPart[] {
  if (content === undefined || content === null) return [];
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw wrongType(path, 'string or array');
  return content.map((part, i): ChatContentPart => {
    if (typeof part === 'string') return { type: 'text', text: part };
    if (!isJsonObject(part)) throw wrongType(`${path}[${i}]`, 'object');
    switch (part.type) {
      case 'text':
      case 'input_text':
      case 'output_text':
        return { type: 'text', text: typeof part.text === 'string' ? part.text : '' };
      case 'image_url':
      case 'input_image': {
        const image = isJsonObject(part.image_url) ? part.image_url : part;
        const detail = image.detail === 'low' || image.detail === 'high' ? image.detail : 'auto';
        return { type: 'image', detail };
      }
      case 'input_audio':
        return { type: 'audio' };
      case 'file':
      case 'input_file':
        return { type: 'file' };
      default:
        return { type: 'other' };
    }
  });
}

function toolCallText(message: JsonObject): string {
  const calls = message.tool_calls;
  if (!Array.isArray(calls)) return '';
  let text = '';
  for (const call of calls) {
    if (!isJsonObject(call) || !isJsonObject(call.function)) continue;
    const { name, arguments: args } = call.function;
    if (typeof name === 'string') text += name;
    if (typeof args === 'string') text += args;
  }
  return text;
}

function readMessages(r: FieldReader): ChatMessage[] {
  return r.requiredArray('messages').map((m, i) => {
    const path = `messages[${i}]`;
    if (!isJsonObject(m)) throw wrongType(path, 'object');
    const mr = new FieldReader(m, path);
    return {
      role: mr.requiredString('role'),
      name: mr.optionalString('name'),
      parts: contentParts(m.content, `${path}.content`),
      toolCallText: toolCallText(m),
    };
  });
}

/** POST /v1/chat/completions. */
export function parseChatRequest(raw: unknown, limits: RelayLimits = DEFAULT_RELAY_LIMITS): ChatRequest {
  const body = stripRoutingKeys(bodyObject(raw));
  const r = new FieldReader(body);
  const model = readModel(r, limits);
  const messages = readMessages(r);
  const { stream, includeUsage } = readStream(r, body);
  const n = r.optionalInt('n', 1, limits.maxN) ?? 1;
  const maxOutputTokens = readMaxOutput(r, body, ['max_tokens', 'max_completion_tokens'], limits);
  const tools = r.optionalArray('tools') ?? [];
  const functions = r.optionalArray('functions') ?? [];
  return {
    endpoint: 'chat',
    model,
    body,
    stream,
    clientIncludeUsage: includeUsage,
    n,
    maxOutputTokens,
    messages,
    toolCount: tools.length + functions.length,
  };
}

/** POST /v1/completions (legacy). */
export function parseCompletionRequest(raw: unknown, limits: RelayLimits = DEFAULT_RELAY_LIMITS): CompletionRequest {
  const body = stripRoutingKeys(bodyObject(raw));
  const r = new FieldReader(body);
  const model = readModel(r, limits);
  const prompt = r.raw('prompt');
  if (prompt === undefined) r.requiredString('prompt');
  const prompts: string[] = [];
  let promptTokenArrays = 0;
  if (typeof prompt === 'string') prompts.push(prompt);
  else if (Array.isArray(prompt)) {
    for (const [i, p] of prompt.entries()) {
      if (typeof p === 'string') prompts.push(p);
      else if (typeof p === 'number') promptTokenArrays += 1;
      else if (Array.isArray(p)) promptTokenArrays += p.length;
      else throw wrongType(`prompt[${i}]`, 'string or array of integers');
    }
  } else throw wrongType('prompt', 'string or array');
  const { stream, includeUsage } = readStream(r, body);
  const n = r.optionalInt('n', 1, limits.maxN) ?? 1;
  const bestOf = r.optionalInt('best_of', 1, limits.maxBestOf) ?? n;
  if (bestOf < n) throw invalidValue('best_of', `>= n (${n})`);
  // OpenAI cannot stream best_of > 1; refusing here saves a billed round trip.
  if (stream && bestOf > 1) throw invalidValue('best_of', '1 when stream is true');
  const maxOutputTokens = readMaxOutput(r, body, ['max_tokens'], limits);
  return { endpoint: 'completion', model, body, stream, clientIncludeUsage: includeUsage, n, bestOf, maxOutputTokens, prompts, promptTokenArrays };
}

function collectResponsesInput(value: JsonValue | undefined, texts: string[], images: { count: number }): void {
  if (value === undefined || value === null) return;
  if (typeof value === 'string') {
    texts.push(value);
    return;
  }
  if (!Array.isArray(value)) return;
  for (const item of value) {
    if (typeof item === 'string') texts.push(item);
    else if (isJsonObject(item)) {
      if (item.type === 'input_image') images.count += 1;
      if (typeof item.text === 'string') texts.push(item.text);
      if (typeof item.output === 'string') texts.push(item.output);
      if (typeof item.arguments === 'string') texts.push(item.arguments);
      collectResponsesInput(item.content, texts, images);
    }
  }
}

/** POST /v1/responses. */
export function parseResponsesRequest(raw: unknown, limits: RelayLimits = DEFAULT_RELAY_LIMITS): ResponsesRequest {
  const body = stripRoutingKeys(bodyObject(raw));
  const r = new FieldReader(body);
  const model = readModel(r, limits);
  const input = r.raw('input');
  if (input !== undefined && typeof input !== 'string' && !Array.isArray(input)) throw wrongType('input', 'string or array');
  const stream = r.optionalBoolean('stream') ?? false;
  const maxOutputTokens = readMaxOutput(r, body, ['max_output_tokens'], limits);
  const texts: string[] = [];
  const images = { count: 0 };
  const instructions = r.optionalString('instructions');
  if (instructions) texts.push(instructions);
  collectResponsesInput(input, texts, images);
  const tools = r.optionalArray('tools') ?? [];
  return { endpoint: 'responses', model, body, stream, maxOutputTokens, inputTexts: texts, inputImages: images.count, toolCount: tools.length };
}
