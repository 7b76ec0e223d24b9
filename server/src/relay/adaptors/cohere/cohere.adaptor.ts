import { CohereStreamDecoder, fromCohereChat, toCohereChat } from '../../../wire/cohere/chat';
import type { StreamView } from '../../../wire/canonical/request';
import { fromCohereRerank, toCohereRerank } from '../../../wire/cohere/rerank';
import { transportFailure } from '../../../wire/canonical/errors';
import { isJsonObject, parseJson } from '../../../wire/canonical/json';
import { answered, decodedStep, type ParsedTextResponse, type StreamStep } from '../../../wire/canonical/response';
import { textAsCanonical } from '../../../wire/openai-completions/openai-completions';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import { mapOpenAIError } from '../openai-compatible/error';
import type { Adaptor, ChannelContext, ErrorInput, RerankCapability, TextRequest, UpstreamRequest, UpstreamResponse } from '../types';

/*
 * Type 34, Cohere: chat through `POST {base}/v1/chat` (codec in wire/cohere), rerank through
 * `POST {base}/v1/rerank` (a client calling our `/v1/rerank` with a v2 body gets the same: the two
 * bodies are one shape). `Authorization: Bearer <key>`. Errors are `{"message"}` with the status:
 * 401 disables the channel, 429 and 5xx are retried elsewhere (the shared classification).
 * The v1 chat stream (`stream: true`) is newline-delimited JSON (`application/stream+json`): the
 * relay's NDJSON framing gives the decoder in wire/cohere one line at a time (stream-start,
 * text-generation, stream-end with the billed units), so the answer is relayed as it arrives.
 */

const DEFAULT_BASE_URL = 'https://api.cohere.ai';

function url(ctx: ChannelContext, path: string): string {
  const base = (ctx.baseUrl.trim() || DEFAULT_BASE_URL).replace(/\/+$/, '');
  return `${base}${path}`;
}

function headers(ctx: ChannelContext): Record<string, string> {
  return { Authorization: `Bearer ${ctx.key}`, 'Content-Type': 'application/json', Accept: 'application/json' };
}

function buildTextRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  const chat = textAsCanonical(req, ctx.upstreamModel);
  return { method: 'POST', url: url(ctx, '/v1/chat'), headers: headers(ctx), body: JSON.stringify(toCohereChat(chat)), expect: chat.stream ? 'ndjson' : 'json' };
}

function mapError(input: ErrorInput, ctx: ChannelContext) {
  return mapOpenAIError(input, ctx);
}

function parseTextResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedTextResponse {
  const body = parseJson(res.text);
  const answer = fromCohereChat(body, req.model);
  if (answer) return answered(answer);
  if (isJsonObject(body) && typeof body.message === 'string') return { ok: false, failure: { ...mapError({ status: 502, text: res.text }, ctx), retryable: false } };
  return { ok: false, failure: transportFailure('protocol') };
}


function openTextStream(req: StreamView<TextRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const decoder = new CohereStreamDecoder(req.model);
  return (event) => {
    const r = decoder.push(event.data);
    return decodedStep(r, (message) => mapError({ status: 502, text: JSON.stringify({ message }) }, ctx));
  };
}

const rerank: RerankCapability = {
  buildRequest: (req, ctx) => ({ method: 'POST', url: url(ctx, '/v1/rerank'), headers: headers(ctx), body: JSON.stringify(toCohereRerank(ctx.upstreamModel, req.body)), expect: 'json' }),
  parseResponse: (_req, res, ctx) => {
    const body = parseJson(res.text);
    const parsed = fromCohereRerank(body);
    if (!parsed) return { ok: false, failure: isJsonObject(body) && typeof body.message === 'string' ? { ...mapError({ status: 502, text: res.text }, ctx), retryable: false } : transportFailure('protocol') };
    return { ok: true, clientBody: res.text, usage: parsed.usage, finishReason: null, outputText: '', toolCalls: 0 };
  },
};

export const cohereAdaptor: Adaptor = {
  type: 34,
  name: 'Cohere',
  defaultBaseUrl: DEFAULT_BASE_URL,
  buildTextRequest,
  parseTextResponse,
  parseTextStreamEvent: (req, event, ctx) => openTextStream(req, ctx)(event),
  openTextStream,
  mapError,
  rerank,
};
