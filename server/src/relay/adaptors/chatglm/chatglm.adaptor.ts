import { ChatGLMStreamDecoder, chatglmError, fromChatGLM, toChatGLMRequest, type ChatGLMError } from '../../../wire/chatglm/chat';
import type { StreamView } from '../../../wire/canonical/request';
import { transportFailure, type ErrorClass, type UpstreamFailure } from '../../../wire/canonical/errors';
import { parseJson } from '../../../wire/canonical/json';
import { answered, decodedStep, type ParsedTextResponse, type StreamStep } from '../../../wire/canonical/response';
import { textAsCanonical } from '../../../wire/openai-completions/openai-completions';
import { scrubAndTruncate } from '../../pipeline/scrub';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import { mapOpenAIError } from '../openai-compatible/error';
import type { Adaptor, ChannelContext, ErrorInput, TextRequest, UpstreamRequest, UpstreamResponse } from '../types';
import { chatglmCredentials, chatglmToken } from './jwt';

/*
 * Type 16, Zhipu ChatGLM (API v3): `POST {base}/api/paas/v3/model-api/{model}/invoke`, or
 * `/sse-invoke` for a stream, `Authorization: <JWT>` minted from the `id.secret` key at send time
 * and cached (jwt.ts). Bodies and answers converted in wire/chatglm; `{code, msg}` errors by code:
 * 1000/1002/1004 the key is refused (disables), 1003 an expired token, 1113 arrears (disables),
 * 1302-1305 rate limits and 500 internal errors (retried elsewhere), the rest the request's.
 * The usage of a stream travels in the `finish` event's non-standard `meta:` field: the request
 * asks the relay's SSE parser to keep it (`sseFields`), and the stream is billed by that usage.
 */

const DEFAULT_BASE_URL = 'https://open.bigmodel.cn';

const BY_CODE: Readonly<Record<number, { cls: ErrorClass; status: number; retryable: boolean; disable: boolean }>> = {
  1000: { cls: 'auth', status: 401, retryable: false, disable: true },
  1001: { cls: 'auth', status: 401, retryable: false, disable: false },
  1002: { cls: 'auth', status: 401, retryable: false, disable: true },
  1003: { cls: 'auth', status: 401, retryable: true, disable: false },
  1004: { cls: 'auth', status: 401, retryable: false, disable: true },
  1113: { cls: 'billing', status: 402, retryable: false, disable: true },
  1302: { cls: 'rate_limit', status: 429, retryable: true, disable: false },
  1303: { cls: 'rate_limit', status: 429, retryable: true, disable: false },
  1304: { cls: 'rate_limit', status: 429, retryable: true, disable: false },
  1305: { cls: 'rate_limit', status: 429, retryable: true, disable: false },
  500: { cls: 'server', status: 500, retryable: true, disable: false },
};

function failure(err: ChatGLMError, ctx: ChannelContext): UpstreamFailure {
  const r = BY_CODE[err.code] ?? { cls: 'bad_request' as const, status: 400, retryable: false, disable: false };
  const secrets = [ctx.key, ...ctx.key.split('.')];
  return { class: r.cls, retryable: r.retryable, disableChannel: r.disable, status: r.status, code: String(err.code), type: 'chatglm_error', message: scrubAndTruncate(err.message, secrets, 1000, ctx.baseUrl), retryAfterSeconds: null };
}

function mapError(input: ErrorInput, ctx: ChannelContext): UpstreamFailure {
  const err = chatglmError(parseJson(input.text));
  return err ? failure(err, ctx) : mapOpenAIError(input, ctx);
}

/** The `finish` event's `meta:` line (task status and usage). */
const SSE_FIELDS: readonly string[] = Object.freeze(['meta']);

function buildTextRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  chatglmCredentials(ctx.key);
  const chat = textAsCanonical(req, ctx.upstreamModel);
  const base = (ctx.baseUrl.trim() || DEFAULT_BASE_URL).replace(/\/+$/, '');
  return {
    method: 'POST',
    url: `${base}/api/paas/v3/model-api/${encodeURIComponent(chat.model)}/${chat.stream ? 'sse-invoke' : 'invoke'}`,
    headers: { 'Content-Type': 'application/json', Accept: chat.stream ? 'text/event-stream' : 'application/json' },
    body: JSON.stringify(toChatGLMRequest(chat)),
    expect: chat.stream ? 'sse' : 'json',
    ...(chat.stream ? { sseFields: SSE_FIELDS } : {}),
  };
}

function parseTextResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedTextResponse {
  const body = parseJson(res.text);
  const err = chatglmError(body);
  if (err) return { ok: false, failure: failure(err, ctx) };
  const answer = fromChatGLM(body, req.model);
  return answer ? answered(answer) : { ok: false, failure: transportFailure('protocol') };
}


function openTextStream(req: StreamView<TextRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  let decoder: ChatGLMStreamDecoder | null = null;
  return (event) => {
    decoder ??= new ChatGLMStreamDecoder(req.model, event.id ?? '');
    const r = decoder.push(event.event, event.data, event.fields?.meta ?? null);
    return decodedStep(r, (e) => failure(e, ctx));
  };
}

export const chatglmAdaptor: Adaptor = {
  type: 16,
  name: 'Zhipu ChatGLM',
  defaultBaseUrl: DEFAULT_BASE_URL,
  buildTextRequest,
  parseTextResponse,
  parseTextStreamEvent: (req, event, ctx) => openTextStream(req, ctx)(event),
  openTextStream,
  mapError,
  signRequest: (req, ctx, now) => Promise.resolve({ ...req, headers: { ...req.headers, Authorization: chatglmToken(ctx.key, now.getTime()) } }),
};
