import { baseUrlOf, catalogueBase } from '../base-url';
import type { StreamView } from '../../../wire/canonical/request';
import { parseJson } from '../../../wire/canonical/json';
import { answered, type ParsedTextResponse, type StreamStep, EMPTY_STEP } from '../../../wire/canonical/response';
import { textAsCanonical } from '../../../wire/openai-completions/openai-completions';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import { failureFromBody, mapOpenAIError } from '../openai-compatible/error';
import type { Adaptor, ChannelContext, TextRequest, UpstreamRequest, UpstreamResponse } from '../types';
import { claudeCountTokens } from './count-tokens';
import { claudeMessages } from './messages';
import { DEFAULT_ANTHROPIC_VERSION } from '../../../wire/anthropic-messages/models';
import { toAnthropicRequest } from '../../../wire/anthropic-messages/request';
import { ClaudeStreamDecoder, fromClaudeMessage } from '../../../wire/anthropic-messages/response';

/*
 * Type 14, Anthropic Claude: the Messages API (`POST {base}/v1/messages`, `x-api-key`,
 * `anthropic-version`). OpenAI chat requests are converted through the canonical chat
 * (inbound/openai-chat.ts -> request.ts); answers and stream events come back as canonical
 * results (response.ts), which the client's inbound format encodes. Errors arrive as {type:"error", error:{type, message}}, which the shared
 * reader understands: 401 authentication_error and 402 billing_error disable the channel,
 * 429 and 529 overloaded_error are retried on another channel (rule 21).
 */

const BASE = catalogueBase(14);

function messagesUrl(ctx: ChannelContext): string {
  const base = baseUrlOf(BASE, ctx);
  return `${base}/v1/messages`;
}

export function claudeHeaders(ctx: ChannelContext): Record<string, string> {
  return { 'x-api-key': ctx.key, 'anthropic-version': DEFAULT_ANTHROPIC_VERSION, 'Content-Type': 'application/json' };
}


function buildRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  const chat = textAsCanonical(req, ctx.upstreamModel);
  const body = toAnthropicRequest(chat);
  // Added to the fresh object, not spread into another (see authHeaders in openai-compatible).
  const headers = claudeHeaders(ctx);
  headers.Accept = chat.stream ? 'text/event-stream' : 'application/json';
  return {
    method: 'POST',
    url: messagesUrl(ctx),
    headers,
    body: JSON.stringify(body),
    expect: chat.stream ? 'sse' : 'json',
  };
}

function parseResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedTextResponse {
  const body = parseJson(res.text);
  const message = fromClaudeMessage(body);
  if (!message) {
    // An error object in a 200, or something that is not a message at all.
    const failure = mapOpenAIError({ status: 502, text: res.text }, ctx);
    return { ok: false, failure: { ...failure, retryable: false } };
  }
  return answered({ ...message, model: message.model || req.model });
}


/**
 * One decoder per streamed answer: Anthropic events in, canonical stream parts out (the client's
 * inbound format encodes them: OpenAI chunks, Gemini chunks). The upstream's own bytes never
 * reach a client of another format.
 */
function openTextStream(_req: StreamView<TextRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const decoder = new ClaudeStreamDecoder();
  return (event) => {
    const r = decoder.push(parseJson(event.data.trim()));
    if (r.kind === 'malformed') return { ...EMPTY_STEP, malformed: true };
    if (r.kind === 'error') return { ...EMPTY_STEP, error: failureFromBody(r.body, ctx), done: true };
    return {
      ...EMPTY_STEP,
      parts: r.parts,
      text: r.text,
      toolCalls: r.toolCalls,
      usage: r.usage,
      finishReason: r.finish,
      done: r.parts.some((p) => p.type === 'end'),
    };
  };
}

export const claudeAdaptor: Adaptor = {
  type: 14,
  name: 'Anthropic Claude',
  defaultBaseUrl: BASE.defaultBaseUrl,
  buildTextRequest: buildRequest,
  parseTextResponse: parseResponse,
  // Stateless use (one event out of context) cannot number tool calls; the relay opens a stream.
  parseTextStreamEvent: (req, event, ctx) => openTextStream(req, ctx)(event),
  openTextStream,
  mapError: (input, ctx) => mapOpenAIError(input, ctx),
  messages: claudeMessages(BASE.defaultBaseUrl ?? ''),
  countTokens: claudeCountTokens(BASE.defaultBaseUrl ?? ''),
};
