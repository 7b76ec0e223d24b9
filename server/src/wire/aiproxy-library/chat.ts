import type { CanonicalChat, CanonicalChatResponse, ChatPart, ChatStreamPart } from '../canonical/chat';
import { arrayAt, isJsonObject, parseJson, type JsonObject, type JsonValue } from '../canonical/json';

/*
 * AI Proxy's knowledge-library Q&A (`POST /api/library/ask`) in canonical terms (pure).
 * Request: `{model, query, libraryId, stream}`; the API takes one question, so a conversation with
 * a system prompt or history goes as its transcript. Answer: `{success, answer, documents:
 * [{title, url}], errCode, errMsg}`; the cited documents follow the answer as a markdown list.
 * Stream: SSE `data:` objects `{content, finish, model, documents}`, the documents on the last.
 * The API reports no token counts (the relay counts).
 */

function textOf(parts: readonly ChatPart[]): string {
  return parts.map((p) => (p.type === 'text' ? p.text : p.type === 'tool_result' ? textOf(p.content) : '')).join('');
}

export function libraryQuery(chat: CanonicalChat): string {
  const turns = chat.turns;
  if (chat.system.length === 0 && turns.length === 1 && turns[0]?.role !== 'assistant') return textOf(turns[0]?.parts ?? []);
  return [...chat.system.map((s) => `SYSTEM:\n${s}`), ...turns.map((t) => `${t.role === 'assistant' ? 'ASSISTANT' : 'USER'}:\n${textOf(t.parts)}`)].join('\n\n');
}

export function toLibraryRequest(chat: CanonicalChat, libraryId: string): JsonObject {
  return { model: chat.model, query: libraryQuery(chat), libraryId, stream: chat.stream };
}

/** The cited documents as a markdown list after a blank line; '' for none. */
export function documentsText(docs: JsonValue[] | undefined): string {
  const lines = (docs ?? []).flatMap((d) => (isJsonObject(d) && typeof d.title === 'string' ? [typeof d.url === 'string' && d.url !== '' ? `- [${d.title}](${d.url})` : `- ${d.title}`] : []));
  return lines.length > 0 ? `\n\n${lines.join('\n')}` : '';
}

export interface LibraryError {
  readonly code: string;
  readonly message: string;
}

export function libraryError(body: JsonValue | undefined): LibraryError | null {
  if (!isJsonObject(body) || body.success !== false) return null;
  return { code: String(body.errCode ?? 'error'), message: typeof body.errMsg === 'string' ? body.errMsg : 'the library refused the question' };
}

export function fromLibraryAnswer(body: JsonValue | undefined, model: string): CanonicalChatResponse | null {
  if (!isJsonObject(body) || body.success !== true || typeof body.answer !== 'string') return null;
  return { id: '', model, parts: [{ type: 'text', text: body.answer + documentsText(arrayAt(body, 'documents')) }], finishReason: 'stop', usage: null };
}

export type LibraryStreamEvent = { kind: 'parts'; parts: ChatStreamPart[]; text: string; done: boolean } | { kind: 'error'; error: LibraryError } | { kind: 'malformed' };

export class LibraryStreamDecoder {
  private started = false;

  constructor(private readonly model: string) {}

  push(data: string): LibraryStreamEvent {
    const body = parseJson(data.trim());
    const err = libraryError(body);
    if (err) return { kind: 'error', error: err };
    if (!isJsonObject(body)) return { kind: 'malformed' };
    const parts: ChatStreamPart[] = [];
    if (!this.started) {
      this.started = true;
      parts.push({ type: 'start', id: '', model: this.model });
    }
    let text = typeof body.content === 'string' ? body.content : '';
    if (body.finish === true) text += documentsText(arrayAt(body, 'documents'));
    if (text !== '') parts.push({ type: 'text', text });
    if (body.finish !== true) return { kind: 'parts', parts, text, done: false };
    parts.push({ type: 'finish', reason: 'stop' }, { type: 'end' });
    return { kind: 'parts', parts, text, done: true };
  }
}
