import type { CanonicalChat, ChatPart, ChatTurn, ToolChoice } from '../canonical/chat';
import { invalidValue } from '../canonical/fields';
import { isJsonObject, parseJson, type JsonObject } from '../canonical/json';
import { EFFORT_BUDGET, MIN_THINKING_BUDGET, THINKING_BUDGET_SHARE, THINKING_SUFFIX, defaultMaxTokens } from './models';

/*
 * Canonical chat to an Anthropic Messages request body (pure). System turns become the top-level
 * `system`, tool results travel in user turns, images become image blocks (base64 or URL),
 * tool calls become `tool_use` blocks, and reasoning is asked for by the `-thinking` model
 * suffix, `reasoning_effort`, or a client's own `thinking` object. The Messages API answers
 * with one message: several choices (`n` > 1) are refused by name, before anything is sent.
 */

type Block = JsonObject;
type AnthropicRole = 'user' | 'assistant';

function imageBlock(part: Extract<ChatPart, { type: 'image' }>): Block {
  const s = part.source;
  return s.kind === 'base64'
    ? { type: 'image', source: { type: 'base64', media_type: s.mediaType, data: s.data } }
    : { type: 'image', source: { type: 'url', url: s.url } };
}

function toolInput(args: string): JsonObject {
  const parsed = parseJson(args.trim() === '' ? '{}' : args);
  return isJsonObject(parsed) ? parsed : {};
}

/** Blocks of one canonical part, as Anthropic accepts them in a turn of `role`. */
function blocksOf(part: ChatPart, role: AnthropicRole): Block[] {
  switch (part.type) {
    case 'text':
      // Anthropic refuses empty text blocks.
      return part.text === '' ? [] : [{ type: 'text', text: part.text }];
    case 'image':
      return role === 'user' ? [imageBlock(part)] : [];
    case 'audio':
      // The Messages API takes no audio input.
      return [];
    case 'tool_call':
      return role === 'assistant' ? [{ type: 'tool_use', id: part.id, name: part.name, input: toolInput(part.arguments) }] : [];
    case 'tool_result': {
      const content = part.content.flatMap((p) => blocksOf(p, 'user')).filter((b) => b.type === 'text' || b.type === 'image');
      const block: Block = { type: 'tool_result', tool_use_id: part.toolCallId, content };
      if (part.isError) block.is_error = true;
      return [block];
    }
    case 'reasoning':
      // Thinking can only be sent back with the signature Anthropic gave it.
      return role === 'assistant' && part.signature ? [{ type: 'thinking', thinking: part.text, signature: part.signature }] : [];
    default: {
      const never: never = part;
      return never;
    }
  }
}

/** Turns in Anthropic roles (tool results are user content), consecutive same-role turns merged. */
export function anthropicMessages(turns: readonly ChatTurn[]): JsonObject[] {
  const out: { role: AnthropicRole; content: Block[] }[] = [];
  for (const turn of turns) {
    const role: AnthropicRole = turn.role === 'assistant' ? 'assistant' : 'user';
    const blocks = turn.parts.flatMap((p) => blocksOf(p, role));
    if (blocks.length === 0) continue;
    const last = out.at(-1);
    if (last && last.role === role) {
      // Tool results must come first in a user turn.
      if (turn.role === 'tool') last.content.unshift(...blocks.filter((b) => b.type === 'tool_result'));
      else last.content.push(...blocks);
    } else out.push({ role, content: blocks });
  }
  return out.map((m) => ({ role: m.role, content: m.content }));
}

function toolChoice(choice: ToolChoice, parallel: boolean | null): JsonObject {
  const base: JsonObject =
    choice.kind === 'auto' ? { type: 'auto' } : choice.kind === 'none' ? { type: 'none' } : choice.kind === 'required' ? { type: 'any' } : { type: 'tool', name: choice.name };
  if (parallel === false && choice.kind !== 'none') base.disable_parallel_tool_use = true;
  return base;
}

/** The model Anthropic sees and whether the suffix asked for thinking. */
export function thinkingModel(model: string): { model: string; suffix: boolean } {
  return model.endsWith(THINKING_SUFFIX) ? { model: model.slice(0, -THINKING_SUFFIX.length), suffix: true } : { model, suffix: false };
}

export function toAnthropicRequest(chat: CanonicalChat): JsonObject {
  if (chat.choiceCount > 1) throw invalidValue('n', '1 on this channel type');
  const { model, suffix } = thinkingModel(chat.model);
  let maxTokens = chat.maxOutputTokens ?? defaultMaxTokens(model);
  const body: JsonObject = { model, max_tokens: maxTokens };

  // Thinking: a client's own Anthropic `thinking` object wins, then reasoning_effort, then the suffix.
  const own = chat.passthrough.thinking;
  let thinking: JsonObject | null = null;
  if (isJsonObject(own)) thinking = own;
  else if (chat.reasoning?.kind === 'effort') {
    const effort = chat.reasoning.effort;
    // `none` asks for no thinking, whatever the suffix says.
    thinking = effort === 'none' ? null : { type: 'enabled', budget_tokens: EFFORT_BUDGET[effort] };
  }
  else if (chat.reasoning?.kind === 'budget') thinking = { type: 'enabled', budget_tokens: Math.max(MIN_THINKING_BUDGET, chat.reasoning.tokens) };
  else if (suffix) thinking = { type: 'enabled', budget_tokens: Math.max(MIN_THINKING_BUDGET, Math.floor(maxTokens * THINKING_BUDGET_SHARE)) };
  const budget = typeof thinking?.budget_tokens === 'number' ? thinking.budget_tokens : 0;
  if (thinking && thinking.type === 'enabled' && budget >= maxTokens) {
    // budget_tokens must stay below max_tokens: the answer keeps the room the client asked for.
    maxTokens = budget + (chat.maxOutputTokens ?? defaultMaxTokens(model));
    body.max_tokens = maxTokens;
  }

  if (chat.system.length > 0) body.system = chat.system.map((text) => ({ type: 'text', text }));
  body.messages = anthropicMessages(chat.turns);
  if (chat.tools.length > 0 && chat.toolChoice?.kind !== 'none') {
    body.tools = chat.tools.map((t) => {
      const tool: JsonObject = { name: t.name, input_schema: t.parameters };
      if (t.description) tool.description = t.description;
      return tool;
    });
    if (chat.toolChoice) body.tool_choice = toolChoice(chat.toolChoice, chat.parallelToolCalls);
    else if (chat.parallelToolCalls === false) body.tool_choice = { type: 'auto', disable_parallel_tool_use: true };
  }
  if (chat.stop.length > 0) body.stop_sequences = [...chat.stop];
  if (thinking) {
    body.thinking = thinking;
    // Extended thinking accepts no temperature other than 1, and no top_k.
  } else {
    // OpenAI's temperature runs to 2, Anthropic's to 1.
    if (chat.temperature !== null) body.temperature = Math.min(1, Math.max(0, chat.temperature));
    if (chat.topK !== null) body.top_k = chat.topK;
  }
  if (chat.topP !== null && !thinking) body.top_p = chat.topP;
  if (chat.user) body.metadata = { user_id: chat.user };
  if (chat.stream) body.stream = true;
  return body;
}
