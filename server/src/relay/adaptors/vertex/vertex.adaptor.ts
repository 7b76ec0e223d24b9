import { isJsonObject, parseJson } from '../../../wire/canonical/json';
import type { StreamView } from '../../../wire/canonical/request';
import type { ParsedTextResponse, StreamStep } from '../../../wire/canonical/response';
import { textAsCanonical } from '../../../wire/openai-completions/openai-completions';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import { claudeAdaptor } from '../claude/claude.adaptor';
import { toAnthropicRequest } from '../../../wire/anthropic-messages/request';
import { mapGeminiError } from '../gemini/errors';
import { geminiAdaptor } from '../gemini/gemini.adaptor';
import { toGeminiRequest } from '../../../wire/gemini/request';
import { geminiSettings } from '../gemini/settings';
import type { Adaptor, ChannelContext, ErrorInput, TextRequest, UpstreamRequest, UpstreamResponse } from '../types';
import { vertexCountTokens } from './count-tokens';
import { vertexGeminiNative } from './gemini-native';
import { vertexMessages } from './messages';
import { vertexTokenExchange } from './token';
import { isVertexClaude, VERTEX_ANTHROPIC_VERSION, vertexHeaders, vertexModelUrl, vertexScrubbing } from './vertex-wire';

/*
 * Type 41, Google Vertex AI. The key is a service-account JSON (credentials.ts); the relay gets
 * an OAuth access token through `tokenExchange` (token.ts) and this adaptor sends it as a Bearer.
 * An API key instead is express mode: Gemini models only, on the global project-less URL, the key
 * in `x-goog-api-key`, no exchange (vertex-wire.ts).
 * Calls go to `{host}/v1/projects/{project}/locations/{region}/publishers/{publisher}/models/{model}:{method}`
 * (host from the region, or the channel's base URL): Claude models to publisher `anthropic`
 * (`rawPredict` / `streamRawPredict`, the Messages body without `model` and with
 * `anthropic_version: vertex-2023-10-16`), every other model to publisher `google`
 * (`generateContent` / `streamGenerateContent?alt=sse`). Bodies, answers and streams reuse the
 * Claude and Gemini converters: the wire is the same once the URL and auth are Vertex's.
 */


function buildRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  const chat = textAsCanonical(req, ctx.upstreamModel);
  if (isVertexClaude(ctx)) {
    const { model, ...rest } = toAnthropicRequest(chat);
    const body = { anthropic_version: VERTEX_ANTHROPIC_VERSION, ...rest };
    const url = vertexModelUrl(ctx, 'anthropic', typeof model === 'string' ? model : ctx.upstreamModel, chat.stream ? 'streamRawPredict' : 'rawPredict');
    return { method: 'POST', url, headers: vertexHeaders(ctx, chat.stream), body: JSON.stringify(body), expect: chat.stream ? 'sse' : 'json' };
  }
  // Vertex's Gemini takes the Generative Language body; safety keeps Gemini's default (BLOCK_NONE).
  const { model, body } = toGeminiRequest(chat, geminiSettings(''));
  const url = vertexModelUrl(ctx, 'google', model, chat.stream ? 'streamGenerateContent?alt=sse' : 'generateContent');
  return { method: 'POST', url, headers: vertexHeaders(ctx, chat.stream), body: JSON.stringify(body), expect: chat.stream ? 'sse' : 'json' };
}

function family(ctx: ChannelContext): Adaptor {
  return isVertexClaude(ctx) ? claudeAdaptor : geminiAdaptor;
}

function mapError(input: ErrorInput, ctx: ChannelContext) {
  // Vertex's front answers Google's {error:{code,message,status}}; Claude's own errors come through
  // in Anthropic's {type:"error", error:{type,message}}.
  const body = parseJson(input.text);
  if (isVertexClaude(ctx) && isJsonObject(body) && body.type === 'error') return claudeAdaptor.mapError(input, vertexScrubbing(ctx));
  return mapGeminiError(input, vertexScrubbing(ctx));
}

function parseResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedTextResponse {
  return family(ctx).parseTextResponse(req, res, vertexScrubbing(ctx));
}

function openTextStream(req: StreamView<TextRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const f = family(ctx);
  const c = vertexScrubbing(ctx);
  if (f.openTextStream) return f.openTextStream(req, c);
  return (event) => f.parseTextStreamEvent(req, event, c);
}

const core: Adaptor = {
  type: 41,
  name: 'Google Vertex AI',
  // The host follows the region (region.ts); a base URL set on the channel replaces it.
  defaultBaseUrl: null,
  buildTextRequest: buildRequest,
  parseTextResponse: parseResponse,
  parseTextStreamEvent: (req, event, ctx) => openTextStream(req, ctx)(event),
  openTextStream,
  mapError,
  tokenExchange: vertexTokenExchange,
};

export const vertexAdaptor: Adaptor = { ...core, messages: vertexMessages(core), gemini: vertexGeminiNative(core), countTokens: vertexCountTokens };
