import type { CanonicalChat, CanonicalChatResponse, ChatPart, ChatStreamPart, ResponseFormat, ResponsePart } from '../canonical/chat';
import { invalidValue } from '../canonical/fields';
import { arrayAt, isJsonObject, objectAt, type JsonObject, type JsonValue } from '../canonical/json';
import type { FinishReason, ReportedUsage } from '../canonical/usage';
import { ioUsage } from '../openai-chat/usage';

/*
 * The provider side of the Responses wire: a canonical chat as a `POST /v1/responses` body, and a
 * `response` object or its event stream back to canonical. The client side (a Responses body to
 * canonical, answers and events encoded) is client-request.ts and openai-responses.ts; with both,
 * a Responses upstream is reached from any client format in two hops, and any upstream from a
 * Responses client.
 */

function text(parts: readonly ChatPart[]): string {
  return parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

function inputContent(parts: readonly ChatPart[]): JsonObject[] {
  return parts.flatMap((p): JsonObject[] => {
    if (p.type === 'text') return [{ type: 'input_text', text: p.text }];
    if (p.type === 'image') return [{ type: 'input_image', image_url: p.source.kind === 'url' ? p.source.url : `data:${p.source.mediaType};base64,${p.source.data}`, detail: p.detail ?? 'auto' }];
    if (p.type === 'audio') throw invalidValue('messages', 'text and images on a Responses channel (audio input needs chat)');
    return [];
  });
}

/** A response format as the Responses `text.format`; null for plain text, the default. */
function responsesTextFormat(format: ResponseFormat | null): JsonObject | null {
  if (!format || format.kind === 'text') return null;
  if (format.kind === 'json_object') return { type: 'json_object' };
  const out: JsonObject = { type: 'json_schema', name: format.name, schema: format.schema };
  if (format.description !== undefined) out.description = format.description;
  if (format.strict !== undefined) out.strict = format.strict;
  return out;
}

/** A canonical chat as a Responses request body. */
export function responsesBodyOf(chat: CanonicalChat): JsonObject {
  const input: JsonObject[] = [];
  for (const turn of chat.turns) {
    if (turn.role === 'user') input.push({ role: 'user', content: inputContent(turn.parts) });
    else if (turn.role === 'assistant') {
      const t = text(turn.parts);
      if (t !== '') input.push({ role: 'assistant', content: [{ type: 'output_text', text: t }] });
      for (const p of turn.parts) if (p.type === 'tool_call') input.push({ type: 'function_call', call_id: p.id, name: p.name, arguments: p.arguments });
    } else {
      for (const p of turn.parts) if (p.type === 'tool_result') input.push({ type: 'function_call_output', call_id: p.toolCallId, output: text(p.content) });
    }
  }
  const body: JsonObject = { model: chat.model, input };
  if (chat.system.length > 0) body.instructions = chat.system.join('\n\n');
  if (chat.choiceCount > 1) throw invalidValue('n', '1 on a Responses channel');
  if (chat.maxOutputTokens !== null) body.max_output_tokens = chat.maxOutputTokens;
  if (chat.temperature !== null) body.temperature = chat.temperature;
  if (chat.topP !== null) body.top_p = chat.topP;
  if (chat.stop.length > 0) throw invalidValue('stop', 'absent on a Responses channel (the Responses API has no stop sequences)');
  if (chat.tools.length > 0) {
    body.tools = chat.tools.map((t) => ({ type: 'function', name: t.name, ...(t.description ? { description: t.description } : {}), parameters: t.parameters, ...(t.strict !== undefined ? { strict: t.strict } : {}) }));
    const c = chat.toolChoice;
    if (c) body.tool_choice = c.kind === 'tool' ? { type: 'function', name: c.name } : c.kind;
    if (chat.parallelToolCalls !== null) body.parallel_tool_calls = chat.parallelToolCalls;
  }
  if (chat.reasoning) body.reasoning = { effort: chat.reasoning.kind === 'effort' ? chat.reasoning.effort : chat.reasoning.tokens <= 4096 ? 'low' : chat.reasoning.tokens <= 16384 ? 'medium' : 'high' };
  const format = responsesTextFormat(chat.responseFormat);
  if (format) body.text = { format };
  if (chat.user) body.user = chat.user;
  if (chat.stream) body.stream = true;
  return body;
}

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

function finishOf(status: string, incomplete: JsonObject | null, calls: boolean): FinishReason | null {
  if (status === 'incomplete') return str(incomplete?.reason) === 'content_filter' ? 'content_filter' : 'length';
  if (status === 'completed') return calls ? 'tool_calls' : 'stop';
  return null;
}

function outputParts(output: readonly JsonValue[]): ResponsePart[] {
  const parts: ResponsePart[] = [];
  for (const item of output) {
    if (!isJsonObject(item)) continue;
    if (item.type === 'reasoning') {
      const summary = (arrayAt(item, 'summary') ?? []).map((s) => (isJsonObject(s) ? str(s.text) : '')).join('');
      if (summary !== '') parts.push({ type: 'reasoning', text: summary, signature: null });
    } else if (item.type === 'message') {
      const t = (arrayAt(item, 'content') ?? []).map((c) => (isJsonObject(c) && c.type === 'output_text' ? str(c.text) : '')).join('');
      if (t !== '') parts.push({ type: 'text', text: t });
    } else if (item.type === 'function_call') parts.push({ type: 'tool_call', id: str(item.call_id), name: str(item.name), arguments: str(item.arguments) });
  }
  return parts;
}

/** A `response` object as a canonical answer; null when it is not one. */
export function fromResponsesResponse(body: JsonValue | undefined): CanonicalChatResponse | null {
  if (!isJsonObject(body) || body.object !== 'response') return null;
  const parts = outputParts(arrayAt(body, 'output') ?? []);
  const usage = objectAt(body, 'usage');
  return {
    id: str(body.id),
    model: str(body.model),
    parts,
    finishReason: finishOf(str(body.status), objectAt(body, 'incomplete_details') ?? null, parts.some((p) => p.type === 'tool_call')),
    usage: usage ? ioUsage(usage, false) : null,
  };
}

/**
 * Responses events to canonical stream parts: `response.created` starts the answer, text and
 * reasoning-summary deltas, a function call's item and argument deltas (numbered in order of
 * appearance), and `response.completed` / `response.incomplete` with the finish, usage and end.
 */
export class ResponsesEventDecoder {
  private readonly calls = new Map<string, number>();

  decode(event: JsonObject): ChatStreamPart[] {
    const type = str(event.type);
    const response = objectAt(event, 'response');
    switch (type) {
      case 'response.created':
        return [{ type: 'start', id: str(response?.id), model: str(response?.model) }];
      case 'response.output_text.delta':
        return str(event.delta) === '' ? [] : [{ type: 'text', text: str(event.delta) }];
      case 'response.reasoning_summary_text.delta':
        return str(event.delta) === '' ? [] : [{ type: 'reasoning', text: str(event.delta) }];
      case 'response.output_item.added': {
        const item = objectAt(event, 'item');
        if (item?.type !== 'function_call') return [];
        const index = this.calls.size;
        this.calls.set(str(item.id), index);
        const parts: ChatStreamPart[] = [{ type: 'tool_call_start', index, id: str(item.call_id), name: str(item.name) }];
        if (str(item.arguments) !== '') parts.push({ type: 'tool_call_delta', index, arguments: str(item.arguments) });
        return parts;
      }
      case 'response.function_call_arguments.delta': {
        const index = this.calls.get(str(event.item_id));
        return index === undefined || str(event.delta) === '' ? [] : [{ type: 'tool_call_delta', index, arguments: str(event.delta) }];
      }
      case 'response.completed':
      case 'response.incomplete': {
        const finish = finishOf(str(response?.status), objectAt(response, 'incomplete_details') ?? null, this.calls.size > 0);
        const usage = objectAt(response, 'usage');
        const u: ReportedUsage | null = usage ? ioUsage(usage, false) : null;
        return [...(finish ? [{ type: 'finish' as const, reason: finish }] : []), ...(u ? [{ type: 'usage' as const, usage: u }] : []), { type: 'end' }];
      }
      default:
        return [];
    }
  }
}
