import { answerChoices, partChoice, type CanonicalChat, type CanonicalChatResponse, type ChatPart, type ChatStreamPart, type ChatTool, type ChatTurn, type ResponseFormat, type ResponsePart, type ToolChoice } from '../canonical/chat';
import { geminiField, parseGeminiRequest } from './parse';
import { isJsonObject, type JsonObject, type JsonValue } from '../canonical/json';
import type { GeminiRequest } from '../canonical/request';
import type { StreamForward } from '../canonical/response';
import type { FinishReason, ReportedUsage } from '../canonical/usage';
import { JsonArrayWriter, SseClientFraming, type ClientFraming } from '../framing/json-array/json-array';
import type { SseEvent } from '../framing/sse/sse-parser';
import { chunkData, endUsage, type ClientError, type ClientStreamEncoder, type InboundFormat, type StreamEnd } from '../format';

/*
 * The Gemini-native inbound format (`POST /v1beta/models/{model}:generateContent` and
 * `:streamGenerateContent`): the body to the canonical chat for channels that do not speak it,
 * canonical answers and stream parts back to `GenerateContentResponse`s (candidates,
 * finishReason, usageMetadata), errors as Google's `{error:{code, message, status}}`, streams
 * as SSE (`alt=sse`) or one JSON array. Gemini channels pass bodies and chunks through.
 */

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

function num(v: JsonValue | undefined): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function obj(o: JsonObject | undefined, camel: string): JsonObject | undefined {
  if (!o) return undefined;
  const v = geminiField(o, camel);
  return isJsonObject(v) ? v : undefined;
}

function list(o: JsonObject | undefined, camel: string): JsonValue[] {
  if (!o) return [];
  const v = geminiField(o, camel);
  return Array.isArray(v) ? v : [];
}

/** The id a converted tool call gets: Gemini calls may carry none. */
function callId(call: JsonObject, n: number): string {
  const id = str(call.id);
  return id !== '' ? id : `call_${n}_${str(call.name)}`;
}

/** A functionResponse's `response` as the text an OpenAI tool message carries. */
function resultText(response: JsonValue | undefined): string {
  if (isJsonObject(response)) {
    if (typeof response.content === 'string') return response.content;
    if (typeof response.output === 'string') return response.output;
    if (typeof response.result === 'string') return response.result;
  }
  return JSON.stringify(response ?? {});
}

function toolChoiceOf(config: JsonObject | undefined): ToolChoice | null {
  const fc = obj(config, 'functionCallingConfig');
  const mode = str(fc?.mode);
  if (mode === 'NONE') return { kind: 'none' };
  if (mode === 'ANY') {
    const names = list(fc, 'allowedFunctionNames').filter((n): n is string => typeof n === 'string');
    return names.length === 1 && names[0] ? { kind: 'tool', name: names[0] } : { kind: 'required' };
  }
  if (mode === 'AUTO' || mode === 'VALIDATED') return { kind: 'auto' };
  return null;
}

function responseFormatOf(config: JsonObject | undefined): ResponseFormat | null {
  const mime = str(config ? geminiField(config, 'responseMimeType') : undefined);
  if (mime !== 'application/json') return null;
  // responseJsonSchema is JSON schema already; responseSchema is Gemini's OpenAPI subset (`OBJECT`).
  const openApi = obj(config, 'responseSchema');
  const schema = obj(config, 'responseJsonSchema') ?? (openApi ? (lowerTypes(openApi) as JsonObject) : undefined);
  return schema ? { kind: 'json_schema', name: 'response', schema } : { kind: 'json_object' };
}

