import { reasoningEffortOf, REASONING_EFFORTS, type CanonicalChat, type ChatPart, type ChatTool, type ChatTurn, type ReasoningRequest, type ResponseFormat, type ToolChoice } from '../canonical/chat';
import { invalidValue, missing, wrongType } from '../canonical/fields';
import { isJsonObject, type JsonObject, type JsonValue } from '../canonical/json';
import type { ResponsesRequest } from '../canonical/request';
import { imageSource } from '../openai-chat/openai-chat';

/*
 * A Responses request (`POST /v1/responses`) as the canonical chat, for a channel without a
 * Responses API of its own (Claude, Gemini, Bedrock, Vertex, OpenAI-compatible vendors): each
 * provider encodes it in its own wire (two hops), and the answer or stream comes back as a
 * Responses `response` and its events (openai-responses.ts). Everything a chat wire can carry is
 * kept: function tools with `strict`, `text.format` with the schema's name, description and
 * `strict`, reasoning effort, verbosity, system and developer messages where they stood. What no
 * chat wire carries (built-in tools, stored conversations, file inputs) is refused with a 400
 * naming the field, never dropped.
 */

/** Fields with a place in the canonical chat. */
const CONVERTED = new Set([
  'model',
  'input',
  'instructions',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'max_output_tokens',
  'temperature',
  'top_p',
  'reasoning',
  'text',
  'stream',
  'user',
  'safety_identifier',
]);

/**
 * Fields that change nothing the model is asked on a chat upstream: storage and delivery hints
 * (`store` and `background` only when false), extra output fields, caching keys, the cap on
 * built-in tool calls (built-in tools are refused anyway).
 */
const IGNORED = new Set(['include', 'metadata', 'service_tier', 'prompt_cache_key', 'prompt_cache_retention', 'stream_options', 'truncation', 'top_logprobs', 'max_tool_calls']);

/** Fields that need state or features only OpenAI's own Responses API has; refused when set. */
const STATEFUL: Readonly<Record<string, string>> = {
  previous_response_id: 'null (this channel keeps no stored responses: send the whole conversation in input)',
  conversation: 'null (this channel keeps no conversations: send the whole conversation in input)',
  prompt: 'null (stored prompts need an OpenAI channel)',
};

const ROLES = new Set(['user', 'assistant', 'system', 'developer']);

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

function num(v: JsonValue | undefined): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function checkTopLevel(body: JsonObject): void {
  for (const [key, value] of Object.entries(body)) {
    if (value === null || CONVERTED.has(key) || IGNORED.has(key)) continue;
    const stateful = STATEFUL[key];
    if (stateful) throw invalidValue(key, stateful);
    // Stored and background responses need OpenAI's storage; false is what a chat upstream does anyway.
    if (key === 'store' || key === 'background') {
      if (value !== false) throw invalidValue(key, 'false (this channel keeps no stored responses)');
      continue;
    }
    throw invalidValue(key, 'a Responses field this channel can serve (it has no Responses API of its own)');
  }
}

/** An `input_image` part (a URL or a data URL; stored files refused). */
function imagePart(part: JsonObject, path: string): ChatPart {
  const raw = part.image_url;
  const url = typeof raw === 'string' ? raw : isJsonObject(raw) ? str(raw.url) : '';
  if (url === '') {
    if (part.file_id !== undefined && part.file_id !== null) throw invalidValue(`${path}.file_id`, 'null (stored files need an OpenAI channel: send image_url)');
    throw missing(`${path}.image_url`);
  }
  const detail = part.detail === 'low' || part.detail === 'high' || part.detail === 'auto' ? part.detail : null;
  return { type: 'image', source: imageSource(url), detail };
}

/** A message item's content as parts: text of any kind, images for user turns. */
function contentParts(content: JsonValue | undefined, path: string, images: boolean): ChatPart[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw wrongType(path, 'string or array');
  return content.flatMap((part, i): ChatPart[] => {
    const at = `${path}[${i}]`;
    if (!isJsonObject(part)) throw wrongType(at, 'object');
    switch (part.type) {
      case 'input_text':
      case 'output_text':
      case 'text':
        return str(part.text) === '' ? [] : [{ type: 'text', text: str(part.text) }];
      // An assistant's earlier refusal is what it said.
      case 'refusal':
        return str(part.refusal) === '' ? [] : [{ type: 'text', text: str(part.refusal) }];
      case 'input_image':
        if (!images) throw invalidValue(`${at}.type`, 'input_text, output_text (images only in user messages)');
        return [imagePart(part, at)];
      default:
        throw invalidValue(`${at}.type`, images ? 'input_text, input_image' : 'input_text, output_text');
    }
  });
}

