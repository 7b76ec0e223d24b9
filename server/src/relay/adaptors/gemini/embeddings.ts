import { estimateTokens } from '../../../billing/token-estimator';
import { arrayAt, isJsonObject, numberAt, parseJson, type JsonObject } from '../../canonical/json';
import { wrongType } from '../../canonical/fields';
import type { EmbeddingRequest } from '../../canonical/request';
import type { ParsedResponse } from '../../canonical/response';
import { reportedUsage } from '../../canonical/usage';
import type { ChannelContext, EmbeddingsCapability, UpstreamRequest, UpstreamResponse } from '../types';
import { mapGeminiError } from './errors';

/*
 * OpenAI embeddings through `batchEmbedContents` (pure): every input is one EmbedContentRequest
 * (`dimensions` as `outputDimensionality`), the answer's `embeddings[].values` become the OpenAI
 * list in order. Google reports no token usage for embeddings, so the usage is the local count
 * of the inputs: the same number billing would fall back to.
 */

export function buildEmbeddingRequest(req: EmbeddingRequest, ctx: ChannelContext, url: (model: string, method: string) => string, headers: Record<string, string>): UpstreamRequest {
  // Gemini embeds text only: token-id inputs have no equivalent.
  if (req.inputTokenCount > 0) throw wrongType('input', 'string or array of strings');
  const model = ctx.upstreamModel;
  const dims = numberAt(req.body, 'dimensions');
  const requests = req.inputs.map((text) => {
    const r: JsonObject = { model: `models/${model}`, content: { parts: [{ text }] } };
    if (dims !== null) r.outputDimensionality = dims;
    return r;
  });
  return { method: 'POST', url: url(model, 'batchEmbedContents'), headers: { ...headers, Accept: 'application/json' }, body: JSON.stringify({ requests }), expect: 'json' };
}

function base64Floats(values: readonly number[]): string {
  const buf = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => buf.writeFloatLE(v, i * 4));
  return buf.toString('base64');
}

export function parseEmbeddingResponse(req: EmbeddingRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse {
  const body = parseJson(res.text);
  const list = isJsonObject(body) ? arrayAt(body, 'embeddings') : undefined;
  if (!list || list.length !== req.inputs.length) {
    return { ok: false, failure: { ...mapGeminiError({ status: 502, text: res.text }, ctx), retryable: false, disableChannel: false } };
  }
  const base64 = req.body.encoding_format === 'base64';
  const data = list.map((e, index) => {
    const values = (isJsonObject(e) ? (arrayAt(e, 'values') ?? []) : []).filter((v): v is number => typeof v === 'number');
    return { object: 'embedding', index, embedding: base64 ? base64Floats(values) : values };
  });
  const prompt = req.inputs.reduce((n, t) => n + estimateTokens(t), 0);
  const clientBody = JSON.stringify({ object: 'list', data, model: req.model, usage: { prompt_tokens: prompt, total_tokens: prompt } });
  return { ok: true, clientBody, usage: reportedUsage({ promptTokens: prompt, completionTokens: 0 }), finishReason: null, outputText: '', toolCalls: 0 };
}

export function geminiEmbeddings(url: (ctx: ChannelContext, model: string, method: string) => string, headers: (ctx: ChannelContext) => Record<string, string>): EmbeddingsCapability {
  return {
    buildRequest: (req, ctx) => buildEmbeddingRequest(req, ctx, (m, method) => url(ctx, m, method), headers(ctx)),
    parseResponse: parseEmbeddingResponse,
  };
}
