import { anthropicCountBody, parseInputTokens } from '../claude/count-tokens';
import { geminiCountPrompt, parseTotalTokens } from '../gemini/count-tokens';
import { geminiSettings } from '../gemini/settings';
import type { CountTokensCapability, CountTokensRequest, ChannelContext, UpstreamRequest } from '../types';
import { isVertexClaude, vertexHeaders, vertexModelUrl, vertexScrubbing } from './vertex-wire';

/*
 * Token counting on Vertex AI. Claude models: `POST …/publishers/anthropic/models/count-tokens:rawPredict`
 * with the Messages body, `model` included (Google's "Count tokens for Claude models"; what
 * `@anthropic-ai/vertex-sdk` sends for `messages.countTokens`), answer `{input_tokens}`. Gemini
 * models: `POST …/publishers/google/models/{model}:countTokens` with the prompt fields (contents,
 * systemInstruction, tools) at the top level, answer `{totalTokens}`; in express mode on the
 * project-less URL with the API key. Either client format is converted to the model's.
 */

function buildRequest(req: CountTokensRequest, ctx: ChannelContext): UpstreamRequest {
  const headers = vertexHeaders(ctx, false);
  if (isVertexClaude(ctx)) {
    const body = anthropicCountBody(req, ctx.upstreamModel);
    if (req.endpoint === 'messages' && req.anthropicBeta) headers['anthropic-beta'] = req.anthropicBeta;
    return { method: 'POST', url: vertexModelUrl(ctx, 'anthropic', 'count-tokens', 'rawPredict'), headers, body: JSON.stringify(body), expect: 'json' };
  }
  // Vertex's Gemini takes the Generative Language body; its settings are Gemini's defaults.
  const { model, prompt } = geminiCountPrompt(req, ctx.upstreamModel, geminiSettings(''));
  return { method: 'POST', url: vertexModelUrl(ctx, 'google', model, 'countTokens'), headers, body: JSON.stringify(prompt), expect: 'json' };
}

export const vertexCountTokens: CountTokensCapability = {
  buildRequest,
  parseCount: (res, ctx) => (isVertexClaude(ctx) ? parseInputTokens(res, vertexScrubbing(ctx)) : parseTotalTokens(res, vertexScrubbing(ctx))),
};
