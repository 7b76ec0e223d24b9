import type { JsonObject } from './json';
import type { FinishReason, ReportedUsage } from './usage';

/*
 * The typed middle of chat: every inbound format (OpenAI chat and completions, OpenAI Responses,
 * Anthropic Messages, Gemini) parses into `CanonicalChat`, every native
 * provider (Claude, Gemini, Bedrock, Vertex) converts from it, and answers come back as
 * `CanonicalChatResponse` or a sequence of `ChatStreamPart`s that the inbound format encodes
 * for its client. Nothing here knows a wire format; billing reads only the canonical usage.
 * An answer may hold several choices (`choiceCount`): the first keeps the single-choice shape.
 */

/** An image by URL, or inline bytes (base64) with their media type. */
export type ImageSource = { readonly kind: 'url'; readonly url: string } | { readonly kind: 'base64'; readonly mediaType: string; readonly data: string };

export type ChatPart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly source: ImageSource; readonly detail: 'low' | 'high' | 'auto' | null }
  | { readonly type: 'audio'; readonly format: string; readonly data: string }
  /** An assistant's call of a tool; `arguments` is the JSON text as generated. */
  | { readonly type: 'tool_call'; readonly id: string; readonly name: string; readonly arguments: string }
  /** The result of a tool call, sent back by the client (a `tool` turn). */
  | { readonly type: 'tool_result'; readonly toolCallId: string; readonly content: readonly ChatPart[]; readonly isError: boolean }
  /** Model reasoning; `signature` is the provider's proof needed to send it back (Anthropic). */
  | { readonly type: 'reasoning'; readonly text: string; readonly signature: string | null };

export type ChatRole = 'user' | 'assistant' | 'tool';

export interface ChatTurn {
  readonly role: ChatRole;
  readonly parts: readonly ChatPart[];
}

export interface ChatTool {
  readonly name: string;
  readonly description: string | null;
  /** JSON schema of the arguments. */
  readonly parameters: JsonObject;
  /**
   * Arguments must follow the schema exactly (OpenAI's `strict`, chat and Responses); absent when
   * the client said nothing. Wires without the switch (Anthropic, Gemini) leave it out.
   */
  readonly strict?: boolean;
}

export type ToolChoice = { readonly kind: 'auto' } | { readonly kind: 'none' } | { readonly kind: 'required' } | { readonly kind: 'tool'; readonly name: string };

/** OpenAI's reasoning effort levels (`none` and `xhigh` on the newer models). */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/** `v` if it names an effort level. */
export function reasoningEffortOf(v: unknown): ReasoningEffort | null {
  return REASONING_EFFORTS.find((e) => e === v) ?? null;
}

/** Reasoning asked for: an effort level or an explicit token budget (not both). */
export type ReasoningRequest = { readonly kind: 'effort'; readonly effort: ReasoningEffort } | { readonly kind: 'budget'; readonly tokens: number };

/**
 * The answer's format. A JSON schema has a name, and as OpenAI takes it (chat `response_format`,
 * Responses `text.format`) may carry a description and `strict`; absent when the client sent none.
 */
export type ResponseFormat =
  | { readonly kind: 'text' }
  | { readonly kind: 'json_object' }
  | { readonly kind: 'json_schema'; readonly name: string; readonly schema: JsonObject; readonly description?: string; readonly strict?: boolean };

