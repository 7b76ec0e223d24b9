import type { CanonicalChat, CanonicalChatResponse, ChatPart, ChatStreamPart } from '../canonical/chat';
import { arrayAt, isJsonObject, numberAt, objectAt, parseJson, type JsonObject, type JsonValue } from '../canonical/json';
import { finishReasonOf, reportedUsage, type FinishReason, type ReportedUsage } from '../canonical/usage';
import type { DecodedStreamEvent } from '../canonical/response';

/*
 * Tencent Hunyuan `ChatCompletions` (API version 2023-09-01) in canonical terms, both ways (pure).
 * Request: `{Model, Messages: [{Role: system|user|assistant, Content}], Stream, Temperature, TopP}`
 * (the API has no output-token bound). Answer: `{Response: {Id, Created, Choices: [{FinishReason,
 * Message: {Role, Content}}], Usage: {PromptTokens, CompletionTokens, TotalTokens}, RequestId}}`.
 * Stream: SSE `data:` objects (no `Response` wrapper) with `Choices[0].Delta.Content`, the usage so
 * far on every chunk, `FinishReason` set on the last. Errors: `{Response: {Error: {Code, Message},
 * RequestId}}`, usually with HTTP 200.
 */

function textOf(parts: readonly ChatPart[]): string {
  return parts.map((p) => (p.type === 'text' ? p.text : p.type === 'tool_result' ? textOf(p.content) : '')).join('');
}

export function toHunyuanChat(chat: CanonicalChat): JsonObject {
  const messages: JsonObject[] = chat.system.map((s) => ({ Role: 'system', Content: s }));
  for (const turn of chat.turns) messages.push({ Role: turn.role === 'assistant' ? 'assistant' : 'user', Content: textOf(turn.parts) });
  const body: JsonObject = { Model: chat.model, Messages: messages };
  if (chat.stream) body.Stream = true;
  if (chat.temperature !== null) body.Temperature = chat.temperature;
  if (chat.topP !== null) body.TopP = chat.topP;
  return body;
}

export interface HunyuanError {
  readonly code: string;
  readonly message: string;
  readonly requestId: string | null;
}

/** `Response.Error` when the body carries one (whole answers and error bodies alike). */
export function hunyuanError(body: JsonValue | undefined): HunyuanError | null {
  const response = isJsonObject(body) ? objectAt(body, 'Response') : undefined;
  const err = objectAt(response, 'Error');
  if (!err || typeof err.Code !== 'string') return null;
  return { code: err.Code, message: typeof err.Message === 'string' ? err.Message : err.Code, requestId: typeof response?.RequestId === 'string' ? response.RequestId : null };
}

export function hunyuanUsage(u: JsonObject | undefined): ReportedUsage | null {
  if (!u) return null;
  return reportedUsage({ promptTokens: numberAt(u, 'PromptTokens'), completionTokens: numberAt(u, 'CompletionTokens') });
}

function finish(v: JsonValue | undefined): FinishReason | null {
  return v === 'sensitive' ? 'content_filter' : finishReasonOf(v);
}

export function fromHunyuanChat(body: JsonValue | undefined, model: string): CanonicalChatResponse | null {
  const r = isJsonObject(body) ? objectAt(body, 'Response') : undefined;
  const choice = arrayAt(r, 'Choices')?.[0];
  if (!r || !isJsonObject(choice)) return null;
  const content = objectAt(choice, 'Message')?.Content;
  if (typeof content !== 'string') return null;
  return { id: typeof r.Id === 'string' ? r.Id : '', model, parts: [{ type: 'text', text: content }], finishReason: finish(choice.FinishReason) ?? 'stop', usage: hunyuanUsage(objectAt(r, 'Usage')) };
}

export type HunyuanStreamEvent = DecodedStreamEvent<HunyuanError>;

export class HunyuanStreamDecoder {
  private started = false;

  constructor(private readonly model: string) {}

  push(data: string): HunyuanStreamEvent {
    const body = parseJson(data.trim());
    const err = hunyuanError(body) ?? (isJsonObject(body) && isJsonObject(body.Error) ? hunyuanError({ Response: body }) : null);
    if (err) return { kind: 'error', error: err };
    const choice = isJsonObject(body) ? arrayAt(body, 'Choices')?.[0] : undefined;
    if (!isJsonObject(body) || !isJsonObject(choice)) return { kind: 'malformed' };
    const parts: ChatStreamPart[] = [];
    if (!this.started) {
      this.started = true;
      parts.push({ type: 'start', id: typeof body.Id === 'string' ? body.Id : '', model: this.model });
    }
    const delta = objectAt(choice, 'Delta')?.Content;
    const text = typeof delta === 'string' ? delta : '';
    if (text !== '') parts.push({ type: 'text', text });
    const reason = finish(choice.FinishReason);
    if (reason === null) return { kind: 'parts', parts, text, usage: null, finish: null, done: false };
    const usage = hunyuanUsage(objectAt(body, 'Usage'));
    parts.push({ type: 'finish', reason });
    if (usage) parts.push({ type: 'usage', usage });
    parts.push({ type: 'end' });
    return { kind: 'parts', parts, text, usage, finish: reason, done: true };
  }
}
