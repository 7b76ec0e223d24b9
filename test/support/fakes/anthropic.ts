import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { ScriptedFake, asObject, jsonObject, readBody, sendJson, sseFrame, startEventStream, type Json } from './fake-server';

/**
 * A loopback Anthropic Messages API (`POST /v1/messages`) speaking the documented wire protocol:
 * the key in `x-api-key` (or `Authorization: Bearer`, as the current SDK sends it) and `anthropic-version` required, a `message` object or the documented SSE event
 * sequence (message_start, content_block_start, ping, content_block_delta, content_block_stop,
 * message_delta, message_stop), and `{"type":"error","error":{type, message}}` errors with their
 * statuses (400, 401, 402, 429, 529). The official `@anthropic-ai/sdk` passes against it
 * (anthropic.e2e.test.ts).
 *
 * Default behaviour, deterministic like a scripted model: with tools offered and no tool result
 * in the last user turn it calls the first tool (or the one tool_choice names) with `toolInput`;
 * after a tool result it answers "Tool result: <text>"; otherwise it answers `reply`, streamed
 * word by word. `next(script)` answers the next request once; every request is recorded.
 */

export type { Json } from './fake-server';

export interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_creation?: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
}

export interface RecordedAnthropicRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown> | null;
}

export type AnthropicScript =
  /** An error answer in Anthropic's shape. */
  | { kind: 'error'; status: number; type: string; message: string }
  /** A whole answer with these content blocks and usage. */
  | { kind: 'message'; content: Json[]; stopReason?: string; usage?: Partial<AnthropicUsage> };

export interface FakeAnthropicOptions {
  /** Requests must present it in `x-api-key`; others get a 401 authentication_error. */
  key?: string;
  reply?: string;
  /** input_tokens of default answers. */
  inputTokens?: number;
  /** Arguments of the default tool call. */
  toolInput?: Record<string, Json>;
}

const DEFAULT_REPLY = 'Hello from the fake Claude.';

function blocks(content: unknown): Record<string, unknown>[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content.map(asObject) : [];
}

function errorBody(type: string, message: string): Json {
  return { type: 'error', error: { type, message } };
}

export class FakeAnthropic extends ScriptedFake<RecordedAnthropicRequest, AnthropicScript> {
  private seq = 0;

  constructor(readonly options: FakeAnthropicOptions = {}) {
    super('Anthropic');
  }

  private send(res: ServerResponse, status: number, body: Json): void {
    sendJson(res, status, body, { 'request-id': `req_fake${++this.seq}` });
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = jsonObject((await readBody(req)).toString('utf8'));
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    this.requests.push({ method: req.method ?? 'GET', path, headers: req.headers, json });
    const counting = path === '/v1/messages/count_tokens';
    if (req.method !== 'POST' || (path !== '/v1/messages' && !counting)) return this.send(res, 404, errorBody('not_found_error', 'Not found'));
    // The key travels in `x-api-key` (the API reference, and what gateways send) or as a Bearer
    // token (what the current official SDK sends).
    const presented = req.headers['x-api-key'] ?? String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    if (this.options.key !== undefined && presented !== this.options.key) {
      return this.send(res, 401, errorBody('authentication_error', 'invalid x-api-key'));
    }
    if (typeof req.headers['anthropic-version'] !== 'string') return this.send(res, 400, errorBody('invalid_request_error', 'anthropic-version: header is required'));
    if (counting) {
      // count_tokens: no max_tokens; the fake counts words of the system prompt and the text blocks.
      if (!json || typeof json.model !== 'string' || !Array.isArray(json.messages)) return this.send(res, 400, errorBody('invalid_request_error', 'model and messages are required'));
      const texts = [...blocks(json.system), ...(json.messages as unknown[]).flatMap((m) => blocks(asObject(m).content))].map((b) => (typeof b.text === 'string' ? b.text : ''));
      return this.send(res, 200, { input_tokens: texts.join(' ').split(/\s+/).filter(Boolean).length });
    }
    const invalid = this.validate(json);
    if (invalid) return this.send(res, 400, errorBody('invalid_request_error', invalid));
    const body = json as Record<string, unknown>;
    const script = this.once.shift();
    if (script?.kind === 'error') return this.send(res, script.status, errorBody(script.type, script.message));
    const answer = script ?? this.defaultAnswer(body);
    const message = this.message(String(body.model), answer);
    if (body.stream === true) return this.stream(res, message);
    this.send(res, 200, message);
  }

