import { unsupportedEndpoint } from './adaptors/registry';
import type { Adaptor, ChannelContext, UpstreamRequest, UpstreamResponse } from './adaptors/types';
import type { RelayLimits } from './canonical/limits';
import { parseImageEditRequest, parseImageGenerationRequest, parseTranscriptionRequest } from './canonical/parse-media';
import { parseEmbeddingRequest, parseModerationRequest, parseRerankRequest, parseSpeechRequest } from './canonical/parse-misc';
import { parseMessagesRequest } from './canonical/parse-messages';
import * as convertedMessages from './converted-messages';
import * as convertedGemini from './converted-gemini';
import { parseGeminiRequest } from './canonical/parse-gemini';
import { JsonArrayWriter, SseClientFraming, type ClientFraming, type ErrorChunk } from './json-array/json-array';
import { asGeminiError } from './relay-errors';
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
  /** Errors render in this inbound format's shape (default: OpenAI's). */
  readonly errorShape?: 'anthropic' | 'gemini';
  /** How a stream's chunks reach the client when not as SSE (Gemini without `alt=sse`: a JSON array). */
  clientFraming?(req: CanonicalRequest): ClientFraming | undefined;
  parse(input: unknown, limits: RelayLimits, pathModel?: string): CanonicalRequest;
  build(adaptor: Adaptor, req: CanonicalRequest, ctx: ChannelContext, boundary: string): UpstreamRequest;
  parseResponse(adaptor: Adaptor, req: CanonicalRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
  /** Present for endpoints that can stream: the event parser of one streamed answer. */
  openStream?(adaptor: Adaptor, req: CanonicalRequest, ctx: ChannelContext): (event: SseEvent) => StreamStep;
}

/** The request of one endpoint (transcription and translation share a request type). */
type RequestOf<E extends RelayEndpoint> = CanonicalRequest & { endpoint: E };

