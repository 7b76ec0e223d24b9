import type { Adaptor, ChannelContext, UpstreamRequest, UpstreamResponse } from './adaptors/types';
import { parseJson, type JsonObject } from '../wire/canonical/json';
import { transportFailure } from '../wire/canonical/errors';
import { parseChatRequest } from './canonical/parse-text';
import type { ChatRequest, GeminiRequest, MessagesRequest, ResponsesRequest } from '../wire/canonical/request';
import type { ParsedResponse, ParsedTextResponse, StreamStep } from '../wire/canonical/response';
import { encodeAnswer, type InboundFormat } from './inbound/format';
import { chatResponseFromOpenAI, OpenAIChunkDecoder } from './inbound/openai-chat';
import type { SseEvent } from './sse/sse-parser';

/*
 * A native client format (Anthropic Messages, Gemini, OpenAI Responses) served by a channel
 * without that format's capability: the client's body becomes the canonical chat, then the
 * OpenAI chat request the adaptor's core contract serves; its answer comes back through the
 * canonical types (a native provider's as it decoded it; an OpenAI-wire provider's JSON or
 * chunks decoded here) and the client's format encodes it: a whole answer, or canonical stream
 * parts for its stream encoder. Usage is the adaptor's, as for chat. converted-messages.ts,
 * converted-gemini.ts and converted-responses.ts are the uses.
 */

/** The requests of the client formats served through the chat contract. */
export type ConvertedRequest = MessagesRequest | GeminiRequest | ResponsesRequest;

export interface ConvertedChat<R extends ConvertedRequest> {
  /** The OpenAI chat request of the client's request (built once per request). */
  asChatRequest(req: R): ChatRequest;
  build(a: Adaptor, req: R, ctx: ChannelContext): UpstreamRequest;
  parseResponse(a: Adaptor, req: R, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
  openStream(a: Adaptor, req: R, ctx: ChannelContext): (event: SseEvent) => StreamStep;
}

/** The converted path of one client format; `chatBody` is the OpenAI chat body of its request. */
export function convertedChat<R extends ConvertedRequest>(format: InboundFormat<R>, chatBody: (req: R) => JsonObject): ConvertedChat<R> {
  const chats = new WeakMap<R, ChatRequest>();
  const asChatRequest = (req: R): ChatRequest => {
    let chat = chats.get(req);
    if (!chat) {
      chat = parseChatRequest(chatBody(req));
      chats.set(req, chat);
    }
    return chat;
  };
  return {
    asChatRequest,
    build: (a, req, ctx) => a.buildTextRequest(asChatRequest(req), ctx),
    parseResponse: (a, req, res, ctx) => answerIn(format, req, a.parseTextResponse(asChatRequest(req), res, ctx)),
    openStream: (a, req, ctx) => openChatParts(a, asChatRequest(req), ctx),
  };
}

/**
 * The adaptor's chat answer in the client's format: a native provider's canonical answer as it
 * is, an OpenAI-wire provider's JSON decoded first; the figures billing reads stay the adaptor's.
 */
function answerIn<R extends ConvertedRequest>(format: InboundFormat<R>, req: R, inner: ParsedTextResponse): ParsedResponse {
  if (!inner.ok || 'answer' in inner) return encodeAnswer(format, req, inner);
  const answer = chatResponseFromOpenAI(parseJson(inner.clientBody), inner.usage, inner.finishReason);
  if (!answer) return { ok: false, failure: transportFailure('protocol') };
  return { ...inner, clientBody: JSON.stringify(format.encodeResponse(answer, req)) };
}

/**
 * The adaptor's chat stream as canonical stream parts, for the inbound format's stream encoder
 * (Messages events, Gemini chunks). A native adaptor's steps carry parts already and go through
 * as they are; an OpenAI-wire adaptor's chunks are decoded into parts (each step keeps its text,
 * usage, finish and end for the relay).
 */
export function openChatParts(a: Adaptor, chat: ChatRequest, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const inner = a.openTextStream?.(chat, ctx) ?? ((ev: SseEvent) => a.parseTextStreamEvent(chat, ev, ctx));
  const decoder = new OpenAIChunkDecoder();
  return (event) => {
    const { more, ...step } = inner(event);
    if (step.malformed || step.error) return { ...step, forward: null };
    if (step.parts) return { ...step, forward: null };
    // A step may carry several chunks (forward, then `more`); the finish, usage and end go with the last.
    const chunks = [step.forward?.data ?? null, ...(more ?? []).map((m) => m.data)];
    const parts = chunks.flatMap((c, i) => (i === chunks.length - 1 ? decoder.decode(c, step.usage, step.finishReason, step.done) : decoder.decode(c, null, null, false)));
    return { ...step, forward: null, parts };
  };
}