export interface CanonicalChat {
  /** The model name as the upstream should see it (after model_mapping). */
  readonly model: string;
  /** System and developer instructions, in order. */
  readonly system: readonly string[];
  /**
   * Where each `system` text stood among the turns, for a wire that keeps instructions in place
   * (OpenAI chat): `system[i]` came before `turns[systemAt[i]]` (`turns.length`: after the last).
   * Absent when every one came first; wires with one system prompt put them all first anyway.
   */
  readonly systemAt?: readonly number[];
  readonly turns: readonly ChatTurn[];
  readonly tools: readonly ChatTool[];
  readonly toolChoice: ToolChoice | null;
  readonly parallelToolCalls: boolean | null;
  readonly maxOutputTokens: number | null;
  readonly temperature: number | null;
  readonly topP: number | null;
  readonly topK: number | null;
  readonly stop: readonly string[];
  readonly stream: boolean;
  readonly reasoning: ReasoningRequest | null;
  readonly responseFormat: ResponseFormat | null;
  /** End-user id for the provider's abuse tracking. */
  readonly user: string | null;
  /**
   * How many choices the client asked for (OpenAI `n`, Gemini `candidateCount`); 1 unless it
   * asked for more. A provider that cannot answer several refuses more than one by name.
   */
  readonly choiceCount: number;
  /** Fields the canonical form does not model, kept by name for adaptors that know them. */
  readonly passthrough: JsonObject;
}

export type ResponsePart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'reasoning'; readonly text: string; readonly signature: string | null }
  | { readonly type: 'tool_call'; readonly id: string; readonly name: string; readonly arguments: string };

/** One choice of an answer to a request for several (`choiceCount` > 1). */
export interface ChatChoice {
  readonly index: number;
  readonly parts: readonly ResponsePart[];
  readonly finishReason: FinishReason | null;
}

/**
 * A whole answer. `parts` and `finishReason` are the first choice (index 0), which is the whole
 * answer of every single-choice request, so single-choice providers and encoders never see an
 * index; `moreChoices` holds the rest when several were asked (Gemini candidates, OpenAI
 * choices). Formats with one answer only (Messages, completions, Responses) encode the first.
 */
export interface CanonicalChatResponse {
  readonly id: string;
  readonly model: string;
  readonly parts: readonly ResponsePart[];
  readonly finishReason: FinishReason | null;
  /** The choices after the first, in index order; absent (or empty) for one. */
  readonly moreChoices?: readonly ChatChoice[];
  /** The whole answer's, every choice included. */
  readonly usage: ReportedUsage | null;
}

/** Every choice of an answer, the first included, in index order. */
export function answerChoices(res: CanonicalChatResponse): ChatChoice[] {
  return [{ index: 0, parts: res.parts, finishReason: res.finishReason }, ...(res.moreChoices ?? [])];
}

/** The choice a stream part belongs to when several were asked; absent for the first (0). */
interface OfChoice {
  readonly choice?: number;
}

/**
 * One step of a streamed answer. Text, reasoning, tool calls and the finish belong to a choice
 * (`choice`, absent for the first); start, usage and end to the whole answer. Tool calls are
 * numbered per choice in order of appearance (`index`), as OpenAI clients expect, whatever the
 * provider's own block numbering.
 */
export type ChatStreamPart =
  /**
   * `whole`: the whole answer follows in this step (a provider without a stream, answered as one):
   * an encoder may write it compactly (OpenAI chat: one chunk per choice, then the usage).
   */
  | { readonly type: 'start'; readonly id: string; readonly model: string; readonly whole?: boolean }
  | ({ readonly type: 'text'; readonly text: string } & OfChoice)
  | ({ readonly type: 'reasoning'; readonly text: string } & OfChoice)
  | ({ readonly type: 'tool_call_start'; readonly index: number; readonly id: string; readonly name: string } & OfChoice)
  | ({ readonly type: 'tool_call_delta'; readonly index: number; readonly arguments: string } & OfChoice)
  /** One choice's finish (several choices each send theirs). */
  | ({ readonly type: 'finish'; readonly reason: FinishReason } & OfChoice)
  /** Final usage of the whole answer (may follow `finish`). */
  | { readonly type: 'usage'; readonly usage: ReportedUsage }
  /** The provider said the answer is complete. */
  | { readonly type: 'end' };

/** The choice of a stream part (0 for the first, and for parts of the whole answer). */
export function partChoice(part: ChatStreamPart): number {
  return 'choice' in part ? (part.choice ?? 0) : 0;
}

/** `{choice}` for a part of a choice after the first, nothing for the first (its parts carry no index). */
export function ofChoice(choice: number): OfChoice {
  return choice === 0 ? {} : { choice };
}
