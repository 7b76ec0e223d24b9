import { z } from 'zod';
import type { RelayEndpoint } from '../../wire/canonical/request';
import { AnthropicMessageSchema, CountTokensRequestSchema, CountTokensSchema, MESSAGES_EXAMPLE, MessagesRequestSchema } from '../../wire/anthropic-messages/openapi';
import {
  BatchEmbedContentsRequestSchema,
  BatchEmbedContentsSchema,
  EmbedContentRequestSchema,
  EmbedContentSchema,
  GEMINI_EXAMPLE,
  GeminiCountTokensRequestSchema,
  GeminiCountTokensSchema,
  GeminiModelListSchema,
  GeminiModelSchema,
  GenerateContentRequestSchema,
  GenerateContentResponseSchema,
} from '../../wire/gemini/openapi';
import {
  CHAT_EXAMPLE,
  ChatCompletionRequestSchema,
  ChatCompletionSchema,
  CompletionRequestSchema,
  CompletionSchema,
  ResponseObjectSchema,
  ResponsesRequestSchema,
} from '../../wire/openai-chat/openapi';
import {
  EmbeddingListSchema,
  EmbeddingRequestSchema,
  ImageEditRequestSchema,
  ImageGenerationRequestSchema,
  ImagesSchema,
  ModerationRequestSchema,
  ModerationSchema,
  RerankRequestSchema,
  RerankSchema,
  SpeechRequestSchema,
  TranscriptionRequestSchema,
  TranscriptionSchema,
} from '../../wire/openai-media/openapi';
import type { HttpMethod, RelayDoc, RelayRouteDef } from './relay-doc';

/** What serves a relay route (RelayRoutes maps each kind to its handler). */
export type RelayServe =
  | { readonly kind: 'relay'; readonly endpoint: RelayEndpoint; readonly pathModel?: boolean }
  | { readonly kind: 'count_tokens' | 'gemini' | 'gemini_list' | 'gemini_model' | 'models' | 'model' | 'subscription' | 'usage' | 'not_implemented' };

export type RelayRoute = RelayRouteDef<RelayServe>;

/** Methods of the 501 routes (HEAD follows GET; OPTIONS stays the CORS preflight). */
const ALL_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

const OPENAI = { keys: 'bearer', errors: 'openai' } as const;

function post(tag: string, summary: string, body: NonNullable<RelayDoc['body']>, answer: RelayDoc['answer'], more: Partial<RelayDoc> = {}): RelayDoc {
  return { ...OPENAI, tag, summary, body, answer, ...more };
}

const relay = (url: string, endpoint: RelayEndpoint, doc: RelayDoc, pathModel = false): RelayRoute => ({
  method: 'POST',
  url,
  serve: { kind: 'relay', endpoint, ...(pathModel ? { pathModel } : {}) },
  doc,
});

const embeddings = (pathModel: boolean) =>
  post('OpenAI', pathModel ? 'Create embeddings (the model named in the path, legacy engines form)' : 'Create embeddings', { schema: EmbeddingRequestSchema, example: { model: 'text-embedding-3-small', input: 'hello' } }, { schema: EmbeddingListSchema });

const transcription = (translation: boolean) =>
  post(
    'OpenAI',
    translation ? 'Translate audio into English text' : 'Transcribe audio',
    { schema: TranscriptionRequestSchema, multipart: true },
    {
      schema: TranscriptionSchema,
      description: 'JSON (`json`, `verbose_json`, `diarized_json`) or text (`text`, `srt`, `vtt`) as `response_format` asks',
      ...(translation ? {} : { stream: 'sse' as const }),
    },
  );

/** The Gemini methods served on `/v1beta/models/{model}:{method}` (and Google's v1 form, `/v1/models/...`). */
export const GEMINI_METHODS = ['generateContent', 'streamGenerateContent', 'countTokens', 'embedContent', 'batchEmbedContents'] as const;
export type GeminiMethod = (typeof GEMINI_METHODS)[number];

const GEMINI = { keys: 'gemini', errors: 'gemini', tag: 'Gemini' } as const;
const altQuery = z.object({ alt: z.enum(['sse']).optional().describe('`sse`: the stream as Server-Sent Events; without it one JSON array of chunks') });

