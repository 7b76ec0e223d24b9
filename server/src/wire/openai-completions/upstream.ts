import type { CanonicalChat, CanonicalChatResponse, ChatStreamPart } from '../canonical/chat';
import { invalidValue } from '../canonical/fields';
import { arrayAt, isJsonObject, objectAt, type JsonObject, type JsonValue } from '../canonical/json';
import { finishReasonOf } from '../canonical/usage';
import { openAISampling } from '../openai-chat/openai-chat';
import { chatUsage } from '../openai-chat/usage';

/*
 * The provider side of the legacy completions wire: a canonical chat that is one prompt (system
 * text, then one user turn of text) as a `POST /v1/completions` body, and `text_completion`
 * objects and chunks back to canonical. What a prompt cannot say (several turns, tools, images)
 * is refused by name. The client side is openai-completions.ts.
 */

/** A canonical chat as a completions body: its system text and its one user turn, as one prompt. */
export function completionsBodyOf(chat: CanonicalChat): JsonObject {
  const turn = chat.turns.length === 1 ? chat.turns[0] : undefined;
  if (!turn || turn.role !== 'user') throw invalidValue('messages', 'one user message on a completions channel');
  if (turn.parts.some((p) => p.type !== 'text')) throw invalidValue('messages[0].content', 'text only on a completions channel');
  if (chat.tools.length > 0) throw invalidValue('tools', 'absent on a completions channel');
  const prompt = [...chat.system, turn.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')].join('\n\n');
  const body: JsonObject = { model: chat.model, prompt, ...openAISampling(chat) };
  if (chat.stream) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  return body;
}

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

/** A `text_completion` as a canonical answer (the first choice's text); null when it is not one. */
export function completionResponseFromOpenAI(body: JsonValue | undefined): CanonicalChatResponse | null {
  if (!isJsonObject(body) || !Array.isArray(body.choices)) return null;
  const first = arrayAt(body, 'choices')?.find((c) => isJsonObject(c) && (c.index ?? 0) === 0);
  const choice = isJsonObject(first) ? first : {};
  const usage = objectAt(body, 'usage');
  const t = str(choice.text);
  return {
    id: str(body.id),
    model: str(body.model),
    parts: t === '' ? [] : [{ type: 'text', text: t }],
    finishReason: finishReasonOf(choice.finish_reason),
    usage: usage ? chatUsage(usage) : null,
  };
}

/** `text_completion` chunks to canonical stream parts (the first choice); `[DONE]` is `decode(null)`. */
export class CompletionChunkDecoder {
  private started = false;
  private finished = false;

  decode(chunk: JsonObject | null): ChatStreamPart[] {
    if (chunk === null) return [{ type: 'end' }];
    const parts: ChatStreamPart[] = [];
    if (!this.started && typeof chunk.id === 'string') {
      this.started = true;
      parts.push({ type: 'start', id: chunk.id, model: str(chunk.model) });
    }
    for (const c of arrayAt(chunk, 'choices') ?? []) {
      if (!isJsonObject(c) || (c.index ?? 0) !== 0) continue;
      if (str(c.text) !== '') parts.push({ type: 'text', text: str(c.text) });
      const reason = finishReasonOf(c.finish_reason);
      if (reason && !this.finished) {
        this.finished = true;
        parts.push({ type: 'finish', reason });
      }
    }
    const usage = objectAt(chunk, 'usage');
    if (usage) parts.push({ type: 'usage', usage: chatUsage(usage) });
    return parts;
  }
}
