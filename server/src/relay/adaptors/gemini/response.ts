import type { CanonicalChatResponse, ChatStreamPart, ResponsePart } from '../../canonical/chat';
import { arrayAt, isJsonObject, numberAt, objectAt, type JsonObject, type JsonValue } from '../../canonical/json';
import { reportedUsage, type FinishReason, type ReportedUsage } from '../../canonical/usage';

/*
 * Gemini answers to canonical form (pure): a `GenerateContentResponse`, and the same object once
 * per SSE event of `streamGenerateContent?alt=sse` (`GeminiStreamDecoder`, which numbers tool
 * calls across events and keeps the latest usage).
 */

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

const FINISH: Readonly<Record<string, FinishReason>> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
  LANGUAGE: 'other',
  MALFORMED_FUNCTION_CALL: 'other',
  UNEXPECTED_TOOL_CALL: 'other',
  OTHER: 'other',
};

/** Gemini says STOP after function calls too; OpenAI clients expect tool_calls then. */
export function geminiFinish(v: JsonValue | undefined, sawToolCall: boolean): FinishReason | null {
  if (typeof v !== 'string' || v === '' || v === 'FINISH_REASON_UNSPECIFIED') return null;
  const reason = FINISH[v] ?? 'other';
  return reason === 'stop' && sawToolCall ? 'tool_calls' : reason;
}

/**
 * usageMetadata to canonical (OpenAI semantics): the prompt includes the cached content
 * (`cachedContentTokenCount` is a part of `promptTokenCount`) and tool-use prompt tokens; the
 * completion is the candidates plus the thoughts, which are billed as output (§7.1).
 */
export function geminiUsage(u: JsonObject | undefined): ReportedUsage | null {
  if (!u) return null;
  const prompt = numberAt(u, 'promptTokenCount');
  const toolPrompt = numberAt(u, 'toolUsePromptTokenCount');
  const candidates = numberAt(u, 'candidatesTokenCount');
  const thoughts = numberAt(u, 'thoughtsTokenCount');
  return reportedUsage({
    promptTokens: prompt === null ? null : prompt + (toolPrompt ?? 0),
    completionTokens: candidates === null && thoughts === null ? null : (candidates ?? 0) + (thoughts ?? 0),
    cachedTokens: numberAt(u, 'cachedContentTokenCount'),
    reasoningTokens: thoughts,
  });
}

/** A Gemini function call's id when it sent one, else one numbered within the answer. */
function callId(call: JsonObject, n: number): string {
  const id = str(call.id);
  return id !== '' ? id : `call_${n}_${str(call.name)}`;
}

function firstCandidate(body: JsonObject): JsonObject | undefined {
  const c = arrayAt(body, 'candidates')?.[0];
  return isJsonObject(c) ? c : undefined;
}

function blocked(body: JsonObject): boolean {
  return str(objectAt(body, 'promptFeedback')?.blockReason) !== '';
}

/** A `GenerateContentResponse` as a canonical answer; null when it is not one. */
export function fromGeminiResponse(body: JsonValue | undefined): CanonicalChatResponse | null {
  if (!isJsonObject(body) || body.error !== undefined) return null;
  const candidate = firstCandidate(body);
  if (!candidate && !blocked(body) && !body.usageMetadata) return null;
  const parts: ResponsePart[] = [];
  let calls = 0;
  for (const p of arrayAt(objectAt(candidate, 'content'), 'parts') ?? []) {
    if (!isJsonObject(p)) continue;
    const call = objectAt(p, 'functionCall');
    if (call) {
      parts.push({ type: 'tool_call', id: callId(call, calls++), name: str(call.name), arguments: JSON.stringify(isJsonObject(call.args) ? call.args : {}) });
    } else if (typeof p.text === 'string') {
      parts.push(p.thought === true ? { type: 'reasoning', text: p.text, signature: null } : { type: 'text', text: p.text });
    }
  }
  const finish = candidate ? geminiFinish(candidate.finishReason, calls > 0) : blocked(body) ? 'content_filter' : null;
  return { id: str(body.responseId), model: str(body.modelVersion), parts, finishReason: finish, usage: geminiUsage(objectAt(body, 'usageMetadata')) };
}

export type GeminiEvent =
  | { kind: 'parts'; parts: ChatStreamPart[]; text: string; toolCalls: number; usage: ReportedUsage | null; finish: FinishReason | null }
  | { kind: 'error'; body: JsonObject }
  | { kind: 'malformed' };

/**
 * One decoder per streamed answer. Every event is a whole `GenerateContentResponse` carrying
 * the next piece: text, thoughts, whole function calls, and (usually on each event, final on the
 * last) usageMetadata; the event with a finishReason is the last one with content.
 */
export class GeminiStreamDecoder {
  private started = false;
  private calls = 0;
  private usage: ReportedUsage | null = null;

  push(data: JsonValue | undefined): GeminiEvent {
    if (!isJsonObject(data)) return { kind: 'malformed' };
    if (isJsonObject(data.error)) return { kind: 'error', body: data };
    const parts: ChatStreamPart[] = [];
    let text = '';
    let toolCalls = 0;
    if (!this.started) {
      this.started = true;
      parts.push({ type: 'start', id: str(data.responseId), model: str(data.modelVersion) });
    }
    const candidate = firstCandidate(data);
    for (const p of arrayAt(objectAt(candidate, 'content'), 'parts') ?? []) {
      if (!isJsonObject(p)) continue;
      const call = objectAt(p, 'functionCall');
      if (call) {
        const index = this.calls++;
        const name = str(call.name);
        const args = JSON.stringify(isJsonObject(call.args) ? call.args : {});
        parts.push({ type: 'tool_call_start', index, id: callId(call, index), name }, { type: 'tool_call_delta', index, arguments: args });
        text += name + args;
        toolCalls++;
      } else if (typeof p.text === 'string' && p.text !== '') {
        parts.push(p.thought === true ? { type: 'reasoning', text: p.text } : { type: 'text', text: p.text });
        text += p.text;
      }
    }
    const usage = geminiUsage(objectAt(data, 'usageMetadata'));
    if (usage) this.usage = usage;
    const finish = candidate ? geminiFinish(candidate.finishReason, this.calls > 0) : blocked(data) ? 'content_filter' : null;
    if (finish) {
      parts.push({ type: 'finish', reason: finish });
      if (this.usage) parts.push({ type: 'usage', usage: this.usage });
    }
    return { kind: 'parts', parts, text, toolCalls, usage, finish };
  }
}
