import type { CanonicalChat } from './chat';
import type { JsonObject } from './json';

/** Every relay endpoint the canonical layer understands. */
export type RelayEndpoint =
  | 'chat'
  | 'completion'
  | 'embedding'
  | 'moderation'
  | 'image_generation'
  | 'image_edit'
  | 'audio_speech'
  | 'audio_transcription'
  | 'audio_translation'
  | 'rerank'
  | 'responses'
  | 'messages'
  | 'gemini';

interface RequestBase<E extends RelayEndpoint> {
  readonly endpoint: E;
  /** The public model name the client asked for: billing, logs and abilities use it. */
  readonly model: string;
}

/** A JSON request: `body` is the validated client body, routing keys removed, forwarded after the adaptor's transform. */
interface JsonRequest<E extends RelayEndpoint> extends RequestBase<E> {
  readonly body: JsonObject;
}

/** Parts of a chat message, reduced to what estimation and converters need. */
export type ChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image'; detail: 'low' | 'high' | 'auto' }
  | { type: 'audio' }
  | { type: 'file' }
  | { type: 'other' };

export interface ChatMessage {
  role: string;
  name: string | null;
  parts: ChatContentPart[];
  /** Text of assistant tool calls (names and arguments); it is prompt text for the next turn. */
  toolCallText: string;
}

export interface ChatRequest extends JsonRequest<'chat'> {
  readonly stream: boolean;
  /** The client asked for the trailing usage chunk (`stream_options.include_usage`). */
  readonly clientIncludeUsage: boolean;
  readonly n: number;
  /** The larger of max_tokens and max_completion_tokens, per choice; null when unbounded. */
  readonly maxOutputTokens: number | null;
  readonly messages: ChatMessage[];
  readonly toolCount: number;
  /**
   * Present when the chat was decoded from another client format (Anthropic Messages, Gemini,
   * OpenAI Responses): its canonical chat, which a native provider encodes directly (two hops:
   * client wire -> canonical -> provider wire). `body` is then the OpenAI chat body of it, built
   * only when an OpenAI-wire provider reads it.
   */
  readonly canonical?: CanonicalChat;
}

export interface CompletionRequest extends JsonRequest<'completion'> {
  readonly stream: boolean;
  readonly clientIncludeUsage: boolean;
  readonly n: number;
  /** best_of candidates are generated (and billed) server-side; at least n. */
  readonly bestOf: number;
  readonly maxOutputTokens: number | null;
  /** Prompt texts (token-array prompts are counted by length). */
  readonly prompts: string[];
  readonly promptTokenArrays: number;
}

export interface EmbeddingRequest extends JsonRequest<'embedding'> {
  readonly inputs: string[];
  /** Pre-tokenised inputs: their token count is known exactly. */
  readonly inputTokenCount: number;
  /**
   * A Gemini client's own `:embedContent` / `:batchEmbedContents` body (`body` is then its OpenAI
   * form): a Gemini channel takes it as it is (taskType, title and the rest kept).
   */
  readonly gemini?: { readonly method: 'embedContent' | 'batchEmbedContents'; readonly body: JsonObject };
}

export interface ModerationRequest extends JsonRequest<'moderation'> {
  readonly inputs: string[];
  readonly imageCount: number;
}

export interface ImageGenerationRequest extends JsonRequest<'image_generation'> {
  readonly prompt: string;
  readonly n: number;
  /** `WxH`, or 'auto'; null when the client left it to the model's default. */
  readonly size: string | null;
  readonly quality: string | null;
}

export interface MultipartField {
  name: string;
  value: string;
}

export interface MultipartFile {
  /** Form field name (`image`, `image[]`, `mask`, `file`). */
  name: string;
  filename: string;
  contentType: string;
  data: Uint8Array;
}

/** A multipart body as received (the gateway caps its size while reading it). */
export interface MultipartForm {
  fields: MultipartField[];
  files: MultipartFile[];
}

export interface ImageEditRequest extends RequestBase<'image_edit'> {
  readonly form: MultipartForm;
  readonly prompt: string;
  readonly n: number;
  readonly size: string | null;
  readonly quality: string | null;
}

export interface AudioSpeechRequest extends JsonRequest<'audio_speech'> {
  /** The text to speak; TTS bills characters as tokens. */
  readonly input: string;
}