const GEMINI_METHOD_DOCS: Readonly<Record<GeminiMethod, Omit<RelayDoc, 'path'>>> = {
  generateContent: { ...GEMINI, summary: 'Generate content (Gemini)', body: { schema: GenerateContentRequestSchema, example: GEMINI_EXAMPLE }, answer: { schema: GenerateContentResponseSchema } },
  streamGenerateContent: {
    ...GEMINI,
    summary: 'Generate content as a stream (Gemini)',
    body: { schema: GenerateContentRequestSchema, example: GEMINI_EXAMPLE },
    query: altQuery,
    answer: { schema: GenerateContentResponseSchema, stream: 'sse-or-json-array', description: 'GenerateContentResponse chunks: SSE `data:` events with `alt=sse`, else one JSON array' },
  },
  countTokens: { ...GEMINI, summary: 'Count tokens (free)', body: { schema: GeminiCountTokensRequestSchema }, answer: { schema: GeminiCountTokensSchema } },
  embedContent: { ...GEMINI, summary: 'Embed one content', body: { schema: EmbedContentRequestSchema }, answer: { schema: EmbedContentSchema } },
  batchEmbedContents: { ...GEMINI, summary: 'Embed several contents', body: { schema: BatchEmbedContentsRequestSchema }, answer: { schema: BatchEmbedContentsSchema } },
};

const geminiDocs = (prefix: string): RelayDoc[] => GEMINI_METHODS.map((m) => ({ ...GEMINI_METHOD_DOCS[m], path: `${prefix}/{model}:${m}` }));

const ModelSchema = z
  .looseObject({ id: z.string(), object: z.literal('model'), created: z.number().int(), owned_by: z.string(), supported_endpoint_types: z.array(z.string()) })
  .meta({ id: 'Model' });
const ModelListSchema = z
  .looseObject({ object: z.literal('list'), data: z.array(ModelSchema), success: z.literal(true) })
  .meta({ id: 'ModelList', description: 'With `anthropic-version`: Anthropic\'s list, `{data:[{id, created_at, display_name, type}], first_id, has_more, last_id}`; with a Gemini key (`x-goog-api-key`, `?key=`): GeminiModelList' });

const notImplemented = (url: string, methods: readonly HttpMethod[] = ALL_METHODS, path?: string): RelayRoute => ({
  method: methods,
  url,
  serve: { kind: 'not_implemented' },
  doc: { ...OPENAI, tag: 'Not implemented', summary: 'Not implemented: always a 501 (`api_not_implemented`)', answer: { status: 501 }, ...(path ? { path } : {}) },
});

const dashboard = (prefix: string): RelayRoute[] => [
  {
    method: 'GET',
    url: `${prefix}/dashboard/billing/subscription`,
    serve: { kind: 'subscription' },
    doc: {
      ...OPENAI,
      tag: 'Billing',
      summary: "The key's (or its user's) limit in USD, OpenAI's legacy shape",
      answer: { schema: z.looseObject({ object: z.literal('billing_subscription'), hard_limit_usd: z.number(), soft_limit_usd: z.number(), system_hard_limit_usd: z.number(), access_until: z.number().int() }) },
    },
  },
  {
    method: 'GET',
    url: `${prefix}/dashboard/billing/usage`,
    serve: { kind: 'usage' },
    doc: { ...OPENAI, tag: 'Billing', summary: 'Usage in US cents, OpenAI\'s legacy shape', answer: { schema: z.looseObject({ object: z.literal('list'), total_usage: z.number() }) } },
  },
];

/**
 * Every relay route RelayRoutes registers on Fastify, with its documentation: the one list both
 * the registration and the OpenAPI document (openapi/relay.document.ts) read.
 */
