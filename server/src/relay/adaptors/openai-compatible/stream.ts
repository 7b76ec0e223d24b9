import { isJsonObject, objectAt, parseJson, type JsonObject, type JsonValue } from '../../../wire/canonical/json';
import { finishReasonOf, type FinishReason } from '../../../wire/canonical/usage';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import { EMPTY_STEP, type Skim, type StreamStep } from '../../../wire/canonical/response';
import type { ChannelContext } from '../types';
import { failureFromBody } from './error';
import { responsesFinish } from './response';
import { chunkUsage, ioUsage, transcriptionUsage } from '../../../wire/openai-chat/usage';

/** The end marker's step, shared (steps are read, never changed). */
const DONE: StreamStep = Object.freeze({ ...EMPTY_STEP, done: true });

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

/** One `chat.completion.chunk` or `text_completion` chunk. */
export function parseChatStreamEvent(event: SseEvent, ctx: ChannelContext): StreamStep {
  const data = event.data;
  // A chunk opens with `{` (and JSON.parse skips whitespace around it): only other data is trimmed.
  const opensObject = data.charCodeAt(0) === 0x7b;
  if (data === '[DONE]' || (!opensObject && data.trim() === '[DONE]')) return DONE;
  const chunk = parseJson(opensObject ? data : data.trim());
  if (!isJsonObject(chunk)) return { ...EMPTY_STEP, malformed: true };
  if (isJsonObject(chunk.error) && !Array.isArray(chunk.choices)) {
    return { ...EMPTY_STEP, error: failureFromBody(chunk, ctx), done: true };
  }
  let text = '';
  let toolCalls = 0;
  let finishReason: FinishReason | null = null;
  if (Array.isArray(chunk.choices)) {
    for (const choice of chunk.choices) {
      if (!isJsonObject(choice)) continue;
      finishReason ??= finishReasonOf(choice.finish_reason);
      const delta = objectAt(choice, 'delta');
      text += str(choice.text) + str(delta?.content) + str(delta?.reasoning_content) + str(delta?.reasoning);
      const calls = delta?.tool_calls;
      if (Array.isArray(calls)) {
        for (const call of calls) {
          if (!isJsonObject(call)) continue;
          // Only the first delta of a tool call carries its id.
          if (typeof call.id === 'string' && call.id !== '') toolCalls += 1;
          const fn = objectAt(call, 'function');
          text += str(fn?.name) + str(fn?.arguments);
        }
      }
    }
  }
  // Written out rather than spread from EMPTY_STEP: this runs for every chunk of every stream.
  return { forward: { data: chunk }, text, toolCalls, usage: chunkUsage(chunk), finishReason, done: false, error: null, malformed: false };
}

/**
 * A glance at one chat or completions chunk for the pump (see `Skim`), without parsing it: an
 * object whose every `finish_reason` and `usage` is null and that names no `error`. A quote inside
 * a JSON string is escaped, so a quoted name found in the text is a key or a whole string value
 * (a false alarm only costs the parse). A chunk with an escaped ASCII character (`\u00..`) is not
 * judged: a key spelled with one would not be seen. A plain chunk that is not valid JSON is
 * forwarded as the upstream wrote it (the parse, later, drops its text), as a proxy of the bytes would.
 */
export function skimChatStreamEvent(event: SseEvent): Skim {
  const d = event.data;
  if (d.charCodeAt(0) !== 0x7b || d.charCodeAt(d.length - 1) !== 0x7d) return 'no';
  if (d.includes('"error"') || d.includes('\\u00') || !nullWherever(d, '"finish_reason"', d.indexOf('"finish_reason"'))) return 'no';
  const usage = d.indexOf('"usage"');
  if (usage === -1) return 'plain';
  return nullWherever(d, '"usage"', usage) ? 'null-usage' : 'no';
}

/** Every `key` in `d` from `at` on is a key whose value is `null`. */
function nullWherever(d: string, key: string, at: number): boolean {
  for (; at !== -1; at = d.indexOf(key, at + key.length)) {
    let i = skipSpace(d, at + key.length);
    if (d.charCodeAt(i) !== 0x3a) return false;
    i = skipSpace(d, i + 1);
    if (!d.startsWith('null', i)) return false;
  }
  return true;
}

function skipSpace(d: string, i: number): number {
  let c = d.charCodeAt(i);
  while (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) c = d.charCodeAt(++i);
  return i;
}

