import { baseUrlOf, catalogueBase } from '../base-url';
import type { StreamView } from '../../../wire/canonical/request';
import { parseJson } from '../../../wire/canonical/json';
import { answered, type ParsedTextResponse, type StreamStep, EMPTY_STEP } from '../../../wire/canonical/response';
import { textAsCanonical } from '../../../wire/openai-completions/openai-completions';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import type { Adaptor, ChannelContext, TextRequest, UpstreamRequest, UpstreamResponse } from '../types';
import { geminiCountTokens } from './count-tokens';
import { geminiEmbeddings, geminiNativeEmbed } from './embeddings';
import { geminiNative } from './native';
import { mapGeminiError } from './errors';
import { toGeminiRequest } from '../../../wire/gemini/request';
import { fromGeminiResponse, GeminiStreamDecoder } from '../../../wire/gemini/response';
import { geminiSettings } from './settings';

/*
 * Type 24, Google Gemini (Generative Language API): `POST {base}/{version}/models/{model}:generateContent`
 * and `:streamGenerateContent?alt=sse`, the key in `x-goog-api-key` (never in the URL, where
 * it would reach logs). OpenAI chat requests are converted through the canonical chat
 * (inbound/openai-chat.ts -> request.ts); answers and stream events come back as canonical
 * results (response.ts), which the client's inbound format encodes. Version and safety settings come from the channel's `other` (settings.ts).
 */

const BASE = catalogueBase(24);

function baseUrl(ctx: ChannelContext): string {
  return baseUrlOf(BASE, ctx);
}

/** `{base}/{version}/models/{model}:{method}`, the version from the channel's settings. */
function modelUrl(ctx: ChannelContext, model: string, method: string): string {
  return `${baseUrl(ctx)}/${geminiSettings(ctx.other).version}/models/${encodeURIComponent(model)}:${method}`;
}

export function geminiHeaders(ctx: ChannelContext): Record<string, string> {
  return { 'x-goog-api-key': ctx.key, 'Content-Type': 'application/json' };
}


function buildRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  const settings = geminiSettings(ctx.other);
  const chat = textAsCanonical(req, ctx.upstreamModel);
  const { model, body } = toGeminiRequest(chat, settings);
  const method = chat.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return {
    method: 'POST',
    url: modelUrl(ctx, model, method),
    headers: { ...geminiHeaders(ctx), Accept: chat.stream ? 'text/event-stream' : 'application/json' },
    body: JSON.stringify(body),
    expect: chat.stream ? 'sse' : 'json',
  };
}

/** Google answers without an id of its own in some versions; OpenAI clients expect one. */
function answerId(id: string): string {
  return id !== '' ? `chatcmpl-${id}` : `chatcmpl-gemini-${Date.now().toString(36)}`;
}

function parseResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedTextResponse {
  const answer = fromGeminiResponse(parseJson(res.text));
  if (!answer) {
    const failure = mapGeminiError({ status: 502, text: res.text }, ctx);
    return { ok: false, failure: { ...failure, retryable: false, disableChannel: false } };
  }
  // The client asked for its public model name; Google's modelVersion is the upstream's.
  return answered({ ...answer, id: answerId(answer.id), model: req.model });
}


/**
 * One decoder per streamed answer: Gemini events in, canonical stream parts out (the client's
 * inbound format encodes them). The answer is named as for a whole answer: an id of its own when
 * Google sent none, and the client's public model. It finishes when every candidate asked (`n`;
 * a completion's n > 1 is refused before sending) has.
 */
function openTextStream(req: StreamView<TextRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const decoder = new GeminiStreamDecoder(req.n);
  return (event) => {
    const r = decoder.push(parseJson(event.data.trim()));
    if (r.kind === 'malformed') return { ...EMPTY_STEP, malformed: true };
    if (r.kind === 'error') return { ...EMPTY_STEP, error: { ...mapGeminiError({ status: 502, text: JSON.stringify(r.body) }, ctx), disableChannel: false }, done: true };
    const parts = r.parts.map((p) => (p.type === 'start' ? { ...p, id: answerId(p.id), model: req.model } : p));
    return { ...EMPTY_STEP, parts, text: r.text, toolCalls: r.toolCalls, usage: r.usage, finishReason: r.finish };
  };
}

export const geminiAdaptor: Adaptor = {
  type: 24,
  name: 'Google Gemini',
  defaultBaseUrl: BASE.defaultBaseUrl,
  buildTextRequest: buildRequest,
  parseTextResponse: parseResponse,
  // Stateless use cannot number tool calls across events; the relay opens a stream.
  parseTextStreamEvent: (req, event, ctx) => openTextStream(req, ctx)(event),
  openTextStream,
  mapError: mapGeminiError,
  embeddings: geminiEmbeddings(modelUrl, geminiHeaders),
  gemini: { ...geminiNative, embed: geminiNativeEmbed(modelUrl, geminiHeaders) },
  countTokens: geminiCountTokens(modelUrl, geminiHeaders),
};
