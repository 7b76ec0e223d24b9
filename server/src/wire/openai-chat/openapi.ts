import { z } from 'zod';
import { DEFAULT_RELAY_LIMITS as L } from '../canonical/limits';

/**
 * The OpenAI wire's request and answer, as far as the relay reads them (parse.ts) and writes them
 * (openai-chat.ts), for the OpenAPI document. Bodies are open objects: every other field is
 * forwarded to the upstream as the client sent it (routing and credential keys removed).
 */

export const modelField = z.string().min(1).max(L.maxModelNameLength).describe('The model name as the gateway lists it (GET /v1/models)');

/** `{error:{message,type,param,code}}` (openAIErrorBody): every OpenAI-shaped route's refusal. */
export const OpenAIErrorSchema = z
  .object({
    error: z.object({
      message: z.string().describe('What went wrong, in the caller\'s language, ending "(request id: ...)"'),
      type: z.string().describe('`invalid_request_error`, `authentication_error`, `permission_error`, `not_found_error`, `rate_limit_error`, `server_error`, `new_api_error`, or the upstream\'s own type'),
      param: z.string().nullable().describe('The request field at fault, if any'),
      code: z.string().nullable().describe('The reason: `missing_api_key`, `invalid_api_key`, `token_quota_exhausted`, `model_not_found`, `rate_limit_exceeded`, an upstream\'s own code, ...'),
    }),
  })
  .meta({ id: 'OpenAIError' });

export const OpenAIUsageSchema = z
  .looseObject({
    prompt_tokens: z.number().int(),
    completion_tokens: z.number().int(),
    total_tokens: z.number().int(),
  })
  .meta({ id: 'OpenAIUsage' });

const contentPart = z.looseObject({
  type: z.string().describe('`text` (with `text`), `image_url` (with `image_url.url`, `image_url.detail`), `input_audio`, `file`'),
  text: z.string().optional(),
});

const chatMessage = z.looseObject({
  role: z.string().describe('`system`, `developer`, `user`, `assistant` or `tool`'),
  name: z.string().optional(),
  content: z.union([z.string(), z.array(contentPart), z.null()]).optional(),
  tool_calls: z.array(z.looseObject({ function: z.looseObject({ name: z.string(), arguments: z.string() }) })).optional(),
});

const streamFields = {
  stream: z.boolean().optional().describe('Answer as `text/event-stream` chunks ending with `data: [DONE]`'),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).optional().describe('Streams only; ignored otherwise'),
};

export const ChatCompletionRequestSchema = z
  .looseObject({
    model: modelField,
    messages: z.array(chatMessage),
    ...streamFields,
    n: z.number().int().min(1).max(L.maxN).optional(),
    max_tokens: z.number().int().min(0).max(L.maxOutputTokens).optional().describe('0 means unset and is removed'),
    max_completion_tokens: z.number().int().min(0).max(L.maxOutputTokens).optional(),
    tools: z.array(z.looseObject({})).optional(),
    functions: z.array(z.looseObject({})).optional(),
  })
  .meta({ id: 'ChatCompletionRequest' });

export const ChatCompletionSchema = z
  .looseObject({
    id: z.string(),
    object: z.literal('chat.completion'),
    created: z.number().int(),
    model: z.string(),
    choices: z.array(
      z.looseObject({
        index: z.number().int(),
        message: z.looseObject({
          role: z.literal('assistant'),
          content: z.union([z.string(), z.null(), z.array(z.looseObject({}))]),
          tool_calls: z.array(z.looseObject({ id: z.string(), type: z.literal('function'), function: z.looseObject({ name: z.string(), arguments: z.string() }) })).optional(),
        }),
        finish_reason: z.string().nullable(),
      }),
    ),
    usage: OpenAIUsageSchema.optional(),
  })
  .meta({ id: 'ChatCompletion' });

export const CHAT_EXAMPLE = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello' }] };

export const CompletionRequestSchema = z
  .looseObject({
    model: modelField,
    prompt: z.union([z.string(), z.array(z.union([z.string(), z.number().int(), z.array(z.number().int())]))]),
    ...streamFields,
    n: z.number().int().min(1).max(L.maxN).optional(),
    best_of: z.number().int().min(1).max(L.maxBestOf).optional().describe('At least n; 1 when streaming'),
    max_tokens: z.number().int().min(0).max(L.maxOutputTokens).optional(),
  })
  .meta({ id: 'CompletionRequest' });

export const CompletionSchema = z
  .looseObject({
    id: z.string(),
    object: z.literal('text_completion'),
    created: z.number().int(),
    model: z.string(),
    choices: z.array(z.looseObject({ text: z.string(), index: z.number().int(), finish_reason: z.string().nullable() })),
    usage: OpenAIUsageSchema.optional(),
  })
  .meta({ id: 'Completion' });

export const ResponsesRequestSchema = z
  .looseObject({
    model: modelField,
    input: z.union([z.string(), z.array(z.union([z.string(), z.looseObject({})]))]).optional(),
    instructions: z.string().optional(),
    stream: z.boolean().optional().describe('Answer as the Responses event stream (`event: response.created`, ... `response.completed`)'),
    max_output_tokens: z.number().int().min(0).max(L.maxOutputTokens).optional(),
    tools: z.array(z.looseObject({})).optional(),
  })
  .meta({ id: 'ResponsesRequest' });

export const ResponseObjectSchema = z
  .looseObject({
    id: z.string(),
    object: z.literal('response'),
    created_at: z.number().int(),
    status: z.string().describe('`completed`, `incomplete`, `failed`, ...'),
    model: z.string(),
    output: z.array(z.looseObject({ type: z.string() })),
    usage: z.looseObject({ input_tokens: z.number().int(), output_tokens: z.number().int(), total_tokens: z.number().int() }).nullable(),
  })
  .meta({ id: 'Response' });
