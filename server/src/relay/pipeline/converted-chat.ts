import type { Adaptor, ChannelContext, UpstreamRequest, UpstreamResponse } from '../adaptors/types';
import { parseJson, type JsonObject } from '../../wire/canonical/json';
import { transportFailure } from '../../wire/canonical/errors';
import type { CanonicalChat, ChatPart } from '../../wire/canonical/chat';
import { streamView, type ChatContentPart, type ChatMessage, type ChatRequest, type GeminiRequest, type MessagesRequest, type ResponsesRequest, type StreamView } from '../../wire/canonical/request';
import type { ParsedResponse, ParsedTextResponse, StreamStep } from '../../wire/canonical/response';
import { encodeAnswer, type InboundFormat } from '../../wire/format';
import { chatResponseFromOpenAI, openAIChatBody, OpenAIChunkDecoder } from '../../wire/openai-chat/index';
import type { SseEvent } from '../../wire/framing/sse/sse-parser';

/*
 * A native client format (Anthropic Messages, Gemini, OpenAI Responses) served by a channel
 * without that format's capability: the client's body becomes the canonical chat, which a native
 * provider encodes in its own wire (two hops) and an OpenAI-wire provider reads as an OpenAI chat
 * body built from it (two hops as well); its answer comes back through the
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

/** How a client format's request becomes the canonical chat (its wire's decoder, for the client's model). */
export type ChatSource<R extends ConvertedRequest> = (req: R) => CanonicalChat;

/**
 * The chat request of a canonical chat decoded from another client format. A native provider
 * reads `canonical`; the OpenAI body is built on first read, for OpenAI-wire providers only.
 */
export function chatRequestOf(canonical: CanonicalChat): ChatRequest {
  let body: JsonObject | null = null;
  let messages: ChatMessage[] | null = null;
  return {
    endpoint: 'chat',
    model: canonical.model,
    get body(): JsonObject {
      return (body ??= openAIChatBody(canonical));
    },
    stream: canonical.stream,
    // The client's own format decides what its stream ends with; the adaptor asks usage where it can.
    clientIncludeUsage: false,
    n: canonical.choiceCount,
    maxOutputTokens: canonical.maxOutputTokens,
    get messages(): ChatMessage[] {
      return (messages ??= chatMessagesOf(canonical));
    },
    toolCount: canonical.tools.length,
    canonical,
  };
}

/** The prompt summary of a canonical chat (what estimation and word checks read). */
function chatMessagesOf(chat: CanonicalChat): ChatMessage[] {
  const summary = (p: ChatPart): ChatContentPart[] => {
    switch (p.type) {
      case 'text':
      case 'reasoning':
        return [{ type: 'text', text: p.text }];
      case 'image':
        return [{ type: 'image', detail: p.detail ?? 'auto' }];
      case 'audio':
        return [{ type: 'audio' }];
      case 'tool_result':
        return p.content.flatMap(summary);
      default:
        return [];
    }
  };
  const calls = (parts: readonly ChatPart[]): string => parts.map((p) => (p.type === 'tool_call' ? `${p.name}${p.arguments}` : '')).join('');
  return [
    ...chat.system.map((text) => ({ role: 'system', name: null, parts: [{ type: 'text' as const, text }], toolCallText: '' })),
    ...chat.turns.map((t) => ({ role: t.role, name: null, parts: t.parts.flatMap(summary), toolCallText: calls(t.parts) })),
  ];
}

/** The converted path of one client format. */
export function convertedChat<R extends ConvertedRequest>(format: InboundFormat<R>, source: ChatSource<R>): ConvertedChat<R> {
  const chats = new WeakMap<R, ChatRequest>();
  const asChatRequest = (req: R): ChatRequest => {
    let chat = chats.get(req);
    if (!chat) {
      chat = chatRequestOf(source(req));
      chats.set(req, chat);
    }
    return chat;
  };
  return {
    asChatRequest,
    build: (a, req, ctx) => a.buildTextRequest(asChatRequest(req), ctx),
    parseResponse: (a, req, res, ctx) => answerIn(format, req, a.parseTextResponse(asChatRequest(req), res, ctx)),
    openStream: (a, req, ctx) => openChatParts(a, streamView(asChatRequest(req)), ctx),
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
export function openChatParts(a: Adaptor, chat: StreamView<ChatRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const inner = a.openTextStream?.(chat, ctx) ?? ((ev: SseEvent) => a.parseTextStreamEvent(chat, ev, ctx));
  const decoder = new OpenAIChunkDecoder();
  return (event) => {
    const step = inner(event);
    // A failure, or a native decoder's parts: no chunk of the upstream's own goes to this client.
    // (Spreads overwrite keys a step names already: see EMPTY_STEP.)
    if (step.malformed || step.error || step.parts) return step.forward === null && step.more === undefined ? step : { ...step, forward: null, more: undefined };
    // A step may carry several chunks (forward, then `more`); the finish, usage and end go with the last.
    const chunks = [step.forward?.data ?? null, ...(step.more ?? []).map((m) => m.data)];
    const parts = chunks.flatMap((c, i) => (i === chunks.length - 1 ? decoder.decode(c, step.usage, step.finishReason, step.done) : decoder.decode(c, null, null, false)));
    return { ...step, forward: null, more: undefined, parts };
  };
}
