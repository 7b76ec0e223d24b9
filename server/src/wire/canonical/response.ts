import { answerChoices, type CanonicalChatResponse, type ChatStreamPart } from './chat';
import type { UpstreamFailure } from './errors';
import type { JsonObject } from './json';
import type { FinishReason, ReportedUsage } from './usage';

/** What billing and the relay's estimate read from a whole answer, whatever its wire. */
export interface AnswerFigures {
  /** As reported by the upstream; `clampUsage` in billing decides what to trust. */
  readonly usage: ReportedUsage | null;
  readonly finishReason: FinishReason | null;
  /** Generated text, for the token estimate when usage is missing. */
  readonly outputText: string;
  readonly toolCalls: number;
}

/**
 * Canonical response and stream delta: what every adaptor turns an upstream answer into.
 * Billing reads `usage` (through clampUsage); the relay forwards `clientBody` / `forward`.
 */
export type ParsedResponse =
  | ({
      readonly ok: true;
      /** Body for the client, in the inbound format: the upstream's own text (OpenAI wire, same-format passthrough), or encoded by the format. */
      readonly clientBody: string;
    } & AnswerFigures)
  | { readonly ok: false; readonly failure: UpstreamFailure };

/**
 * A native provider's whole chat answer, decoded to the canonical response: the client's inbound
 * format encodes the body (`encodeAnswer`), billing reads the figures (the answer's own usage).
 */
export interface ParsedAnswer extends AnswerFigures {
  readonly ok: true;
  readonly answer: CanonicalChatResponse;
}

/** What a chat adaptor's parse returns: the upstream's own body, a canonical answer, or a failure. */
export type ParsedTextResponse = ParsedResponse | ParsedAnswer;

/** The generated text of an answer's parts (tool calls as name and arguments), for the estimate. */
export function answerText(parts: CanonicalChatResponse['parts']): string {
  return parts.map((p) => (p.type === 'tool_call' ? p.name + p.arguments : p.text)).join('');
}

/** An answer with the figures billing reads from it (the text and tool calls of every choice). */
export function answerFigures(answer: CanonicalChatResponse): AnswerFigures {
  const parts = answerChoices(answer).flatMap((c) => c.parts);
  return { usage: answer.usage, finishReason: answer.finishReason, outputText: answerText(parts), toolCalls: parts.filter((p) => p.type === 'tool_call').length };
}

/** A canonical answer as a successful parse. */
export function answered(answer: CanonicalChatResponse): ParsedAnswer {
  return { ok: true, answer, ...answerFigures(answer) };
}

/** One chunk for the client. */
export interface StreamForward {
  readonly event?: string;
  readonly data: JsonObject;
  /** Built by a converting adaptor: never replaced by the upstream event's own text. */
  readonly converted?: boolean;
}

/** One SSE event from the upstream, in canonical terms. */
export interface StreamStep {
  /**
   * A chunk for the client, already in the inbound format (the upstream's own: OpenAI-wire
   * providers, same-format passthrough); the stream encoder writes it; null = nothing.
   */
  readonly forward: StreamForward | null;
  /**
   * More client chunks from the same upstream event, sent after `forward` in order (a converted
   * provider event can carry text, the finish reason and the usage at once).
   */
  readonly more?: readonly StreamForward[];
  /**
   * Canonical stream parts for the inbound format's encoder to write: a native provider's answer
   * (Claude, Gemini, Bedrock, Vertex) decoded by its adaptor, or an OpenAI-wire answer decoded for
   * a client of another format (`/v1/messages`, Gemini-native). A step carries chunks or parts.
   */
  readonly parts?: readonly ChatStreamPart[];
  /** Text generated in this event (content, reasoning, tool arguments), for incremental counting. */
  readonly text: string;
  /** Tool calls that started in this event. */
  readonly toolCalls: number;
  readonly usage: ReportedUsage | null;
  readonly finishReason: FinishReason | null;
  /** The upstream said it is finished (`[DONE]`, `response.completed`). */
  readonly done: boolean;
  /** An error object inside a 200 stream. */
  readonly error: UpstreamFailure | null;
  /** The data was not valid JSON (garbage from the upstream); nothing is forwarded. */
  readonly malformed: boolean;
}

/**
 * A stream step that carries nothing: native decoders spread it and set what their event holds.
 * It names every key of a step, `more` and `parts` too: V8 copies a spread and overwrites its keys
 * in about 20 ns, but a spread that adds a key its source lacks took 1.4 to 2.6 µs (measured on
 * Node 20), once per upstream event of every converted stream.
 */
export const EMPTY_STEP: StreamStep = {
  forward: null,
  more: undefined,
  parts: undefined,
  text: '',
  toolCalls: 0,
  usage: null,
  finishReason: null,
  done: false,
  error: null,
  malformed: false,
};

/**
 * What a glance at an upstream event's text says without parsing it (`Adaptor.skimTextStreamEvent`):
 * `plain` when its step is a forward of the unchanged chunk whose only other effects are text
 * and tool calls (no usage, finish reason, error or end); `null-usage` the same with a
 * `"usage": null` key in the data (OpenAI writes one on every chunk once include_usage is asked);
 * `no` otherwise, and whenever the glance cannot tell.
 */
export type Skim = 'no' | 'plain' | 'null-usage';

/**
 * What a native provider's stream decoder makes of one upstream event: canonical parts (with the
 * figures the event carried), the provider's error object `E` inside a 200 stream, or garbage.
 */
export type DecodedStreamEvent<E> =
  | { kind: 'parts'; parts: ChatStreamPart[]; text: string; usage: ReportedUsage | null; finish: FinishReason | null; done: boolean }
  | { kind: 'error'; error: E }
  | { kind: 'malformed' };

/** The stream step of a decoded event; `failure` turns the provider's error into the relay's. */
export function decodedStep<E>(r: DecodedStreamEvent<E>, failure: (error: E) => UpstreamFailure): StreamStep {
  if (r.kind === 'malformed') return { ...EMPTY_STEP, malformed: true };
  if (r.kind === 'error') return { ...EMPTY_STEP, error: failure(r.error), done: true };
  return { ...EMPTY_STEP, parts: r.parts, text: r.text, usage: r.usage, finishReason: r.finish, done: r.done };
}
