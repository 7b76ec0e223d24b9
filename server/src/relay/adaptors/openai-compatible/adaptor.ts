import { isJsonObject, parseJson } from '../../../wire/canonical/json';
import type {
  Adaptor,
  AudioCapability,
  EmbeddingsCapability,
  ImagesCapability,
  ModelsCapability,
  ModerationsCapability,
  RerankCapability,
  ResponsesCapability,
} from '../types';
import type { OpenAICompatibleConfig } from './config';
import { mapOpenAIError } from './error';
import { authHeaders, buildText, jsonRequest, multipartRequest, urlFor } from './request';
import {
  parseChatResponse,
  parseEmbeddingResponse,
  parseImageResponse,
  parseModerationResponse,
  parseRerankResponse,
  parseResponsesResponse,
  parseTranscriptionResponse,
  speechUsage,
} from './response';
import { parseChatStreamEvent, parseResponsesStreamEvent, parseTranscriptionStreamEvent, skimChatStreamEvent, skimResponsesStreamEvent } from './stream';

/**
 * Builds an adaptor for a provider that speaks the OpenAI wire protocol. Bodies pass through
 * (model replaced by the mapped name, per-model quirks applied), responses are forwarded as
 * sent, and usage is read from the documented places. Capabilities not listed in the config
 * are absent, never stubs.
 */
export function createOpenAICompatibleAdaptor(config: OpenAICompatibleConfig): Adaptor {
  const has = (c: OpenAICompatibleConfig['capabilities'][number]) => config.capabilities.includes(c);

  const embeddings: EmbeddingsCapability = {
    buildRequest: (req, ctx) => jsonRequest(config, 'embeddings', ctx, req.body),
    parseResponse: (_req, res, ctx) => parseEmbeddingResponse(res, ctx),
  };
  const moderations: ModerationsCapability = {
    buildRequest: (req, ctx) => jsonRequest(config, 'moderations', ctx, req.body),
    parseResponse: (_req, res, ctx) => parseModerationResponse(res, ctx),
  };
  const images: ImagesCapability = {
    buildGenerationRequest: (req, ctx) => jsonRequest(config, 'images/generations', ctx, req.body),
    ...(has('image_edits') ? { buildEditRequest: (req, ctx, boundary) => multipartRequest(config, 'images/edits', ctx, req, boundary, 'json') } : {}),
    parseResponse: (_req, res, ctx) => parseImageResponse(res, ctx),
  };
  const audio: AudioCapability = {
    buildSpeechRequest: (req, ctx) => jsonRequest(config, 'audio/speech', ctx, req.body, 'binary'),
    parseSpeechResponse: (req) => ({ ok: true, clientBody: '', usage: speechUsage(req.input), finishReason: null, outputText: '', toolCalls: 0 }),
    buildTranscriptionRequest: (req, ctx, boundary) => {
      const path = req.endpoint === 'audio_translation' ? 'audio/translations' : 'audio/transcriptions';
      const json = req.responseFormat === 'json' || req.responseFormat === 'verbose_json' || req.responseFormat === 'diarized_json';
      // A streamed transcription answers SSE; a model that ignores `stream` (whisper-1) answers
      // JSON, which the relay reads whole by its content type.
      return multipartRequest(config, path, ctx, req, boundary, req.stream ? 'sse' : json ? 'json' : 'text');
    },
    parseTranscriptionResponse: (req, res, ctx) => parseTranscriptionResponse(res, ctx, req.responseFormat, req.model),
    parseTranscriptionStreamEvent: (_req, event, ctx) => parseTranscriptionStreamEvent(event, ctx),
  };
  const rerank: RerankCapability = {
    buildRequest: (req, ctx) => jsonRequest(config, 'rerank', ctx, req.body),
    parseResponse: (_req, res, ctx) => parseRerankResponse(res, ctx),
  };
  const responses: ResponsesCapability = {
    buildRequest: (req, ctx) => jsonRequest(config, 'responses', ctx, req.body, req.stream ? 'sse' : 'json'),
    parseResponse: (_req, res, ctx) => parseResponsesResponse(res, ctx),
    parseStreamEvent: (_req, event, ctx) => parseResponsesStreamEvent(event, ctx),
    skimStreamEvent: skimResponsesStreamEvent,
  };
  const models: ModelsCapability = {
    buildListRequest: (ctx) => ({ method: 'GET', url: urlFor(config, 'models', ctx), headers: authHeaders(config, ctx), body: null, expect: 'json' }),
    parseList: (res) => {
      const body = parseJson(res.text);
      if (!isJsonObject(body) || !Array.isArray(body.data)) return null;
      return body.data.flatMap((m) => (isJsonObject(m) && typeof m.id === 'string' ? [m.id] : []));
    },
  };

  return {
    type: config.type,
    name: config.name,
    defaultBaseUrl: config.defaultBaseUrl,
    buildTextRequest: (req, ctx) => buildText(config, req, ctx),
    parseTextResponse: (_req, res, ctx) => parseChatResponse(res, ctx),
    parseTextStreamEvent: (_req, event, ctx) => parseChatStreamEvent(event, ctx),
    skimTextStreamEvent: skimChatStreamEvent,
    mapError: (input, ctx) => mapOpenAIError(input, ctx),
    ...(has('embeddings') ? { embeddings } : {}),
    ...(has('moderations') ? { moderations } : {}),
    ...(has('images') ? { images } : {}),
    ...(has('audio') ? { audio } : {}),
    ...(has('rerank') ? { rerank } : {}),
    ...(has('responses') ? { responses } : {}),
    ...(has('models') ? { models } : {}),
  };
}
