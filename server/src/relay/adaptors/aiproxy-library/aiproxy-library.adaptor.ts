import { baseUrlOf, catalogueBase } from '../base-url';
import type { StreamView } from '../../../wire/canonical/request';
import { transportFailure, type UpstreamFailure } from '../../../wire/canonical/errors';
import { parseJson } from '../../../wire/canonical/json';
import { answered, type ParsedTextResponse, type StreamStep, EMPTY_STEP } from '../../../wire/canonical/response';
import { LibraryStreamDecoder, fromLibraryAnswer, libraryError, toLibraryRequest, type LibraryError } from '../../../wire/aiproxy-library/chat';
import { textAsCanonical } from '../../../wire/openai-completions/openai-completions';
import { scrubAndTruncate } from '../../pipeline/scrub';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import { ChannelConfigError } from '../errors';
import { mapOpenAIError } from '../openai-compatible/error';
import type { Adaptor, ChannelContext, ErrorInput, TextRequest, UpstreamRequest, UpstreamResponse } from '../types';

/*
 * Type 21, AI Proxy Library: `POST {base}/api/library/ask` with the key as a Bearer token and the
 * channel's `other` as the library id (required). Answers and streams converted in
 * wire/aiproxy-library; `{success: false, errCode, errMsg}` in a 200 is the question's failure
 * (not retried); HTTP errors by status (401 disables, 429 and 5xx retried).
 */

const BASE = catalogueBase(21);

function failure(err: LibraryError, ctx: ChannelContext): UpstreamFailure {
  return { class: 'bad_request', retryable: false, disableChannel: false, status: 400, code: scrubAndTruncate(err.code, [ctx.key], 100), type: 'library_error', message: scrubAndTruncate(err.message, [ctx.key], 1000, ctx.baseUrl), retryAfterSeconds: null };
}

function mapError(input: ErrorInput, ctx: ChannelContext): UpstreamFailure {
  const err = libraryError(parseJson(input.text));
  if (err && input.status < 500 && input.status !== 401 && input.status !== 429) return { ...failure(err, ctx), status: input.status };
  return mapOpenAIError(err ? { ...input, text: JSON.stringify({ message: err.message, code: err.code }) } : input, ctx);
}

function buildTextRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  const libraryId = ctx.other.trim();
  if (libraryId === '') throw new ChannelConfigError('AI Proxy Library channel without a library id (other)');
  const chat = textAsCanonical(req, ctx.upstreamModel);
  const base = baseUrlOf(BASE, ctx);
  return {
    method: 'POST',
    url: `${base}/api/library/ask`,
    headers: { Authorization: `Bearer ${ctx.key}`, 'Content-Type': 'application/json', Accept: chat.stream ? 'text/event-stream' : 'application/json' },
    body: JSON.stringify(toLibraryRequest(chat, libraryId)),
    expect: chat.stream ? 'sse' : 'json',
  };
}

function parseTextResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedTextResponse {
  const body = parseJson(res.text);
  const err = libraryError(body);
  if (err) return { ok: false, failure: failure(err, ctx) };
  const answer = fromLibraryAnswer(body, req.model);
  return answer ? answered(answer) : { ok: false, failure: transportFailure('protocol') };
}


function openTextStream(req: StreamView<TextRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const decoder = new LibraryStreamDecoder(req.model);
  return (event) => {
    if (event.data.trim() === '[DONE]') return { ...EMPTY_STEP, done: true };
    const r = decoder.push(event.data);
    if (r.kind === 'malformed') return { ...EMPTY_STEP, malformed: true };
    if (r.kind === 'error') return { ...EMPTY_STEP, error: failure(r.error, ctx), done: true };
    return { ...EMPTY_STEP, parts: r.parts, text: r.text, finishReason: r.done ? 'stop' : null, done: r.done };
  };
}

export const aiproxyLibraryAdaptor: Adaptor = {
  type: 21,
  name: 'AI Proxy Library',
  defaultBaseUrl: BASE.defaultBaseUrl,
  buildTextRequest,
  parseTextResponse,
  parseTextStreamEvent: (req, event, ctx) => openTextStream(req, ctx)(event),
  openTextStream,
  mapError,
};