/** The canonical chat of a Gemini request. */
export function chatFromGemini(req: GeminiRequest, model: string): CanonicalChat {
  const body = req.body;
  const system = list(obj(body, 'systemInstruction'), 'parts').flatMap((p) => (isJsonObject(p) && str(p.text) !== '' ? [str(p.text)] : []));
  const turns: ChatTurn[] = [];
  // Gemini answers a call by the function's name; OpenAI by the call's id: earliest open call of that name.
  const open: { id: string; name: string }[] = [];
  let calls = 0;
  for (const c of list(body, 'contents')) {
    if (!isJsonObject(c)) continue;
    const role = c.role === 'model' ? 'assistant' : 'user';
    const parts: ChatPart[] = [];
    const results: ChatPart[] = [];
    for (const p of list(c, 'parts')) {
      if (!isJsonObject(p)) continue;
      const call = obj(p, 'functionCall');
      const response = obj(p, 'functionResponse');
      const inline = obj(p, 'inlineData');
      const file = obj(p, 'fileData');
      if (typeof p.text === 'string') {
        if (p.text === '') continue;
        parts.push(p.thought === true ? { type: 'reasoning', text: p.text, signature: null } : { type: 'text', text: p.text });
      } else if (call) {
        const id = callId(call, calls++);
        open.push({ id, name: str(call.name) });
        parts.push({ type: 'tool_call', id, name: str(call.name), arguments: JSON.stringify(isJsonObject(call.args) ? call.args : {}) });
      } else if (response) {
        const name = str(response.name);
        const i = str(response.id) !== '' ? open.findIndex((o) => o.id === str(response.id)) : open.findIndex((o) => o.name === name);
        const id = i >= 0 ? (open.splice(i, 1)[0]?.id ?? name) : str(response.id) || name;
        results.push({ type: 'tool_result', toolCallId: id, content: [{ type: 'text', text: resultText(response.response) }], isError: false });
      } else if (inline) {
        const mime = str(geminiField(inline, 'mimeType'));
        const data = str(inline.data);
        if (mime.startsWith('audio/')) parts.push({ type: 'audio', format: mime.slice('audio/'.length), data });
        else parts.push({ type: 'image', source: { kind: 'base64', mediaType: mime, data }, detail: null });
      } else if (file) {
        parts.push({ type: 'image', source: { kind: 'url', url: str(geminiField(file, 'fileUri')) }, detail: null });
      }
    }
    // Function responses become tool turns (OpenAI's shape), before the user's own words.
    for (const r of results) turns.push({ role: 'tool', parts: [r] });
    if (parts.length > 0) turns.push({ role, parts });
  }
  const tools: ChatTool[] = [];
  for (const t of list(body, 'tools')) {
    if (!isJsonObject(t)) continue;
    for (const d of list(t, 'functionDeclarations')) {
      if (!isJsonObject(d) || str(d.name) === '') continue;
      const parameters = obj(d, 'parametersJsonSchema') ?? obj(d, 'parameters') ?? { type: 'object', properties: {} };
      tools.push({ name: str(d.name), description: str(d.description) || null, parameters: lowerTypes(parameters) as JsonObject });
    }
  }
  const config = obj(body, 'generationConfig');
  const thinking = obj(config, 'thinkingConfig');
  const budget = thinking ? num(geminiField(thinking, 'thinkingBudget')) : null;
  const max = config ? num(geminiField(config, 'maxOutputTokens')) : null;
  return {
    model,
    system,
    turns,
    tools,
    toolChoice: tools.length > 0 ? toolChoiceOf(obj(body, 'toolConfig')) : null,
    parallelToolCalls: null,
    maxOutputTokens: max,
    temperature: config ? num(config.temperature) : null,
    topP: config ? num(geminiField(config, 'topP')) : null,
    topK: config ? num(geminiField(config, 'topK')) : null,
    stop: list(config, 'stopSequences').filter((s): s is string => typeof s === 'string'),
    stream: req.stream,
    reasoning: budget !== null && budget > 0 ? { kind: 'budget', tokens: budget } : null,
    responseFormat: responseFormatOf(config),
    user: null,
    // candidateCount is OpenAI's n (parseGeminiRequest read and bounded it).
    choiceCount: req.candidateCount,
    passthrough: {},
  };
}

/** Gemini's OpenAPI schema spells types in upper case (`OBJECT`); JSON schema wants lower case. */
function lowerTypes(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(lowerTypes);
  if (!isJsonObject(v)) return v;
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(v)) out[k] = k === 'type' && typeof x === 'string' ? x.toLowerCase() : lowerTypes(x);
  return out;
}

const FINISH: Readonly<Record<FinishReason, string>> = {
  stop: 'STOP',
  length: 'MAX_TOKENS',
  // Gemini says STOP after function calls too.
  tool_calls: 'STOP',
  function_call: 'STOP',
  content_filter: 'SAFETY',
  other: 'OTHER',
};

export function geminiFinishReason(reason: FinishReason | null): string {
  return reason ? FINISH[reason] : 'STOP';
}

