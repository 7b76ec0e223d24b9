import { ofChoice, type CanonicalChatResponse, type ChatChoice, type ChatStreamPart, type ResponsePart } from '../canonical/chat';
import { arrayAt, isJsonObject, numberAt, objectAt, type JsonObject, type JsonValue } from '../canonical/json';
import { reportedUsage, type FinishReason, type ReportedUsage } from '../canonical/usage';

/*
 * Gemini answers to canonical form (pure): a `GenerateContentResponse`, and the same object once
 * per SSE event of `streamGenerateContent?alt=sse` (`GeminiStreamDecoder`, which numbers tool
 * calls across events and keeps the latest usage). Every candidate is a choice, by its `index`
 * (`candidateCount` > 1 asks several); tool calls are numbered per candidate. The usage is the
 * whole answer's: Google's `candidatesTokenCount` counts every candidate.
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

/** The candidates of a response with their index (position when Google named none), in index order. */
function candidatesOf(body: JsonObject): { index: number; candidate: JsonObject }[] {
  return (arrayAt(body, 'candidates') ?? [])
    .flatMap((c, position) => {
      if (!isJsonObject(c)) return [];
      const index = numberAt(c, 'index');
      return [{ index: index !== null && Number.isSafeInteger(index) && index >= 0 ? index : position, candidate: c }];
    })
    .sort((a, b) => a.index - b.index);
}

function candidateChoice(index: number, candidate: JsonObject): ChatChoice {
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
  return { index, parts, finishReason: geminiFinish(candidate.finishReason, calls > 0) };
}

function blocked(body: JsonObject): boolean {
  return str(objectAt(body, 'promptFeedback')?.blockReason) !== '';
}

/** A `GenerateContentResponse` as a canonical answer, a choice per candidate; null when it is not one. */
export function fromGeminiResponse(body: JsonValue | undefined): CanonicalChatResponse | null {
  if (!isJsonObject(body) || body.error !== undefined) return null;
  const candidates = candidatesOf(body);
  if (candidates.length === 0 && !blocked(body) && !body.usageMetadata) return null;
  const [first, ...rest] = candidates.map(({ index, candidate }) => candidateChoice(index, candidate));
  const answer: CanonicalChatResponse = {
    id: str(body.responseId),
    model: str(body.modelVersion),
    parts: first?.parts ?? [],
    finishReason: first ? first.finishReason : blocked(body) ? 'content_filter' : null,
    usage: geminiUsage(objectAt(body, 'usageMetadata')),
  };
  return rest.length > 0 ? { ...answer, moreChoices: rest } : answer;
}

export type GeminiEvent =
  /**
   * `text`: every candidate's generated text (and tool names and arguments) in this event, for
   * the local count; `finish`: the answer's (the first candidate's), on the event that finishes
   * the last candidate still open.
   */
  | { kind: 'parts'; parts: ChatStreamPart[]; text: string; toolCalls: number; usage: ReportedUsage | null; finish: FinishReason | null }
  | { kind: 'error'; body: JsonObject }
  | { kind: 'malformed' };

/**
 * One decoder per streamed answer. Every event is a whole `GenerateContentResponse` carrying
 * the next piece of each candidate (by its `index`): text, thoughts, whole function calls, and
 * (usually on each event, final on the last) usageMetadata; a candidate's finishReason comes
 * with its last piece. The answer is complete when every candidate asked (`choices`, at least)
 * has finished, or the prompt was blocked: only then does the event carry the answer's finish
 * (and the usage part), so a stream closed while a candidate is still open is interrupted.
 */
export class GeminiStreamDecoder {
  private started = false;
  /** Tool calls so far, by candidate. */
  private readonly calls = new Map<number, number>();
  /** Finish reasons by candidate. */
  private readonly finished = new Map<number, FinishReason>();
  private seen = 0;
  private complete = false;
  private usage: ReportedUsage | null = null;

  /** `choices`: the candidates asked (`candidateCount`). */
  constructor(private readonly choices = 1) {}

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
    const candidates = candidatesOf(data);
    for (const { index: choice, candidate } of candidates) {
      const at = ofChoice(choice);
      this.seen = Math.max(this.seen, choice + 1);
      for (const p of arrayAt(objectAt(candidate, 'content'), 'parts') ?? []) {
        if (!isJsonObject(p)) continue;
        const call = objectAt(p, 'functionCall');
        if (call) {
          const index = this.calls.get(choice) ?? 0;
          this.calls.set(choice, index + 1);
          const name = str(call.name);
          const args = JSON.stringify(isJsonObject(call.args) ? call.args : {});
          parts.push({ type: 'tool_call_start', index, id: callId(call, index), name, ...at }, { type: 'tool_call_delta', index, arguments: args, ...at });
          text += name + args;
          toolCalls++;
        } else if (typeof p.text === 'string' && p.text !== '') {
          parts.push(p.thought === true ? { type: 'reasoning', text: p.text, ...at } : { type: 'text', text: p.text, ...at });
          text += p.text;
        }
      }
      const reason = this.finished.has(choice) ? null : geminiFinish(candidate.finishReason, (this.calls.get(choice) ?? 0) > 0);
      if (reason) {
        this.finished.set(choice, reason);
        parts.push({ type: 'finish', reason, ...at });
      }
    }
    if (candidates.length === 0 && blocked(data) && !this.finished.has(0)) {
      this.finished.set(0, 'content_filter');
      parts.push({ type: 'finish', reason: 'content_filter' });
    }
    const usage = geminiUsage(objectAt(data, 'usageMetadata'));
    if (usage) this.usage = usage;
    let finish: FinishReason | null = null;
    if (!this.complete && this.allFinished(blocked(data))) {
      this.complete = true;
      // Only a blocked prompt completes without the first candidate's own finish.
      finish = this.finished.get(0) ?? 'content_filter';
      if (this.usage) parts.push({ type: 'usage', usage: this.usage });
    }
    return { kind: 'parts', parts, text, toolCalls, usage, finish };
  }

  /** Every candidate asked or seen has its finish reason (a blocked prompt has none to wait for). */
  private allFinished(blockedPrompt: boolean): boolean {
    if (blockedPrompt && this.finished.size > 0) return true;
    const expected = Math.max(this.choices, this.seen);
    for (let i = 0; i < expected; i++) if (!this.finished.has(i)) return false;
    return true;
  }
}
