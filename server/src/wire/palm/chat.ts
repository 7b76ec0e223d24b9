import type { CanonicalChat, CanonicalChatResponse, ChatPart } from '../canonical/chat';
import { arrayAt, isJsonObject, type JsonObject, type JsonValue } from '../canonical/json';

/*
 * Google PaLM 2 chat (`POST /v1beta2/models/{model}:generateMessage`) in canonical terms (pure).
 * Request: `{prompt: {context, messages: [{author, content}]}, temperature, topP, topK,
 * candidateCount}`: the system prompt is the `context`, turns alternate authors "0" (the user) and
 * "1" (the model). Answer: `{candidates: [{author, content}], messages, filters}`; no token counts
 * (the relay counts), no stream. A blocked prompt answers `filters` and no candidate.
 */

function textOf(parts: readonly ChatPart[]): string {
  return parts.map((p) => (p.type === 'text' ? p.text : p.type === 'tool_result' ? textOf(p.content) : '')).join('');
}

export function toPaLMRequest(chat: CanonicalChat): JsonObject {
  const messages = chat.turns.map((t) => ({ author: t.role === 'assistant' ? '1' : '0', content: textOf(t.parts) }));
  const prompt: JsonObject = { messages };
  if (chat.system.length > 0) prompt.context = chat.system.join('\n');
  const body: JsonObject = { prompt };
  if (chat.temperature !== null) body.temperature = chat.temperature;
  if (chat.topP !== null) body.topP = chat.topP;
  if (chat.topK !== null) body.topK = chat.topK;
  if (chat.choiceCount > 1) body.candidateCount = chat.choiceCount;
  return body;
}

export function fromPaLM(body: JsonValue | undefined, model: string): CanonicalChatResponse | null {
  if (!isJsonObject(body)) return null;
  const candidates = arrayAt(body, 'candidates');
  if (!candidates) {
    // Blocked: filters and no candidate.
    if (arrayAt(body, 'filters')) return { id: '', model, parts: [{ type: 'text', text: '' }], finishReason: 'content_filter', usage: null };
    return null;
  }
  const texts = candidates.map((c) => (isJsonObject(c) && typeof c.content === 'string' ? c.content : ''));
  return {
    id: '',
    model,
    parts: [{ type: 'text', text: texts[0] ?? '' }],
    finishReason: 'stop',
    moreChoices: texts.slice(1).map((text, i) => ({ index: i + 1, parts: [{ type: 'text', text }], finishReason: 'stop' })),
    usage: null,
  };
}
