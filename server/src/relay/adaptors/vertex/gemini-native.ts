import * as converted from '../../pipeline/converted-gemini';
import type { GeminiRequest } from '../../../wire/canonical/request';
import { geminiNative } from '../gemini/native';
import type { Adaptor, ChannelContext, GeminiNativeCapability, UpstreamRequest } from '../types';
import { isVertexClaude, vertexHeaders, vertexModelUrl, vertexScrubbing } from './vertex-wire';

/*
 * Gemini-native inbound (`/v1beta/models/{model}:generateContent`) on a Vertex channel. Gemini
 * models: the client's body goes to `publishers/google` as sent (the model, mapped, is in the
 * URL; streams asked as SSE upstream, framed for the client by the relay), answers and events
 * as Google wrote them (the Gemini passthrough's readers). Claude models are converted through
 * the canonical chat like any channel without a Gemini capability.
 */

function buildPassthrough(req: GeminiRequest, ctx: ChannelContext): UpstreamRequest {
  const url = vertexModelUrl(ctx, 'google', ctx.upstreamModel, req.stream ? 'streamGenerateContent?alt=sse' : 'generateContent');
  return { method: 'POST', url, headers: vertexHeaders(ctx, req.stream), body: JSON.stringify(req.body), expect: req.stream ? 'sse' : 'json' };
}

export function vertexGeminiNative(core: Adaptor): GeminiNativeCapability {
  return {
    buildRequest: (req, ctx) => (isVertexClaude(ctx) ? converted.build(core, req, ctx) : buildPassthrough(req, ctx)),
    parseResponse: (req, res, ctx) => (isVertexClaude(ctx) ? converted.parseResponse(core, req, res, ctx) : geminiNative.parseResponse(req, res, vertexScrubbing(ctx))),
    openStream: (req, ctx) => (isVertexClaude(ctx) ? converted.openStream(core, req, ctx) : geminiNative.openStream(req, vertexScrubbing(ctx))),
  };
}