/** Canonical usage (completion includes the thoughts) as `usageMetadata` (candidates exclude them). */
export function geminiUsageMetadata(u: ReportedUsage | null): JsonObject {
  const prompt = u?.promptTokens ?? 0;
  const completion = u?.completionTokens ?? 0;
  const thoughts = Math.min(completion, u?.reasoningTokens ?? 0);
  const out: JsonObject = { promptTokenCount: prompt, candidatesTokenCount: completion - thoughts, totalTokenCount: prompt + completion };
  if (thoughts > 0) out.thoughtsTokenCount = thoughts;
  if ((u?.cachedTokens ?? 0) > 0) out.cachedContentTokenCount = u?.cachedTokens ?? 0;
  return out;
}

function args(text: string): JsonObject {
  try {
    const v = JSON.parse(text.trim() === '' ? '{}' : text) as JsonValue;
    return isJsonObject(v) ? v : {};
  } catch {
    return {};
  }
}

function candidate(index: number, parts: JsonObject[], finish: string | null): JsonObject {
  const c: JsonObject = { content: { parts, role: 'model' }, index };
  if (finish) c.finishReason = finish;
  return c;
}

function geminiParts(parts: readonly ResponsePart[]): JsonObject[] {
  const out: JsonObject[] = [];
  for (const p of parts) {
    if (p.type === 'reasoning' && p.text !== '') out.push({ text: p.text, thought: true });
    else if (p.type === 'text' && p.text !== '') out.push({ text: p.text });
    else if (p.type === 'tool_call') out.push({ functionCall: { id: p.id, name: p.name, args: args(p.arguments) } });
  }
  return out;
}

/** A whole canonical answer as a `GenerateContentResponse`, a candidate per choice. */
export function encodeGeminiResponse(res: CanonicalChatResponse, model: string): JsonObject {
  const candidates = answerChoices(res).map((c) => candidate(c.index, geminiParts(c.parts), geminiFinishReason(c.finishReason)));
  return { candidates, usageMetadata: geminiUsageMetadata(res.usage), modelVersion: model, responseId: res.id };
}

/** What a streamed candidate holds back for the last chunk: its function calls and its finish. */
interface PendingCandidate {
  readonly calls: Map<number, { id: string; name: string; args: string }>;
  finish: FinishReason | null;
}

/**
 * Canonical stream parts to `GenerateContentResponse` chunks, as Google streams them: one per
 * piece of text or thought, under its candidate's index; a function call whole, once its
 * arguments are complete; the last chunk carries every candidate's finish reason (and
 * remaining calls) and the usage.
 */
export class GeminiChunkEncoder {
  private id = '';
  /** By choice; the first is always there (an answer without parts still ends with one candidate). */
  private readonly pending = new Map<number, PendingCandidate>([[0, { calls: new Map(), finish: null }]]);
  private usage: ReportedUsage | null = null;

  constructor(private readonly model: string) {}

  private chunk(candidates: JsonObject[], last: boolean): JsonObject {
    const out: JsonObject = { candidates };
    if (last) out.usageMetadata = geminiUsageMetadata(this.usage);
    out.modelVersion = this.model;
    out.responseId = this.id;
    return out;
  }

  private of(choice: number): PendingCandidate {
    let p = this.pending.get(choice);
    if (!p) {
      p = { calls: new Map(), finish: null };
      this.pending.set(choice, p);
    }
    return p;
  }

  /** Every candidate's last piece: its whole function calls and its finish reason. */
  private last(): JsonObject {
    const candidates = [...this.pending.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, p]) => {
        const calls = [...p.calls.values()].map((c) => ({ functionCall: { id: c.id, name: c.name, args: args(c.args) } }) as JsonObject);
        p.calls.clear();
        return candidate(index, calls, geminiFinishReason(p.finish));
      });
    return this.chunk(candidates, true);
  }

  encode(part: ChatStreamPart): JsonObject[] {
    const choice = partChoice(part);
    switch (part.type) {
      case 'start':
        this.id = part.id;
        return [];
      case 'text':
        this.of(choice);
        return part.text === '' ? [] : [this.chunk([candidate(choice, [{ text: part.text }], null)], false)];
      case 'reasoning':
        this.of(choice);
        return part.text === '' ? [] : [this.chunk([candidate(choice, [{ text: part.text, thought: true }], null)], false)];
      case 'tool_call_start':
        this.of(choice).calls.set(part.index, { id: part.id, name: part.name, args: '' });
        return [];
      case 'tool_call_delta': {
        const c = this.of(choice).calls.get(part.index);
        if (c) c.args += part.arguments;
        return [];
      }
      case 'finish':
        this.of(choice).finish = part.reason;
        return [];
      case 'usage':
        this.usage = part.usage;
        return [];
      case 'end':
        return [this.last()];
      default: {
        const never: never = part;
        return never;
      }
    }
  }
}

