import type { CanonicalChat, CanonicalChatResponse, ChatPart, ChatStreamPart, ResponsePart } from '../canonical/chat';
import { arrayAt, isJsonObject, numberAt, objectAt, parseJson, stringAt, type JsonObject } from '../canonical/json';
import { reportedUsage, type ReportedUsage } from '../canonical/usage';
import type { DecodedStreamEvent } from '../canonical/response';

/*
 * iFlytek Spark's chat WebSocket (`wss://spark-api.xf-yun.com/<version>/chat`) in canonical terms,
 * both ways (pure). One request frame per connection:
 *   {header: {app_id, uid?}, parameter: {chat: {domain, temperature?, max_tokens?, top_k?}},
 *    payload: {message: {text: [{role: system|user|assistant, content}]}}}
 * then the answer as frames:
 *   {header: {code, message, sid, status}, payload: {choices: {status, seq, text: [{content, role,
 *    index, reasoning_content?}]}, usage?: {text: {question_tokens, prompt_tokens, completion_tokens,
 *    total_tokens}}}}
 * `status` 0 is the first frame, 1 the ones between, 2 the last (which carries the usage). An error
 * is one frame with `header.code` other than 0 (and no payload); the server then closes.
 */

/** A version of the chat API: where it is served, the `domain` it answers to, whether it reads a system role. */
export interface SparkVersion {
  /** As the channel's `other` names it (`v3.5`) and as `SparkDesk-v3.5` model names carry it. */
  readonly version: string;
  readonly path: string;
  /** The `parameter.chat.domain` of the version; `aliases` are older names of the same domain. */
  readonly domain: string;
  readonly aliases: readonly string[];
  /** Spark Max and Ultra take a `system` message; Lite and Pro get the system text in the first user turn. */
  readonly system: boolean;
}

/** The documented versions (Spark WebSocket API, "请求地址"), Lite to 4.0 Ultra. */
export const SPARK_VERSIONS: readonly SparkVersion[] = [
  { version: 'v1.1', path: '/v1.1/chat', domain: 'lite', aliases: ['general'], system: false },
  { version: 'v2.1', path: '/v2.1/chat', domain: 'generalv2', aliases: [], system: false },
  { version: 'v3.1', path: '/v3.1/chat', domain: 'generalv3', aliases: [], system: false },
  { version: 'pro-128k', path: '/chat/pro-128k', domain: 'pro-128k', aliases: [], system: false },
  { version: 'v3.5', path: '/v3.5/chat', domain: 'generalv3.5', aliases: [], system: true },
  { version: 'max-32k', path: '/chat/max-32k', domain: 'max-32k', aliases: [], system: true },
  { version: 'v4.0', path: '/v4.0/chat', domain: '4.0Ultra', aliases: [], system: true },
];

/** Used when neither the model name nor the channel names a version (Spark Lite, as new-api does). */
export const SPARK_DEFAULT_VERSION = 'v1.1';

function byVersion(v: string): SparkVersion | null {
  const name = v.trim().toLowerCase();
  const normal = /^\d+\.\d+$/.test(name) ? `v${name}` : name;
  return SPARK_VERSIONS.find((e) => e.version === normal) ?? null;
}

function byDomain(d: string): SparkVersion | null {
  const name = d.trim().toLowerCase();
  return SPARK_VERSIONS.find((e) => e.domain.toLowerCase() === name || e.aliases.includes(name)) ?? null;
}

export type SparkTarget = { readonly ok: true; readonly version: SparkVersion; readonly domain: string } | { readonly ok: false; readonly named: string };

/**
 * Which version serves a model: a `SparkDesk-v3.5` model name carries it (new-api's naming); a model
 * named by its domain (`generalv3.5`, `4.0Ultra`, `lite`) is that domain's version; otherwise the
 * channel's `other` (`v3.5`, `3.5`, `max-32k`), else Lite. A version nobody documents is refused.
 */
export function sparkTarget(model: string, other: string): SparkTarget {
  const desk = /^sparkdesk-(.+)$/i.exec(model.trim());
  if (desk) {
    const v = byVersion(desk[1] as string);
    return v ? { ok: true, version: v, domain: v.domain } : { ok: false, named: desk[1] as string };
  }
  const named = byDomain(model);
  if (named) {
    const alias = named.aliases.find((a) => a === model.trim().toLowerCase());
    return { ok: true, version: named, domain: alias ?? named.domain };
  }
  const setting = other.trim();
  if (setting === '') return { ok: true, version: byVersion(SPARK_DEFAULT_VERSION) as SparkVersion, domain: (byVersion(SPARK_DEFAULT_VERSION) as SparkVersion).domain };
  const v = byVersion(setting) ?? byDomain(setting);
  return v ? { ok: true, version: v, domain: v.domain } : { ok: false, named: setting };
}

function textOf(parts: readonly ChatPart[]): string {
  return parts.map((p) => (p.type === 'text' ? p.text : p.type === 'tool_result' ? textOf(p.content) : '')).join('');
}

/** The documented bound of `header.uid`. */
const UID_MAX = 32;

/**
 * The request frame. The system prompt is a `system` message where the version reads one, else it
 * opens the first user turn; tool results travel as user text (the WebSocket API has no tool role).
 * `max_tokens`, `temperature` and `top_k` are sent only when the client set them (Spark has no top_p).
 */
