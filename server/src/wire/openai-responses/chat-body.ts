import { invalidValue, missing, wrongType } from '../canonical/fields';
import { isJsonObject, type JsonObject, type JsonValue } from '../canonical/json';
import type { ResponsesRequest } from '../canonical/request';

/*
 * `POST /v1/responses` on a channel without a Responses capability (Claude, Gemini, Bedrock,
 * Vertex, OpenAI-compatible vendors): the Responses body becomes an OpenAI chat body, served by
 * the adaptor's chat contract (see converted-chat.ts), and the answer or stream comes back as a
 * Responses `response` and its events. What the chat contract cannot carry (built-in tools,
 * stored conversations, file inputs) is refused with a 400 naming the field, never dropped.
 */

/** Fields with a place in the chat body. */
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

/** An `input_image` part as a chat `image_url` part (a URL or a data URL; stored files refused). */
function imagePart(part: JsonObject, path: string): JsonObject {
  const raw = part.image_url;
  const url = typeof raw === 'string' ? raw : isJsonObject(raw) ? str(raw.url) : '';
  if (url === '') {
    if (part.file_id !== undefined && part.file_id !== null) throw invalidValue(`${path}.file_id`, 'null (stored files need an OpenAI channel: send image_url)');
    throw missing(`${path}.image_url`);
  }
  const detail = part.detail === 'low' || part.detail === 'high' || part.detail === 'auto' ? part.detail : null;
  return { type: 'image_url', image_url: detail ? { url, detail } : { url } };
}

