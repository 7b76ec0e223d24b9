import { ofChoice, partChoice, type ChatStreamPart } from '../canonical/chat';
import { arrayAt, isJsonObject, objectAt, type JsonObject } from '../canonical/json';
import type { StreamForward } from '../canonical/response';
import { finishReasonOf, type FinishReason, type ReportedUsage } from '../canonical/usage';
import { bytesAt, type SseEvent } from '../framing/sse/sse-parser';
import { SSE_HEADERS, formatSseEvent } from '../framing/sse/sse-writer';
import { ClientUsageFilter, usageChunk } from '../framing/sse/stream-usage';
import { chunkData, isOneLine, sseEvent, type ClientError, type ClientStreamEncoder, type StreamEnd } from '../format';
import { indexedChoices, openAIFinish, openAIUsage, str } from './openai-chat';

/*
 * The OpenAI chat wire's streams, both directions: canonical parts to `chat.completion.chunk`s
 * (OpenAIChunkEncoder) and back (OpenAIChunkDecoder), and the client side of chat and
 * completions streams (`[DONE]`, the include_usage chunk, in-stream errors).
 */

/**
 * Canonical stream parts to `chat.completion.chunk`s, one chunk (or none) per part, each choice's
 * deltas under its index (its first one naming the role, as OpenAI streams several choices). The
 * final usage chunk has empty `choices`, as OpenAI's include_usage chunk: the relay's usage
 * filter hides it from clients that did not ask for it.
 */
export class OpenAIChunkEncoder {
  private id = '';
  private model: string;
  /** Choices whose role has been sent. */
  private readonly named = new Set<number>();

  constructor(
    private readonly created: number,
    model: string,
  ) {
    this.model = model;
  }

  private chunk(choices: JsonObject[], extra: JsonObject = {}): JsonObject {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, choices, ...extra };
  }

  private delta(choice: number, delta: JsonObject, finish: string | null = null): JsonObject {
    const named = this.named.has(choice);
    this.named.add(choice);
    return this.chunk([{ index: choice, delta: named ? delta : { role: 'assistant', ...delta }, logprobs: null, finish_reason: finish }]);
  }

  /** One choice's chunk (its first names the role). */
  choiceChunk(choice: number, delta: JsonObject, finish: string | null): JsonObject {
    return this.delta(choice, delta, finish);
  }

  encode(part: ChatStreamPart): JsonObject | null {
    const choice = partChoice(part);
    switch (part.type) {
      case 'start':
        this.id = part.id;
        if (part.model !== '') this.model = part.model;
        // A whole answer's chunks name the role themselves (encodeWholeAnswer).
        if (part.whole === true) return null;
        return this.delta(0, { role: 'assistant', content: '' });
      case 'text':
        return this.delta(choice, { content: part.text });
      case 'reasoning':
        return this.delta(choice, { reasoning_content: part.text });
      case 'tool_call_start':
        return this.delta(choice, { tool_calls: [{ index: part.index, id: part.id, type: 'function', function: { name: part.name, arguments: '' } }] });
      case 'tool_call_delta':
        return this.delta(choice, { tool_calls: [{ index: part.index, function: { arguments: part.arguments } }] });
      case 'finish':
        return this.delta(choice, {}, openAIFinish(part.reason));
      case 'usage':
        return this.chunk([], { usage: openAIUsage(part.usage) });
      case 'end':
        return null;
      default: {
        const never: never = part;
        return never;
      }
    }
  }
}

/**
 * A whole answer in one step (`start` with `whole`) as OpenAI answers a stream it generated at
 * once: one chunk per choice with the role, the content and the finish reason together, then the
 * usage chunk when the step has usage. Null when the step holds parts one delta cannot carry
 * (tool calls): the caller then writes a chunk per part.
 */
export function encodeWholeAnswer(encoder: OpenAIChunkEncoder, parts: readonly ChatStreamPart[]): JsonObject[] | null {
  const choices = new Map<number, { content: string; reasoning: string; finish: string | null }>();
  const entry = (n: number) => {
    let c = choices.get(n);
    if (!c) choices.set(n, (c = { content: '', reasoning: '', finish: null }));
    return c;
  };
  let usage: ReportedUsage | null = null;
  for (const p of parts) {
    switch (p.type) {
      case 'start':
      case 'end':
        break;
      case 'text':
        entry(partChoice(p)).content += p.text;
        break;
      case 'reasoning':
        entry(partChoice(p)).reasoning += p.text;
        break;
      case 'finish':
        entry(partChoice(p)).finish = openAIFinish(p.reason);
        break;
      case 'usage':
        usage = p.usage;
        break;
      default:
        return null;
    }
  }
  const out: JsonObject[] = [];
  const start = parts.find((p) => p.type === 'start');
  if (start) encoder.encode(start);
  for (const [n, c] of [...choices].sort((x, y) => x[0] - y[0])) {
    const delta: JsonObject = { content: c.content };
    if (c.reasoning !== '') delta.reasoning_content = c.reasoning;
    out.push(encoder.choiceChunk(n, delta, c.finish));
  }
  const trailing = usage ? encoder.encode({ type: 'usage', usage }) : null;
  if (trailing) out.push(trailing);
  return out;
}

