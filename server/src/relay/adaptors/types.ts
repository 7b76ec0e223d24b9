import type { UpstreamFailure } from '../../wire/canonical/errors';
import type {
  AudioSpeechRequest,
  AudioTranscriptionRequest,
  ChatRequest,
  CompletionRequest,
  EmbeddingRequest,
  GeminiRequest,
  ImageEditRequest,
  ImageGenerationRequest,
  MessagesRequest,
  ModerationRequest,
  RerankRequest,
  ResponsesRequest,
  StreamView,
} from '../../wire/canonical/request';
import type { ParsedResponse, ParsedTextResponse, Skim, StreamStep } from '../../wire/canonical/response';
import type { SseEvent } from '../../wire/framing/sse/sse-parser';

/**
 * The channel as an adaptor sees it: already decrypted and selected by the relay. Only the
 * channel decides where a call goes and with which credentials; nothing from the client does.
 */
export interface ChannelContext {
  /** The channel's type id (a registry type, or a catalogue OpenAI-compatible vendor's). */
  readonly type: number;
  /** Channel base_url; '' means the adaptor's default. */
  readonly baseUrl: string;
  /** The one key picked for this attempt (multi-key channels hold several). */
  readonly key: string;
  /** Model name after the channel's model_mapping (the public name stays on the request). */
  readonly upstreamModel: string;
  /** Type-specific setting (`other`): the Azure api-version. */
  readonly other: string;
  /** OpenAI organization (type 1). */
  readonly organization: string;
  /** Short-lived bearer token the relay obtained through the adaptor's `tokenExchange` (Vertex AI). */
  readonly accessToken?: string;
}

/**
/**
 * What the response body will be, so the relay picks the right reader. Streams, each split into
 * events by the relay's framing (wire/framing) for the adaptor's stream parser: `sse`;
 * `aws-eventstream`, AWS's binary event stream (Bedrock); `ndjson`, one JSON object per line
 * (Cohere's v1 chat); `json-as-stream`, the whole JSON answer of a provider without a stream
 * (PaLM 2) to a stream request, one event when the body is complete. Whole answers: `json`,
 * `binary`, `text`. `websocket`: the URL is a `ws:`/`wss:` socket the relay opens, sends `body` on
 * as one message (text for a string), and reads message by message: each one an event of a
 * streamed answer, or, for a whole answer, all of them until the adaptor's `isLastMessage` or the
 * close, handed over as a JSON array of their texts (iFlytek Spark).
 */
export type ResponseKind = 'sse' | 'aws-eventstream' | 'ndjson' | 'json-as-stream' | 'json' | 'binary' | 'text' | 'websocket';

export interface UpstreamRequest {
  readonly method: 'POST' | 'GET';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Uint8Array | null;
  readonly expect: ResponseKind;
  /**
   * An `sse` stream whose events carry non-standard fields the adaptor reads (ChatGLM's `meta:`
   * with the usage): the relay's SSE parser keeps them on `SseEvent.fields`. Absent for the rest,
   * whose parser skips unknown fields as the standard says.
   */
  readonly sseFields?: readonly string[];
}

/** An upstream answer the relay has read (non-stream). */
export interface UpstreamResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** UTF-8 text; for binary bodies the relay passes the byte length instead (see `bytes`). */
  readonly text: string;
  readonly bytes: number;
}

export interface ErrorInput {
  readonly status: number;
  readonly text: string;
  readonly headers?: Readonly<Record<string, string | undefined>>;
}

/** Streams the core contract knows: chat and legacy completions. */
export type TextRequest = ChatRequest | CompletionRequest;

/**
 * The core contract every adaptor implements: chat and legacy completions (OpenAI wire for
 * pass-through adaptors; native ones convert the canonical chat to their wire and their answers
 * back to canonical results, never to another wire), stream events, and errors.
 */