export const RELAY_ROUTES: readonly RelayRoute[] = [
  relay(
    '/v1/chat/completions',
    'chat',
    post('OpenAI', 'Create a chat completion', { schema: ChatCompletionRequestSchema, example: CHAT_EXAMPLE }, { schema: ChatCompletionSchema, stream: 'sse' }),
  ),
  relay('/v1/completions', 'completion', post('OpenAI', 'Create a completion (legacy)', { schema: CompletionRequestSchema, example: { model: 'gpt-3.5-turbo-instruct', prompt: 'Say hello' } }, { schema: CompletionSchema, stream: 'sse' })),
  relay('/v1/embeddings', 'embedding', embeddings(false)),
  relay('/v1/engines/:model/embeddings', 'embedding', embeddings(true), true),
  relay('/v1/moderations', 'moderation', post('OpenAI', 'Classify text (and images) for moderation', { schema: ModerationRequestSchema, example: { input: 'hello' } }, { schema: ModerationSchema })),
  relay('/v1/images/generations', 'image_generation', post('OpenAI', 'Generate images', { schema: ImageGenerationRequestSchema, example: { model: 'dall-e-3', prompt: 'a lighthouse' } }, { schema: ImagesSchema })),
  relay('/v1/images/edits', 'image_edit', post('OpenAI', 'Edit images', { schema: ImageEditRequestSchema, multipart: true }, { schema: ImagesSchema })),
  relay('/v1/audio/speech', 'audio_speech', post('OpenAI', 'Text to speech', { schema: SpeechRequestSchema, example: { model: 'tts-1', input: 'hello', voice: 'alloy' } }, { contentType: 'audio/*', description: 'The audio, in `response_format`' })),
  relay('/v1/audio/transcriptions', 'audio_transcription', transcription(false)),
  relay('/v1/audio/translations', 'audio_translation', transcription(true)),
  relay('/v1/rerank', 'rerank', post('Rerank', 'Rerank documents for a query (Jina / Cohere shape)', { schema: RerankRequestSchema, example: { model: 'rerank-v3.5', query: 'sea', documents: ['a lighthouse', 'a desert'] } }, { schema: RerankSchema })),
  relay(
    '/v1/responses',
    'responses',
    post('OpenAI', 'Create a response (Responses API)', { schema: ResponsesRequestSchema, example: { model: 'gpt-4o-mini', input: 'Say hello' } }, { schema: ResponseObjectSchema, stream: 'sse' }),
  ),
  relay(
    '/v1/messages',
    'messages',
    post('Anthropic', 'Create a message (Anthropic Messages API)', { schema: MessagesRequestSchema, example: MESSAGES_EXAMPLE }, { schema: AnthropicMessageSchema, stream: 'sse' }, {
      errors: 'anthropic',
      description: '`anthropic-version` and `anthropic-beta` are passed on to Claude channels; other channel types are served through their chat API.',
    }),
  ),
  {
    method: 'POST',
    url: '/v1/messages/count_tokens',
    serve: { kind: 'count_tokens' },
    doc: post('Anthropic', 'Count the tokens of a message (free)', { schema: CountTokensRequestSchema }, { schema: CountTokensSchema }, { errors: 'anthropic' }),
  },
  // Gemini-native inbound: `/v1beta/models/{model}:{method}` (the model may contain "/"), and
  // `/v1/models/...` for clients set to Google's v1 API (reference §1.1).
  { method: 'POST', url: '/v1beta/models/*', serve: { kind: 'gemini' }, doc: geminiDocs('/v1beta/models') },
  { method: 'POST', url: '/v1/models/*', serve: { kind: 'gemini' }, doc: geminiDocs('/v1/models') },
  { method: 'GET', url: '/v1beta/models', serve: { kind: 'gemini_list' }, doc: { ...GEMINI, summary: 'List the models the key may use (Gemini shape)', answer: { schema: GeminiModelListSchema } } },
  {
    method: 'GET',
    url: '/v1beta/models/*',
    serve: { kind: 'gemini_model' },
    doc: { ...GEMINI, path: '/v1beta/models/{model}', summary: 'One model (Gemini shape); the `models/` prefix is optional', answer: { schema: GeminiModelSchema } },
  },
  {
    method: 'GET',
    url: '/v1/models',
    serve: { kind: 'models' },
    doc: {
      keys: 'gemini',
      errors: 'openai',
      tag: 'Models',
      summary: 'List the models the key may use',
      description: "OpenAI's list; Anthropic's with `anthropic-version`; Gemini's list and errors when the key comes as `x-goog-api-key` or `?key=`.",
      answer: { schema: ModelListSchema },
    },
  },
  // Model names may contain "/" (vendor/model): the rest of the path is the id.
  { method: 'GET', url: '/v1/models/*', serve: { kind: 'model' }, doc: { ...OPENAI, tag: 'Models', path: '/v1/models/{model}', summary: 'One model', answer: { schema: ModelSchema } } },
  ...dashboard(''),
  ...dashboard('/v1'),
  ...['/v1/files', '/v1/files/*', '/v1/fine-tunes', '/v1/fine-tunes/*', '/v1/fine_tuning', '/v1/fine_tuning/*', '/v1/images/variations'].map((url) => notImplemented(url)),
  notImplemented('/v1/models/*', ['DELETE'], '/v1/models/{model}'),
];

/** The CORS preflight (OPTIONS) paths of the relay scope: not API operations, so not documented. */
export const RELAY_PREFLIGHT_URLS = ['/v1/*', '/v1beta/*', '/dashboard/*'] as const;