// ---- the other direction: chunks to canonical parts ----


/**
 * `chat.completion.chunk`s to canonical stream parts (the first chunk with an id starts the
 * answer), every choice's deltas and finish under its index. A choice's finish is the chunk's
 * `finish_reason`; the step's `finish` stands in for the first choice's when no chunk said it.
 */
export class OpenAIChunkDecoder {
  private started = false;
  private readonly finished = new Set<number>();

  decode(chunk: JsonObject | null, usage: ReportedUsage | null, finish: FinishReason | null, done: boolean): ChatStreamPart[] {
    const parts: ChatStreamPart[] = [];
    if (chunk && !this.started && typeof chunk.id === 'string') {
      this.started = true;
      parts.push({ type: 'start', id: chunk.id, model: str(chunk.model) });
    }
    for (const { index: n, choice } of chunk ? indexedChoices(chunk) : []) {
      const at = ofChoice(n);
      const delta = objectAt(choice, 'delta');
      if (delta) {
        const reasoning = str(delta.reasoning_content) || str(delta.reasoning);
        if (reasoning !== '') parts.push({ type: 'reasoning', text: reasoning, ...at });
        if (str(delta.content) !== '') parts.push({ type: 'text', text: str(delta.content), ...at });
        for (const call of arrayAt(delta, 'tool_calls') ?? []) {
          if (!isJsonObject(call)) continue;
          const index = typeof call.index === 'number' ? call.index : 0;
          const fn = objectAt(call, 'function');
          if (typeof call.id === 'string' && call.id !== '') parts.push({ type: 'tool_call_start', index, id: call.id, name: str(fn?.name), ...at });
          if (str(fn?.arguments) !== '') parts.push({ type: 'tool_call_delta', index, arguments: str(fn?.arguments), ...at });
        }
      }
      const reason = finishReasonOf(choice.finish_reason);
      if (reason) parts.push(...this.finish(n, reason));
    }
    if (finish) parts.push(...this.finish(0, finish));
    if (usage) parts.push({ type: 'usage', usage });
    if (done) parts.push({ type: 'end' });
    return parts;
  }

  /** A choice's finish, once (an upstream may repeat it on its usage chunk). */
  private finish(choice: number, reason: FinishReason): ChatStreamPart[] {
    if (this.finished.has(choice)) return [];
    this.finished.add(choice);
    return [{ type: 'finish', reason, ...ofChoice(choice) }];
  }
}

// ---- the OpenAI wire the relay answers: errors, and the client side of chat/completions streams ----


/** The last key of a chunk once include_usage is asked, as OpenAI writes it (compact JSON). */
const NULL_USAGE_TAIL = Buffer.from(',"usage":null}');
const USAGE_KEY = Buffer.from('"usage"');
const DATA_FIELD = Buffer.from('data: ');

/** The end-of-stream marker of chat and completions streams. */
export const OPENAI_DONE = 'data: [DONE]\n\n';

/**
 * The client side of a chat or completions stream: chunks as the upstream wrote them (the
 * include_usage chunk the relay asked for hidden from clients that did not ask), a usage chunk of
 * the relay's own for a client that asked when the upstream sent none, then `[DONE]`; a failure
 * after the start is an `{error}` chunk and no `[DONE]`.
 */
export class OpenAIStreamEncoder implements ClientStreamEncoder {
  readonly headers = SSE_HEADERS;
  private readonly filter: ClientUsageFilter;
  /** The first chunk's identity, for a usage chunk of the relay's own. */
  private first: { id: string; model: string; created: number; object?: string } | null = null;

  constructor(private readonly clientWantsUsage: boolean) {
    this.filter = new ClientUsageFilter(clientWantsUsage);
  }

  forward(chunk: StreamForward, upstream: SseEvent): string {
    const data = this.filter.filter(chunk.data);
    if (data === null) return '';
    this.remember(data);
    return data === chunk.data ? sseEvent(chunkData(chunk, upstream), chunk.event) : formatSseEvent(data, chunk.event);
  }

