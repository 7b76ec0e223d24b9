import { z } from 'zod';
import { DEFAULT_RELAY_LIMITS as L } from '../canonical/limits';
import { modelField } from '../openai-chat/openapi';
import { DEFAULT_IMAGE_MODEL } from './image-models';
import { DEFAULT_MODERATION_MODEL, DEFAULT_SPEECH_MODEL } from './parse-misc';
import { DEFAULT_TRANSCRIPTION_MODEL } from './parse-media';

/**
 * The OpenAI media and utility endpoints' requests as parse-misc.ts and parse-media.ts read them,
 * and the answers' main fields (the upstream's answer is relayed as it is), for the OpenAPI document.
 */

const tokenArray = z.array(z.number().int());

export const EmbeddingRequestSchema = z
  .looseObject({
    model: modelField.optional().describe('Required, except on /v1/engines/{model}/embeddings where the path names it'),
    input: z.union([z.string(), z.array(z.union([z.string(), z.number().int(), tokenArray])).min(1).max(L.maxEmbeddingInputs)]),
    dimensions: z.number().int().min(1).max(65_536).optional(),
    encoding_format: z.enum(['float', 'base64']).optional(),
  })
  .meta({ id: 'EmbeddingRequest' });

export const EmbeddingListSchema = z
  .looseObject({
    object: z.literal('list'),
    data: z.array(z.looseObject({ object: z.literal('embedding'), index: z.number().int(), embedding: z.union([z.array(z.number()), z.string()]) })),
    model: z.string(),
    usage: z.looseObject({ prompt_tokens: z.number().int(), total_tokens: z.number().int() }).optional(),
  })
  .meta({ id: 'EmbeddingList' });

export const ModerationRequestSchema = z
  .looseObject({
    model: modelField.optional().describe(`Default \`${DEFAULT_MODERATION_MODEL}\``),
    input: z.union([z.string(), z.array(z.union([z.string(), z.looseObject({ type: z.enum(['text', 'image_url']) })])).max(L.maxEmbeddingInputs)]),
  })
  .meta({ id: 'ModerationRequest' });

export const ModerationSchema = z
  .looseObject({ id: z.string(), model: z.string(), results: z.array(z.looseObject({ flagged: z.boolean() })) })
  .meta({ id: 'Moderation' });

export const RerankRequestSchema = z
  .looseObject({
    model: modelField,
    query: z.string(),
    documents: z.array(z.union([z.string(), z.looseObject({ text: z.string() })])).max(L.maxRerankDocuments),
    top_n: z.number().int().min(1).max(L.maxRerankDocuments).optional(),
    return_documents: z.boolean().optional(),
  })
  .meta({ id: 'RerankRequest' });

export const RerankSchema = z
  .looseObject({ results: z.array(z.looseObject({ index: z.number().int(), relevance_score: z.number() })) })
  .meta({ id: 'Rerank' });

export const SpeechRequestSchema = z
  .looseObject({
    model: modelField.optional().describe(`Default \`${DEFAULT_SPEECH_MODEL}\``),
    input: z.string().max(L.maxSpeechChars),
    voice: z.union([z.string(), z.looseObject({})]),
    speed: z.number().min(0.25).max(4).optional(),
    response_format: z.enum(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']).optional(),
  })
  .meta({ id: 'SpeechRequest' });

const imageOptions = {
  model: modelField.optional().describe(`Default \`${DEFAULT_IMAGE_MODEL}\``),
  prompt: z.string(),
  size: z.string().max(32).optional().describe('One of the model\'s sizes, or WxH for models the gateway has no table for'),
  quality: z.string().max(32).optional(),
};

export const ImageGenerationRequestSchema = z
  .looseObject({ ...imageOptions, n: z.number().int().min(1).max(L.maxImageN).optional() })
  .meta({ id: 'ImageGenerationRequest' });

const file = z.string().meta({ format: 'binary' });

export const ImageEditRequestSchema = z
  .looseObject({
    ...imageOptions,
    n: z.string().regex(/^\d{1,9}$/).optional().describe(`An integer 1..${L.maxImageN}, as text`),
    image: z.union([file, z.array(file).max(L.maxImageEditFiles)]).describe('`image` or `image[]`: one or more files'),
    mask: file.optional(),
  })
  .meta({ id: 'ImageEditRequest' });

export const ImagesSchema = z
  .looseObject({ created: z.number().int(), data: z.array(z.looseObject({ url: z.string().optional(), b64_json: z.string().optional() })) })
  .meta({ id: 'Images' });

export const TranscriptionRequestSchema = z
  .looseObject({
    file: file.describe(`The audio, at most ${L.maxAudioBytes} bytes and ${L.maxAudioSeconds} seconds`),
    model: modelField.optional().describe(`Default \`${DEFAULT_TRANSCRIPTION_MODEL}\``),
    response_format: z.enum(['json', 'text', 'srt', 'verbose_json', 'vtt', 'diarized_json']).optional(),
    temperature: z.string().optional().describe('A number 0..1, as text'),
    stream: z.enum(['true', 'false']).optional().describe('Transcriptions only: `true` answers an event stream'),
  })
  .meta({ id: 'TranscriptionRequest' });

export const TranscriptionSchema = z.looseObject({ text: z.string(), usage: z.looseObject({}).optional() }).meta({ id: 'Transcription' });
