import type { Adaptor, ChannelContext, UpstreamRequest, UpstreamResponse } from './adaptors/types';
import { parseJson } from './canonical/json';
import { transportFailure } from './canonical/errors';
import { parseChatRequest } from './canonical/parse-text';
import type { ChatRequest, GeminiRequest, MessagesRequest } from './canonical/request';
import type { ParsedResponse, ParsedTextResponse, StreamStep } from './canonical/response';
import { encodeAnswer, type InboundFormat } from './inbound/format';
import { anthropicMessagesFormat, chatFromAnthropic } from './inbound/anthropic-messages';
import { chatResponseFromOpenAI, openAIChatBody, OpenAIChunkDecoder } from './inbound/openai-chat';
import type { SseEvent } from './sse/sse-parser';

/*
 * `POST /v1/messages` on a channel without a Messages capability: the Anthropic body becomes the
 * canonical chat, then the OpenAI chat request the adaptor's core contract serves; its answer
 * comes back through the canonical types (a native provider's as it decoded it; an OpenAI-wire
 * provider's JSON or chunks decoded here): a Messages `message`, or canonical stream parts that
 * the format's stream encoder writes as the documented events. Usage is the adaptor's, as for chat.
 */

const chats = new WeakMap<MessagesRequest, ChatRequest>();

/** The OpenAI chat request of a Messages request (built once per request). */
export function asChatRequest(req: MessagesRequest): ChatRequest {
  let chat = chats.get(req);
  if (!chat) {
    chat = parseChatRequest(openAIChatBody(chatFromAnthropic(req, req.model)));
    chats.set(req, chat);
  }
  return chat;
}

export function build(a: Adaptor, req: MessagesRequest, ctx: ChannelContext): UpstreamRequest {
  return a.buildTextRequest(asChatRequest(req), ctx);
}

export function parseResponse(a: Adaptor, req: MessagesRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse {
  return answerIn(anthropicMessagesFormat, req, a.parseTextResponse(asChatRequest(req), res, ctx));
}

/**
 * The adaptor's chat answer in the client's format: a native provider's canonical answer as it
 * is, an OpenAI-wire provider's JSON decoded first; the figures billing reads stay the adaptor's.
 */
export function answerIn<R extends MessagesRequest | GeminiRequest>(format: InboundFormat<R>, req: R, inner: ParsedTextResponse): ParsedResponse {
  if (!inner.ok || 'answer' in inner) return encodeAnswer(format, req, inner);
  const answer = chatResponseFromOpenAI(parseJson(inner.clientBody), inner.usage, inner.finishReason);
  if (!answer) return { ok: false, failure: transportFailure('protocol') };
  return { ...inner, clientBody: JSON.stringify(format.encodeResponse(answer, req)) };
}

export function openStream(a: Adaptor, req: MessagesRequest, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  return openChatParts(a, asChatRequest(req), ctx);
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
