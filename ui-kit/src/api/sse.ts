// Incremental Server-Sent Events parsing (WHATWG HTML §9.2 "event stream interpretation"),
// plus the OpenAI chat-completion chunk reading the playground needs. Chunks from the
// network split lines anywhere, even between "\r" and "\n", so state survives feed() calls.
import type { ChatStreamEvent } from './types';

export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

export class SseParser {
  private buffer = '';
  private dataLines: string[] = [];
  private eventName = '';
  private lastId: string | undefined;
  private hasData = false;

  /** Adds decoded text and returns the messages completed by it. */
  feed(chunk: string): SseMessage[] {
    this.buffer += chunk;
    const out: SseMessage[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i += 1) {
      const ch = this.buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      // A lone "\r" at the end may be the first half of "\r\n": wait for more input.
      if (ch === '\r' && i === this.buffer.length - 1) break;
      this.line(this.buffer.slice(start, i), out);
      if (ch === '\r' && this.buffer[i + 1] === '\n') i += 1;
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  /** Ends the stream. A message without its closing blank line is still delivered: proxies often drop it. */
  end(): SseMessage[] {
    const out: SseMessage[] = [];
    if (this.buffer.length > 0) {
      this.line(this.buffer.replace(/\r$/, ''), out);
      this.buffer = '';
    }
    this.dispatch(out);
    return out;
  }

  private line(line: string, out: SseMessage[]): void {
    if (line === '') {
      this.dispatch(out);
      return;
    }
    if (line.startsWith(':')) return; // comment / keep-alive
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.dataLines.push(value);
        this.hasData = true;
        break;
      case 'event':
        this.eventName = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      default:
        // "retry" and unknown fields do not matter to a fetch-based reader.
        break;
    }
  }

  private dispatch(out: SseMessage[]): void {
    if (this.hasData) {
      const message: SseMessage = { event: this.eventName || 'message', data: this.dataLines.join('\n') };
      if (this.lastId !== undefined) message.id = this.lastId;
      out.push(message);
    }
    this.dataLines = [];
    this.hasData = false;
    this.eventName = '';
  }
}

/** An error the upstream reported inside the stream (`{"error":{...}}`). */
export class ChatStreamError extends Error {
  override readonly name = 'ChatStreamError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads one `data:` payload of an OpenAI-style chat stream. `[DONE]` and an empty
 * choices list both end the reply (spec §4); text arrives in choices[0].delta.content.
 */
export function readChatChunk(data: string): ChatStreamEvent[] {
  const trimmed = data.trim();
  if (trimmed === '') return [];
  if (trimmed === '[DONE]') return [{ type: 'done' }];
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    throw new ChatStreamError(trimmed);
  }
  if (!isRecord(parsed)) return [];
  if (parsed.error !== undefined && parsed.error !== null) {
    const err = parsed.error;
    const message = isRecord(err) && typeof err.message === 'string' ? err.message : JSON.stringify(err);
    throw new ChatStreamError(message);
  }
  const choices = parsed.choices;
  if (!Array.isArray(choices)) return [];
  if (choices.length === 0) return [{ type: 'done' }];
  const first: unknown = choices[0];
  if (!isRecord(first)) return [];
  const delta = first.delta;
  const content = isRecord(delta) ? delta.content : undefined;
  return typeof content === 'string' && content !== '' ? [{ type: 'delta', content }] : [];
}
