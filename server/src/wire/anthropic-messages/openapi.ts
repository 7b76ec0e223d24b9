import { z } from 'zod';
import { DEFAULT_RELAY_LIMITS as L } from '../canonical/limits';
import { modelField } from '../openai-chat/openapi';

/**
 * Anthropic's Messages wire as parse.ts reads it and anthropic-messages.ts writes it, for the
 * OpenAPI document. The body is forwarded as sent to Claude channels (routing keys removed).
 */

const block = z.looseObject({
  type: z.string().describe('`text`, `image`, `document`, `tool_use`, `tool_result`, `thinking`, ...'),
  text: z.string().optional(),
});
const content = z.union([z.string(), z.array(block)]);

const messagesFields = {
  model: modelField,
  messages: z.array(z.looseObject({ role: z.string().describe('`user` or `assistant`'), content })),
  system: content.optional(),
  tools: z.array(z.looseObject({})).optional(),
};

export const MessagesRequestSchema = z
  .looseObject({
    ...messagesFields,
    max_tokens: z.number().int().min(1).max(L.maxOutputTokens),
    stream: z.boolean().optional().describe('Answer as the Messages event stream (`event: message_start` ... `message_stop`)'),
  })
  .meta({ id: 'MessagesRequest' });

export const CountTokensRequestSchema = z.looseObject(messagesFields).meta({ id: 'MessagesCountTokensRequest' });

export const CountTokensSchema = z.looseObject({ input_tokens: z.number().int() }).meta({ id: 'MessagesCountTokens' });

export const AnthropicMessageSchema = z
  .looseObject({
    id: z.string(),
    type: z.literal('message'),
    role: z.literal('assistant'),
    model: z.string(),
    content: z.array(block),
    stop_reason: z.string().nullable(),
    usage: z.looseObject({ input_tokens: z.number().int(), output_tokens: z.number().int() }),
  })
  .meta({ id: 'AnthropicMessage' });

/** `{type:"error",error:{type,message}}` (anthropicErrorBody). */
export const AnthropicErrorSchema = z
  .object({
    type: z.literal('error'),
    error: z.object({
      type: z.string().describe('`invalid_request_error`, `authentication_error`, `permission_error`, `not_found_error`, `rate_limit_error`, `api_error`, `overloaded_error`, ...'),
      message: z.string(),
    }),
  })
  .meta({ id: 'AnthropicError' });

export const MESSAGES_EXAMPLE = { model: 'claude-sonnet-4-5', max_tokens: 256, messages: [{ role: 'user', content: 'Say hello' }] };
