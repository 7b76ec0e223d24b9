import { FieldReader, bodyObject, wrongType } from '../canonical/fields';
import { isJsonObject, type JsonValue } from '../canonical/json';
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from '../canonical/limits';
import type { ChatContentPart, ChatMessage, GeminiRequest } from '../canonical/request';
import { stripRoutingKeys } from '../canonical/routing-keys';

/** What a Gemini-native call carries besides its body: the model and method from its path. */
export interface GeminiInput {
  body: unknown;
  /** `streamGenerateContent` (true) or `generateContent`. */
  stream: boolean;
  /** `alt=sse` was asked (streams only). */
  sse: boolean;
}

export function isGeminiInput(v: unknown): v is GeminiInput {
  return typeof v === 'object' && v !== null && 'body' in v && 'sse' in v;
}

/** A field by its camelCase or snake_case name (the Generative Language API takes both). */
export function geminiField(o: Record<string, JsonValue>, camel: string): JsonValue | undefined {
  if (o[camel] !== undefined) return o[camel];
  return o[camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];
}

/** Gemini content parts reduced to what the prompt estimate needs. */
function partsOf(parts: JsonValue | undefined, path: string): { parts: ChatContentPart[]; toolText: string } {
  if (parts === undefined || parts === null) return { parts: [], toolText: '' };
  if (!Array.isArray(parts)) throw wrongType(path, 'array');
  const out: ChatContentPart[] = [];
  let toolText = '';
  parts.forEach((p, i) => {
    if (!isJsonObject(p)) throw wrongType(`${path}[${i}]`, 'object');
    const call = geminiField(p, 'functionCall');
    const result = geminiField(p, 'functionResponse');
    const inline = geminiField(p, 'inlineData');
    const file = geminiField(p, 'fileData');
    if (typeof p.text === 'string') out.push({ type: 'text', text: p.text });
    else if (isJsonObject(call)) toolText += `${typeof call.name === 'string' ? call.name : ''}${JSON.stringify(call.args ?? {})}`;
    else if (isJsonObject(result)) out.push({ type: 'text', text: JSON.stringify(result.response ?? {}) });
    else if (isJsonObject(inline) || isJsonObject(file)) {
      const mime = String((isJsonObject(inline) ? geminiField(inline, 'mimeType') : isJsonObject(file) ? geminiField(file, 'mimeType') : '') ?? '');
      out.push(mime.startsWith('image/') || mime === '' ? { type: 'image', detail: 'auto' } : mime.startsWith('audio/') ? { type: 'audio' } : { type: 'file' });
    } else out.push({ type: 'other' });
  });
  return { parts: out, toolText };
}

/**
 * A Gemini `GenerateContentRequest` (the model comes from the path). `contents` is required; the
 * output bound (`generationConfig.maxOutputTokens` times `candidateCount`) is bounded like every
 * multiplier; routing and credential keys are stripped; the rest is kept as the client sent it,
 * so a Gemini channel receives every field.
 */
export function parseGeminiRequest(raw: unknown, limits: RelayLimits = DEFAULT_RELAY_LIMITS, pathModel?: string, options: { countOnly?: boolean } = {}): GeminiRequest {
  const input = isGeminiInput(raw) ? raw : { body: raw, stream: false, sse: false };
  const body = stripRoutingKeys(bodyObject(input.body));
  const model = (pathModel ?? '').trim();
  if (model === '' || model.length > limits.maxModelNameLength) throw wrongType('model', 'model name in the path');
  const r = new FieldReader(body);
  // countTokens may wrap the request: {generateContentRequest: {...}}.
  const inner = options.countOnly ? r.optionalObject('generateContentRequest') ?? r.optionalObject('generate_content_request') : null;
  const g = inner ?? r;
  const config = g.optionalObject('generationConfig') ?? g.optionalObject('generation_config');
  const max = config ? (config.optionalInt('maxOutputTokens', 1, limits.maxOutputTokens) ?? config.optionalInt('max_output_tokens', 1, limits.maxOutputTokens)) : null;
  const candidates = config ? (config.optionalInt('candidateCount', 1, limits.maxN) ?? config.optionalInt('candidate_count', 1, limits.maxN) ?? 1) : 1;

  const messages: ChatMessage[] = [];
  const system = g.raw('systemInstruction') ?? g.raw('system_instruction');
  if (system !== undefined) {
    if (!isJsonObject(system)) throw wrongType('systemInstruction', 'object');
    messages.push({ role: 'system', name: null, parts: partsOf(system.parts, 'systemInstruction.parts').parts, toolCallText: '' });
  }
  const contents = options.countOnly ? (g.optionalArray('contents') ?? []) : g.requiredArray('contents');
  contents.forEach((c, i) => {
    const path = `contents[${i}]`;
    if (!isJsonObject(c)) throw wrongType(path, 'object');
    const p = partsOf(c.parts, `${path}.parts`);
    messages.push({ role: c.role === 'model' ? 'assistant' : 'user', name: null, parts: p.parts, toolCallText: p.toolText });
  });
  let toolCount = 0;
  for (const t of g.optionalArray('tools') ?? []) {
    const decl = isJsonObject(t) ? geminiField(t, 'functionDeclarations') : undefined;
    toolCount += Array.isArray(decl) ? decl.length : 1;
  }
  return {
    endpoint: 'gemini',
    model,
    body,
    stream: input.stream,
    sse: input.stream && input.sse,
    maxOutputTokens: max === null ? null : max * candidates,
    candidateCount: candidates,
    messages,
    toolCount,
  };
}
