import { partChoice, type CanonicalChat, type CanonicalChatResponse, type ChatStreamPart } from '../canonical/chat';
import { invalidValue } from '../canonical/fields';
import { arrayAt, type JsonObject } from '../canonical/json';
import { parseCompletionRequest } from '../openai-chat/parse';
import type { ChatRequest, CompletionRequest } from '../canonical/request';
import type { InboundFormat } from '../format';
import { OPENAI_ERRORS, OpenAIStreamEncoder, chatFromOpenAI, openAIFinish, openAIUsage } from '../openai-chat';

/*
 * The legacy OpenAI completions inbound format (`POST /v1/completions`): the chat format's
 * wire (errors, `[DONE]`, the include_usage chunk) with `text_completion` objects. A native
 * provider (Claude, Gemini, Bedrock, Vertex) has no completions call: the prompt becomes one user
 * turn of the canonical chat, and its answer comes back as `text_completion` objects and chunks.
 */

/**
 * A completions request as the canonical chat, for providers without a completions call. What a
 * chat cannot express is refused by name rather than dropped: several prompts or token prompts,
 * several choices, `suffix`, `echo` and `logprobs`.
 */
export function completionAsCanonical(req: CompletionRequest, model: string): CanonicalChat {
  const body = req.body;
  const prompt = req.prompts.length === 1 && req.promptTokenArrays === 0 ? req.prompts[0] : undefined;
  if (prompt === undefined) throw invalidValue('prompt', 'one text prompt on this channel type');
  if (req.n > 1) throw invalidValue('n', '1 on this channel type');
  if (req.bestOf > 1) throw invalidValue('best_of', '1 on this channel type');
  if (typeof body.suffix === 'string' && body.suffix !== '') throw invalidValue('suffix', 'absent on this channel type');
  if (body.echo === true) throw invalidValue('echo', 'false on this channel type');
  if (body.logprobs !== undefined && body.logprobs !== null) throw invalidValue('logprobs', 'null on this channel type');
  const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const stop = typeof body.stop === 'string' ? [body.stop] : (arrayAt(body, 'stop') ?? []).filter((s): s is string => typeof s === 'string' && s !== '');
  return {
    model,
    system: [],
    turns: [{ role: 'user', parts: [{ type: 'text', text: prompt }] }],
    tools: [],
    toolChoice: null,
    parallelToolCalls: null,
    maxOutputTokens: req.maxOutputTokens,
    temperature: num(body.temperature),
    topP: num(body.top_p),
    topK: null,
    stop,
    stream: req.stream,
    reasoning: null,
    responseFormat: null,
    user: typeof body.user === 'string' && body.user !== '' ? body.user : null,
    // Several choices were refused above.
    choiceCount: 1,
    passthrough: {},
  };
}

/** The canonical chat of either text request a native provider serves (chat, or completions as one user turn). */
export function textAsCanonical(req: ChatRequest | CompletionRequest, model: string): CanonicalChat {
  if (req.endpoint === 'completion') return completionAsCanonical(req, model);
  // A chat decoded from another client format is already canonical (two hops, no OpenAI body between).
  return req.canonical ? { ...req.canonical, model } : chatFromOpenAI(req, model);
}

/** A whole canonical answer as a `text_completion` (the generated text of the first choice). */
export function encodeOpenAICompletionResponse(res: CanonicalChatResponse, created: number): JsonObject {
  const text = res.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
  const out: JsonObject = {
    id: res.id,
    object: 'text_completion',
    created,
    model: res.model,
    choices: [{ text, index: 0, logprobs: null, finish_reason: openAIFinish(res.finishReason) }],
  };
  if (res.usage) out.usage = openAIUsage(res.usage);
  return out;
}

/**
 * The client side of a completions stream: an OpenAI-wire upstream's chunks as they are, and a
 * native provider's canonical parts as `text_completion` chunks (text and the finish; reasoning
 * and tool calls have no place in a completion). A converted completion asks one choice, so
 * only the first choice's parts are written.
 */
export class OpenAICompletionStreamEncoder extends OpenAIStreamEncoder {
  private id = '';
  private readonly created = Math.floor(Date.now() / 1000);

  constructor(
    clientWantsUsage: boolean,
    private model: string,
  ) {
    super(clientWantsUsage);
  }

  parts(parts: readonly ChatStreamPart[]): string {
    let out = '';
    for (const p of parts) {
      if (partChoice(p) !== 0) continue;
      if (p.type === 'start') {
        this.id = p.id;
        if (p.model !== '') this.model = p.model;
      } else if (p.type === 'text') out += this.write(this.chunk(p.text, null));
      else if (p.type === 'finish') out += this.write(this.chunk('', openAIFinish(p.reason)));
      else if (p.type === 'usage') out += this.write({ ...this.chunk('', null), choices: [], usage: openAIUsage(p.usage) });
    }
    return out;
  }

  private chunk(text: string, finish: string | null): JsonObject {
    return { id: this.id, object: 'text_completion', created: this.created, model: this.model, choices: [{ text, index: 0, logprobs: null, finish_reason: finish }] };
  }
}

export const openAICompletionsFormat: InboundFormat<CompletionRequest> = {
  name: 'openai-completions',
  parse: (input, limits) => parseCompletionRequest(input, limits),
  encodeResponse: (res) => encodeOpenAICompletionResponse(res, Math.floor(Date.now() / 1000)),
  openStream: (req) => new OpenAICompletionStreamEncoder(req.clientIncludeUsage, req.model),
  errorResponse: OPENAI_ERRORS.errorResponse,
};
