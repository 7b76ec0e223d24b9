import type { Adaptor, ChannelContext, UpstreamRequest, UpstreamResponse } from './adaptors/types';
import { parseJson } from './canonical/json';
import { transportFailure } from './canonical/errors';
import { parseChatRequest } from './canonical/parse-text';
import type { ChatRequest, GeminiRequest } from './canonical/request';
import type { ParsedResponse, StreamStep } from './canonical/response';
import { chatFromGemini, encodeGeminiResponse, GeminiChunkEncoder } from './inbound/gemini';
import { chatResponseFromOpenAI, openAIChatBody, OpenAIChunkDecoder } from './inbound/openai-chat';
import type { SseEvent } from './sse/sse-parser';

/*
 * `POST /v1beta/models/{model}:generateContent` (and the stream) on a channel without a native
 * Gemini capability: the Gemini body becomes the canonical chat, then the OpenAI chat request the
 * adaptor's core contract serves; its answer (OpenAI JSON or chunks, whatever the provider) comes
 * back through the canonical types as `GenerateContentResponse`s. Usage is the adaptor's, as for
 * chat. The same shape as converted-messages.ts.
 */

const chats = new WeakMap<GeminiRequest, ChatRequest>();

/** The OpenAI chat request of a Gemini request (built once per request; usage asked on streams). */
export function asChatRequest(req: GeminiRequest): ChatRequest {
  let chat = chats.get(req);
  if (!chat) {
    const body = openAIChatBody(chatFromGemini(req, req.model));
    if (req.stream) body.stream_options = { include_usage: true };
    chat = parseChatRequest(body);
    chats.set(req, chat);
  }
  return chat;
}

export function build(a: Adaptor, req: GeminiRequest, ctx: ChannelContext): UpstreamRequest {
  return a.buildTextRequest(asChatRequest(req), ctx);
}

export function parseResponse(a: Adaptor, req: GeminiRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse {
  const inner = a.parseTextResponse(asChatRequest(req), res, ctx);
  if (!inner.ok) return inner;
  const answer = chatResponseFromOpenAI(parseJson(inner.clientBody), inner.usage, inner.finishReason);
  if (!answer) return { ok: false, failure: transportFailure('protocol') };
  return { ...inner, clientBody: JSON.stringify(encodeGeminiResponse(answer, req.model)) };
}

export function openStream(a: Adaptor, req: GeminiRequest, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const chat = asChatRequest(req);
  const inner = a.openTextStream?.(chat, ctx) ?? ((ev: SseEvent) => a.parseTextStreamEvent(chat, ev, ctx));
  const decoder = new OpenAIChunkDecoder();
  const encoder = new GeminiChunkEncoder(req.model);
  return (event) => {
    const step = inner(event);
    if (step.malformed || step.error) return { ...step, forward: null };
    // A step may carry several chunks (forward, then `more`); the finish, usage and end go with the last.
    const chunks = [step.forward?.data ?? null, ...(step.more ?? []).map((m) => m.data)];
    const parts = chunks.flatMap((c, i) => (i === chunks.length - 1 ? decoder.decode(c, step.usage, step.finishReason, step.done) : decoder.decode(c, null, null, false)));
    const out = parts.flatMap((p) => encoder.encode(p));
    const [first, ...more] = out;
    return { ...step, forward: first ? { data: first, converted: true } : null, more: more.map((data) => ({ data, converted: true })) };
  };
}
