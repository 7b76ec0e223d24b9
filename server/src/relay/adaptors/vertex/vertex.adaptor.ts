import { RelayRequestError } from '../../canonical/errors';
import { isJsonObject, parseJson } from '../../canonical/json';
import type { ParsedResponse, StreamStep } from '../../canonical/response';
import { chatFromOpenAI } from '../../inbound/openai-chat';
import type { SseEvent } from '../../sse/sse-parser';
import { claudeAdaptor } from '../claude/claude.adaptor';
import { toAnthropicRequest } from '../claude/request';
import { mapGeminiError } from '../gemini/errors';
import { geminiAdaptor } from '../gemini/gemini.adaptor';
import { toGeminiRequest } from '../gemini/request';
import { geminiSettings } from '../gemini/settings';
import type { Adaptor, ChannelContext, ErrorInput, TextRequest, UpstreamRequest, UpstreamResponse } from '../types';
import { vertexCredentials } from './credentials';
import { regionHost, vertexRegion } from './region';
import { vertexTokenExchange } from './token';

/*
 * Type 41, Google Vertex AI. The key is a service-account JSON (credentials.ts); the relay gets
 * an OAuth access token through `tokenExchange` (token.ts) and this adaptor sends it as a Bearer.
 * Calls go to `{host}/v1/projects/{project}/locations/{region}/publishers/{publisher}/models/{model}:{method}`
 * (host from the region, or the channel's base URL): Claude models to publisher `anthropic`
 * (`rawPredict` / `streamRawPredict`, the Messages body without `model` and with
 * `anthropic_version: vertex-2023-10-16`), every other model to publisher `google`
 * (`generateContent` / `streamGenerateContent?alt=sse`). Bodies, answers and streams reuse the
 * Claude and Gemini converters: the wire is the same once the URL and auth are Vertex's.
 */

export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

type Publisher = 'anthropic' | 'google';

function publisherOf(model: string): Publisher {
  return model.toLowerCase().startsWith('claude') ? 'anthropic' : 'google';
}

/** Vertex model ids keep their `@version` (claude-sonnet-4@20250514). */
function modelSegment(model: string): string {
  return encodeURIComponent(model).replace(/%40/g, '@');
}

function modelUrl(ctx: ChannelContext, publisher: Publisher, model: string, method: string): string {
  const creds = vertexCredentials(ctx.key);
  const region = vertexRegion(ctx.other, ctx.upstreamModel);
  const host = (ctx.baseUrl.trim() || regionHost(region)).replace(/\/+$/, '');
  return `${host}/v1/projects/${encodeURIComponent(creds.projectId)}/locations/${region}/publishers/${publisher}/models/${modelSegment(model)}:${method}`;
}

function headers(ctx: ChannelContext, stream: boolean): Record<string, string> {
  // The relay always runs the exchange first; a missing token is a relay bug, not a client's.
  if (!ctx.accessToken) throw new Error('Vertex AI call built without an access token');
  return { Authorization: `Bearer ${ctx.accessToken}`, 'Content-Type': 'application/json', Accept: stream ? 'text/event-stream' : 'application/json' };
}

function chatOnly(req: TextRequest): Extract<TextRequest, { endpoint: 'chat' }> {
  if (req.endpoint !== 'chat') throw new RelayRequestError('unsupported_endpoint', 'relay.unsupported_endpoint', null, { type: 41, endpoint: 'completions' }, 400);
  return req;
}

function buildRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  const chat = chatFromOpenAI(chatOnly(req), ctx.upstreamModel);
  if (publisherOf(ctx.upstreamModel) === 'anthropic') {
    const { model, ...rest } = toAnthropicRequest(chat);
    const body = { anthropic_version: VERTEX_ANTHROPIC_VERSION, ...rest };
    const url = modelUrl(ctx, 'anthropic', typeof model === 'string' ? model : ctx.upstreamModel, chat.stream ? 'streamRawPredict' : 'rawPredict');
    return { method: 'POST', url, headers: headers(ctx, chat.stream), body: JSON.stringify(body), expect: chat.stream ? 'sse' : 'json' };
  }
  // Vertex's Gemini takes the Generative Language body; safety keeps Gemini's default (BLOCK_NONE).
  const { model, body } = toGeminiRequest(chat, geminiSettings(''));
  const url = modelUrl(ctx, 'google', model, chat.stream ? 'streamGenerateContent?alt=sse' : 'generateContent');
  return { method: 'POST', url, headers: headers(ctx, chat.stream), body: JSON.stringify(body), expect: chat.stream ? 'sse' : 'json' };
}

/** Errors are scrubbed of the token the call carried, besides the key. */
function scrubbing(ctx: ChannelContext): ChannelContext {
  return ctx.accessToken ? { ...ctx, key: ctx.accessToken } : ctx;
}

function family(ctx: ChannelContext): Adaptor {
  return publisherOf(ctx.upstreamModel) === 'anthropic' ? claudeAdaptor : geminiAdaptor;
}

function mapError(input: ErrorInput, ctx: ChannelContext) {
  // Vertex's front answers Google's {error:{code,message,status}}; Claude's own errors come through
  // in Anthropic's {type:"error", error:{type,message}}.
  const body = parseJson(input.text);
  if (publisherOf(ctx.upstreamModel) === 'anthropic' && isJsonObject(body) && body.type === 'error') return claudeAdaptor.mapError(input, scrubbing(ctx));
  return mapGeminiError(input, scrubbing(ctx));
}

function parseResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse {
  return family(ctx).parseTextResponse(req, res, scrubbing(ctx));
}

function openTextStream(req: TextRequest, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const f = family(ctx);
  const c = scrubbing(ctx);
  if (f.openTextStream) return f.openTextStream(req, c);
  return (event) => f.parseTextStreamEvent(req, event, c);
}

export const vertexAdaptor: Adaptor = {
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
