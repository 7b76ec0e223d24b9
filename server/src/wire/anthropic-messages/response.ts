import type { CanonicalChatResponse, ChatStreamPart, ResponsePart } from '../canonical/chat';
import { arrayAt, isJsonObject, numberAt, objectAt, type JsonObject, type JsonValue } from '../canonical/json';
import { reportedUsage, type FinishReason, type ReportedUsage } from '../canonical/usage';

/*
 * Anthropic answers to canonical form (pure): a Message object, and the streamed events one by
 * one (`ClaudeStreamDecoder`, which keeps the little state the events need: tool call numbering
 * and the usage spread over message_start and message_delta).
 */

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

const STOP_REASONS: Readonly<Record<string, FinishReason>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

export function claudeFinish(v: JsonValue | undefined): FinishReason | null {
  if (typeof v !== 'string' || v === '') return null;
  return STOP_REASONS[v] ?? 'other';
}

/**
 * Anthropic usage to canonical (OpenAI semantics): `input_tokens` excludes cache reads and
 * writes, so the prompt is their sum; the 1-hour writes are the `cache_creation` split.
 * Missing fields stay null (the relay then judges what to estimate).
 */
export function claudeUsage(u: JsonObject | undefined): ReportedUsage | null {
  if (!u) return null;
  const input = numberAt(u, 'input_tokens');
  const read = numberAt(u, 'cache_read_input_tokens');
  const write = numberAt(u, 'cache_creation_input_tokens');
  const split = objectAt(u, 'cache_creation');
  const write1h = numberAt(split, 'ephemeral_1h_input_tokens');
  const prompt = input === null && read === null && write === null ? null : (input ?? 0) + (read ?? 0) + (write ?? 0);
  return reportedUsage({
    promptTokens: prompt,
    completionTokens: numberAt(u, 'output_tokens'),
    cachedTokens: read,
    cacheCreationTokens: write,
    cacheCreation1hTokens: write1h,
  });
}

/** A Messages API `message` object as a canonical answer; null when it is not one. */
export function fromClaudeMessage(body: JsonValue | undefined): CanonicalChatResponse | null {
  if (!isJsonObject(body) || body.type !== 'message') return null;
  const parts: ResponsePart[] = [];
  for (const block of arrayAt(body, 'content') ?? []) {
    if (!isJsonObject(block)) continue;
    if (block.type === 'text') parts.push({ type: 'text', text: str(block.text) });
    else if (block.type === 'thinking') parts.push({ type: 'reasoning', text: str(block.thinking), signature: str(block.signature) || null });
    else if (block.type === 'tool_use') {
      parts.push({ type: 'tool_call', id: str(block.id), name: str(block.name), arguments: JSON.stringify(isJsonObject(block.input) ? block.input : {}) });
    }
  }
  return { id: str(body.id), model: str(body.model), parts, finishReason: claudeFinish(body.stop_reason), usage: claudeUsage(objectAt(body, 'usage')) };
}

/** Later counts win field by field (message_delta repeats or completes message_start's). */
function mergeUsage(a: ReportedUsage | null, b: ReportedUsage | null): ReportedUsage | null {
  if (!a) return b;
  if (!b) return a;
  const out = { ...a };
  for (const k of Object.keys(b) as (keyof ReportedUsage)[]) {
    const v = b[k];
    if (v !== null && !(k === 'promptTokens' && v === 0 && (a.promptTokens ?? 0) > 0)) out[k] = v;
  }
  return out;
}

export type ClaudeEvent =
  | { kind: 'parts'; parts: ChatStreamPart[]; text: string; toolCalls: number; usage: ReportedUsage | null; finish: FinishReason | null }
  | { kind: 'error'; body: JsonObject }
  | { kind: 'malformed' };

/**
 * One decoder per streamed answer. `push` takes the data of one SSE event and answers the
 * canonical parts it carries (usually one, none for ping and block boundaries).
 */
export class ClaudeStreamDecoder {
  private usage: ReportedUsage | null = null;
  /** Anthropic block index -> OpenAI-style tool call number. */
  private readonly toolIndex = new Map<number, number>();

  push(data: JsonValue | undefined): ClaudeEvent {
    if (!isJsonObject(data)) return { kind: 'malformed' };
    const none = { kind: 'parts' as const, parts: [] as ChatStreamPart[], text: '', toolCalls: 0, usage: null, finish: null };
    switch (data.type) {
      case 'message_start': {
        const m = objectAt(data, 'message');
        this.usage = mergeUsage(this.usage, claudeUsage(objectAt(m, 'usage')));
        return { ...none, parts: [{ type: 'start', id: str(m?.id), model: str(m?.model) }], usage: this.usage };
      }
      case 'content_block_start': {
        const block = objectAt(data, 'content_block');
        const index = numberAt(data, 'index') ?? 0;
        if (block?.type === 'tool_use') {
          const n = this.toolIndex.size;
          this.toolIndex.set(index, n);
          const name = str(block.name);
          return { ...none, parts: [{ type: 'tool_call_start', index: n, id: str(block.id), name }], text: name, toolCalls: 1 };
        }
        // Text and thinking blocks start empty; their deltas carry the content.
        const text = block?.type === 'text' ? str(block.text) : '';
        return text === '' ? none : { ...none, parts: [{ type: 'text', text }], text };
      }
      case 'content_block_delta': {
        const delta = objectAt(data, 'delta');
        if (delta?.type === 'text_delta') return { ...none, parts: [{ type: 'text', text: str(delta.text) }], text: str(delta.text) };
        if (delta?.type === 'thinking_delta') return { ...none, parts: [{ type: 'reasoning', text: str(delta.thinking) }], text: str(delta.thinking) };
        if (delta?.type === 'input_json_delta') {
          const n = this.toolIndex.get(numberAt(data, 'index') ?? -1);
          const json = str(delta.partial_json);
          if (n === undefined || json === '') return none;
          return { ...none, parts: [{ type: 'tool_call_delta', index: n, arguments: json }], text: json };
        }
        // signature_delta, citations: nothing for an OpenAI client.
        return none;
      }
      case 'message_delta': {
        this.usage = mergeUsage(this.usage, claudeUsage(objectAt(data, 'usage')));
        const finish = claudeFinish(objectAt(data, 'delta')?.stop_reason);
        return { ...none, parts: finish ? [{ type: 'finish', reason: finish }] : [], usage: this.usage, finish };
      }
      case 'message_stop':
        return { ...none, parts: [...(this.usage ? [{ type: 'usage' as const, usage: this.usage }] : []), { type: 'end' }], usage: this.usage };
      case 'error':
        return { kind: 'error', body: data };
      default:
        // ping, content_block_stop, and event types added later.
        return none;
    }
  }
}
