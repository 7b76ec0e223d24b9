import type { CanonicalChatResponse, ChatStreamPart } from './canonical/chat';
import type { JsonObject } from './canonical/json';
import type { RelayLimits } from './canonical/limits';
import type { CanonicalRequest } from './canonical/request';
import type { ParsedResponse, ParsedTextResponse, StreamForward } from './canonical/response';
import { reportedUsage, type FinishReason, type ReportedUsage } from './canonical/usage';
import type { SseEvent } from './framing/sse/sse-parser';

/*
 * The contract of an inbound format (the wire a client speaks: OpenAI chat and completions,
 * OpenAI Responses, Anthropic Messages, Gemini). The relay stays format-blind: it parses through
 * the format, hands a stream's chunks, end and failures to the format's stream encoder, and
 * renders every error through it. Pure: no I/O.
 */

/**
 * A failure the client is told about, in neutral terms (`renderRelayError` builds it; a stream
 * builds it from the upstream failure). `message` already carries the request id.
 */
export interface ClientError {
  readonly status: number;
  /** Machine-readable reason (`model_not_found`, an upstream's own code), if any. */
  readonly code: string | null;
  /** OpenAI-style error type (`invalid_request_error`, an upstream's own type, `upstream_error`). */
  readonly type: string;
  readonly message: string;
  /** The offending request field, if any. */
  readonly param: string | null;
}

/** How a format answers an error as a whole response. */
export interface ErrorFormat {
  errorResponse(e: ClientError): { status: number; body: JsonObject };
  /**
   * This format's own names for canonical (OpenAI) request fields that a channel may refuse after
   * the conversion: a Gemini client never sent `n`, it sent `generationConfig.candidateCount`.
   */
  readonly fieldNames?: Readonly<Record<string, string>>;
}

/** What a stream's end is written from: what the upstream reported, else the relay's estimate. */
export interface StreamEnd {
  readonly usage: ReportedUsage | null;
  readonly finishReason: FinishReason | null;
  /** Prompt estimate and the tokens counted in the stream (for a usage the upstream never sent). */
  readonly estimate: { readonly promptTokens: number; readonly completionTokens: number };
}

/**
 * The client side of one streamed answer. Every method returns the bytes to write ('' for none);
 * an encoder holds the state of its own answer (one per stream).
 */
export interface ClientStreamEncoder {
  readonly headers: Readonly<Record<string, string>>;
  /**
   * One chunk an upstream step forwards, already in this format (passthrough, or converted by the
   * adaptor). A chunk the upstream wrote and nobody changed goes out as the upstream wrote it.
   */
  forward(chunk: StreamForward, upstream: SseEvent): string;
  /**
   * True when `forward(chunk, upstream)` would write the upstream event's own text,
   * `data: <upstream.data>` and a blank line, unchanged; the encoder has then done whatever else
   * `forward` does (the relay writes the upstream's bytes as they came). False: call `forward`.
   */
  forwardAsIs?(chunk: StreamForward, upstream: SseEvent): boolean;
  /**
   * For an upstream event whose step would be a plain forward of its unchanged chunk (`Skim`;
   * `nullUsage`: its data has `"usage": null`), not parsed: what `forward` would write for it.
   * `true`: the event's own text, `sseEvent(upstream.data, upstream.event)` (the relay writes the
   * upstream's bytes when the chunk is exactly that); otherwise the whole SSE event as bytes. Null:
   * the relay parses the event and calls `forward`.
   */
  plainEvent?(upstream: SseEvent, nullUsage: boolean): true | Uint8Array | null;
  /** Canonical stream parts (converted answers), for formats that encode them. */
  parts?(parts: readonly ChatStreamPart[]): string;
  /** The upstream finished: whatever this format still owes the client (end markers, a missing last event). */
  end(s: StreamEnd): string;
  /** The stream failed after it began: the format's in-stream error, and whatever closes the stream. */
  error(e: ClientError): string;
}

/** An inbound format: parse, encode an answer, open a stream encoder, render errors. */
export interface InboundFormat<R extends CanonicalRequest> extends ErrorFormat {
  readonly name: string;
  /** The client's body to the bounded canonical request (`pathModel`: a model named by the path). */
  parse(input: unknown, limits: RelayLimits | undefined, pathModel?: string): R;
  /** A whole canonical chat answer in this format. */
  encodeResponse(res: CanonicalChatResponse, req: R): JsonObject;
  openStream(req: R): ClientStreamEncoder;
}

/**
 * The chunk's text: the upstream event's own data when the chunk is that event unchanged (no
 * re-serialisation; a multi-line data field cannot be reused as one line), else its JSON.
 */
export function chunkData(chunk: StreamForward, upstream: SseEvent): string {
  const unchanged = !chunk.converted && (chunk.event ?? null) === upstream.event && isOneLine(upstream.data);
  return unchanged ? upstream.data : JSON.stringify(chunk.data);
}

/** An upstream event's data that can go out as one `data:` line (a multi-line field cannot). */
export function isOneLine(data: string): boolean {
  return !data.includes('\n') && !data.includes('\r');
}

/** One SSE event of JSON text (never multi-line). */
export function sseEvent(json: string, event?: string): string {
  return event ? `event: ${event.replace(/[\r\n]/g, ' ')}\ndata: ${json}\n\n` : `data: ${json}\n\n`;
}

/** The usage a stream's end reports: the upstream's, else the relay's estimate. */
export function endUsage(s: StreamEnd): ReportedUsage {
  return s.usage ?? reportedUsage({ promptTokens: s.estimate.promptTokens, completionTokens: s.estimate.completionTokens });
}

/**
 * A chat answer for the client: a native provider's canonical answer encoded by the client's
 * format (the figures billing reads unchanged); an upstream's own body and failures as they are.
 */
export function encodeAnswer<R extends CanonicalRequest>(format: InboundFormat<R>, req: R, parsed: ParsedTextResponse): ParsedResponse {
  if (!parsed.ok || !('answer' in parsed)) return parsed;
  const { answer, ...figures } = parsed;
  return { ...figures, clientBody: JSON.stringify(format.encodeResponse(answer, req)) };
}
