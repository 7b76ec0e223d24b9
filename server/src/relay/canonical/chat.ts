import type { JsonObject } from './json';
import type { FinishReason, ReportedUsage } from './usage';

/*
 * The typed middle of chat: every inbound format (OpenAI chat today; Anthropic Messages and
 * Gemini later) parses into `CanonicalChat`, every native provider (Claude today; Gemini,
 * Bedrock and Vertex later) converts from it, and answers come back as `CanonicalChatResponse`
 * or a sequence of `ChatStreamPart`s that the inbound format encodes for its client. Nothing
 * here knows a wire format; billing reads only the canonical usage.
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
}

export type ToolChoice = { readonly kind: 'auto' } | { readonly kind: 'none' } | { readonly kind: 'required' } | { readonly kind: 'tool'; readonly name: string };

/** Reasoning asked for: an effort level or an explicit token budget (not both). */
export type ReasoningRequest = { readonly kind: 'effort'; readonly effort: 'minimal' | 'low' | 'medium' | 'high' } | { readonly kind: 'budget'; readonly tokens: number };

export type ResponseFormat = { readonly kind: 'text' } | { readonly kind: 'json_object' } | { readonly kind: 'json_schema'; readonly name: string; readonly schema: JsonObject };

export interface CanonicalChat {
  /** The model name as the upstream should see it (after model_mapping). */
  readonly model: string;
  /** System and developer instructions, in order. */
  readonly system: readonly string[];
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
  /** Fields the canonical form does not model, kept by name for adaptors that know them. */
  readonly passthrough: JsonObject;
}

export type ResponsePart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'reasoning'; readonly text: string; readonly signature: string | null }
  | { readonly type: 'tool_call'; readonly id: string; readonly name: string; readonly arguments: string };

export interface CanonicalChatResponse {
  readonly id: string;
  readonly model: string;
  readonly parts: readonly ResponsePart[];
  readonly finishReason: FinishReason | null;
  readonly usage: ReportedUsage | null;
}

/**
 * One step of a streamed answer. Tool calls are numbered in order of appearance (`index`), as
 * OpenAI clients expect, whatever the provider's own block numbering.
 */
export type ChatStreamPart =
  | { readonly type: 'start'; readonly id: string; readonly model: string }
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'reasoning'; readonly text: string }
  | { readonly type: 'tool_call_start'; readonly index: number; readonly id: string; readonly name: string }
  | { readonly type: 'tool_call_delta'; readonly index: number; readonly arguments: string }
  | { readonly type: 'finish'; readonly reason: FinishReason }
  /** Final usage of the whole answer (may follow `finish`). */
  | { readonly type: 'usage'; readonly usage: ReportedUsage }
  /** The provider said the answer is complete. */
  | { readonly type: 'end' };
