import type { CanonicalChat } from '../../../wire/canonical/chat';
import { isJsonObject, parseJson, type JsonObject } from '../../../wire/canonical/json';
import { chatFromAnthropic } from '../../../wire/anthropic-messages/anthropic-messages';
import { chatFromGemini } from '../../../wire/gemini/gemini';
import { mapOpenAIError } from '../openai-compatible/error';
import { countedContent } from '../gemini/count-tokens';
import type { ChannelContext, CountAnswer, CountTokensCapability, CountTokensRequest, UpstreamRequest, UpstreamResponse } from '../types';
import { messagesUrl } from './messages';
import { DEFAULT_ANTHROPIC_VERSION } from '../../../wire/anthropic-messages/models';
import { toAnthropicRequest } from '../../../wire/anthropic-messages/request';

/*
 * Anthropic's token counting (`POST {base}/v1/messages/count_tokens`, answer `{input_tokens}`).
 * A Messages body goes through with only the model mapped (the client's `anthropic-version` and
 * `anthropic-beta` passed on); a Gemini countTokens body is converted through the canonical chat
 * to the fields count_tokens takes. Claude on Bedrock and Vertex count the same body.
 */

/** The Messages fields count_tokens takes (it refuses generation settings such as max_tokens). */
const COUNTED_FIELDS = ['messages', 'system', 'tools', 'tool_choice', 'thinking'] as const;

/** The canonical chat of a count request in either format (Gemini's possibly wrapped in generateContentRequest). */
export function countedChat(req: CountTokensRequest, model: string): CanonicalChat {
  if (req.endpoint === 'messages') return chatFromAnthropic(req, model);
  // A count asks for no answer: a Gemini candidateCount does not matter (nor is it refused) here.
  return { ...chatFromGemini({ ...req, body: countedContent(req.body), stream: false }, model), choiceCount: 1 };
}

/**
 * The Anthropic Messages body whose prompt is counted, `model` included: the client's own body for
 * a Messages request, else the converted prompt (messages, system, tools, tool choice, thinking).
 */
export function anthropicCountBody(req: CountTokensRequest, model: string): JsonObject {
  if (req.endpoint === 'messages') {
    const body: JsonObject = { ...req.body, model };
    delete body.stream;
    return body;
  }
  const converted = toAnthropicRequest(countedChat(req, model));
  const body: JsonObject = { model: converted.model ?? model };
  for (const k of COUNTED_FIELDS) if (converted[k] !== undefined) body[k] = converted[k];
  return body;
}

/** `{input_tokens: N}` (Anthropic's answer, and Vertex's for Claude). */
export function parseInputTokens(res: UpstreamResponse, ctx: ChannelContext): CountAnswer {
  const body = parseJson(res.text);
  const n = isJsonObject(body) ? body.input_tokens : undefined;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 0) return { ok: true, inputTokens: n, wire: 'messages' };
  return { ok: false, failure: { ...mapOpenAIError({ status: 502, text: res.text }, ctx), retryable: false, disableChannel: false } };
}

function buildRequest(req: CountTokensRequest, ctx: ChannelContext, base: string): UpstreamRequest {
  const headers: Record<string, string> = {
    'x-api-key': ctx.key,
    'anthropic-version': (req.endpoint === 'messages' ? req.anthropicVersion : null) ?? DEFAULT_ANTHROPIC_VERSION,
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  if (req.endpoint === 'messages' && req.anthropicBeta) headers['anthropic-beta'] = req.anthropicBeta;
  return { method: 'POST', url: `${messagesUrl(ctx, base)}/count_tokens`, headers, body: JSON.stringify(anthropicCountBody(req, ctx.upstreamModel)), expect: 'json' };
}

export function claudeCountTokens(base: string): CountTokensCapability {
  return {
    buildRequest: (req, ctx) => buildRequest(req, ctx, base),
    parseCount: (res, ctx) => parseInputTokens(res, ctx),
  };
}
