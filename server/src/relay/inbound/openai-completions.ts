import type { CanonicalChatResponse } from '../canonical/chat';
import type { JsonObject } from '../canonical/json';
import { parseCompletionRequest } from '../canonical/parse-text';
import type { CompletionRequest } from '../canonical/request';
import type { InboundFormat } from './format';
import { OPENAI_ERRORS, OpenAIStreamEncoder, openAIFinish, openAIUsage } from './openai-chat';

/*
 * The legacy OpenAI completions inbound format (`POST /v1/completions`): the chat format's
 * wire (errors, `[DONE]`, the include_usage chunk) with `text_completion` objects.
 */

/** A whole canonical answer as a `text_completion` (the generated text of the first choice). */
export function encodeOpenAICompletionResponse(res: CanonicalChatResponse, created: number): JsonObject {
  const text = res.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
  const out: JsonObject = {
    id: res.id,
    object: 'text_completion',
    created,
    model: res.model,
    choices: [{ text, index: 0, logprobs: null, finish_reason: openAIFinish(res.finishReason) }],
  };
  if (res.usage) out.usage = openAIUsage(res.usage);
  return out;
}

export const openAICompletionsFormat: InboundFormat<CompletionRequest> = {
  name: 'openai-completions',
  parse: (input, limits) => parseCompletionRequest(input, limits),
  encodeResponse: (res) => encodeOpenAICompletionResponse(res, Math.floor(Date.now() / 1000)),
  openStream: (req) => new OpenAIStreamEncoder(req.clientIncludeUsage),
  errorResponse: OPENAI_ERRORS.errorResponse,
};
