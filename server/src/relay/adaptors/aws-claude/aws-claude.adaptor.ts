import type { JsonObject } from '../../../wire/canonical/json';
import type { MessagesRequest, StreamView } from '../../../wire/canonical/request';
import { type StreamStep, EMPTY_STEP } from '../../../wire/canonical/response';
import { textAsCanonical } from '../../../wire/openai-completions/openai-completions';
import type { SseEvent } from '../../../wire/framing/sse/sse-parser';
import { claudeAdaptor } from '../claude/claude.adaptor';
import { claudeMessages } from '../claude/messages';
import { toAnthropicRequest } from '../../../wire/anthropic-messages/request';
import type { Adaptor, ChannelContext, MessagesCapability, TextRequest, UpstreamRequest } from '../types';
import { bedrockCountTokens } from './count-tokens';
import { awsCredentialsOf } from './credentials';
import { mapBedrockError, mapBedrockStreamException } from './errors';
import { BEDROCK_ANTHROPIC_VERSION, bedrockModelId } from './models';
import { signBedrockRequest } from './signing';

/*
 * Type 33, AWS Claude: Claude on Amazon Bedrock through InvokeModel
 * (`POST /model/{modelId}/invoke`) and InvokeModelWithResponseStream
 * (`/model/{modelId}/invoke-with-response-stream`, AWS's binary event stream, decoded by the
 * relay's framing into the Anthropic events each `chunk` carries). The body is the Anthropic
 * Messages body without `model` and `stream`, with `anthropic_version: bedrock-2023-05-31` (and
 * `anthropic_beta` as a list); everything else, answers and events included, is the Claude
 * adaptor's. Credentials `AK|SK|Region` from the key; every call SigV4-signed at send time.
 * The base URL is `https://bedrock-runtime.{region}.amazonaws.com` unless the channel sets one
 * (a VPC endpoint or a proxy).
 */

function runtimeBase(ctx: ChannelContext, region: string): string {
  return (ctx.baseUrl.trim() || `https://bedrock-runtime.${region}.amazonaws.com`).replace(/\/+$/, '');
}

/** The Bedrock call for an Anthropic Messages body (whose `model` names the model to call). */
export function bedrockRequest(body: JsonObject, stream: boolean, ctx: ChannelContext): UpstreamRequest {
  const { region } = awsCredentialsOf(ctx.key);
  const model = typeof body.model === 'string' && body.model !== '' ? body.model : ctx.upstreamModel;
  const rest: JsonObject = { ...body };
  delete rest.model;
  delete rest.stream;
  const payload: JsonObject = { anthropic_version: BEDROCK_ANTHROPIC_VERSION, ...rest };
  const action = stream ? 'invoke-with-response-stream' : 'invoke';
  return {
    method: 'POST',
    url: `${runtimeBase(ctx, region)}/model/${encodeURIComponent(bedrockModelId(model, region))}/${action}`,
    headers: { 'Content-Type': 'application/json', Accept: stream ? 'application/vnd.amazon.eventstream' : 'application/json' },
    body: JSON.stringify(payload),
    expect: stream ? 'aws-eventstream' : 'json',
  };
}


function buildTextRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest {
  const chat = textAsCanonical(req, ctx.upstreamModel);
  return bedrockRequest(toAnthropicRequest(chat), chat.stream, ctx);
}


/**
 * Bedrock stream events to a Claude stream parser: `chunk` events carry Anthropic events;
 * exception messages are the upstream's error (before the first byte another channel may serve).
 */
function bedrockEvents(ctx: ChannelContext, parse: (event: SseEvent) => StreamStep): (event: SseEvent) => StreamStep {
  return (event) => {
    if (event.event === 'exception') return { ...EMPTY_STEP, error: mapBedrockStreamException(event.data, ctx), done: true };
    if (event.event !== 'chunk') return EMPTY_STEP;
    return parse(event);
  };
}

function openTextStream(req: StreamView<TextRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep {
  const open = claudeAdaptor.openTextStream;
  return bedrockEvents(ctx, open ? open(req, ctx) : (event) => claudeAdaptor.parseTextStreamEvent(req, event, ctx));
}

/** The client's `anthropic-beta` header travels in the Bedrock body as a list. */
function messagesBody(req: MessagesRequest, ctx: ChannelContext): JsonObject {
  const body: JsonObject = { ...req.body, model: ctx.upstreamModel };
  const beta = req.anthropicBeta
    ?.split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  if (beta && beta.length > 0) body.anthropic_beta = beta;
  return body;
}

/** `POST /v1/messages` passed through: the Anthropic body as sent, model mapped, Claude's events back. */
const claude = claudeMessages('');
const messages: MessagesCapability = {
  buildRequest: (req, ctx) => bedrockRequest(messagesBody(req, ctx), req.stream, ctx),
  parseResponse: (req, res, ctx) => claude.parseResponse(req, res, ctx),
  openStream: (req, ctx) => bedrockEvents(ctx, claude.openStream(req, ctx)),
};

export const awsClaudeAdaptor: Adaptor = {
  type: 33,
  name: 'AWS Claude',
  // Region-derived (see runtimeBase): no single default.
  defaultBaseUrl: null,
  buildTextRequest,
  parseTextResponse: (req, res, ctx) => claudeAdaptor.parseTextResponse(req, res, ctx),
  parseTextStreamEvent: (req, event, ctx) => openTextStream(req, ctx)(event),
  openTextStream,
  mapError: mapBedrockError,
  signRequest: (req, ctx, now) => signBedrockRequest(req, awsCredentialsOf(ctx.key), now),
  messages,
  countTokens: bedrockCountTokens(runtimeBase),
};