  forwardAsIs(chunk: StreamForward, upstream: SseEvent): boolean {
    // What `forward` writes through `chunkData` and `sseEvent` unchanged: no event name, the
    // upstream's data line, and a chunk the usage filter lets through as it is.
    if (chunk.converted === true || chunk.event !== undefined || upstream.event !== null) return false;
    if (!this.clientWantsUsage && 'usage' in chunk.data) return false;
    if (!isOneLine(upstream.data)) return false;
    this.remember(chunk.data);
    return true;
  }

  plainEvent(upstream: SseEvent, nullUsage: boolean): true | Buffer | null {
    // `forwardAsIs`'s conditions, read off the bytes (`SseEvent.raw`: one data line); the first
    // chunk's identity is already kept (a usage chunk of the relay's own needs it).
    const b = upstream.raw;
    if (this.first === null || upstream.event !== null || b === undefined) return null;
    if (!nullUsage || this.clientWantsUsage) return true;
    // For a client that did not ask, the `"usage": null` OpenAI writes last on every chunk once the
    // relay asks include_usage is cut from the text, as `ClientUsageFilter` takes it off a parsed
    // chunk. Ending the text, before the closing brace of the whole object, it is a top-level key.
    const from = upstream.rawFrom as number;
    const to = upstream.rawTo as number;
    const at = to - NULL_USAGE_TAIL.length;
    if (at <= from || !bytesAt(b, at, NULL_USAGE_TAIL, to) || b.indexOf(USAGE_KEY, from) !== at + 1) return null;
    // `data: `, the data up to the cut, its closing brace and the blank line (small copies by
    // hand: each native call costs more than these few bytes).
    const end = DATA_FIELD.length + at - from;
    const out = Buffer.allocUnsafe(end + 3);
    for (let i = 0; i < DATA_FIELD.length; i++) out[i] = DATA_FIELD[i] as number;
    b.copy(out, DATA_FIELD.length, from, at);
    out[end] = 0x7d;
    out[end + 1] = 0x0a;
    out[end + 2] = 0x0a;
    return out;
  }

  /** A chunk the relay built (never an upstream's bytes), through the same usage filter. */
  protected write(chunk: JsonObject): string {
    const data = this.filter.filter(chunk);
    if (data === null) return '';
    this.remember(data);
    return sseEvent(JSON.stringify(data));
  }

  end(s: StreamEnd): string {
    if (!this.clientWantsUsage || s.usage || !this.first) return OPENAI_DONE;
    const u = { promptTokens: s.estimate.promptTokens, completionTokens: s.estimate.completionTokens, cachedTokens: 0, reasoningTokens: 0 };
    return formatSseEvent(usageChunk(this.first, u)) + OPENAI_DONE;
  }

  error(e: ClientError): string {
    return formatSseEvent({ error: { message: e.message, type: e.type, param: null, code: e.code } });
  }

  private remember(data: JsonObject): void {
    if (this.first || typeof data.id !== 'string') return;
    this.first = {
      id: data.id,
      model: typeof data.model === 'string' ? data.model : '',
      created: typeof data.created === 'number' ? data.created : Math.floor(Date.now() / 1000),
      object: typeof data.object === 'string' ? data.object : undefined,
    };
  }
}

/**
 * The client side of a chat stream: the upstream's chunks as `OpenAIStreamEncoder` writes them,
 * and the canonical parts of a native provider's answer (Claude, Gemini, Bedrock, Vertex) as
 * `chat.completion.chunk`s, one per part (the include_usage chunk hidden the same way).
 */
export class OpenAIChatStreamEncoder extends OpenAIStreamEncoder {
  private chunks: OpenAIChunkEncoder | null = null;

  /** `model`: the client's model name, for chunks until the provider names its own. */
  constructor(
    clientWantsUsage: boolean,
    private readonly model: string,
  ) {
    super(clientWantsUsage);
  }

  parts(parts: readonly ChatStreamPart[]): string {
    const chunks = (this.chunks ??= new OpenAIChunkEncoder(Math.floor(Date.now() / 1000), this.model));
    let out = '';
    const first = parts[0];
    const whole = first?.type === 'start' && first.whole === true ? encodeWholeAnswer(chunks, parts) : null;
    if (whole) {
      for (const data of whole) out += this.write(data);
      return out;
    }
    for (const p of parts) {
      const data = chunks.encode(p);
      if (data) out += this.write(data);
    }
    return out;
  }
}