export interface AudioTranscriptionRequest extends RequestBase<'audio_transcription' | 'audio_translation'> {
  readonly form: MultipartForm;
  readonly fileBytes: number;
  /** Exact for WAV (read from the header), otherwise a bounded estimate from the size. */
  readonly estimatedSeconds: number;
  readonly responseFormat: string;
  /**
   * `stream=true` (transcriptions only): the gpt-4o-transcribe family answers SSE
   * (`transcript.text.delta`, then `transcript.text.done` with usage); whisper-1 ignores it.
   */
  readonly stream: boolean;
}

/** POST /v1/messages (Anthropic Messages inbound). */
export interface MessagesRequest extends JsonRequest<'messages'> {
  readonly stream: boolean;
  /** `max_tokens`, required by the Messages API. */
  readonly maxOutputTokens: number;
  /** The system prompt and turns, reduced for the prompt estimate. */
  readonly messages: ChatMessage[];
  readonly toolCount: number;
  /** The client's `anthropic-version` and `anthropic-beta` headers, passed on to Claude channels. */
  readonly anthropicVersion: string | null;
  readonly anthropicBeta: string | null;
}

/** Gemini-native inbound: `POST /v1beta/models/{model}:generateContent` / `:streamGenerateContent`. */
export interface GeminiRequest extends JsonRequest<'gemini'> {
  readonly stream: boolean;
  /** A stream asked with `alt=sse` is answered as SSE events; without it as one JSON array. */
  readonly sse: boolean;
  /** `generationConfig.maxOutputTokens` times `candidateCount`; null when unbounded. */
  readonly maxOutputTokens: number | null;
  /** `generationConfig.candidateCount` (bounded like OpenAI's `n`); 1 when absent. */
  readonly candidateCount: number;
  /** The system instruction and contents, reduced for the prompt estimate. */
  readonly messages: ChatMessage[];
  readonly toolCount: number;
}

export interface RerankRequest extends JsonRequest<'rerank'> {
  readonly query: string;
  readonly documents: string[];
  readonly topN: number | null;
}

export interface ResponsesRequest extends JsonRequest<'responses'> {
  readonly stream: boolean;
  readonly maxOutputTokens: number | null;
  /** Input and instruction texts, for the prompt estimate. */
  readonly inputTexts: string[];
  readonly inputImages: number;
  readonly toolCount: number;
}

export type CanonicalRequest =
  | ChatRequest
  | CompletionRequest
  | EmbeddingRequest
  | ModerationRequest
  | ImageGenerationRequest
  | ImageEditRequest
  | AudioSpeechRequest
  | AudioTranscriptionRequest
  | RerankRequest
  | ResponsesRequest
  | MessagesRequest
  | GeminiRequest;

/** The request types that are sent upstream as multipart/form-data. */
export type MultipartRequest = ImageEditRequest | AudioTranscriptionRequest;

/**
 * The fields of a request that carry what the client sent to be read (its prompt, documents and
 * uploaded files) rather than what its answer is shaped by. A stream's readers never get them
 * (`StreamView`).
 */
export const PROMPT_FIELDS = ['body', 'messages', 'canonical', 'prompts', 'inputs', 'inputTexts', 'input', 'prompt', 'query', 'documents', 'form', 'gemini'] as const;
const PROMPT_FIELD_SET: ReadonlySet<string> = new Set(PROMPT_FIELDS);
type PromptField = (typeof PROMPT_FIELDS)[number];

/**
 * A request as the readers of its streamed answer see it: every field but its prompt. The readers
 * live as long as the stream does; the request itself is let go once the answer's first byte is
 * out (the relay's `HeldRequest`), so a long prompt or an uploaded file is not kept for the whole
 * stream.
 */
export type StreamView<R extends CanonicalRequest = CanonicalRequest> = R extends unknown ? Omit<R, PromptField> : never;

/** A copy of the request without its prompt fields (read without touching them: some are built on first read). */
export function streamView<R extends CanonicalRequest>(req: R): StreamView<R> {
  const view: Record<string, unknown> = {};
  for (const k of Object.keys(req)) if (!PROMPT_FIELD_SET.has(k)) view[k] = (req as unknown as Record<string, unknown>)[k];
  return view as StreamView<R>;
}
