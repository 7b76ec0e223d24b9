import type { CanonicalChat, ChatPart, ChatTurn, ImageSource, ToolChoice } from '../canonical/chat';
import { isJsonObject, parseJson, type JsonObject } from '../canonical/json';
import { EFFORT_BUDGET, budgetFor, thinkingFromModel } from './models';
import { geminiParameters, geminiSchema } from './schema';

/*
 * Canonical chat to a Gemini `GenerateContentRequest` (pure; field names as the REST reference
 * spells them). System text goes to `systemInstruction`; turns to `contents` with roles `user`
 * and `model` (tool results are `functionResponse` parts of a user turn, named after the call
 * they answer); images to `inlineData` (data URLs) or `fileData` (http URLs, which Google
 * fetches itself: the gateway never downloads a client's URL); tools to `functionDeclarations`
 * with their schemas cleaned; the channel's safety settings; thinking from the model suffix,
 * `reasoning_effort` or a budget; several choices (OpenAI `n`) as `candidateCount`.
 */

type Part = JsonObject;
type GeminiRole = 'user' | 'model';

const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
};

function urlMimeType(url: string): string {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Not a URL we can read: the default type.
  }
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (ext && EXTENSION_TYPES[ext]) ?? 'image/jpeg';
}

function imagePart(source: ImageSource): Part {
  return source.kind === 'base64'
    ? { inlineData: { mimeType: source.mediaType, data: source.data } }
    : { fileData: { mimeType: urlMimeType(source.url), fileUri: source.url } };
}

function args(text: string): JsonObject {
  const parsed = parseJson(text.trim() === '' ? '{}' : text);
  return isJsonObject(parsed) ? parsed : {};
}

/** A tool result as the `response` struct: a JSON object as it is, anything else as `content`. */
function resultStruct(content: readonly ChatPart[]): JsonObject {
  const text = content.map((p) => (p.type === 'text' ? p.text : '')).join('');
  const parsed = parseJson(text);
  return isJsonObject(parsed) ? parsed : { content: text };
}

function partsOf(part: ChatPart, role: GeminiRole, names: ReadonlyMap<string, string>): Part[] {
  switch (part.type) {
    case 'text':
      return part.text === '' ? [] : [{ text: part.text }];
    case 'image':
      return role === 'user' ? [imagePart(part.source)] : [];
    case 'audio':
      return role === 'user' && part.data !== '' ? [{ inlineData: { mimeType: `audio/${part.format || 'wav'}`, data: part.data } }] : [];
    case 'tool_call':
      return role === 'model' ? [{ functionCall: { name: part.name, args: args(part.arguments) } }] : [];
    case 'tool_result': {
      const name = names.get(part.toolCallId) ?? part.toolCallId;
      return [{ functionResponse: { name, response: resultStruct(part.content) } }];
    }
    case 'reasoning':
      // Thoughts are the model's own; Gemini takes none back as input.
      return [];
    default: {
      const never: never = part;
      return never;
    }
  }
}

/** Turns as Gemini contents, consecutive same-role turns merged (parallel tool results in one turn). */
export function geminiContents(turns: readonly ChatTurn[]): JsonObject[] {
  // OpenAI tool results name only the call id; Gemini wants the function's name.
  const names = new Map<string, string>();
  for (const t of turns) for (const p of t.parts) if (p.type === 'tool_call') names.set(p.id, p.name);
  const out: { role: GeminiRole; parts: Part[] }[] = [];
  for (const turn of turns) {
    const role: GeminiRole = turn.role === 'assistant' ? 'model' : 'user';
    const parts = turn.parts.flatMap((p) => partsOf(p, role, names));
    if (parts.length === 0) continue;
    const last = out.at(-1);
    if (last && last.role === role) last.parts.push(...parts);
    else out.push({ role, parts });
  }
  return out.map((c) => ({ role: c.role, parts: c.parts }));
}

/**
 * Gemini 3 and later refuse a history whose function calls lack the `thoughtSignature` they
 * were answered with (a 400). OpenAI clients cannot carry it back, so the first call of each
 * model turn gets the sentinel Google documents for histories without signatures
 * (https://ai.google.dev/gemini-api/docs/thought-signatures).
 */
