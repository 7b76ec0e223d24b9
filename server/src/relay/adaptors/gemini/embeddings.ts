import { estimateTokens } from '../../../billing/token-estimator';
import { arrayAt, isJsonObject, numberAt, parseJson, type JsonObject } from '../../../wire/canonical/json';
import { wrongType } from '../../../wire/canonical/fields';
import type { EmbeddingRequest } from '../../../wire/canonical/request';
import type { ParsedResponse } from '../../../wire/canonical/response';
import { reportedUsage } from '../../../wire/canonical/usage';
import type { ChannelContext, EmbeddingsCapability, PlainCapability, UpstreamRequest, UpstreamResponse } from '../types';
import { mapGeminiError } from './errors';

/*
 * OpenAI embeddings through `batchEmbedContents` (pure): every input is one EmbedContentRequest
 * (`dimensions` as `outputDimensionality`), the answer's `embeddings[].values` become the OpenAI
 * list in order. Google reports no token usage for embeddings, so the usage is the local count
 * of the inputs: the same number billing would fall back to.
 */

/** Google reports no usage for embeddings: the local count of the texts, as billing would fall back to. */
function localPromptTokens(req: EmbeddingRequest): number {
  return req.inputs.reduce((n, t) => n + estimateTokens(t), 0);
}

/** An embeddings answer for the client, billed by the local count. */
function served(req: EmbeddingRequest, clientBody: string): ParsedResponse {
  return { ok: true, clientBody, usage: reportedUsage({ promptTokens: localPromptTokens(req), completionTokens: 0 }), finishReason: null, outputText: '', toolCalls: 0 };
}

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
  const prompt = localPromptTokens(req);
  return served(req, JSON.stringify({ object: 'list', data, model: req.model, usage: { prompt_tokens: prompt, total_tokens: prompt } }));
}

export function geminiEmbeddings(url: (ctx: ChannelContext, model: string, method: string) => string, headers: (ctx: ChannelContext) => Record<string, string>): EmbeddingsCapability {
  return {
    buildRequest: (req, ctx) => buildEmbeddingRequest(req, ctx, (m, method) => url(ctx, m, method), headers(ctx)),
    parseResponse: parseEmbeddingResponse,
  };
}

/*
 * A Gemini client's `:embedContent` / `:batchEmbedContents` on a Gemini channel: the same wire on
 * both sides, so its body goes through as sent (taskType, title, outputDimensionality), with only
 * the model mapped (in the path, and in each batch request's `model`, which Google requires to
 * match it), and Google's answer reaches the client as written. Usage is the local count of the
 * texts, as for the converted call: Google reports none.
 */

function nativeEmbedBody(req: EmbeddingRequest, model: string): JsonObject {
  const native = req.gemini;
  if (!native) throw new Error('a Gemini embed passthrough without the client body');
  const named = `models/${model}`;
  if (native.method === 'embedContent') return 'model' in native.body ? { ...native.body, model: named } : native.body;
  const requests = arrayAt(native.body, 'requests') ?? [];
  return { ...native.body, requests: requests.map((r) => (isJsonObject(r) ? { ...r, model: named } : r)) };
}

export function geminiNativeEmbed(url: (ctx: ChannelContext, model: string, method: string) => string, headers: (ctx: ChannelContext) => Record<string, string>): PlainCapability<EmbeddingRequest> {
  return {
    buildRequest: (req, ctx) => {
      const method = req.gemini?.method ?? 'batchEmbedContents';
      return { method: 'POST', url: url(ctx, ctx.upstreamModel, method), headers: { ...headers(ctx), Accept: 'application/json' }, body: JSON.stringify(nativeEmbedBody(req, ctx.upstreamModel)), expect: 'json' };
    },
    parseResponse: (req, res, ctx) => {
      const body = parseJson(res.text);
      const vectors = !isJsonObject(body) ? undefined : req.gemini?.method === 'embedContent' ? (isJsonObject(body.embedding) ? [body.embedding] : undefined) : arrayAt(body, 'embeddings');
      if (!vectors || vectors.length !== req.inputs.length) {
        return { ok: false, failure: { ...mapGeminiError({ status: 502, text: res.text }, ctx), retryable: false, disableChannel: false } };
      }
      return served(req, res.text);
    },
  };
}
