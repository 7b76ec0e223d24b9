import { FieldReader, bodyObject, missing, wrongType } from '../canonical/fields';
import { isJsonObject, type JsonValue } from '../canonical/json';
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from '../canonical/limits';
import { readModel } from '../openai-chat/parse';
import type { ChatContentPart, ChatMessage, MessagesRequest } from '../canonical/request';
import { stripRoutingKeys } from '../canonical/routing-keys';

/** What an inbound `/v1/messages` call carries besides its body. */
export interface MessagesInput {
  body: unknown;
  anthropicVersion: string | null;
  anthropicBeta: string | null;
}

export function isMessagesInput(v: unknown): v is MessagesInput {
  return typeof v === 'object' && v !== null && 'body' in v && 'anthropicVersion' in v;
}

/** Anthropic content (a string or blocks) reduced to what the prompt estimate needs. */
function blocksOf(content: JsonValue | undefined, path: string): { parts: ChatContentPart[]; toolText: string } {
  if (content === undefined || content === null) return { parts: [], toolText: '' };
  if (typeof content === 'string') return { parts: [{ type: 'text', text: content }], toolText: '' };
  if (!Array.isArray(content)) throw wrongType(path, 'string or array');
  const parts: ChatContentPart[] = [];
  let toolText = '';
  content.forEach((b, i) => {
    if (!isJsonObject(b)) throw wrongType(`${path}[${i}]`, 'object');
    if (b.type === 'text' && typeof b.text === 'string') parts.push({ type: 'text', text: b.text });
    else if (b.type === 'image') parts.push({ type: 'image', detail: 'auto' });
    else if (b.type === 'document') parts.push({ type: 'file' });
    else if (b.type === 'tool_use') toolText += `${typeof b.name === 'string' ? b.name : ''}${JSON.stringify(b.input ?? {})}`;
    else if (b.type === 'tool_result') parts.push(...blocksOf(b.content, `${path}[${i}].content`).parts);
    else if (b.type === 'thinking' && typeof b.thinking === 'string') parts.push({ type: 'text', text: b.thinking });
    else parts.push({ type: 'other' });
  });
  return { parts, toolText };
}

/**
 * POST /v1/messages: an Anthropic Messages body. `max_tokens` is required (and bounded like every
 * multiplier); routing and credential keys are stripped; the rest is kept as the client sent it,
 * so a Claude channel receives every field.
 */
export function parseMessagesRequest(raw: unknown, limits: RelayLimits = DEFAULT_RELAY_LIMITS, options: { countOnly?: boolean } = {}): MessagesRequest {
  const input = isMessagesInput(raw) ? raw : { body: raw, anthropicVersion: null, anthropicBeta: null };
  const body = stripRoutingKeys(bodyObject(input.body));
  const r = new FieldReader(body);
  const model = readModel(r, limits);
  // count_tokens takes no max_tokens (nothing is generated).
  const maxOutputTokens = r.optionalInt('max_tokens', 1, limits.maxOutputTokens) ?? (options.countOnly ? 0 : null);
  if (maxOutputTokens === null) throw missing('max_tokens');
  const stream = r.optionalBoolean('stream') ?? false;
  const messages: ChatMessage[] = [];
  const system = r.raw('system');
  if (system !== undefined) {
    const s = blocksOf(system, 'system');
    messages.push({ role: 'system', name: null, parts: s.parts, toolCallText: '' });
  }
  r.requiredArray('messages').forEach((m, i) => {
    const path = `messages[${i}]`;
    if (!isJsonObject(m)) throw wrongType(path, 'object');
    const role = new FieldReader(m, path).requiredString('role');
    const b = blocksOf(m.content, `${path}.content`);
    messages.push({ role, name: null, parts: b.parts, toolCallText: b.toolText });
  });
  const toolCount = r.optionalArray('tools')?.length ?? 0;
  return { endpoint: 'messages', model, body, stream, maxOutputTokens, messages, toolCount, anthropicVersion: input.anthropicVersion, anthropicBeta: input.anthropicBeta };
}
