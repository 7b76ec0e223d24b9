import { isJsonObject, objectAt, parseJson, type JsonObject, type JsonValue } from '../../../wire/canonical/json';
import { finishReasonOf, type FinishReason } from '../../../wire/canonical/usage';
import { bytesAt, type SseEvent } from '../../../wire/framing/sse/sse-parser';
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
 * A glance at the bytes of one chat or completions chunk for the pump (see `Skim`), without
 * decoding or parsing it: an object whose every `finish_reason` and `usage` is null and that names
 * no `error`. One pass reads the names at every quote that is not escaped (a quote inside a JSON
 * string is, so a name found is a key or a whole string value; a false alarm only costs the
 * parse). A chunk with an escaped ASCII character (`\u00..`) is not judged: a key spelled with
 * one would not be seen. The bytes of a UTF-8 character other than ASCII are never ASCII, so the
 * glance reads the same names as the decoded text holds. Only an event that kept its bytes
 * (`SseEvent.raw`: one data line whole in one chunk, the usual chunk) is judged. A plain chunk
 * that is not valid JSON is forwarded as the upstream wrote it (the parse, later, drops its
 * text), as a proxy of the bytes would.
 */
export function skimChatStreamEvent(event: SseEvent): Skim {
  const b = event.raw;
  if (b === undefined) return 'no';
  const from = event.rawFrom as number;
  const to = event.rawTo as number;
  if (to - from < 2 || b[from] !== 0x7b || b[to - 1] !== 0x7d) return 'no';
  // One pass: at every quote that is not escaped, the names that matter; at every escape, `\u00`.
  let usage = false;
  for (let i = from + 1; i < to; i++) {
    const c = b[i];
    if (c === BACKSLASH) {
      if (b[i + 1] === 0x75 && b[i + 2] === 0x30 && b[i + 3] === 0x30) return 'no';
      i++; // the escaped character (an escaped quote opens no name)
    } else if (c === QUOTE) {
      const next = b[i + 1];
      if (next === 0x65 && bytesAt(b, i, ERROR_KEY, to)) return 'no';
      if (next === 0x66 && bytesAt(b, i, FINISH_KEY, to) && !nullAfter(b, i + FINISH_KEY.length, to)) return 'no';
      if (next === 0x75 && bytesAt(b, i, USAGE_KEY, to)) {
        if (!nullAfter(b, i + USAGE_KEY.length, to)) return 'no';
        usage = true;
      }
    }
  }
  return usage ? 'null-usage' : 'plain';
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const ERROR_KEY = Buffer.from('"error"');
const FINISH_KEY = Buffer.from('"finish_reason"');
const USAGE_KEY = Buffer.from('"usage"');

/** A name's value, after its end at `i`, is `null` (white space around the colon allowed). */
function nullAfter(b: Buffer, i: number, to: number): boolean {
  i = skipSpace(b, i, to);
  if (i >= to || b[i] !== 0x3a) return false;
  i = skipSpace(b, i + 1, to);
  return i + 4 <= to && b[i] === 0x6e && b[i + 1] === 0x75 && b[i + 2] === 0x6c && b[i + 3] === 0x6c;
}

function skipSpace(b: Buffer, i: number, to: number): number {
  while (i < to) {
    const c = b[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
    i++;
  }
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