export function toSparkChat(chat: CanonicalChat, o: { appId: string; domain: string; system: boolean }): JsonObject {
  const text: JsonObject[] = [];
  const system = chat.system.join('\n');
  let pending = o.system || system === '' ? '' : system;
  if (o.system && system !== '') text.push({ role: 'system', content: system });
  for (const turn of chat.turns) {
    const role = turn.role === 'assistant' ? 'assistant' : 'user';
    let content = textOf(turn.parts);
    if (role === 'user' && pending !== '') {
      content = `${pending}\n\n${content}`;
      pending = '';
    }
    text.push({ role, content });
  }
  if (pending !== '') text.unshift({ role: 'user', content: pending });
  const header: JsonObject = { app_id: o.appId };
  if (chat.user) header.uid = chat.user.slice(0, UID_MAX);
  const params: JsonObject = { domain: o.domain };
  if (chat.temperature !== null) params.temperature = chat.temperature;
  if (chat.maxOutputTokens !== null) params.max_tokens = chat.maxOutputTokens;
  if (chat.topK !== null) params.top_k = chat.topK;
  return { header, parameter: { chat: params }, payload: { message: { text } } };
}

/** One answer frame, read. */
export interface SparkFrame {
  /** `header.code`: 0, or the error code of an error frame. */
  readonly code: number;
  readonly message: string;
  /** The session id (`header.sid`). */
  readonly sid: string;
  readonly text: string;
  /** `reasoning_content` (Spark X1's thinking), when sent. */
  readonly reasoning: string;
  /** From `payload.usage.text`, present on the last frame. */
  readonly usage: ReportedUsage | null;
  /** `status` 2: the answer is complete. */
  readonly last: boolean;
}

/** A frame's fields; null when it is not a Spark frame at all. */
export function sparkFrame(data: string): SparkFrame | null {
  const body = parseJson(data);
  const header = isJsonObject(body) ? objectAt(body, 'header') : undefined;
  if (!header) return null;
  const code = numberAt(header, 'code');
  if (code === null) return null;
  const sid = stringAt(header, 'sid') ?? '';
  const message = stringAt(header, 'message') ?? '';
  if (code !== 0) return { code, message, sid, text: '', reasoning: '', usage: null, last: true };
  const payload = objectAt(body as JsonObject, 'payload');
  const choices = objectAt(payload, 'choices');
  const first = arrayAt(choices, 'text')?.[0];
  const item = isJsonObject(first) ? first : undefined;
  const u = objectAt(objectAt(payload, 'usage'), 'text');
  const usage = u ? reportedUsage({ promptTokens: numberAt(u, 'prompt_tokens'), completionTokens: numberAt(u, 'completion_tokens') }) : null;
  const last = numberAt(choices, 'status') === 2 || numberAt(header, 'status') === 2;
  return { code, message, sid, text: stringAt(item, 'content') ?? '', reasoning: stringAt(item, 'reasoning_content') ?? '', usage, last };
}

/** Whether a frame ends the answer (the last one, or an error); garbage does not. */
export function isLastSparkFrame(data: string): boolean {
  return sparkFrame(data)?.last === true;
}

export interface SparkError {
  readonly code: number;
  readonly message: string;
  readonly sid: string;
}

export type SparkAnswer = { kind: 'answer'; answer: CanonicalChatResponse } | { kind: 'error'; error: SparkError } | { kind: 'incomplete' } | { kind: 'malformed' };

/** A whole answer from its frames, in order (a non-stream request collects them). */
export function fromSparkFrames(frames: readonly string[], model: string): SparkAnswer {
  let text = '';
  let reasoning = '';
  let sid = '';
  for (const data of frames) {
    const f = sparkFrame(data);
    if (!f) return { kind: 'malformed' };
    if (f.code !== 0) return { kind: 'error', error: { code: f.code, message: f.message, sid: f.sid } };
    sid ||= f.sid;
    text += f.text;
    reasoning += f.reasoning;
    if (f.last) {
      const parts: ResponsePart[] = [];
      if (reasoning !== '') parts.push({ type: 'reasoning', text: reasoning, signature: null });
      parts.push({ type: 'text', text });
      return { kind: 'answer', answer: { id: sid, model, parts, finishReason: 'stop', usage: f.usage } };
    }
  }
  return { kind: 'incomplete' };
}

export type SparkStreamEvent = DecodedStreamEvent<SparkError>;

/** One streamed answer's frames to canonical stream parts (the first frame opens the answer). */
export class SparkStreamDecoder {
  private started = false;

  constructor(private readonly model: string) {}

  push(data: string): SparkStreamEvent {
    const f = sparkFrame(data);
    if (!f) return { kind: 'malformed' };
    if (f.code !== 0) return { kind: 'error', error: { code: f.code, message: f.message, sid: f.sid } };
    const parts: ChatStreamPart[] = [];
    if (!this.started) {
      this.started = true;
      parts.push({ type: 'start', id: f.sid, model: this.model });
    }
    if (f.reasoning !== '') parts.push({ type: 'reasoning', text: f.reasoning });
    if (f.text !== '') parts.push({ type: 'text', text: f.text });
    const text = f.reasoning + f.text;
    if (!f.last) return { kind: 'parts', parts, text, usage: null, finish: null, done: false };
    parts.push({ type: 'finish', reason: 'stop' });
    if (f.usage) parts.push({ type: 'usage', usage: f.usage });
    parts.push({ type: 'end' });
    return { kind: 'parts', parts, text, usage: f.usage, finish: 'stop', done: true };
  }
}
