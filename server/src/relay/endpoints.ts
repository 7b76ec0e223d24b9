import { unsupportedEndpoint } from './adaptors/registry';
import type { Adaptor, ChannelContext, UpstreamRequest, UpstreamResponse } from './adaptors/types';
import type { RelayLimits } from './canonical/limits';
import { parseImageEditRequest, parseImageGenerationRequest, parseTranscriptionRequest } from './canonical/parse-media';
import { parseEmbeddingRequest, parseModerationRequest, parseRerankRequest, parseSpeechRequest } from './canonical/parse-misc';
import { parseChatRequest, parseCompletionRequest, parseResponsesRequest } from './canonical/parse-text';
import type { CanonicalRequest, MultipartForm, RelayEndpoint } from './canonical/request';
import type { ParsedResponse, StreamStep } from './canonical/response';
import type { SseEvent } from './sse/sse-parser';

/** How a request body arrives. */
export type BodyKind = 'json' | 'multipart';

/**
 * One relay endpoint: how its body is read and parsed, and which adaptor calls serve it. The
 * table is the only place that knows which capability answers which path.
 */
export interface EndpointOps {
  readonly endpoint: RelayEndpoint;
  readonly body: BodyKind;
  /** The upstream path shown in logs (`other.request_path`). */
  readonly path: string;
  parse(input: unknown, limits: RelayLimits, pathModel?: string): CanonicalRequest;
  build(adaptor: Adaptor, req: CanonicalRequest, ctx: ChannelContext, boundary: string): UpstreamRequest;
  parseResponse(adaptor: Adaptor, req: CanonicalRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
  /** Present for endpoints that can stream. */
  parseStream?(adaptor: Adaptor, req: CanonicalRequest, event: SseEvent, ctx: ChannelContext): StreamStep;
}

function wrong(req: CanonicalRequest, expected: string): never {
  throw new Error(`endpoint table mismatch: ${req.endpoint} where ${expected} was expected`);
}

function form(input: unknown): MultipartForm {
  return input as MultipartForm;
}

function need<T>(cap: T | undefined, adaptor: Adaptor, endpoint: string): T {
  if (cap === undefined) throw unsupportedEndpoint(adaptor.type, endpoint);
  return cap;
}

const chat: EndpointOps = {
  endpoint: 'chat',
  body: 'json',
  path: '/v1/chat/completions',
  parse: (input, limits) => parseChatRequest(input, limits),
  build: (a, req, ctx) => (req.endpoint === 'chat' ? a.buildTextRequest(req, ctx) : wrong(req, 'chat')),
  parseResponse: (a, req, res, ctx) => (req.endpoint === 'chat' ? a.parseTextResponse(req, res, ctx) : wrong(req, 'chat')),
  parseStream: (a, req, ev, ctx) => (req.endpoint === 'chat' ? a.parseTextStreamEvent(req, ev, ctx) : wrong(req, 'chat')),
};

const completion: EndpointOps = {
  endpoint: 'completion',
  body: 'json',
  path: '/v1/completions',
  parse: (input, limits) => parseCompletionRequest(input, limits),
  build: (a, req, ctx) => (req.endpoint === 'completion' ? a.buildTextRequest(req, ctx) : wrong(req, 'completion')),
  parseResponse: (a, req, res, ctx) => (req.endpoint === 'completion' ? a.parseTextResponse(req, res, ctx) : wrong(req, 'completion')),
  parseStream: (a, req, ev, ctx) => (req.endpoint === 'completion' ? a.parseTextStreamEvent(req, ev, ctx) : wrong(req, 'completion')),
};

const embedding: EndpointOps = {
  endpoint: 'embedding',
  body: 'json',
  path: '/v1/embeddings',
  parse: (input, limits, pathModel) => parseEmbeddingRequest(input, limits, pathModel),
  build: (a, req, ctx) => (req.endpoint === 'embedding' ? need(a.embeddings, a, 'embeddings').buildRequest(req, ctx) : wrong(req, 'embedding')),
  parseResponse: (a, req, res, ctx) =>
    req.endpoint === 'embedding' ? need(a.embeddings, a, 'embeddings').parseResponse(req, res, ctx) : wrong(req, 'embedding'),
};

const moderation: EndpointOps = {
  endpoint: 'moderation',
  body: 'json',
  path: '/v1/moderations',
  parse: (input, limits) => parseModerationRequest(input, limits),
  build: (a, req, ctx) => (req.endpoint === 'moderation' ? need(a.moderations, a, 'moderations').buildRequest(req, ctx) : wrong(req, 'moderation')),
  parseResponse: (a, req, res, ctx) =>
    req.endpoint === 'moderation' ? need(a.moderations, a, 'moderations').parseResponse(req, res, ctx) : wrong(req, 'moderation'),
};

const imageGeneration: EndpointOps = {
  endpoint: 'image_generation',
  body: 'json',
  path: '/v1/images/generations',
  parse: (input, limits) => parseImageGenerationRequest(input, limits),
  build: (a, req, ctx) =>
    req.endpoint === 'image_generation' ? need(a.images, a, 'images/generations').buildGenerationRequest(req, ctx) : wrong(req, 'image_generation'),
  parseResponse: (a, req, res, ctx) =>
    req.endpoint === 'image_generation' ? need(a.images, a, 'images/generations').parseResponse(req, res, ctx) : wrong(req, 'image_generation'),
};

const imageEdit: EndpointOps = {
  endpoint: 'image_edit',
  body: 'multipart',
  path: '/v1/images/edits',
  parse: (input, limits) => parseImageEditRequest(form(input), limits),
  build: (a, req, ctx, boundary) => {
    if (req.endpoint !== 'image_edit') return wrong(req, 'image_edit');
    const edit = need(a.images?.buildEditRequest, a, 'images/edits');
    return edit(req, ctx, boundary);
  },
  parseResponse: (a, req, res, ctx) => (req.endpoint === 'image_edit' ? need(a.images, a, 'images/edits').parseResponse(req, res, ctx) : wrong(req, 'image_edit')),
};

const speech: EndpointOps = {
  endpoint: 'audio_speech',
  body: 'json',
  path: '/v1/audio/speech',
  parse: (input, limits) => parseSpeechRequest(input, limits),
  build: (a, req, ctx) => (req.endpoint === 'audio_speech' ? need(a.audio, a, 'audio/speech').buildSpeechRequest(req, ctx) : wrong(req, 'audio_speech')),
  parseResponse: (a, req, res, ctx) =>
    req.endpoint === 'audio_speech' ? need(a.audio, a, 'audio/speech').parseSpeechResponse(req, res, ctx) : wrong(req, 'audio_speech'),
};

function transcriptionOps(endpoint: 'audio_transcription' | 'audio_translation', path: string): EndpointOps {
  return {
    endpoint,
    body: 'multipart',
    path,
    parse: (input, limits) => parseTranscriptionRequest(endpoint, form(input), limits),
    build: (a, req, ctx, boundary) =>
      req.endpoint === endpoint ? need(a.audio, a, path).buildTranscriptionRequest(req, ctx, boundary) : wrong(req, endpoint),
    parseResponse: (a, req, res, ctx) => (req.endpoint === endpoint ? need(a.audio, a, path).parseTranscriptionResponse(req, res, ctx) : wrong(req, endpoint)),
  };
}

const rerank: EndpointOps = {
  endpoint: 'rerank',
  body: 'json',
  path: '/v1/rerank',
  parse: (input, limits) => parseRerankRequest(input, limits),
  build: (a, req, ctx) => (req.endpoint === 'rerank' ? need(a.rerank, a, 'rerank').buildRequest(req, ctx) : wrong(req, 'rerank')),
  parseResponse: (a, req, res, ctx) => (req.endpoint === 'rerank' ? need(a.rerank, a, 'rerank').parseResponse(req, res, ctx) : wrong(req, 'rerank')),
};

const responses: EndpointOps = {
  endpoint: 'responses',
  body: 'json',
  path: '/v1/responses',
  parse: (input, limits) => parseResponsesRequest(input, limits),
  build: (a, req, ctx) => (req.endpoint === 'responses' ? need(a.responses, a, 'responses').buildRequest(req, ctx) : wrong(req, 'responses')),
  parseResponse: (a, req, res, ctx) => (req.endpoint === 'responses' ? need(a.responses, a, 'responses').parseResponse(req, res, ctx) : wrong(req, 'responses')),
  parseStream: (a, req, ev, ctx) => (req.endpoint === 'responses' ? need(a.responses, a, 'responses').parseStreamEvent(req, ev, ctx) : wrong(req, 'responses')),
};

export const ENDPOINTS: Readonly<Record<RelayEndpoint, EndpointOps>> = {
  chat,
  completion,
  embedding,
  moderation,
  image_generation: imageGeneration,
  image_edit: imageEdit,
  audio_speech: speech,
  audio_transcription: transcriptionOps('audio_transcription', '/v1/audio/transcriptions'),
  audio_translation: transcriptionOps('audio_translation', '/v1/audio/translations'),
  rerank,
  responses,
};

/** Whether the parsed request asked for a stream. */
export function isStreaming(req: CanonicalRequest): boolean {
  return (req.endpoint === 'chat' || req.endpoint === 'completion' || req.endpoint === 'responses') && req.stream;
}

/** Chat and completions streams end with `data: [DONE]` and carry the include_usage chunk. */
export function isChatLikeStream(req: CanonicalRequest): req is Extract<CanonicalRequest, { endpoint: 'chat' | 'completion' }> {
  return (req.endpoint === 'chat' || req.endpoint === 'completion') && req.stream;
}
