import type { CanonicalChat, CanonicalChatResponse, ChatPart, ChatStreamPart } from '../canonical/chat';
import { isJsonObject, numberAt, objectAt, parseJson, type JsonObject, type JsonValue } from '../canonical/json';
import { reportedUsage, type ReportedUsage } from '../canonical/usage';
import type { DecodedStreamEvent } from '../canonical/response';

/*
 * Dify chat apps (`POST /v1/chat-messages`) in canonical terms (pure). Dify keeps conversations
 * itself; a stateless OpenAI-style conversation goes as one `query`: the last user turn alone, or,
 * with a system prompt or history, the transcript (`SYSTEM:` / `USER:` / `ASSISTANT:` blocks).
 * `{inputs: {}, query, response_mode: blocking|streaming, conversation_id: "", user}`.
 * Blocking answer: `{event: "message", message_id, conversation_id, answer, metadata: {usage}}`.
 * Stream: SSE `data:` objects by `event`: `message` / `agent_message` (text in `answer`),
 * `message_end` (`metadata.usage`), `error` (`{status, code, message}`); `workflow_started`,
 * `node_started`, `node_finished`, `workflow_finished` are progress (shown as text only when asked),
 * `agent_thought`, `message_file`, `tts_message`, `ping` are skipped.
 */

function textOf(parts: readonly ChatPart[]): string {
  return parts.map((p) => (p.type === 'text' ? p.text : p.type === 'tool_result' ? textOf(p.content) : '')).join('');
}

export function difyQuery(chat: CanonicalChat): string {
  const turns = chat.turns;
  if (chat.system.length === 0 && turns.length === 1 && turns[0]?.role !== 'assistant') return textOf(turns[0]?.parts ?? []);
  const blocks = [...chat.system.map((s) => `SYSTEM:\n${s}`), ...turns.map((t) => `${t.role === 'assistant' ? 'ASSISTANT' : 'USER'}:\n${textOf(t.parts)}`)];
  return blocks.join('\n\n');
}

export function toDifyRequest(chat: CanonicalChat): JsonObject {
  return { inputs: {}, query: difyQuery(chat), response_mode: chat.stream ? 'streaming' : 'blocking', conversation_id: '', user: chat.user ?? 'sluice' };
}

export function difyUsage(metadata: JsonObject | undefined): ReportedUsage | null {
  const u = objectAt(metadata, 'usage');
  if (!u) return null;
  return reportedUsage({ promptTokens: numberAt(u, 'prompt_tokens'), completionTokens: numberAt(u, 'completion_tokens') });
}

export function fromDifyMessage(body: JsonValue | undefined, model: string): CanonicalChatResponse | null {
  if (!isJsonObject(body) || typeof body.answer !== 'string') return null;
  return { id: typeof body.message_id === 'string' ? body.message_id : '', model, parts: [{ type: 'text', text: body.answer }], finishReason: 'stop', usage: difyUsage(objectAt(body, 'metadata')) };
}

export interface DifyError {
  readonly status: number;
  readonly code: string | null;
  readonly message: string;
}

export type DifyStreamEvent = DecodedStreamEvent<DifyError>;

const PROGRESS: Readonly<Record<string, (d: JsonObject) => string>> = {
  workflow_started: () => 'Workflow started\n',
  node_started: (d) => `Node started: ${String(objectAt(d, 'data')?.title ?? '')}\n`,
  node_finished: (d) => `Node finished: ${String(objectAt(d, 'data')?.title ?? '')}\n`,
  workflow_finished: () => 'Workflow finished\n',
};

export class DifyStreamDecoder {
  private started = false;

  constructor(
    private readonly model: string,
    private readonly showProgress: boolean,
  ) {}

  push(data: string): DifyStreamEvent {
    const body = parseJson(data.trim());
    if (!isJsonObject(body) || typeof body.event !== 'string') return { kind: 'malformed' };
    const parts: ChatStreamPart[] = [];
    if (!this.started) {
      this.started = true;
      parts.push({ type: 'start', id: typeof body.message_id === 'string' ? body.message_id : '', model: this.model });
    }
    const none = { kind: 'parts' as const, parts, text: '', usage: null, finish: null, done: false };
    switch (body.event) {
      case 'message':
      case 'agent_message': {
        const text = typeof body.answer === 'string' ? body.answer : '';
        if (text !== '') parts.push({ type: 'text', text });
        return { ...none, text };
      }
      case 'message_end': {
        const usage = difyUsage(objectAt(body, 'metadata'));
        parts.push({ type: 'finish', reason: 'stop' });
        if (usage) parts.push({ type: 'usage', usage });
        parts.push({ type: 'end' });
        return { kind: 'parts', parts, text: '', usage, finish: 'stop', done: true };
      }
      case 'error':
        return { kind: 'error', error: { status: numberAt(body, 'status') ?? 500, code: typeof body.code === 'string' ? body.code : null, message: typeof body.message === 'string' ? body.message : 'the Dify stream ended with an error' } };
      default: {
        const progress = PROGRESS[body.event];
        if (progress && this.showProgress) {
          const text = progress(body);
          parts.push({ type: 'text', text });
          return { ...none, text };
        }
        return none;
      }
    }
  }
}