function textOf(parts: readonly ChatPart[]): string {
  return parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

/** A function call output: its text (string, or the text parts of a content list). */
function toolOutput(output: JsonValue | undefined, path: string): string {
  if (typeof output === 'string') return output;
  if (!Array.isArray(output)) throw wrongType(path, 'string or array');
  return output
    .map((part, i) => {
      if (!isJsonObject(part) || part.type !== 'input_text') throw invalidValue(`${path}[${i}].type`, 'input_text');
      return str(part.text);
    })
    .join('');
}

interface Conversation {
  system: string[];
  systemAt: number[];
  turns: ChatTurn[];
}

/** A mutable turn while the items are read. */
type OpenTurn = { role: ChatTurn['role']; parts: ChatPart[] };

/** The instructions and the turns of `instructions` and `input` (items in order). */
function conversationOf(body: JsonObject): Conversation {
  const out: Conversation = { system: [], systemAt: [], turns: [] };
  const turns: OpenTurn[] = [];
  /** The assistant turn function calls join: the last item read, if it was an assistant turn. */
  const open: { assistant: OpenTurn | null } = { assistant: null };
  const instruct = (text: string): void => {
    // An empty instruction says nothing (and Claude refuses empty text blocks).
    if (text === '') return;
    out.system.push(text);
    out.systemAt.push(turns.length);
    open.assistant = null;
  };
  const push = (turn: OpenTurn): void => {
    turns.push(turn);
    open.assistant = turn.role === 'assistant' ? turn : null;
  };
  instruct(str(body.instructions));
  const input = body.input;
  if (typeof input === 'string') push({ role: 'user', parts: input === '' ? [] : [{ type: 'text', text: input }] });
  for (const [i, item] of (Array.isArray(input) ? input : []).entries()) {
    const path = `input[${i}]`;
    if (!isJsonObject(item)) throw wrongType(path, 'object');
    const type = item.type ?? 'message';
    if (type === 'message') {
      const role = str(item.role);
      if (!ROLES.has(role)) throw invalidValue(`${path}.role`, 'user, assistant, system, developer');
      const parts = contentParts(item.content, `${path}.content`, role === 'user');
      // Developer instructions are system instructions to every chat provider.
      if (role === 'system' || role === 'developer') instruct(textOf(parts));
      else if (role === 'assistant') {
        const text = textOf(parts);
        push({ role: 'assistant', parts: text === '' ? [] : [{ type: 'text', text }] });
      } else push({ role: 'user', parts });
    } else if (type === 'function_call') {
      const id = str(item.call_id);
      const name = str(item.name);
      if (id === '') throw missing(`${path}.call_id`);
      if (name === '') throw missing(`${path}.name`);
      const call: ChatPart = { type: 'tool_call', id, name, arguments: str(item.arguments) };
      // Calls right after an assistant turn belong to it; consecutive calls share one turn.
      if (open.assistant) open.assistant.parts.push(call);
      else push({ role: 'assistant', parts: [call] });
    } else if (type === 'function_call_output') {
      const id = str(item.call_id);
      if (id === '') throw missing(`${path}.call_id`);
      const text = toolOutput(item.output, `${path}.output`);
      push({ role: 'tool', parts: [{ type: 'tool_result', toolCallId: id, content: text === '' ? [] : [{ type: 'text', text }], isError: false }] });
    } else if (type === 'reasoning') {
      // The model's own summarised thoughts: no chat provider takes them back as input (Claude
      // needs its signature, Gemini and OpenAI chat take none), so they add nothing here.
      continue;
    } else {
      throw invalidValue(`${path}.type`, 'message, function_call, function_call_output, reasoning (other items need an OpenAI channel)');
    }
  }
  if (turns.length === 0) throw missing('input');
  out.turns = turns;
  return out;
}

/** Function tools (name, description, parameters and `strict` at the top level). */
function toolsOf(tools: readonly JsonValue[]): ChatTool[] {
  return tools.map((t, i) => {
    const path = `tools[${i}]`;
    if (!isJsonObject(t)) throw wrongType(path, 'object');
    if (t.type !== 'function') throw invalidValue(`${path}.type`, 'function (built-in tools need an OpenAI channel)');
    const name = str(t.name);
    if (name === '') throw missing(`${path}.name`);
    const tool: ChatTool = { name, description: str(t.description) === '' ? null : str(t.description), parameters: isJsonObject(t.parameters) ? t.parameters : { type: 'object', properties: {} } };
    return typeof t.strict === 'boolean' ? { ...tool, strict: t.strict } : tool;
  });
}

function toolChoiceOf(choice: JsonValue): ToolChoice {
  if (choice === 'auto' || choice === 'none' || choice === 'required') return { kind: choice };
  if (isJsonObject(choice) && choice.type === 'function' && str(choice.name) !== '') return { kind: 'tool', name: str(choice.name) };
  throw invalidValue('tool_choice', 'auto, none, required, {type: "function", name}');
}

/** `reasoning.effort` (a summary is returned whenever the model thinks; nothing to ask). */
function reasoningOf(reasoning: JsonValue | undefined): ReasoningRequest | null {
  if (reasoning === undefined || reasoning === null) return null;
  if (!isJsonObject(reasoning)) throw wrongType('reasoning', 'object');
  if (reasoning.effort === undefined || reasoning.effort === null) return null;
  const effort = reasoningEffortOf(reasoning.effort);
  if (!effort) throw invalidValue('reasoning.effort', REASONING_EFFORTS.join(', '));
  return { kind: 'effort', effort };
}

/** `text.format` (null when absent). */
function responseFormatOf(format: JsonValue | undefined): ResponseFormat | null {
  if (format === undefined || format === null) return null;
  if (!isJsonObject(format)) throw wrongType('text.format', 'object');
  if (format.type === 'text') return { kind: 'text' };
  if (format.type === 'json_object') return { kind: 'json_object' };
  if (format.type === 'json_schema') {
    const name = str(format.name);
    if (name === '') throw missing('text.format.name');
    if (!isJsonObject(format.schema)) throw missing('text.format.schema');
    const description = str(format.description);
    return {
      kind: 'json_schema',
      name,
      schema: format.schema,
      ...(description !== '' ? { description } : {}),
      ...(typeof format.strict === 'boolean' ? { strict: format.strict } : {}),
    };
  }
  throw invalidValue('text.format.type', 'text, json_object, json_schema');
}

/** `text`: its format, and its verbosity (OpenAI chat's `verbosity`, kept by that name). */
function textOptions(text: JsonValue | undefined): { format: ResponseFormat | null; passthrough: JsonObject } {
  if (text === undefined || text === null) return { format: null, passthrough: {} };
  if (!isJsonObject(text)) throw wrongType('text', 'object');
  const verbosity = str(text.verbosity);
  return { format: responseFormatOf(text.format), passthrough: verbosity === '' ? {} : { verbosity } };
}

/**
 * The canonical chat of a Responses request, for the upstream model `model`; a 400 naming the
 * field for what no chat wire carries.
 */
export function chatFromResponses(req: ResponsesRequest, model: string): CanonicalChat {
  const body = req.body;
  checkTopLevel(body);
  const { system, systemAt, turns } = conversationOf(body);
  const tools = Array.isArray(body.tools) ? toolsOf(body.tools) : [];
  const { format, passthrough } = textOptions(body.text);
  // `safety_identifier` is the newer name of `user`: both identify the end user to the provider.
  const user = str(body.user) || str(body.safety_identifier);
  return {
    model,
    system,
    // Places are kept only when some instruction came after a turn.
    ...(systemAt.some((at) => at > 0) ? { systemAt } : {}),
    turns,
    tools,
    toolChoice: body.tool_choice === undefined || body.tool_choice === null ? null : toolChoiceOf(body.tool_choice),
    parallelToolCalls: typeof body.parallel_tool_calls === 'boolean' ? body.parallel_tool_calls : null,
    maxOutputTokens: req.maxOutputTokens,
    temperature: num(body.temperature),
    topP: num(body.top_p),
    topK: null,
    // The Responses API has no stop sequences.
    stop: [],
    stream: req.stream,
    reasoning: reasoningOf(body.reasoning),
    responseFormat: format,
    user: user === '' ? null : user,
    // A response is one answer.
    choiceCount: 1,
    passthrough,
  };
}
