import type { CanonicalChat, CanonicalChatResponse, ChatPart, ChatStreamPart, ChatTurn } from '../canonical/chat';
import { isJsonObject, numberAt, objectAt, parseJson, type JsonObject, type JsonValue } from '../canonical/json';
import { reportedUsage, type FinishReason, type ReportedUsage } from '../canonical/usage';
import type { DecodedStreamEvent } from '../canonical/response';

/*
 * Cohere's Chat API v1 (`POST /v1/chat`) in canonical terms, both ways (pure).
 * Request: the system prompts become `preamble`, the last user turn `message`, the turns before it
 * `chat_history` (`USER` / `CHATBOT`); `max_tokens`, `temperature`, `p`, `k`, `stop_sequences`.
 * Answer: `{text, generation_id, finish_reason, meta: {billed_units, tokens}}`; billing reads the
 * billed units (what Cohere charges), the raw token counts only when billed units are absent.
 * Stream: newline-delimited JSON objects, `event_type` stream-start, text-generation, stream-end
 * (the whole response with its meta inside).
 */

function textOf(parts: readonly ChatPart[]): string {
  return parts
    .map((p) => {
      if (p.type === 'text') return p.text;
      if (p.type === 'tool_result') return textOf(p.content);
      return '';
    })
    .join('');
}

function historyEntry(turn: ChatTurn): JsonObject {
  return { role: turn.role === 'assistant' ? 'CHATBOT' : 'USER', message: textOf(turn.parts) };
}

/** The `/v1/chat` body for a canonical chat. */
export function toCohereChat(chat: CanonicalChat): JsonObject {
  const turns = [...chat.turns];
  const lastUser = turns.length > 0 && turns[turns.length - 1]?.role !== 'assistant' ? turns.pop() : undefined;
  const body: JsonObject = { model: chat.model, message: lastUser ? textOf(lastUser.parts) : '' };
  if (chat.system.length > 0) body.preamble = chat.system.join('\n');
  if (turns.length > 0) body.chat_history = turns.map(historyEntry);
  if (chat.maxOutputTokens !== null) body.max_tokens = chat.maxOutputTokens;
  if (chat.temperature !== null) body.temperature = chat.temperature;
  if (chat.topP !== null) body.p = chat.topP;
  if (chat.topK !== null) body.k = chat.topK;
  if (chat.stop.length > 0) body.stop_sequences = [...chat.stop];
  if (chat.stream) body.stream = true;
  return body;
}

const FINISH: Readonly<Record<string, FinishReason>> = {
  COMPLETE: 'stop',
  STOP_SEQUENCE: 'stop',
  MAX_TOKENS: 'length',
  ERROR_TOXIC: 'content_filter',
  ERROR_LIMIT: 'length',
};

export function cohereFinish(v: JsonValue | undefined): FinishReason | null {
  if (typeof v !== 'string' || v === '') return null;
  return FINISH[v] ?? 'other';
}

/** `meta.billed_units` (falling back to `meta.tokens`) as canonical usage; null without either. */
export function cohereUsage(meta: JsonObject | undefined): ReportedUsage | null {
  const units = objectAt(meta, 'billed_units') ?? objectAt(meta, 'tokens');
  if (!units) return null;
  return reportedUsage({ promptTokens: numberAt(units, 'input_tokens'), completionTokens: numberAt(units, 'output_tokens') });
}

/** A `/v1/chat` answer as a canonical one; null when the body is not a chat answer. */
export function fromCohereChat(body: JsonValue | undefined, model: string): CanonicalChatResponse | null {
  if (!isJsonObject(body) || typeof body.text !== 'string') return null;
  const id = typeof body.generation_id === 'string' ? body.generation_id : typeof body.response_id === 'string' ? body.response_id : '';
  return {
    id,
    model,
    parts: [{ type: 'text', text: body.text }],
    finishReason: cohereFinish(body.finish_reason) ?? 'stop',
    usage: cohereUsage(objectAt(body, 'meta')),
  };
}

/** An error event carries the upstream's message. */
export type CohereStreamEvent = DecodedStreamEvent<string>;

/**
 * One decoder per streamed answer. `push` takes one line of the newline-delimited stream (the
 * framing splits on newlines) and answers the canonical parts it carries.
 */
export class CohereStreamDecoder {
  constructor(private readonly model: string) {}

  push(line: string): CohereStreamEvent {
    const trimmed = line.trim();
    const none = { kind: 'parts' as const, parts: [] as ChatStreamPart[], text: '', usage: null, finish: null, done: false };
    if (trimmed === '') return none;
    const data = parseJson(trimmed);
    if (!isJsonObject(data)) return { kind: 'malformed' };
    switch (data.event_type) {
      case 'stream-start':
        return { ...none, parts: [{ type: 'start', id: typeof data.generation_id === 'string' ? data.generation_id : '', model: this.model }] };
      case 'text-generation': {
        const text = typeof data.text === 'string' ? data.text : '';
        return text === '' ? none : { ...none, parts: [{ type: 'text', text }], text };
      }
      case 'stream-end': {
        const finish = cohereFinish(data.finish_reason) ?? 'stop';
        if (data.finish_reason === 'ERROR') {
          const response = objectAt(data, 'response');
          return { kind: 'error', error: typeof response?.text === 'string' && response.text !== '' ? response.text : 'the upstream stream ended with an error' };
        }
        const usage = cohereUsage(objectAt(objectAt(data, 'response'), 'meta'));
        const parts: ChatStreamPart[] = [{ type: 'finish', reason: finish }];
        if (usage) parts.push({ type: 'usage', usage });
        parts.push({ type: 'end' });
        return { kind: 'parts', parts, text: '', usage, finish, done: true };
      }
      default:
        // search-queries-generation, citation-generation, tool events: nothing for a text client.
        return none;
    }
  }
}
