import type { UpstreamFailure } from '../../../wire/canonical/errors';
import { isJsonObject, parseJson, type JsonObject } from '../../../wire/canonical/json';
import { anthropicCountBody } from '../claude/count-tokens';
import { defaultMaxTokens } from '../../../wire/anthropic-messages/models';
import type { ChannelContext, CountAnswer, CountTokensCapability, CountTokensRequest, UpstreamRequest, UpstreamResponse } from '../types';
import { awsCredentialsOf } from './credentials';
import { mapBedrockError } from './errors';
import { BEDROCK_ANTHROPIC_VERSION, bedrockFoundationModelId } from './models';

/*
 * Bedrock's CountTokens (`POST /model/{modelId}/count-tokens`, SigV4-signed like InvokeModel by the
 * adaptor's signRequest): the body is `{"input": {"invokeModel": {"body": <base64 of the
 * InvokeModel body>}}}` and the answer `{"inputTokens": N}`. The InvokeModel body is the one this
 * adaptor would send to invoke the model (the Anthropic body without `model` and `stream`,
 * `anthropic_version: bedrock-2023-05-31`, `anthropic_beta` as a list), with `max_tokens`, which
 * Bedrock's Claude schema requires, defaulted when the client counted without one. The model id
 * is the foundation model's, never a cross-region profile, which CountTokens refuses. Where Bedrock
 * cannot count (`cannotCount`), the relay answers its local estimate.
 */

/** The InvokeModel body whose prompt is counted. */
export function invokeModelCountBody(req: CountTokensRequest, ctx: ChannelContext): { model: string; body: JsonObject } {
  const { model: named, ...rest } = anthropicCountBody(req, ctx.upstreamModel);
  const model = typeof named === 'string' && named !== '' ? named : ctx.upstreamModel;
  const body: JsonObject = { anthropic_version: BEDROCK_ANTHROPIC_VERSION, ...rest };
  delete body.stream;
  if (typeof body.max_tokens !== 'number') body.max_tokens = defaultMaxTokens(model);
  const beta = req.endpoint === 'messages' ? req.anthropicBeta?.split(',').map((b) => b.trim()).filter(Boolean) : undefined;
  if (beta && beta.length > 0) body.anthropic_beta = beta;
  return { model, body };
}

function buildRequest(req: CountTokensRequest, ctx: ChannelContext, runtimeBase: (ctx: ChannelContext, region: string) => string): UpstreamRequest {
  const { region } = awsCredentialsOf(ctx.key);
  const { model, body } = invokeModelCountBody(req, ctx);
  const input = { input: { invokeModel: { body: Buffer.from(JSON.stringify(body), 'utf8').toString('base64') } } };
  return {
    method: 'POST',
    url: `${runtimeBase(ctx, region)}/model/${encodeURIComponent(bedrockFoundationModelId(model))}/count-tokens`,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(input),
    expect: 'json',
  };
}

function parseCount(res: UpstreamResponse, ctx: ChannelContext): CountAnswer {
  const body = parseJson(res.text);
  const n = isJsonObject(body) ? body.inputTokens : undefined;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 0) return { ok: true, inputTokens: n };
  return { ok: false, failure: { ...mapBedrockError({ status: 502, text: res.text }, ctx), retryable: false, disableChannel: false } };
}

/**
 * CountTokens refuses some models with a ValidationException (400: cross-region-only Claude models,
 * not every model has counting) and answers AccessDeniedException (403) to a credential whose IAM
 * policy allows InvokeModel but not CountTokens; neither says the channel is broken.
 */
function cannotCount(failure: UpstreamFailure): boolean {
  return (failure.status === 400 && failure.code === 'ValidationException') || (failure.status === 403 && failure.code === 'AccessDeniedException');
}

export function bedrockCountTokens(runtimeBase: (ctx: ChannelContext, region: string) => string): CountTokensCapability {
  return { buildRequest: (req, ctx) => buildRequest(req, ctx, runtimeBase), parseCount, cannotCount };
}
