import * as converted from '../../pipeline/converted-messages';
import type { MessagesRequest } from '../../../wire/canonical/request';
import { claudeMessages } from '../claude/messages';
import type { Adaptor, ChannelContext, MessagesCapability, UpstreamRequest } from '../types';
import { isVertexClaude, vertexHeaders, vertexModelUrl, VERTEX_ANTHROPIC_VERSION, vertexScrubbing } from './vertex-wire';

/*
 * `POST /v1/messages` on a Vertex channel. Claude models: the client's body goes to
 * rawPredict / streamRawPredict as sent, with only `model` moved into the URL (mapped) and
 * `anthropic_version: vertex-2023-10-16` in the body; `anthropic-beta` is passed on; answers
 * and events reach the client as Claude wrote them (the Claude passthrough's readers). Other
 * models (Gemini) are converted through the canonical chat like any channel without Messages.
 */

// Only the Claude passthrough's readers are used; its URL and headers are not.
const claudeReaders = claudeMessages('');

function buildPassthrough(req: MessagesRequest, ctx: ChannelContext): UpstreamRequest {
  const { model: _client, anthropic_version: _version, ...rest } = req.body;
  const body = { anthropic_version: VERTEX_ANTHROPIC_VERSION, ...rest };
  const headers = vertexHeaders(ctx, req.stream);
  if (req.anthropicBeta) headers['anthropic-beta'] = req.anthropicBeta;
  const url = vertexModelUrl(ctx, 'anthropic', ctx.upstreamModel, req.stream ? 'streamRawPredict' : 'rawPredict');
  return { method: 'POST', url, headers, body: JSON.stringify(body), expect: req.stream ? 'sse' : 'json' };
}

export function vertexMessages(core: Adaptor): MessagesCapability {
  return {
    buildRequest: (req, ctx) => (isVertexClaude(ctx) ? buildPassthrough(req, ctx) : converted.build(core, req, ctx)),
    parseResponse: (req, res, ctx) => (isVertexClaude(ctx) ? claudeReaders.parseResponse(req, res, vertexScrubbing(ctx)) : converted.parseResponse(core, req, res, ctx)),
    openStream: (req, ctx) => (isVertexClaude(ctx) ? claudeReaders.openStream(req, vertexScrubbing(ctx)) : converted.openStream(core, req, ctx)),
  };
}