// ---- errors and the client side of a Gemini stream ----

/** google.rpc.Code names by HTTP status (cloud.google.com/apis/design/errors). */
export function googleRpcStatus(status: number): string {
  if (status === 400) return 'INVALID_ARGUMENT';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'PERMISSION_DENIED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'ABORTED';
  if (status === 413) return 'INVALID_ARGUMENT';
  if (status === 429) return 'RESOURCE_EXHAUSTED';
  if (status === 499) return 'CANCELLED';
  if (status === 501) return 'UNIMPLEMENTED';
  if (status === 503 || status === 502) return 'UNAVAILABLE';
  if (status === 504) return 'DEADLINE_EXCEEDED';
  if (status >= 500) return 'INTERNAL';
  return 'FAILED_PRECONDITION';
}

/** An error as Google's `{error:{code, message, status}}`; the machine-readable code rides as an ErrorInfo reason. */
export function geminiErrorBody(e: ClientError, status = e.status): JsonObject {
  const error: JsonObject = { code: status, message: e.message, status: googleRpcStatus(status) };
  const details: JsonObject[] = [];
  if (e.code) details.push({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: e.code, domain: 'sluice' });
  // Google names the offending field of an INVALID_ARGUMENT in a BadRequest detail.
  if (e.param) details.push({ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: e.param, description: e.message }] });
  if (details.length > 0) error.details = details;
  return { error };
}

/**
 * The client side of a Gemini stream, framed as SSE (`alt=sse`) or one JSON array. Google's own
 * chunks (passthrough) go out as Google wrote them; canonical parts (converted answers) become
 * chunks through GeminiChunkEncoder, whose last chunk (finish reason, usage, whole function
 * calls) the end writes. A failure after the start is Google's error object as the last chunk.
 */
export class GeminiStreamEncoder implements ClientStreamEncoder {
  readonly headers: Readonly<Record<string, string>>;
  private readonly framing: ClientFraming;
  private chunks: GeminiChunkEncoder | null = null;

  constructor(
    private readonly model: string,
    sse: boolean,
  ) {
    this.framing = sse ? new SseClientFraming() : new JsonArrayWriter();
    this.headers = this.framing.headers;
  }

  forward(chunk: StreamForward, upstream: SseEvent): string {
    return this.framing.event(chunkData(chunk, upstream));
  }

  parts(parts: readonly ChatStreamPart[]): string {
    const chunks = (this.chunks ??= new GeminiChunkEncoder(this.model));
    let out = '';
    // The last chunk is written by end(), which knows the final usage.
    for (const p of parts) if (p.type !== 'end') out += this.write(chunks.encode(p));
    return out;
  }

  end(s: StreamEnd): string {
    const last = this.chunks ? this.write([...this.chunks.encode({ type: 'usage', usage: endUsage(s) }), ...this.chunks.encode({ type: 'end' })]) : '';
    return last + this.framing.end();
  }

  error(e: ClientError): string {
    // Inside a begun stream there is no status line left to set: Google reports these as INTERNAL.
    return this.framing.event(JSON.stringify(geminiErrorBody(e, 500))) + this.framing.end();
  }

  private write(chunks: readonly JsonObject[]): string {
    let out = '';
    for (const c of chunks) out += this.framing.event(JSON.stringify(c));
    return out;
  }
}

export const geminiFormat: InboundFormat<GeminiRequest> = {
  name: 'gemini',
  parse: (input, limits, pathModel) => parseGeminiRequest(input, limits, pathModel),
  encodeResponse: (res, req) => encodeGeminiResponse(res, req.model),
  openStream: (req) => new GeminiStreamEncoder(req.model, req.sse),
  errorResponse: (e) => ({ status: e.status, body: geminiErrorBody(e) }),
  // The one canonical field a channel refuses after the conversion (the Claude family takes one
  // candidate), named as the Gemini client sent it.
  fieldNames: { n: 'generationConfig.candidateCount' },
};
