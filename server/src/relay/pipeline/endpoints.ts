import { unsupportedEndpoint } from '../adaptors/registry';
import type { Adaptor, ChannelContext, PlainCapability, UpstreamRequest, UpstreamResponse } from '../adaptors/types';
import { bodyObject } from '../../wire/canonical/fields';
import type { RelayLimits } from '../../wire/canonical/limits';
import { parseImageEditRequest, parseImageGenerationRequest, parseTranscriptionRequest } from '../../wire/openai-media/parse-media';
import { parseEmbeddingRequest, parseModerationRequest, parseRerankRequest, parseSpeechRequest } from '../../wire/openai-media/parse-misc';
import * as convertedMessages from './converted-messages';
import * as convertedGemini from './converted-gemini';
import * as convertedResponses from './converted-responses';
import { streamView, type CanonicalRequest, type MultipartForm, type RelayEndpoint, type StreamView } from '../../wire/canonical/request';
import { anthropicMessagesFormat } from '../../wire/anthropic-messages/anthropic-messages';
import { encodeAnswer, type ClientStreamEncoder, type ErrorFormat, type InboundFormat } from '../../wire/format';
import { geminiFormat } from '../../wire/gemini/gemini';
import { OPENAI_ERRORS, openAIChatFormat } from '../../wire/openai-chat/index';
import { openAICompletionsFormat } from '../../wire/openai-completions/openai-completions';
import { OpenAIEventStreamEncoder, openAIResponsesFormat } from '../../wire/openai-responses/openai-responses';
import type { ParsedResponse, Skim, StreamStep } from '../../wire/canonical/response';
import type { SseEvent } from '../../wire/framing/sse/sse-parser';

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
  /** How this endpoint's clients are answered an error (their inbound format's shape). */
  readonly errors: ErrorFormat;
  /** Present for endpoints that can stream: the client side of one streamed answer, in the inbound format. */
  clientStream?(req: CanonicalRequest): ClientStreamEncoder;
  parse(input: unknown, limits: RelayLimits, pathModel?: string): CanonicalRequest;
  build(adaptor: Adaptor, req: CanonicalRequest, ctx: ChannelContext, boundary: string): UpstreamRequest;
  parseResponse(adaptor: Adaptor, req: CanonicalRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
  /** Present for endpoints that can stream: the event parser of one streamed answer. */
  openStream?(adaptor: Adaptor, req: CanonicalRequest, ctx: ChannelContext): (event: SseEvent) => StreamStep;
  /** The adaptor's glance at the events `openStream` parses (see `Skim`), where it has one. */
  skimStream?(adaptor: Adaptor): ((event: SseEvent) => Skim) | undefined;
}

/** The request of one endpoint (transcription and translation share a request type). */
type RequestOf<E extends RelayEndpoint> = CanonicalRequest & { endpoint: E };