export const SIGNATURE_SENTINEL = 'skip_thought_signature_validator';
const NEEDS_SIGNATURES = /^gemini-(?:[3-9]|\d{2,})/;

function withSignatures(contents: JsonObject[], model: string): JsonObject[] {
  if (!NEEDS_SIGNATURES.test(model)) return contents;
  for (const c of contents) {
    if (c.role !== 'model' || !Array.isArray(c.parts)) continue;
    const first = c.parts.find((p): p is JsonObject => isJsonObject(p) && p.functionCall !== undefined);
    if (first && first.thoughtSignature === undefined) first.thoughtSignature = SIGNATURE_SENTINEL;
  }
  return contents;
}

function toolConfig(choice: ToolChoice): JsonObject {
  if (choice.kind === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice.kind === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  if (choice.kind === 'tool') return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.name] } };
  return { functionCallingConfig: { mode: 'AUTO' } };
}

/** The thinking config asked for, or null: reasoning_effort or a budget win over the suffix. */
function thinkingConfig(chat: CanonicalChat, model: string, suffixBudget: number | null): JsonObject | null {
  let budget: number | null = suffixBudget;
  if (chat.reasoning?.kind === 'effort') budget = EFFORT_BUDGET[chat.reasoning.effort];
  else if (chat.reasoning?.kind === 'budget') budget = chat.reasoning.tokens;
  if (budget === null) return null;
  const b = budget < 0 ? -1 : budgetFor(model, budget);
  // Thoughts are returned (as reasoning_content) whenever the model thinks at all.
  return b === 0 ? { thinkingBudget: 0 } : { thinkingBudget: b, includeThoughts: true };
}

export interface GeminiRequest {
  /** The model in the URL path. */
  readonly model: string;
  readonly body: JsonObject;
}

/** What the channel decides about a Gemini body: the safety threshold per harm category. */
export interface GeminiEncodeOptions {
  readonly safety: readonly { readonly category: string; readonly threshold: string }[];
}

export function toGeminiRequest(chat: CanonicalChat, settings: GeminiEncodeOptions): GeminiRequest {
  const { model, budget } = thinkingFromModel(chat.model);
  const body: JsonObject = { contents: withSignatures(geminiContents(chat.turns), model) };
  if (chat.system.length > 0) body.systemInstruction = { parts: chat.system.map((text) => ({ text })) };

  const declarations = chat.tools.map((t) => {
    const fn: JsonObject = { name: t.name };
    if (t.description) fn.description = t.description;
    const params = geminiParameters(t.parameters);
    if (params) fn.parameters = params;
    return fn;
  });
  if (declarations.length > 0 && chat.toolChoice?.kind !== 'none') {
    body.tools = [{ functionDeclarations: declarations }];
    if (chat.toolChoice) body.toolConfig = toolConfig(chat.toolChoice);
  }

  // A client's own Gemini safetySettings (sent through the OpenAI body) win over the channel's.
  const own = chat.passthrough.safetySettings ?? chat.passthrough.safety_settings;
  body.safetySettings = Array.isArray(own) ? own : settings.safety.map((s) => ({ category: s.category, threshold: s.threshold }));

  const gen: JsonObject = {};
  if (chat.temperature !== null) gen.temperature = chat.temperature;
  if (chat.topP !== null) gen.topP = chat.topP;
  if (chat.topK !== null) gen.topK = chat.topK;
  if (chat.maxOutputTokens !== null) gen.maxOutputTokens = chat.maxOutputTokens;
  if (chat.stop.length > 0) gen.stopSequences = [...chat.stop];
  if (chat.choiceCount > 1) gen.candidateCount = chat.choiceCount;
  const rf = chat.responseFormat;
  if (rf?.kind === 'json_object') gen.responseMimeType = 'application/json';
  else if (rf?.kind === 'json_schema') {
    gen.responseMimeType = 'application/json';
    gen.responseSchema = geminiSchema(rf.schema);
  }
  const thinking = thinkingConfig(chat, model, budget);
  if (thinking) gen.thinkingConfig = thinking;
  if (Object.keys(gen).length > 0) body.generationConfig = gen;
  return { model, body };
}
