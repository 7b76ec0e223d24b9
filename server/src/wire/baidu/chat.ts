import type { CanonicalChat, CanonicalChatResponse, ChatPart, ChatStreamPart } from '../canonical/chat';
import { isJsonObject, numberAt, objectAt, parseJson, type JsonObject, type JsonValue } from '../canonical/json';
import { reportedUsage, type FinishReason, type ReportedUsage } from '../canonical/usage';
import type { DecodedStreamEvent } from '../canonical/response';

/*
 * Baidu ERNIE chat (`POST /rpc/2.0/ai_custom/v1/wenxinworkshop/chat/{endpoint}?access_token=`) in
 * canonical terms, both ways (pure). Request: `messages` of `user` / `assistant` turns (an odd
 * count, alternating, starting and ending with the user), the system prompt in `system`,
 * `max_output_tokens`, `temperature`, `top_p`, `stop`, `user_id`, `stream`. Answer: `{id, result,
 * is_truncated, finish_reason, usage: {prompt_tokens, completion_tokens, total_tokens}}`. Stream: SSE
 * `data:` objects with the piece in `result`, `is_end` on the last, usage on every chunk (the
 * total cumulative). Errors: `{error_code, error_msg}`, usually with HTTP 200.
 */

function textOf(parts: readonly ChatPart[]): string {
  return parts.map((p) => (p.type === 'text' ? p.text : p.type === 'tool_result' ? textOf(p.content) : '')).join('');
}

/** The model-to-endpoint table (the path's last segment); other models use their lowercased name. */
export const BAIDU_ENDPOINTS: Readonly<Record<string, string>> = {
  'ERNIE-4.0-8K': 'completions_pro',
  'ERNIE-Bot-4': 'completions_pro',
  'ERNIE-4.0-Turbo-8K': 'ernie-4.0-turbo-8k',
  'ERNIE-3.5-8K': 'completions',
  'ERNIE-Bot': 'completions',
  'ERNIE-3.5-128K': 'ernie-3.5-128k',
  'ERNIE-Bot-turbo': 'eb-instant',
  'ERNIE-Speed-8K': 'ernie_speed',
  'ERNIE-Speed-128K': 'ernie-speed-128k',
  'ERNIE-Speed-Pro-128K': 'ernie-speed-pro-128k',
  'ERNIE-Lite-8K': 'ernie-lite-8k',
  'ERNIE-Lite-8K-0922': 'eb-instant',
  'ERNIE-Tiny-8K': 'ernie-tiny-8k',
  'ERNIE-Character-8K': 'ernie-char-8k',
  'ERNIE-Functions-8K': 'ernie-func-8k',
  'BLOOMZ-7B': 'bloomz_7b1',
  'Llama-2-7b-chat': 'llama_2_7b',
  'Llama-2-13b-chat': 'llama_2_13b',
  'Llama-2-70b-chat': 'llama_2_70b',
  'Qianfan-Chinese-Llama-2-7B': 'qianfan_chinese_llama_2_7b',
};

export function baiduChatEndpoint(model: string): string {
  return BAIDU_ENDPOINTS[model] ?? model.toLowerCase();
}

/** The chat body. Consecutive turns of one role are joined (ERNIE refuses two in a row). */
export function toBaiduChat(chat: CanonicalChat): JsonObject {
  const messages: { role: string; content: string }[] = [];
  for (const turn of chat.turns) {
    const role = turn.role === 'assistant' ? 'assistant' : 'user';
    const content = textOf(turn.parts);
    const prev = messages.at(-1);
    if (prev && prev.role === role) prev.content += `\n${content}`;
    else messages.push({ role, content });
  }
  const body: JsonObject = { messages };
  if (chat.system.length > 0) body.system = chat.system.join('\n');
  if (chat.maxOutputTokens !== null) body.max_output_tokens = chat.maxOutputTokens;
  if (chat.temperature !== null) body.temperature = chat.temperature;
  if (chat.topP !== null) body.top_p = chat.topP;
  if (chat.stop.length > 0) body.stop = [...chat.stop];
  if (chat.user !== null) body.user_id = chat.user;
  if (chat.stream) body.stream = true;
  return body;
}

const FINISH: Readonly<Record<string, FinishReason>> = { normal: 'stop', stop: 'stop', length: 'length', content_filter: 'content_filter', function_call: 'tool_calls' };

export function baiduFinish(v: JsonValue | undefined, truncated: boolean): FinishReason {
  if (typeof v === 'string' && v !== '') return FINISH[v] ?? 'other';
  return truncated ? 'length' : 'stop';
}

export function baiduUsage(u: JsonObject | undefined): ReportedUsage | null {
  if (!u) return null;
  return reportedUsage({ promptTokens: numberAt(u, 'prompt_tokens'), completionTokens: numberAt(u, 'completion_tokens') });
}

/** `{error_code, error_msg}` when the body is one. */
export interface BaiduError {
  readonly code: number;
  readonly message: string;
}

export function baiduError(body: JsonValue | undefined): BaiduError | null {
  if (!isJsonObject(body) || typeof body.error_code !== 'number' || body.error_code === 0) return null;
  return { code: body.error_code, message: typeof body.error_msg === 'string' ? body.error_msg : `error ${body.error_code}` };
}

export function fromBaiduChat(body: JsonValue | undefined, model: string): CanonicalChatResponse | null {
  if (!isJsonObject(body) || typeof body.result !== 'string') return null;
  return {
    id: typeof body.id === 'string' ? body.id : '',
    model,
    parts: [{ type: 'text', text: body.result }],
    finishReason: baiduFinish(body.finish_reason, body.is_truncated === true),
    usage: baiduUsage(objectAt(body, 'usage')),
  };
}

export type BaiduStreamEvent = DecodedStreamEvent<BaiduError>;

/** One decoder per streamed answer: the data of each SSE event in, canonical parts out. */
export class BaiduStreamDecoder {
  private started = false;

  constructor(private readonly model: string) {}

  push(data: string): BaiduStreamEvent {
    const body = parseJson(data.trim());
    const err = baiduError(body);
    if (err) return { kind: 'error', error: err };
    if (!isJsonObject(body) || typeof body.result !== 'string') return { kind: 'malformed' };
    const parts: ChatStreamPart[] = [];
    if (!this.started) {
      this.started = true;
      parts.push({ type: 'start', id: typeof body.id === 'string' ? body.id : '', model: this.model });
    }
    if (body.result !== '') parts.push({ type: 'text', text: body.result });
    if (body.is_end !== true) return { kind: 'parts', parts, text: body.result, usage: null, finish: null, done: false };
    const u = objectAt(body, 'usage');
    const prompt = numberAt(u, 'prompt_tokens');
    const total = numberAt(u, 'total_tokens');
    // The total is cumulative over the stream; the last chunk's completion count may be its own.
    const usage = u ? reportedUsage({ promptTokens: prompt, completionTokens: prompt !== null && total !== null ? total - prompt : numberAt(u, 'completion_tokens') }) : null;
    const finish = baiduFinish(body.finish_reason, body.is_truncated === true);
    parts.push({ type: 'finish', reason: finish });
    if (usage) parts.push({ type: 'usage', usage });
    parts.push({ type: 'end' });
    return { kind: 'parts', parts, text: body.result, usage, finish, done: true };
  }
}