  private validate(body: Record<string, unknown> | null): string | null {
    if (!body) return 'body: invalid JSON';
    if (typeof body.model !== 'string' || body.model === '') return 'model: Field required';
    if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1) return 'max_tokens: Field required';
    if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: at least one message is required';
    for (const m of body.messages.map(asObject)) {
      if (m.role !== 'user' && m.role !== 'assistant') return `messages: Unexpected role "${String(m.role)}"`;
      for (const b of blocks(m.content)) if (b.type === 'text' && b.text === '') return 'messages: text content blocks must be non-empty';
    }
    const thinking = asObject(body.thinking);
    if (thinking.type === 'enabled' && !((thinking.budget_tokens as number) < (body.max_tokens as number))) return 'max_tokens must be greater than thinking.budget_tokens';
    return null;
  }

  /** A scripted model: call a tool when one is offered, report a tool result, or reply. */
  private defaultAnswer(body: Record<string, unknown>): Extract<AnthropicScript, { kind: 'message' }> {
    const messages = (body.messages as unknown[]).map(asObject);
    const lastUser = [...messages].reverse().find((m) => m.role === 'user');
    const result = blocks(lastUser?.content).find((b) => b.type === 'tool_result');
    if (result) {
      const text = blocks(result.content)
        .map((b) => (typeof b.text === 'string' ? b.text : ''))
        .join('');
      return { kind: 'message', content: [{ type: 'text', text: `Tool result: ${text}` }] };
    }
    const tools = Array.isArray(body.tools) ? body.tools.map(asObject) : [];
    const choice = asObject(body.tool_choice);
    if (tools.length > 0 && choice.type !== 'none') {
      const name = choice.type === 'tool' ? String(choice.name) : String(tools[0]?.name);
      return {
        kind: 'message',
        stopReason: 'tool_use',
        content: [{ type: 'tool_use', id: `toolu_fake${++this.seq}`, name, input: (this.options.toolInput ?? {}) as Json }],
      };
    }
    return { kind: 'message', content: [{ type: 'text', text: this.options.reply ?? DEFAULT_REPLY }] };
  }

  private message(model: string, a: Extract<AnthropicScript, { kind: 'message' }>): Record<string, Json> {
    const text = a.content.map((b) => (typeof b === 'object' && b !== null && !Array.isArray(b) && typeof b.text === 'string' ? b.text : '')).join('');
    const usage: AnthropicUsage = {
      input_tokens: this.options.inputTokens ?? 21,
      output_tokens: Math.max(1, text.split(/\s+/).filter(Boolean).length),
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
      ...a.usage,
    };
    return {
      id: `msg_fake${++this.seq}`,
      type: 'message',
      role: 'assistant',
      model,
      content: a.content,
      stop_reason: a.stopReason ?? 'end_turn',
      stop_sequence: null,
      usage: usage as unknown as Json,
    };
  }

  /** The documented event sequence, text word by word and tool input in two fragments. */
  private stream(res: ServerResponse, message: Record<string, Json>): void {
    startEventStream(res, { 'content-type': 'text/event-stream; charset=utf-8', 'request-id': `req_fake${++this.seq}` });
    const send = (type: string, data: Record<string, Json>) => res.write(sseFrame({ type, ...data }, { event: type }));
    const usage = message.usage as Record<string, Json>;
    send('message_start', { message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } });
    send('ping', {});
    (message.content as Record<string, Json>[]).forEach((block, index) => {
      if (block.type === 'text') {
        send('content_block_start', { index, content_block: { type: 'text', text: '' } });
        for (const piece of String(block.text).match(/\S+\s*/g) ?? []) send('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
      } else if (block.type === 'tool_use') {
        send('content_block_start', { index, content_block: { type: 'tool_use', id: block.id as string, name: block.name as string, input: {} } });
        const json = JSON.stringify(block.input);
        const cut = Math.floor(json.length / 2);
        for (const partial_json of ['', json.slice(0, cut), json.slice(cut)]) send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
      } else if (block.type === 'thinking') {
        send('content_block_start', { index, content_block: { type: 'thinking', thinking: '' } });
        send('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: block.thinking as string } });
        send('content_block_delta', { index, delta: { type: 'signature_delta', signature: (block.signature as string) ?? 'sig' } });
      }
      send('content_block_stop', { index });
    });
    send('message_delta', { delta: { stop_reason: message.stop_reason ?? null, stop_sequence: null }, usage: { output_tokens: usage.output_tokens as number } });
    send('message_stop', {});
    res.end();
  }
}