/** Text-bearing Responses stream events (deltas of output, reasoning and tool arguments). */
const RESPONSES_TEXT_EVENTS = new Set([
  'response.output_text.delta',
  'response.refusal.delta',
  'response.reasoning_text.delta',
  'response.reasoning_summary_text.delta',
  'response.function_call_arguments.delta',
  'response.custom_tool_call_input.delta',
]);

/** Responses events that end the stream or carry its usage or an error: never plain. */
const RESPONSES_FINAL_EVENTS = new Set(['response.completed', 'response.incomplete', 'response.failed', 'error']);

/**
 * A glance at one Responses API event (see `Skim`): plain when its data opens with its own type,
 * the same as the event's name, and that type neither ends the stream nor carries usage or an
 * error (`parseResponsesStreamEvent` reads the data's `type` first: here it is the name, read off
 * the text). Data that names a `usage` or an `error` anywhere (`response.created` does, with
 * nulls), or holds an escaped ASCII character, is parsed as before: a second `type` key could not
 * hide a final event there. Deltas and the other events in between go out unparsed.
 */
export function skimResponsesStreamEvent(event: SseEvent): Skim {
  const name = event.event;
  const d = event.data;
  if (name === null || RESPONSES_FINAL_EVENTS.has(name) || !d.startsWith(TYPE_FIRST) || d.charCodeAt(d.length - 1) !== 0x7d) return 'no';
  if (!d.startsWith(name, TYPE_FIRST.length) || d.charCodeAt(TYPE_FIRST.length + name.length) !== 0x22) return 'no';
  return d.includes('"usage"') || d.includes('"error"') || d.includes('\\u00') ? 'no' : 'plain';
}

const TYPE_FIRST = '{"type":"';

/**
 * One Responses API event (`event: response.x` + JSON with the same `type`). The terminal
 * events carry the final response with usage; there is no [DONE].
 */
export function parseResponsesStreamEvent(event: SseEvent, ctx: ChannelContext): StreamStep {
  const data = parseJson(event.data.trim());
  if (!isJsonObject(data)) return { ...EMPTY_STEP, malformed: true };
  const type = str(data.type) || event.event || '';
  const forward = { event: type || undefined, data };
  if (RESPONSES_TEXT_EVENTS.has(type)) return { ...EMPTY_STEP, forward, text: str(data.delta) };
  if (type === 'response.output_item.added') {
    const item = objectAt(data, 'item');
    const isCall = item?.type === 'function_call' || item?.type === 'custom_tool_call';
    return { ...EMPTY_STEP, forward, toolCalls: isCall ? 1 : 0, text: isCall ? str(item?.name) : '' };
  }
  if (type === 'response.completed' || type === 'response.incomplete') {
    const response = objectAt(data, 'response') ?? {};
    const usage = objectAt(response, 'usage');
    return { ...EMPTY_STEP, forward, usage: usage ? ioUsage(usage, false) : null, finishReason: responsesFinish(response), done: true };
  }
  if (type === 'response.failed' || type === 'error') {
    const response = objectAt(data, 'response');
    const err: JsonObject = objectAt(response, 'error') ?? (isJsonObject(data.error) ? data.error : data);
    const usage = objectAt(response, 'usage');
    return { ...EMPTY_STEP, forward, usage: usage ? ioUsage(usage, false) : null, error: failureFromBody({ error: err }, ctx), done: true };
  }
  return { ...EMPTY_STEP, forward };
}

/**
 * One event of a streamed transcription (gpt-4o-transcribe family, `stream=true`): data-only
 * SSE with `type` `transcript.text.delta` (`delta`) and finally `transcript.text.done` (`text`
 * and `usage` {type: "tokens", input_tokens, output_tokens}). Events are forwarded as they are.
 */
export function parseTranscriptionStreamEvent(event: SseEvent, ctx: ChannelContext): StreamStep {
  const raw = event.data.trim();
  if (raw === '[DONE]') return { ...EMPTY_STEP, done: true };
  const data = parseJson(raw);
  if (!isJsonObject(data)) return { ...EMPTY_STEP, malformed: true };
  const type = str(data.type) || event.event || '';
  const forward = { event: event.event || undefined, data };
  if (type === 'transcript.text.delta') return { ...EMPTY_STEP, forward, text: str(data.delta) };
  if (type === 'transcript.text.done') return { ...EMPTY_STEP, forward, usage: transcriptionUsage(data), finishReason: 'stop', done: true };
  if (type === 'error' || (isJsonObject(data.error) && type === '')) {
    return { ...EMPTY_STEP, forward, error: failureFromBody({ error: isJsonObject(data.error) ? data.error : data }, ctx), done: true };
  }
  return { ...EMPTY_STEP, forward };
}