/** What one endpoint calls on the adaptor, with its own request type. */
interface Calls<E extends RelayEndpoint> {
  build(adaptor: Adaptor, req: RequestOf<E>, ctx: ChannelContext, boundary: string): UpstreamRequest;
  parseResponse(adaptor: Adaptor, req: RequestOf<E>, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
  parseStream?(adaptor: Adaptor, req: StreamView<RequestOf<E>>, event: SseEvent, ctx: ChannelContext): StreamStep;
  /**
   * A stateful parser per answer; wins over parseStream. Given the whole request (a converted
   * path builds its chat from it), the parser it returns keeps none of it (`StreamView`).
   */
  openStream?(adaptor: Adaptor, req: RequestOf<E>, ctx: ChannelContext): ((event: SseEvent) => StreamStep) | null;
  skimStream?(adaptor: Adaptor): ((event: SseEvent) => Skim) | undefined;
}

/** The client side of an endpoint: its error shape and, for streams, its stream encoder. */
interface Client<E extends RelayEndpoint> {
  errors: ErrorFormat;
  stream?(req: RequestOf<E>): ClientStreamEncoder;
}

/** An OpenAI endpoint that never streams: OpenAI errors. */
const OPENAI_CLIENT: Client<RelayEndpoint> = { errors: OPENAI_ERRORS };

/** A table row: the endpoint's calls, guarded so a request of another endpoint can never reach them. */
function endpointOps<E extends RelayEndpoint>(
  endpoint: E,
  body: BodyKind,
  path: string,
  parse: EndpointOps['parse'],
  calls: Calls<E>,
  client: Client<E> = OPENAI_CLIENT,
): EndpointOps {
  const own = (req: CanonicalRequest): RequestOf<E> => {
    if (req.endpoint !== endpoint) throw new Error(`endpoint table mismatch: ${req.endpoint} where ${endpoint} was expected`);
    return req as RequestOf<E>;
  };
  const stream = calls.parseStream;
  const open = calls.openStream;
  const clientStream = client.stream;
  return {
    endpoint,
    body,
    path,
    errors: client.errors,
    parse,
    ...(clientStream ? { clientStream: (req: CanonicalRequest) => clientStream(own(req)) } : {}),
    build: (a, req, ctx, boundary) => calls.build(a, own(req), ctx, boundary),
    parseResponse: (a, req, res, ctx) => calls.parseResponse(a, own(req), res, ctx),
    ...(stream || open
      ? {
          openStream: (a: Adaptor, req: CanonicalRequest, ctx: ChannelContext) => {
            const r = own(req);
            const opened = open?.(a, r, ctx);
            if (opened) return opened;
            if (!stream) throw new Error(`endpoint ${endpoint} cannot stream on type ${a.type}`);
            // The parser lives as long as the stream: it keeps the request's view, not its prompt.
            const view = streamView(r);
            return (ev: SseEvent) => stream(a, view, ev, ctx);
          },
        }
      : {}),
    ...(calls.skimStream ? { skimStream: calls.skimStream } : {}),
  };
}

function form(input: unknown): MultipartForm {
  return input as MultipartForm;
}

function need<T>(cap: T | undefined, adaptor: Adaptor, endpoint: string): T {
  if (cap === undefined) throw unsupportedEndpoint(adaptor.type, endpoint);
  return cap;
}

/** An endpoint of an inbound format: the format parses, renders errors and encodes the client's stream. */
function formatOps<E extends RelayEndpoint>(endpoint: E, path: string, format: InboundFormat<RequestOf<E>>, calls: Calls<E>): EndpointOps {
  const parse: EndpointOps['parse'] = (input, limits, pathModel) => format.parse(input, limits, pathModel);
  return endpointOps(endpoint, 'json', path, parse, calls, { errors: format, stream: (req) => format.openStream(req) });
}

/** Chat and completions: a native provider's canonical answer is encoded by the client's format. */
function textOps<E extends 'chat' | 'completion'>(endpoint: E, path: string, format: InboundFormat<RequestOf<E>>): EndpointOps {
  return formatOps(endpoint, path, format, {
    build: (a, req, ctx) => a.buildTextRequest(req, ctx),
    parseResponse: (a, req, res, ctx) => encodeAnswer(format, req, a.parseTextResponse(req, res, ctx)),
    parseStream: (a, req, ev, ctx) => a.parseTextStreamEvent(req, ev, ctx),
    openStream: (a, req, ctx) => (a.openTextStream ? a.openTextStream(streamView(req), ctx) : null),
    // The glance describes `parseTextStreamEvent`'s steps, not those of a parser per answer.
    skimStream: (a) => (a.openTextStream ? undefined : a.skimTextStreamEvent),
  });
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
  const calls: Calls<typeof endpoint> = {
    build: (a, req, ctx, boundary) => need(a.audio, a, path).buildTranscriptionRequest(req, ctx, boundary),
    parseResponse: (a, req, res, ctx) => need(a.audio, a, path).parseTranscriptionResponse(req, res, ctx),
    parseStream: (a, req, ev, ctx) => need(a.audio, a, path).parseTranscriptionStreamEvent(req, ev, ctx),
  };
  // Streamed transcriptions are OpenAI event streams, like Responses.
  const client: Client<typeof endpoint> = { errors: OPENAI_ERRORS, stream: () => new OpenAIEventStreamEncoder() };
  return endpointOps(endpoint, 'multipart', path, (input, limits) => parseTranscriptionRequest(endpoint, form(input), limits), calls, client);
}

export const ENDPOINTS: Readonly<Record<RelayEndpoint, EndpointOps>> = {
  chat: textOps('chat', '/v1/chat/completions', openAIChatFormat),
  completion: textOps('completion', '/v1/completions', openAICompletionsFormat),
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
  // Claude-family channels pass the body through; every other type is served by its chat
  // contract, converted through the canonical chat (converted-messages.ts).
  messages: formatOps('messages', '/v1/messages', anthropicMessagesFormat, {
    build: (a, req, ctx) => (a.messages ? a.messages.buildRequest(req, ctx) : convertedMessages.build(a, req, ctx)),
    parseResponse: (a, req, res, ctx) => (a.messages ? a.messages.parseResponse(req, res, ctx) : convertedMessages.parseResponse(a, req, res, ctx)),
    openStream: (a, req, ctx) => (a.messages ? a.messages.openStream(req, ctx) : convertedMessages.openStream(a, req, ctx)),
  }),
  // Gemini channels pass the body through; every other type is served by its chat contract,
  // converted through the canonical chat (converted-gemini.ts). Streams are SSE with `alt=sse`,
  // else one JSON array (the format's stream encoder frames them).
  gemini: formatOps('gemini', '/v1beta/models/{model}:generateContent', geminiFormat, {
    build: (a, req, ctx) => (a.gemini ? a.gemini.buildRequest(req, ctx) : convertedGemini.build(a, req, ctx)),
    parseResponse: (a, req, res, ctx) => (a.gemini ? a.gemini.parseResponse(req, res, ctx) : convertedGemini.parseResponse(a, req, res, ctx)),
    openStream: (a, req, ctx) => (a.gemini ? a.gemini.openStream(req, ctx) : convertedGemini.openStream(a, req, ctx)),
  }),
  // Channels with a Responses capability (OpenAI, Azure) pass the body and events through; every
  // other type is served by its chat contract, converted through the canonical chat
  // (converted-responses.ts), its answer re-encoded as a response object and its events.
  responses: formatOps('responses', '/v1/responses', openAIResponsesFormat, {
    build: (a, req, ctx) => (a.responses ? a.responses.buildRequest(req, ctx) : convertedResponses.build(a, req, ctx)),
    parseResponse: (a, req, res, ctx) => (a.responses ? a.responses.parseResponse(req, res, ctx) : convertedResponses.parseResponse(a, req, res, ctx)),
    parseStream: (a, req, ev, ctx) => need(a.responses, a, 'responses').parseStreamEvent(req, ev, ctx),
    openStream: (a, req, ctx) => (a.responses ? null : convertedResponses.openStream(a, req, ctx)),
    skimStream: (a) => a.responses?.skimStreamEvent,
  }),
};

/**
 * Gemini's `:embedContent` / `:batchEmbedContents` (not table rows: the same `embedding` endpoint
 * as `/v1/embeddings`, with Google's bodies on both sides and Google's error shape).
 */
function geminiEmbedOps(method: 'embedContent' | 'batchEmbedContents'): EndpointOps {
  const batch = method === 'batchEmbedContents';
  const parse: EndpointOps['parse'] = (input, limits, pathModel) => ({
    ...parseEmbeddingRequest(convertedGemini.embeddingBody(input, batch), limits, pathModel),
    gemini: { method, body: bodyObject(input) },
  });
  // A Gemini channel takes the client's body as it is; any other embeddings channel the OpenAI form.
  const calls: Calls<'embedding'> = {
    build: (a, req, ctx) => (a.gemini?.embed ? a.gemini.embed.buildRequest(req, ctx) : need(a.embeddings, a, 'embeddings').buildRequest(req, ctx)),
    parseResponse: (a, req, res, ctx) =>
      a.gemini?.embed ? a.gemini.embed.parseResponse(req, res, ctx) : convertedGemini.embeddingAnswer(need(a.embeddings, a, 'embeddings').parseResponse(req, res, ctx), batch),
  };
  return endpointOps('embedding', 'json', `/v1beta/models/{model}:${method}`, parse, calls, { errors: geminiFormat });
}

export const GEMINI_EMBED_OPS: Readonly<Record<'embedContent' | 'batchEmbedContents', EndpointOps>> = {
  embedContent: geminiEmbedOps('embedContent'),
  batchEmbedContents: geminiEmbedOps('batchEmbedContents'),
};

/** Whether the parsed request asked for a stream. */
export function isStreaming(req: CanonicalRequest): boolean {
  return (
    (req.endpoint === 'chat' || req.endpoint === 'completion' || req.endpoint === 'responses' || req.endpoint === 'audio_transcription' || req.endpoint === 'messages' || req.endpoint === 'gemini') &&
    req.stream
  );
}