/** What one endpoint calls on the adaptor, with its own request type. */
interface Calls<E extends RelayEndpoint> {
  build(adaptor: Adaptor, req: RequestOf<E>, ctx: ChannelContext, boundary: string): UpstreamRequest;
  parseResponse(adaptor: Adaptor, req: RequestOf<E>, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
  parseStream?(adaptor: Adaptor, req: RequestOf<E>, event: SseEvent, ctx: ChannelContext): StreamStep;
  /** A stateful parser per answer; wins over parseStream. */
  openStream?(adaptor: Adaptor, req: RequestOf<E>, ctx: ChannelContext): ((event: SseEvent) => StreamStep) | null;
}

/** A table row: the endpoint's calls, guarded so a request of another endpoint can never reach them. */
function endpointOps<E extends RelayEndpoint>(
  endpoint: E,
  body: BodyKind,
  path: string,
  parse: EndpointOps['parse'],
  calls: Calls<E>,
): EndpointOps {
  const own = (req: CanonicalRequest): RequestOf<E> => {
    if (req.endpoint !== endpoint) throw new Error(`endpoint table mismatch: ${req.endpoint} where ${endpoint} was expected`);
    return req as RequestOf<E>;
  };
  const stream = calls.parseStream;
  const open = calls.openStream;
  return {
    endpoint,
    body,
    path,
    parse,
    build: (a, req, ctx, boundary) => calls.build(a, own(req), ctx, boundary),
    parseResponse: (a, req, res, ctx) => calls.parseResponse(a, own(req), res, ctx),
    ...(stream || open
      ? {
          openStream: (a: Adaptor, req: CanonicalRequest, ctx: ChannelContext) => {
            const r = own(req);
            const opened = open?.(a, r, ctx);
            if (opened) return opened;
            if (!stream) throw new Error(`endpoint ${endpoint} cannot stream on type ${a.type}`);
            return (ev: SseEvent) => stream(a, r, ev, ctx);
          },
        }
      : {}),
  };
}

function form(input: unknown): MultipartForm {
  return input as MultipartForm;
}

function need<T>(cap: T | undefined, adaptor: Adaptor, endpoint: string): T {
  if (cap === undefined) throw unsupportedEndpoint(adaptor.type, endpoint);
  return cap;
}

function textOps(endpoint: 'chat' | 'completion', path: string, parse: EndpointOps['parse']): EndpointOps {
  return endpointOps(endpoint, 'json', path, parse, {
    build: (a, req, ctx) => a.buildTextRequest(req, ctx),
    parseResponse: (a, req, res, ctx) => a.parseTextResponse(req, res, ctx),
    parseStream: (a, req, ev, ctx) => a.parseTextStreamEvent(req, ev, ctx),
    openStream: (a, req, ctx) => a.openTextStream?.(req, ctx) ?? null,
  });
}

/** A capability whose calls are a plain build and parse (embeddings, moderations, rerank). */
interface PlainCapability<R> {
  buildRequest(req: R, ctx: ChannelContext): UpstreamRequest;
  parseResponse(req: R, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
}

function capabilityOps<E extends RelayEndpoint>(
  endpoint: E,
  path: string,
  parse: EndpointOps['parse'],
  name: string,
  capability: (a: Adaptor) => PlainCapability<RequestOf<E>> | undefined,
): EndpointOps {
  return endpointOps(endpoint, 'json', path, parse, {
    build: (a, req, ctx) => need(capability(a), a, name).buildRequest(req, ctx),
    parseResponse: (a, req, res, ctx) => need(capability(a), a, name).parseResponse(req, res, ctx),
  });
}

function transcriptionOps(endpoint: 'audio_transcription' | 'audio_translation', path: string): EndpointOps {
  return endpointOps(endpoint, 'multipart', path, (input, limits) => parseTranscriptionRequest(endpoint, form(input), limits), {
    build: (a, req, ctx, boundary) => need(a.audio, a, path).buildTranscriptionRequest(req, ctx, boundary),
    parseResponse: (a, req, res, ctx) => need(a.audio, a, path).parseTranscriptionResponse(req, res, ctx),
    parseStream: (a, req, ev, ctx) => need(a.audio, a, path).parseTranscriptionStreamEvent(req, ev, ctx),
  });
}

export const ENDPOINTS: Readonly<Record<RelayEndpoint, EndpointOps>> = {
  chat: textOps('chat', '/v1/chat/completions', (input, limits) => parseChatRequest(input, limits)),
  completion: textOps('completion', '/v1/completions', (input, limits) => parseCompletionRequest(input, limits)),
  embedding: capabilityOps(
    'embedding',
    '/v1/embeddings',
    (input, limits, pathModel) => parseEmbeddingRequest(input, limits, pathModel),
    'embeddings',
    (a) => a.embeddings,
  ),
  moderation: capabilityOps('moderation', '/v1/moderations', (input, limits) => parseModerationRequest(input, limits), 'moderations', (a) => a.moderations),
  image_generation: endpointOps('image_generation', 'json', '/v1/images/generations', (input, limits) => parseImageGenerationRequest(input, limits), {
    build: (a, req, ctx) => need(a.images, a, 'images/generations').buildGenerationRequest(req, ctx),
    parseResponse: (a, req, res, ctx) => need(a.images, a, 'images/generations').parseResponse(req, res, ctx),
  }),
  image_edit: endpointOps('image_edit', 'multipart', '/v1/images/edits', (input, limits) => parseImageEditRequest(form(input), limits), {
    build: (a, req, ctx, boundary) => need(a.images?.buildEditRequest, a, 'images/edits')(req, ctx, boundary),
    parseResponse: (a, req, res, ctx) => need(a.images, a, 'images/edits').parseResponse(req, res, ctx),
  }),
  audio_speech: endpointOps('audio_speech', 'json', '/v1/audio/speech', (input, limits) => parseSpeechRequest(input, limits), {
    build: (a, req, ctx) => need(a.audio, a, 'audio/speech').buildSpeechRequest(req, ctx),
    parseResponse: (a, req, res, ctx) => need(a.audio, a, 'audio/speech').parseSpeechResponse(req, res, ctx),
  }),
  audio_transcription: transcriptionOps('audio_transcription', '/v1/audio/transcriptions'),
  audio_translation: transcriptionOps('audio_translation', '/v1/audio/translations'),
  rerank: capabilityOps('rerank', '/v1/rerank', (input, limits) => parseRerankRequest(input, limits), 'rerank', (a) => a.rerank),
  messages: {
    // Claude-family channels pass the body through; every other type is served by its chat
    // contract, converted through the canonical chat (converted-messages.ts).
    ...endpointOps('messages', 'json', '/v1/messages', (input, limits) => parseMessagesRequest(input, limits), {
      build: (a, req, ctx) => (a.messages ? a.messages.buildRequest(req, ctx) : convertedMessages.build(a, req, ctx)),
      parseResponse: (a, req, res, ctx) => (a.messages ? a.messages.parseResponse(req, res, ctx) : convertedMessages.parseResponse(a, req, res, ctx)),
      openStream: (a, req, ctx) => (a.messages ? a.messages.openStream(req, ctx) : convertedMessages.openStream(a, req, ctx)),
    }),
    errorShape: 'anthropic',
  },
  gemini: {
    // Gemini channels pass the body through; every other type is served by its chat contract,
    // converted through the canonical chat (converted-gemini.ts).
    ...endpointOps('gemini', 'json', '/v1beta/models/{model}:generateContent', (input, limits, pathModel) => parseGeminiRequest(input, limits, pathModel), {
      build: (a, req, ctx) => (a.gemini ? a.gemini.buildRequest(req, ctx) : convertedGemini.build(a, req, ctx)),
      parseResponse: (a, req, res, ctx) => (a.gemini ? a.gemini.parseResponse(req, res, ctx) : convertedGemini.parseResponse(a, req, res, ctx)),
      openStream: (a, req, ctx) => (a.gemini ? a.gemini.openStream(req, ctx) : convertedGemini.openStream(a, req, ctx)),
    }),
    errorShape: 'gemini',
    // `alt=sse` streams are SSE, others one JSON array; a failure after the start is Google's error object.
    clientFraming: (req) => (req.endpoint === 'gemini' && !req.sse ? new JsonArrayWriter(geminiErrorChunk) : new SseClientFraming(geminiErrorChunk)),
  },
  responses: endpointOps('responses', 'json', '/v1/responses', (input, limits) => parseResponsesRequest(input, limits), {
    build: (a, req, ctx) => need(a.responses, a, 'responses').buildRequest(req, ctx),
    parseResponse: (a, req, res, ctx) => need(a.responses, a, 'responses').parseResponse(req, res, ctx),
    parseStream: (a, req, ev, ctx) => need(a.responses, a, 'responses').parseStreamEvent(req, ev, ctx),
  }),
};

/**
 * Gemini's `:embedContent` / `:batchEmbedContents` (not table rows: the same `embedding` endpoint
 * as `/v1/embeddings`, with Google's bodies on both sides and Google's error shape).
 */
function geminiEmbedOps(method: 'embedContent' | 'batchEmbedContents'): EndpointOps {
  const batch = method === 'batchEmbedContents';
  return {
    ...endpointOps('embedding', 'json', `/v1beta/models/{model}:${method}`, (input, limits, pathModel) => parseEmbeddingRequest(convertedGemini.embeddingBody(input, batch), limits, pathModel), {
      build: (a, req, ctx) => need(a.embeddings, a, 'embeddings').buildRequest(req, ctx),
      parseResponse: (a, req, res, ctx) => convertedGemini.embeddingAnswer(need(a.embeddings, a, 'embeddings').parseResponse(req, res, ctx), batch),
    }),
    errorShape: 'gemini',
  };
}

export const GEMINI_EMBED_OPS: Readonly<Record<'embedContent' | 'batchEmbedContents', EndpointOps>> = {
  embedContent: geminiEmbedOps('embedContent'),
  batchEmbedContents: geminiEmbedOps('batchEmbedContents'),
};

/** A failure inside a begun Gemini stream, as Google reports one (`{error:{code, message, status}}`). */
const geminiErrorChunk: ErrorChunk = (message, code) => asGeminiError({ error: { message, code } }, 500);

/** Whether the parsed request asked for a stream. */
export function isStreaming(req: CanonicalRequest): boolean {
  return (
    (req.endpoint === 'chat' || req.endpoint === 'completion' || req.endpoint === 'responses' || req.endpoint === 'audio_transcription' || req.endpoint === 'messages' || req.endpoint === 'gemini') &&
    req.stream
  );
}

/** Chat and completions streams end with `data: [DONE]` and carry the include_usage chunk. */
export function isChatLikeStream(req: CanonicalRequest): req is Extract<CanonicalRequest, { endpoint: 'chat' | 'completion' }> {
  return (req.endpoint === 'chat' || req.endpoint === 'completion') && req.stream;
}
