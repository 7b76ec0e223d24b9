import type { CanonicalChat, CanonicalChatResponse, ChatPart, ChatStreamPart } from '../canonical/chat';
import { arrayAt, isJsonObject, numberAt, objectAt, parseJson, type JsonObject, type JsonValue } from '../canonical/json';
import { reportedUsage, type ReportedUsage } from '../canonical/usage';
import type { DecodedStreamEvent } from '../canonical/response';

/*
 * Zhipu ChatGLM v3 (`/api/paas/v3/model-api/{model}/invoke` and `/sse-invoke`) in canonical
 * terms (pure). Request: `{prompt: [{role: user|assistant, content}], temperature, top_p,
 * incremental}`; the v3 prompt has no system role, so system prompts lead the first user turn.
 * Answer: `{code: 200, msg, success: true, data: {request_id, task_id, task_status, choices:
 * [{role, content}], usage}}`; errors `{code, msg, success: false}` (usually HTTP 200). Stream:
 * SSE events `add` (the data is the text), `finish` (usage in its `meta` field), `error`,
 * `interrupted`.
 */

function textOf(parts: readonly ChatPart[]): string {
  return parts.map((p) => (p.type === 'text' ? p.text : p.type === 'tool_result' ? textOf(p.content) : '')).join('');
}

export function toChatGLMRequest(chat: CanonicalChat): JsonObject {
  const prompt: { role: string; content: string }[] = [];
  for (const turn of chat.turns) {
    const role = turn.role === 'assistant' ? 'assistant' : 'user';
    const content = textOf(turn.parts);
    const prev = prompt.at(-1);
    if (prev && prev.role === role) prev.content += `\n${content}`;
    else prompt.push({ role, content });
  }
  if (chat.system.length > 0) {
    const first = prompt.find((m) => m.role === 'user');
    const system = chat.system.join('\n');
    if (first) first.content = `${system}\n${first.content}`;
    else prompt.unshift({ role: 'user', content: system });
  }
  const body: JsonObject = { prompt };
  if (chat.temperature !== null) body.temperature = chat.temperature;
  if (chat.topP !== null) body.top_p = chat.topP;
  if (chat.stream) body.incremental = true;
  return body;
}

export interface ChatGLMError {
  readonly code: number;
  readonly message: string;
}

export function chatglmError(body: JsonValue | undefined): ChatGLMError | null {
  if (!isJsonObject(body) || body.success === true || typeof body.code !== 'number' || body.code === 200) return null;
  return { code: body.code, message: typeof body.msg === 'string' ? body.msg : `error ${body.code}` };
}

export function chatglmUsage(u: JsonObject | undefined): ReportedUsage | null {
  if (!u) return null;
  return reportedUsage({ promptTokens: numberAt(u, 'prompt_tokens'), completionTokens: numberAt(u, 'completion_tokens') });
}

/** v3 returns the content as a JSON string literal (quoted and escaped); the text is inside. */
function unquote(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) {
    const v = parseJson(s);
    if (typeof v === 'string') return v;
  }
  return s;
}

export function fromChatGLM(body: JsonValue | undefined, model: string): CanonicalChatResponse | null {
  if (!isJsonObject(body) || body.success !== true) return null;
  const data = objectAt(body, 'data');
  const choice = arrayAt(data, 'choices')?.[0];
  if (!data || !isJsonObject(choice) || typeof choice.content !== 'string') return null;
  return { id: typeof data.task_id === 'string' ? data.task_id : '', model, parts: [{ type: 'text', text: unquote(choice.content) }], finishReason: 'stop', usage: chatglmUsage(objectAt(data, 'usage')) };
}

export type ChatGLMStreamEvent = DecodedStreamEvent<ChatGLMError>;

/** One decoder per stream: each SSE event's name, data and (for `finish`) its `meta` text. */
export class ChatGLMStreamDecoder {
  private started = false;

  constructor(
    private readonly model: string,
    private readonly id: string,
  ) {}

  push(event: string | null, data: string, meta: string | null): ChatGLMStreamEvent {
    const parts: ChatStreamPart[] = [];
    if (!this.started) {
      this.started = true;
      parts.push({ type: 'start', id: this.id, model: this.model });
    }
    switch (event) {
      case 'add':
      case null:
        if (data !== '') parts.push({ type: 'text', text: data });
        return { kind: 'parts', parts, text: data, usage: null, finish: null, done: false };
      case 'finish': {
        if (data !== '') parts.push({ type: 'text', text: data });
        const m = meta === null ? undefined : parseJson(meta);
        const usage = isJsonObject(m) ? chatglmUsage(objectAt(m, 'usage')) : null;
        parts.push({ type: 'finish', reason: 'stop' });
        if (usage) parts.push({ type: 'usage', usage });
        parts.push({ type: 'end' });
        return { kind: 'parts', parts, text: data, usage, finish: 'stop', done: true };
      }
      case 'error':
      case 'interrupted':
        return { kind: 'error', error: { code: 500, message: data || `the stream ended with ${event}` } };
      default:
        return { kind: 'parts', parts, text: '', usage: null, finish: null, done: false };
    }
  }
}
