import { RelayRequestError, transportFailure } from '../../../wire/canonical/errors';
import { isJsonObject, parseJson } from '../../../wire/canonical/json';
import { answered, type ParsedTextResponse, type StreamStep } from '../../../wire/canonical/response';
import { fromPaLM, toPaLMRequest } from '../../../wire/palm/chat';
import { textAsCanonical } from '../../../wire/openai-completions/openai-completions';
import { mapGeminiError } from '../gemini/errors';
import type { Adaptor, ChannelContext, TextRequest, UpstreamRequest, UpstreamResponse } from '../types';

/*
 * Type 11, Google PaLM 2: `POST {base}/v1beta2/models/{model}:generateMessage?key=<key>`, Google
 * API errors (the Gemini reader: API_KEY_INVALID disables, 429 retried). PaLM has no stream: a
 * stream request must become one chunk, the usage and [DONE], which needs the relay to encode a
 * whole answer as a stream; until it does, a stream request is refused with a 400 naming it.
 */

const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

function buildTextRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  const chat = textAsCanonical(req, ctx.upstreamModel);
  if (chat.stream) throw new RelayRequestError('unsupported_endpoint', 'relay.unsupported_endpoint', 'stream', { type: 11, endpoint: 'chat stream' }, 400);
  const base = (ctx.baseUrl.trim() || DEFAULT_BASE_URL).replace(/\/+$/, '');
  return {
    method: 'POST',
    url: `${base}/v1beta2/models/${encodeURIComponent(chat.model)}:generateMessage?key=${encodeURIComponent(ctx.key)}`,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(toPaLMRequest(chat)),
    expect: 'json',
  };
}

function parseTextResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedTextResponse {
  const body = parseJson(res.text);
  if (isJsonObject(body) && isJsonObject(body.error)) return { ok: false, failure: { ...mapGeminiError({ status: 502, text: res.text }, ctx), retryable: false } };
  const answer = fromPaLM(body, req.model);
  return answer ? answered(answer) : { ok: false, failure: transportFailure('protocol') };
}

const NO_STREAM: StreamStep = { forward: null, text: '', toolCalls: 0, usage: null, finishReason: null, done: false, error: null, malformed: true };

export const palmAdaptor: Adaptor = {
  type: 11,
  name: 'Google PaLM2',
  defaultBaseUrl: DEFAULT_BASE_URL,
  buildTextRequest,
  parseTextResponse,
  // Never called: no stream request is built.
  parseTextStreamEvent: () => NO_STREAM,
  mapError: mapGeminiError,
};