export interface Adaptor {
  /** A registry type, or a catalogue OpenAI-compatible vendor's id (`adaptorFor`). */
  readonly type: number;
  readonly name: string;
  /** Used when a channel's base_url is empty; null when the channel must provide one. */
  readonly defaultBaseUrl: string | null;
  buildTextRequest(req: TextRequest, ctx: ChannelContext): UpstreamRequest;
  /**
   * The upstream's own body for OpenAI-wire providers; a native provider's canonical answer
   * (`answered(...)`), which the client's inbound format encodes. Never another wire's JSON.
   */
  parseTextResponse(req: TextRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedTextResponse;
  /** Stream steps: the upstream's chunks (OpenAI wire), or a native provider's canonical `parts`. */
  parseTextStreamEvent(req: StreamView<TextRequest>, event: SseEvent, ctx: ChannelContext): StreamStep;
  /**
   * For a stateless `parseTextStreamEvent` of the upstream's own chunks: a glance at an event
   * that says, without parsing it, whether its step is a plain forward (`Skim`). The relay then
   * writes such an event's bytes as they came and parses it only if a count is needed. Not used
   * when `openTextStream` is present.
   */
  skimTextStreamEvent?(event: SseEvent): Skim;
  /**
   * For providers whose stream events need state (tool call numbering, usage spread over
   * events): one parser per streamed answer. When present the relay uses it instead of
   * `parseTextStreamEvent`.
   */
  openTextStream?(req: StreamView<TextRequest>, ctx: ChannelContext): (event: SseEvent) => StreamStep;
  mapError(input: ErrorInput, ctx: ChannelContext): UpstreamFailure;
  /**
   * Present when each call must be signed (AWS SigV4): the relay calls it right before sending,
   * with the clock, on every attempt. Pure given `now` (async only because hashing is).
   */
  signRequest?(req: UpstreamRequest, ctx: ChannelContext, now: Date): Promise<UpstreamRequest>;
  /**
   * For `expect: 'websocket'`: whether this message ends the answer (the relay then closes the
   * socket instead of waiting for the upstream to close it). Absent: the answer ends at the close.
   */
  isLastMessage?(data: string): boolean;

  // Optional capabilities: present means fully implemented.
  readonly embeddings?: EmbeddingsCapability;
  readonly moderations?: ModerationsCapability;
  readonly images?: ImagesCapability;
  readonly audio?: AudioCapability;
  readonly rerank?: RerankCapability;
  readonly responses?: ResponsesCapability;
  readonly models?: ModelsCapability;
  /** Anthropic Messages inbound (`POST /v1/messages`) served natively (Claude-family channels). */
  readonly messages?: MessagesCapability;
  /** Gemini-native inbound (`POST /v1beta/models/{model}:generateContent`) served natively (Gemini channels). */
  readonly gemini?: GeminiNativeCapability;
  /**
   * The provider counts a prompt's tokens itself (`/v1/messages/count_tokens`, Gemini's
   * `:countTokens`); without it the relay answers its local estimate.
   */
  readonly countTokens?: CountTokensCapability;
  /**
   * Present when calls need a short-lived token first (Vertex AI's OAuth access token). The relay
   * runs the exchange through the outbound client, caches the token per `cacheKey` until shortly
   * before it expires (one exchange in flight per key), and hands it over as `ctx.accessToken`.
   */
  readonly tokenExchange?: TokenExchangeCapability;
}

/** A client's token count, in its own format: Anthropic's count_tokens or Gemini's countTokens body. */
export type CountTokensRequest = MessagesRequest | GeminiRequest;

export type CountAnswer =
  | {
      readonly ok: true;
      readonly inputTokens: number;
      /**
       * The client format the provider's answer is already in (Anthropic's `{input_tokens}`, Gemini's
       * `{totalTokens, ...}`), if any: a caller of that format gets the answer as the provider wrote it.
       */
      readonly wire?: 'messages' | 'gemini';
    }
  | { readonly ok: false; readonly failure: UpstreamFailure };

export interface CountTokensCapability {
  /** The provider's count call for the request's prompt, converted when the client's format is not the provider's. Never streamed. */
  buildRequest(req: CountTokensRequest, ctx: ChannelContext): UpstreamRequest;
  /** The count in a 2xx answer, or why there is none. */
  parseCount(res: UpstreamResponse, ctx: ChannelContext): CountAnswer;
  /**
   * Whether an upstream error answer means the provider cannot count this call (a model without
   * counting, a credential allowed to generate but not to count) rather than a fault of the
   * channel: the relay then answers its local estimate, and the answer never counts against the
   * channel's health. Absent: every failure is answered as the provider's error.
   */
  cannotCount?(failure: UpstreamFailure): boolean;
}

export type TokenAnswer =
  | { readonly ok: true; readonly token: string; readonly expiresInSeconds: number }
  | { readonly ok: false; readonly failure: UpstreamFailure };

export interface TokenExchangeCapability {
  /** False when this channel's credential needs no exchange (a Vertex AI API key); absent means always. */
  applies?(ctx: ChannelContext): boolean;
  /** Identity of the credential for the relay's token cache: a digest, never the secret itself. */
  cacheKey(ctx: ChannelContext): string;
  /** The exchange request, signed for the clock given (epoch seconds). Pure. */
  buildRequest(ctx: ChannelContext, nowSeconds: number): UpstreamRequest;
  /** The token and its lifetime, or why there is none (any status). */
  parseResponse(res: UpstreamResponse, ctx: ChannelContext): TokenAnswer;
}

export interface MessagesCapability {
  buildRequest(req: MessagesRequest, ctx: ChannelContext): UpstreamRequest;
  /** `clientBody` in the Anthropic shape. */
  parseResponse(req: MessagesRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
  /**
   * One parser per streamed answer; forwards Anthropic events. Given the whole request (a Vertex
   * channel converts it for its Gemini models), it keeps none of it: see `StreamView`.
   */
  openStream(req: MessagesRequest, ctx: ChannelContext): (event: SseEvent) => StreamStep;
}

export interface GeminiNativeCapability {
  buildRequest(req: GeminiRequest, ctx: ChannelContext): UpstreamRequest;
  /** `clientBody` a `GenerateContentResponse`. */
  parseResponse(req: GeminiRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
  /** One parser per streamed answer; forwards `GenerateContentResponse` chunks. Keeps none of the request, as for Messages. */
  openStream(req: GeminiRequest, ctx: ChannelContext): (event: SseEvent) => StreamStep;
  /** Gemini's embed calls passed through (a request with `gemini` set); absent: converted through `embeddings`. */
  readonly embed?: PlainCapability<EmbeddingRequest>;
}

/** A capability whose calls are a plain build and parse. */
export interface PlainCapability<R> {
  buildRequest(req: R, ctx: ChannelContext): UpstreamRequest;
  parseResponse(req: R, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
}

export type EmbeddingsCapability = PlainCapability<EmbeddingRequest>;

export type ModerationsCapability = PlainCapability<ModerationRequest>;

export interface ImagesCapability {
  buildGenerationRequest(req: ImageGenerationRequest, ctx: ChannelContext): UpstreamRequest;
  /** Present when the provider edits images (multipart). */
  buildEditRequest?(req: ImageEditRequest, ctx: ChannelContext, boundary: string): UpstreamRequest;
  parseResponse(req: ImageGenerationRequest | ImageEditRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
}

export interface AudioCapability {
  buildSpeechRequest(req: AudioSpeechRequest, ctx: ChannelContext): UpstreamRequest;
  /** The speech body is audio bytes; usage is the input's characters. */
  parseSpeechResponse(req: AudioSpeechRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
  buildTranscriptionRequest(req: AudioTranscriptionRequest, ctx: ChannelContext, boundary: string): UpstreamRequest;
  parseTranscriptionResponse(req: AudioTranscriptionRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
  /** One event of a streamed transcription (`transcript.text.delta` / `transcript.text.done`). */
  parseTranscriptionStreamEvent(req: StreamView<AudioTranscriptionRequest>, event: SseEvent, ctx: ChannelContext): StreamStep;
}

export type RerankCapability = PlainCapability<RerankRequest>;

export interface ResponsesCapability {
  buildRequest(req: ResponsesRequest, ctx: ChannelContext): UpstreamRequest;
  parseResponse(req: ResponsesRequest, res: UpstreamResponse, ctx: ChannelContext): ParsedResponse;
  parseStreamEvent(req: StreamView<ResponsesRequest>, event: SseEvent, ctx: ChannelContext): StreamStep;
  /** A glance at an event that says, without parsing it, whether its step is a plain forward (`Skim`). */
  skimStreamEvent?(event: SseEvent): Skim;
}

export interface ModelsCapability {
  /** GET the provider's model list (channel "fetch models"). */
  buildListRequest(ctx: ChannelContext): UpstreamRequest;
  parseList(res: UpstreamResponse, ctx: ChannelContext): string[] | null;
}
