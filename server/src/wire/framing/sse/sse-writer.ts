import type { JsonObject } from '../../canonical/json';

/** Response headers for every relayed stream (proxies must not buffer or cache it). */
export const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
});

/** One event as wire text. Objects are JSON (never multi-line); text with newlines becomes several data lines. */
export function formatSseEvent(data: JsonObject | string, event?: string): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  let out = event ? `event: ${stripNewlines(event)}\n` : '';
  for (const line of text.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}

/** A comment line (`: PING`): keeps idle connections open, ignored by clients. */
export function formatSseComment(text: string): string {
  return `: ${stripNewlines(text)}\n\n`;
}

function stripNewlines(s: string): string {
  return s.replace(/[\r\n]/g, ' ');
}
