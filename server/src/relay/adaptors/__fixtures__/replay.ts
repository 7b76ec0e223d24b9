/**
 * Fixture replay for adaptor specs (excluded from the build). Fixtures are provider
 * documentation examples stored as files: JSON bodies and `.sse` streams as sent on the wire.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SseParser } from '../../../wire/framing/sse/sse-parser';
import type { JsonObject } from '../../../wire/canonical/json';
import type { ChatRequest } from '../../../wire/canonical/request';
import type { ParsedResponse, ParsedTextResponse, StreamStep } from '../../../wire/canonical/response';
import { encodeAnswer } from '../../../wire/format';
import { OpenAIChatStreamEncoder, openAIChatFormat } from '../../../wire/openai-chat';
import type { ChannelContext, UpstreamRequest, UpstreamResponse } from '../types';
import type { RelayChannelType } from '../channel-types';

export function fixtureText(dir: string, name: string): string {
  return readFileSync(join(dir, '__fixtures__', name), 'utf8');
}

export function fixtureJson(dir: string, name: string): unknown {
  return JSON.parse(fixtureText(dir, name));
}

export function response(text: string, status = 200, headers: Record<string, string> = {}): UpstreamResponse {
  return { status, headers, text, bytes: Buffer.byteLength(text) };
}

export function context(type: RelayChannelType, overrides: Partial<ChannelContext> = {}): ChannelContext {
  return { type, baseUrl: '', key: 'sk-test-0123456789abcdefghij', upstreamModel: 'gpt-4o-mini', other: '', organization: '', ...overrides };
}

/** Feeds a recorded stream through the real SSE parser in small uneven pieces, like a socket would. */
export function replayStream(text: string, parse: (event: { event: string | null; data: string; id: string | null }) => StreamStep): StreamStep[] {
  const parser = new SseParser();
  const bytes = Buffer.from(text, 'utf8');
  const steps: StreamStep[] = [];
  let at = 0;
  let size = 1;
  while (at < bytes.length) {
    const piece = bytes.subarray(at, at + size);
    for (const e of parser.push(piece)) steps.push(parse(e));
    at += size;
    size = (size % 13) + 1;
  }
  for (const e of parser.end()) steps.push(parse(e));
  return steps;
}

/** The parts of an upstream request a recorded request fixture pins down. */
export function describeRequest(req: UpstreamRequest): { method: string; url: string; headers: Record<string, string>; body: unknown } {
  const body = typeof req.body === 'string' ? (JSON.parse(req.body) as unknown) : req.body === null ? null : `<${req.body.byteLength} bytes>`;
  return { method: req.method, url: req.url, headers: { ...req.headers }, body };
}

/** The OpenAI chat body the chat format encodes from a native adaptor's canonical answer. */
export function openAIBody(parsed: ParsedTextResponse, chatReq: ChatRequest): unknown {
  if (!parsed.ok || !('answer' in parsed)) throw new Error('expected a canonical answer');
  const encoded = encodeAnswer(openAIChatFormat, chatReq, parsed);
  if (!encoded.ok) throw new Error('expected ok');
  return JSON.parse(encoded.clientBody);
}

/** The chunks the OpenAI chat format writes for the steps' canonical parts (usage asked or not). */
export function openAIChunks(steps: StreamStep[], req: ChatRequest, wantsUsage = true): JsonObject[] {
  const enc = new OpenAIChatStreamEncoder(wantsUsage, req.model);
  const sse = steps.map((s) => (s.parts ? enc.parts(s.parts) : '')).join('');
  return sse
    .split('\n\n')
    .filter((e) => e !== '')
    .map((e) => JSON.parse(e.replace(/^data: /, '')) as JsonObject);
}

/** Written SSE text (one `event:` and one `data:` line per event) as (event, data) pairs. */
export function namedSseEvents(text: string): { event: string; data: JsonObject }[] {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const [name, data] = block.split('\n');
      return { event: (name ?? '').replace(/^event: /, ''), data: JSON.parse((data ?? '').replace(/^data: /, '')) as JsonObject };
    });
}

/** The client body of a served answer, as JSON (fails the test on a failure). */
export function clientJson(parsed: ParsedResponse): JsonObject {
  if (!parsed.ok) throw new Error('expected ok');
  return JSON.parse(parsed.clientBody) as JsonObject;
}
