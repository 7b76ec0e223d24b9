import { baseUrlOf, catalogueBase } from '../base-url';
import type { StreamView } from '../../../wire/canonical/request';
import { transportFailure } from '../../../wire/canonical/errors';
import { parseJson } from '../../../wire/canonical/json';
import { answered, decodedStep, type ParsedTextResponse, type StreamStep } from '../../../wire/canonical/response';
import { DifyStreamDecoder, fromDifyMessage, toDifyRequest } from '../../../wire/dify/chat';
import { textAsCanonical } from '../../../wire/openai-completions/openai-completions';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import { mapOpenAIError } from '../openai-compatible/error';
import type { Adaptor, ChannelContext, TextRequest, UpstreamRequest, UpstreamResponse } from '../types';

/*
 * Type 37, Dify chat apps: `POST {base}/v1/chat-messages` with the app key as a Bearer token,
 * blocking for whole answers and streaming for streams (codec in wire/dify). The channel's
 * `other` containing `progress` (or `debug`) shows workflow and node events as text in streams;
 * otherwise they are skipped. Errors are `{code, message, status}` with the HTTP status (the
 * shared reader: 401 disables, 429 and 5xx retried); a stream's `error` event ends the stream.
 */

const BASE = catalogueBase(37);

function buildTextRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  const chat = textAsCanonical(req, ctx.upstreamModel);
  const base = baseUrlOf(BASE, ctx);
  return {
    method: 'POST',
    url: `${base}/v1/chat-messages`,
    headers: { Authorization: `Bearer ${ctx.key}`, 'Content-Type': 'application/json', Accept: chat.stream ? 'text/event-stream' : 'application/json' },
    body: JSON.stringify(toDifyRequest(chat)),
    expect: chat.stream ? 'sse' : 'json',
  };
}

function parseTextResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedTextResponse {
  const answer = fromDifyMessage(parseJson(res.text), req.model);
  if (answer) return answered(answer);
  return { ok: false, failure: res.text.includes('"message"') ? { ...mapOpenAIError({ status: 502, text: res.text }, ctx), retryable: false } : transportFailure('protocol') };
}


function openTextStream(req: StreamView<TextRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const decoder = new DifyStreamDecoder(req.model, /progress|debug/i.test(ctx.other));
  return (event) => {
    const r = decoder.push(event.data);
    return decodedStep(r, (e) => mapOpenAIError({ status: e.status >= 400 ? e.status : 502, text: JSON.stringify({ code: e.code, message: e.message }) }, ctx));
  };
}

export const difyAdaptor: Adaptor = {
  type: 37,
  name: 'Dify',
  defaultBaseUrl: BASE.defaultBaseUrl,
  buildTextRequest,
  parseTextResponse,
  parseTextStreamEvent: (req, event, ctx) => openTextStream(req, ctx)(event),
  openTextStream,
  mapError: (input, ctx) => mapOpenAIError(input, ctx),
};
