import { isJsonObject, parseJson, type JsonObject } from '../../../wire/canonical/json';
import { chatFromAnthropic } from '../../../wire/anthropic-messages/anthropic-messages';
import type { ChannelContext, CountAnswer, CountTokensCapability, CountTokensRequest, UpstreamRequest, UpstreamResponse } from '../types';
import { mapGeminiError } from './errors';
import { toGeminiRequest } from '../../../wire/gemini/request';
import { geminiSettings, type GeminiSettings } from './settings';

/*
 * Google's token counting: `POST {base}/{version}/models/{model}:countTokens`, answer
 * `{totalTokens}`. The body is `{contents}` or `{generateContentRequest: {model, contents,
 * systemInstruction, tools, …}}` (the second counts the system instruction and tools too). A
 * Gemini client's body goes through with only the model mapped; a Messages body is converted
 * through the canonical chat. Vertex AI's `:countTokens` takes the prompt fields at the top level.
 */

/** The GenerateContentRequest a countTokens body counts: its `generateContentRequest`, or the body itself. */
export function countedContent(body: JsonObject): JsonObject {
  const inner = body.generateContentRequest ?? body.generate_content_request;
  return isJsonObject(inner) ? inner : body;
}

/** The prompt of a count request in Gemini's shape (contents, system instruction, tools) and the model to count with. */
export function geminiCountPrompt(req: CountTokensRequest, model: string, settings: GeminiSettings): { model: string; prompt: JsonObject } {
  const source = req.endpoint === 'gemini' ? { model, body: countedContent(req.body) } : toGeminiRequest(chatFromAnthropic(req, model), settings);
  const b = source.body;
  const prompt: JsonObject = {};
  const contents = b.contents;
  prompt.contents = Array.isArray(contents) ? contents : [];
  const system = b.systemInstruction ?? b.system_instruction;
  if (system !== undefined) prompt.systemInstruction = system;
  if (b.tools !== undefined) prompt.tools = b.tools;
  return { model: source.model, prompt };
}

/** `{totalTokens}`; Google leaves zero counts out of its JSON, so an answer without it counted nothing. */
export function parseTotalTokens(res: UpstreamResponse, ctx: ChannelContext): CountAnswer {
  const body = parseJson(res.text);
  const n = isJsonObject(body) && !('error' in body) ? (body.totalTokens ?? body.total_tokens ?? 0) : null;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 0) return { ok: true, inputTokens: n, wire: 'gemini' };
  return { ok: false, failure: { ...mapGeminiError({ status: 502, text: res.text }, ctx), retryable: false, disableChannel: false } };
}

/** The Generative Language body: the client's own (model mapped inside a generateContentRequest), or the converted prompt wrapped. */
function countBody(req: CountTokensRequest, model: string, settings: GeminiSettings): { model: string; body: JsonObject } {
  if (req.endpoint === 'gemini') {
    const inner = countedContent(req.body);
    if (inner === req.body) return { model, body: req.body };
    return { model, body: { generateContentRequest: { ...inner, model: `models/${model}` } } };
  }
  const { model: m, prompt } = geminiCountPrompt(req, model, settings);
  return { model: m, body: { generateContentRequest: { model: `models/${m}`, ...prompt } } };
}

function buildRequest(req: CountTokensRequest, ctx: ChannelContext, modelUrl: (ctx: ChannelContext, model: string, method: string) => string, headers: Record<string, string>): UpstreamRequest {
  const { model, body } = countBody(req, ctx.upstreamModel, geminiSettings(ctx.other));
  return { method: 'POST', url: modelUrl(ctx, model, 'countTokens'), headers: { ...headers, Accept: 'application/json' }, body: JSON.stringify(body), expect: 'json' };
}

export function geminiCountTokens(modelUrl: (ctx: ChannelContext, model: string, method: string) => string, headers: (ctx: ChannelContext) => Record<string, string>): CountTokensCapability {
  return {
    buildRequest: (req, ctx) => buildRequest(req, ctx, modelUrl, headers(ctx)),
    parseCount: parseTotalTokens,
  };
}