/** A message item's content as chat parts: text of any kind, images for user turns. */
function contentParts(content: JsonValue | undefined, path: string, images: boolean): JsonObject[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw wrongType(path, 'string or array');
  return content.flatMap((part, i): JsonObject[] => {
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

function textOf(parts: readonly JsonObject[]): string {
  return parts.map((p) => str(p.text)).join('');
}

/** A user turn's content: one text as a string, anything richer as parts. */
function userContent(parts: JsonObject[]): JsonValue {
  const only = parts[0];
  return parts.length === 1 && only?.type === 'text' ? str(only.text) : parts;
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

/** The chat messages of `instructions` and `input` (items in order). */
function chatMessages(body: JsonObject): JsonObject[] {
  const messages: JsonObject[] = [];
  const instructions = str(body.instructions);
  if (instructions !== '') messages.push({ role: 'system', content: instructions });
  const input = body.input;
  if (typeof input === 'string') {
    messages.push({ role: 'user', content: input });
    return messages;
  }
  for (const [i, item] of (Array.isArray(input) ? input : []).entries()) {
    const path = `input[${i}]`;
    if (!isJsonObject(item)) throw wrongType(path, 'object');
    const type = item.type ?? 'message';
    if (type === 'message') {
      const role = str(item.role);
      if (!ROLES.has(role)) throw invalidValue(`${path}.role`, 'user, assistant, system, developer');
      const parts = contentParts(item.content, `${path}.content`, role === 'user');
      // Developer instructions are system instructions to every chat provider.
      if (role === 'system' || role === 'developer') messages.push({ role: 'system', content: textOf(parts) });
      else if (role === 'assistant') messages.push({ role: 'assistant', content: textOf(parts) });
      else messages.push({ role: 'user', content: userContent(parts) });
    } else if (type === 'function_call') {
      const id = str(item.call_id);
      const name = str(item.name);
      if (id === '') throw missing(`${path}.call_id`);
      if (name === '') throw missing(`${path}.name`);
      const call: JsonObject = { id, type: 'function', function: { name, arguments: str(item.arguments) } };
      // Calls right after an assistant turn belong to it; consecutive calls share one turn.
      const last = messages.at(-1);
      if (last?.role === 'assistant') {
        last.tool_calls = [...(Array.isArray(last.tool_calls) ? last.tool_calls : []), call];
        if (last.content === '') last.content = null;
      } else messages.push({ role: 'assistant', content: null, tool_calls: [call] });
    } else if (type === 'function_call_output') {
      const id = str(item.call_id);
      if (id === '') throw missing(`${path}.call_id`);
      messages.push({ role: 'tool', tool_call_id: id, content: toolOutput(item.output, `${path}.output`) });
    } else if (type === 'reasoning') {
      // The model's own summarised thoughts: no chat provider takes them back as input (Claude
      // needs its signature, Gemini and OpenAI chat take none), so they add nothing here.
      continue;
    } else {
      throw invalidValue(`${path}.type`, 'message, function_call, function_call_output, reasoning (other items need an OpenAI channel)');
    }
  }
  if (!messages.some((m) => m.role !== 'system')) throw missing('input');
  return messages;
}

/** Function tools (name, description and parameters at the top level) as chat tools. */
function chatTools(tools: readonly JsonValue[]): JsonObject[] {
  return tools.map((t, i) => {
    const path = `tools[${i}]`;
    if (!isJsonObject(t)) throw wrongType(path, 'object');
    if (t.type !== 'function') throw invalidValue(`${path}.type`, 'function (built-in tools need an OpenAI channel)');
    const name = str(t.name);
    if (name === '') throw missing(`${path}.name`);
    const fn: JsonObject = { name, parameters: isJsonObject(t.parameters) ? t.parameters : { type: 'object', properties: {} } };
    if (str(t.description) !== '') fn.description = str(t.description);
    if (typeof t.strict === 'boolean') fn.strict = t.strict;
    return { type: 'function', function: fn };
  });
}

function chatToolChoice(choice: JsonValue): JsonValue {
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (isJsonObject(choice) && choice.type === 'function' && str(choice.name) !== '') return { type: 'function', function: { name: str(choice.name) } };
  throw invalidValue('tool_choice', 'auto, none, required, {type: "function", name}');
}

/** `text.format` as `response_format` (null for plain text). */
function responseFormat(text: JsonValue): JsonObject | null {
  if (!isJsonObject(text)) throw wrongType('text', 'object');
  const format = text.format;
  if (format === undefined || format === null) return null;
  if (!isJsonObject(format)) throw wrongType('text.format', 'object');
  if (format.type === 'text') return null;
  if (format.type === 'json_object') return { type: 'json_object' };
  if (format.type === 'json_schema') {
    const name = str(format.name);
    if (name === '') throw missing('text.format.name');
    if (!isJsonObject(format.schema)) throw missing('text.format.schema');
    const schema: JsonObject = { name, schema: format.schema };
    if (str(format.description) !== '') schema.description = str(format.description);
    if (typeof format.strict === 'boolean') schema.strict = format.strict;
    return { type: 'json_schema', json_schema: schema };
  }
  throw invalidValue('text.format.type', 'text, json_object, json_schema');
}

/** The OpenAI chat body of a Responses request; a 400 naming the field for what chat cannot carry. */
export function chatBodyOfResponses(req: ResponsesRequest): JsonObject {
  const body = req.body;
  checkTopLevel(body);
  const chat: JsonObject = { model: req.model, messages: chatMessages(body) };
  if (Array.isArray(body.tools) && body.tools.length > 0) chat.tools = chatTools(body.tools);
  if (body.tool_choice !== undefined && body.tool_choice !== null) chat.tool_choice = chatToolChoice(body.tool_choice);
  if (typeof body.parallel_tool_calls === 'boolean') chat.parallel_tool_calls = body.parallel_tool_calls;
  if (req.maxOutputTokens !== null) chat.max_tokens = req.maxOutputTokens;
  if (typeof body.temperature === 'number') chat.temperature = body.temperature;
  if (typeof body.top_p === 'number') chat.top_p = body.top_p;
  const effort = isJsonObject(body.reasoning) ? body.reasoning.effort : undefined;
  if (typeof effort === 'string') chat.reasoning_effort = effort;
  if (body.text !== undefined && body.text !== null) {
    const format = responseFormat(body.text);
    if (format) chat.response_format = format;
  }
  // `safety_identifier` is the newer name of `user`: both identify the end user to the provider.
  const user = str(body.user) || str(body.safety_identifier);
  if (user !== '') chat.user = user;
  // The usage of a stream is asked by the adaptor, where the provider takes `stream_options`.
  if (req.stream) chat.stream = true;
  return chat;
}
