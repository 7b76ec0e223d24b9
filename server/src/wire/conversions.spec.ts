import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CanonicalChat, CanonicalChatResponse, ChatStreamPart } from './canonical/chat';
import { isJsonObject, type JsonObject, type JsonValue } from './canonical/json';
import { finishReasonOf, reportedUsage } from './canonical/usage';
import { SseParser } from './framing/sse/sse-parser';
import { anthropicUsage, chatFromAnthropic, encodeAnthropicMessage, AnthropicEventEncoder } from './anthropic-messages/anthropic-messages';
import { parseMessagesRequest } from './anthropic-messages/parse';
import { toAnthropicRequest } from './anthropic-messages/request';
import { ClaudeStreamDecoder, fromClaudeMessage } from './anthropic-messages/response';
import { chatFromGemini, encodeGeminiResponse, GeminiChunkEncoder } from './gemini/gemini';
import { parseGeminiRequest } from './gemini/parse';
import { toGeminiRequest } from './gemini/request';
import { fromGeminiResponse, GeminiStreamDecoder } from './gemini/response';
import { chatFromOpenAI, chatResponseFromOpenAI, encodeOpenAIChatResponse, openAIChatBody, OpenAIChunkDecoder, OpenAIChunkEncoder, openAIUsage } from './openai-chat';
import { parseChatRequest, parseCompletionRequest, parseResponsesRequest } from './openai-chat/parse';
import { chatUsage, chunkUsage } from './openai-chat/usage';
import { completionAsCanonical, encodeOpenAICompletionResponse, OpenAICompletionStreamEncoder } from './openai-completions/openai-completions';
import { chatFromResponses } from './openai-responses/client-request';
import { encodeResponsesResponse, ResponsesEventEncoder } from './openai-responses/openai-responses';
import { fromResponsesResponse, ResponsesEventDecoder, responsesBodyOf } from './openai-responses/upstream';
import { CompletionChunkDecoder, completionResponseFromOpenAI, completionsBodyOf } from './openai-completions/upstream';

/*
 * Every shape change goes through canonical: a client's body in its wire is decoded to the
 * canonical chat, encoded in the upstream's wire, and the upstream's answer (whole or streamed)
 * decoded to canonical and encoded in the client's wire. For each (inbound, upstream) pair this
 * spec checks that what both wires can carry arrives unchanged, both directions, streamed and not.
 *
 * Every one of the five wires is both an inbound and an upstream wire here; a pair is checked with
 * what the lesser of the two carries (WIRES' levels).
 */

const MODEL = 'conv-model';

/** What every chat wire carries: the projection compared across wires. */
function requestView(c: CanonicalChat): JsonObject {
  // Gemini names no call ids (its calls are matched by name and order): compare the pairing, not the literal ids.
  const ids = new Map<string, string>();
  const idOf = (id: string): string => {
    if (!ids.has(id)) ids.set(id, `#${ids.size}`);
    return ids.get(id) as string;
  };
  return {
    system: c.system.join('\n'),
    turns: c.turns.map((t) => ({
      role: t.role,
      parts: t.parts.map((p) => {
        switch (p.type) {
          case 'text':
            return `text:${p.text}`;
          case 'tool_call':
            return `call:${idOf(p.id)}:${p.name}:${JSON.stringify(JSON.parse(p.arguments))}`;
          case 'tool_result':
            return `result:${idOf(p.toolCallId)}:${p.content.map((q) => (q.type === 'text' ? q.text : q.type)).join('')}`;
          case 'image':
            return `image:${p.source.kind === 'base64' ? `${p.source.mediaType};${p.source.data}` : p.source.url}`;
          default:
            return p.type;
        }
      }),
    })),
    tools: c.tools.map((t) => `${t.name}:${t.description ?? ''}:${JSON.stringify(t.parameters)}`),
    toolChoice: c.toolChoice ? JSON.stringify(c.toolChoice) : null,
    maxOutputTokens: c.maxOutputTokens,
    temperature: c.temperature,
    topP: c.topP,
    stop: [...c.stop],
  };
}

const WEATHER_SCHEMA: JsonObject = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

const CHAT: CanonicalChat = {
  model: MODEL,
  system: ['You are terse.'],
  turns: [
    { role: 'user', parts: [{ type: 'text', text: 'What is the weather in Paris?' }, { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' }, detail: null }] },
    { role: 'assistant', parts: [{ type: 'text', text: 'Let me look.' }, { type: 'tool_call', id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' }] },
    { role: 'tool', parts: [{ type: 'tool_result', toolCallId: 'call_1', content: [{ type: 'text', text: '18C, clear' }], isError: false }] },
    { role: 'user', parts: [{ type: 'text', text: 'And tomorrow?' }] },
  ],
  tools: [{ name: 'weather', description: 'Current weather', parameters: WEATHER_SCHEMA }],
  toolChoice: { kind: 'auto' },
  parallelToolCalls: null,
  maxOutputTokens: 256,
  temperature: 0.5,
  topP: 0.9,
  topK: null,
  stop: ['END'],
  stream: false,
  reasoning: null,
  responseFormat: null,
  user: null,
  choiceCount: 1,
  passthrough: {},
};

const ANSWER: CanonicalChatResponse = {
  id: 'ans_1',
  model: MODEL,
  parts: [
    { type: 'text', text: 'Tomorrow: ' },
    { type: 'tool_call', id: 'call_2', name: 'weather', arguments: '{"city":"Paris","day":"tomorrow"}' },
  ],
  finishReason: 'tool_calls',
  usage: reportedUsage({ promptTokens: 42, completionTokens: 17 }),
};

const STREAM: ChatStreamPart[] = [
  { type: 'start', id: 'ans_2', model: MODEL },
  { type: 'text', text: 'Sunny ' },
  { type: 'text', text: 'and mild.' },
  { type: 'tool_call_start', index: 0, id: 'call_3', name: 'weather' },
  { type: 'tool_call_delta', index: 0, arguments: '{"city":"Lyon"}' },
  { type: 'finish', reason: 'tool_calls' },
  { type: 'usage', usage: reportedUsage({ promptTokens: 30, completionTokens: 9 }) },
  { type: 'end' },
];

/** What an answer carries across wires: text, tool calls, finish, usage counts. */
function answerView(r: CanonicalChatResponse | null): JsonObject {
  if (!r) return { missing: true };
  return {
    text: r.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(''),
    calls: r.parts.flatMap((p) => (p.type === 'tool_call' ? [`${p.name}:${JSON.stringify(JSON.parse(p.arguments))}`] : [])),
    finish: r.finishReason,
    prompt: r.usage?.promptTokens ?? null,
    completion: r.usage?.completionTokens ?? null,
  };
}

function streamView(parts: readonly ChatStreamPart[]): JsonObject {
  const args = new Map<number, string>();
  const names = new Map<number, string>();
  let usage: JsonObject | null = null;
  for (const p of parts) {
    if (p.type === 'tool_call_start') names.set(p.index, p.name);
    if (p.type === 'tool_call_delta') args.set(p.index, (args.get(p.index) ?? '') + p.arguments);
    if (p.type === 'usage') usage = { prompt: p.usage.promptTokens, completion: p.usage.completionTokens };
  }
  return {
    text: parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(''),
    calls: [...names].map(([i, n]) => `${n}:${JSON.stringify(JSON.parse(args.get(i) ?? '{}'))}`),
    finish: parts.flatMap((p) => (p.type === 'finish' ? [p.reason] : [])),
    usage,
  };
}

/** Events as a peer reads them: serialized and parsed, nothing shared with the writer. */
function overTheWire(events: readonly JsonObject[]): JsonObject[] {
  return JSON.parse(JSON.stringify(events)) as JsonObject[];
}

/**
 * A Gemini stream ends with its last candidate's finish, not an end part: the relay then ends the
 * client's stream (its encoder's `end`), which the client encoders' `end` part stands for here.
 */
function ended(parts: ChatStreamPart[]): ChatStreamPart[] {
  return parts.some((p) => p.type === 'end') ? parts : [...parts, { type: 'end' }];
}

/** A chat wire a provider speaks: both directions of requests, answers and streams. */
interface ChatWire {
  /** A client's (or provider's) request body of this wire to canonical. */
  decodeRequest(body: JsonObject): CanonicalChat;
  encodeRequest(chat: CanonicalChat): JsonObject;
  decodeResponse(body: JsonValue): CanonicalChatResponse | null;
  encodeResponse(res: CanonicalChatResponse): JsonObject;
  /** Stream parts to this wire's event payloads, and back. */
  encodeStream(parts: readonly ChatStreamPart[]): JsonObject[];
  decodeStream(events: readonly JsonObject[]): ChatStreamPart[];
}

const openaiChat: ChatWire = {
  decodeRequest: (body) => chatFromOpenAI(parseChatRequest({ ...body, model: MODEL }), MODEL),
  encodeRequest: (chat) => openAIChatBody(chat),
  decodeResponse: (body) => {
    if (!isJsonObject(body)) return null;
    const first = Array.isArray(body.choices) && isJsonObject(body.choices[0]) ? body.choices[0] : {};
    return chatResponseFromOpenAI(body, isJsonObject(body.usage) ? chatUsage(body.usage) : null, finishReasonOf(first.finish_reason));
  },
  encodeResponse: (res) => encodeOpenAIChatResponse(res, 1_700_000_000),
  encodeStream: (parts) => {
    const enc = new OpenAIChunkEncoder(1_700_000_000, MODEL);
    return parts.flatMap((p) => {
      const chunk = enc.encode(p);
      return chunk ? [chunk] : [];
    });
  },
  decodeStream: (events) => {
    const dec = new OpenAIChunkDecoder();
    // The relay reads usage from the chunk that carries it; `[DONE]` (after the last event) ends the answer.
    return [...events.flatMap((e) => dec.decode(e, chunkUsage(e), null, false)), ...dec.decode(null, null, null, true)];
  },
};

const anthropic: ChatWire = {
  decodeRequest: (body) => chatFromAnthropic(parseMessagesRequest({ ...body, model: MODEL }), MODEL),
  encodeRequest: (chat) => toAnthropicRequest(chat),
  decodeResponse: (body) => fromClaudeMessage(body),
  encodeResponse: (res) => encodeAnthropicMessage(res, MODEL),
  encodeStream: (parts) => {
    const enc = new AnthropicEventEncoder(MODEL);
    return parts.flatMap((p) => enc.encode(p).map((e) => e.data));
  },
  decodeStream: (events) => {
    const dec = new ClaudeStreamDecoder();
    return events.flatMap((e) => {
      const r = dec.push(e);
      return r.kind === 'parts' ? r.parts : [];
    });
  },
};

const gemini: ChatWire = {
  decodeRequest: (body) => chatFromGemini(parseGeminiRequest(body, undefined, MODEL), MODEL),
  encodeRequest: (chat) => toGeminiRequest(chat, { safety: [] }).body,
  decodeResponse: (body) => fromGeminiResponse(body),
  encodeResponse: (res) => encodeGeminiResponse(res, MODEL),
  encodeStream: (parts) => {
    const enc = new GeminiChunkEncoder(MODEL);
    return parts.flatMap((p) => enc.encode(p));
  },
  decodeStream: (events) => {
    const dec = new GeminiStreamDecoder();
    return events.flatMap((e) => {
      const r = dec.push(e);
      return r.kind === 'parts' ? r.parts : [];
    });
  },
};

const responses: ChatWire = {
  decodeRequest: (body) => chatFromResponses(parseResponsesRequest({ ...body, model: MODEL }), MODEL),
  encodeRequest: (chat) => responsesBodyOf(chat),
  decodeResponse: (body) => fromResponsesResponse(body),
  encodeResponse: (res) => encodeResponsesResponse(res, 1_700_000_000),
  encodeStream: (parts) => {
    const enc = new ResponsesEventEncoder(MODEL, 1_700_000_000);
    return parts.flatMap((p) => enc.encode(p).map((e) => e.data));
  },
  decodeStream: (events) => {
    const dec = new ResponsesEventDecoder();
    return events.flatMap((e) => dec.decode(e));
  },
};

const completions: ChatWire = {
  decodeRequest: (body) => completionAsCanonical(parseCompletionRequest({ ...body, model: MODEL }), MODEL),
  encodeRequest: (chat) => completionsBodyOf(chat),
  decodeResponse: (body) => completionResponseFromOpenAI(body),
  encodeResponse: (res) => encodeOpenAICompletionResponse(res, 1_700_000_000),
  encodeStream: (parts) => {
    const sse = new OpenAICompletionStreamEncoder(true, MODEL).parts(parts);
    return [...sse.matchAll(/^data: (\{.*\})$/gm)].map((m) => JSON.parse(m[1] ?? '{}') as JsonObject);
  },
  decodeStream: (events) => {
    const dec = new CompletionChunkDecoder();
    return [...events.flatMap((e) => dec.decode(e)), ...dec.decode(null)];
  },
};

/**
 * How much of a chat a wire carries: 2 every chat wire's (OpenAI chat, Anthropic, Gemini), 1 the
 * Responses API's (no stop sequences), 0 a completions prompt (one user text, no tools). A pair is
 * checked with the fixtures of the lesser of its two wires.
 */
const WIRES: Record<string, { wire: ChatWire; level: 0 | 1 | 2 }> = {
  'openai-chat': { wire: openaiChat, level: 2 },
  'anthropic-messages': { wire: anthropic, level: 2 },
  gemini: { wire: gemini, level: 2 },
  'openai-responses': { wire: responses, level: 1 },
  'openai-completions': { wire: completions, level: 0 },
};

const PROMPT_CHAT: CanonicalChat = { ...CHAT, system: [], turns: [{ role: 'user', parts: [{ type: 'text', text: 'Say hello.' }] }], tools: [], toolChoice: null };
const TEXT_ANSWER: CanonicalChatResponse = { ...ANSWER, parts: [{ type: 'text', text: 'Hello there.' }], finishReason: 'stop' };
const TEXT_STREAM: ChatStreamPart[] = STREAM.filter((p) => p.type !== 'tool_call_start' && p.type !== 'tool_call_delta').map((p) => (p.type === 'finish' ? { ...p, reason: 'stop' as const } : p));
const FIXTURES = [
  { chat: PROMPT_CHAT, answer: TEXT_ANSWER, stream: TEXT_STREAM },
  { chat: { ...CHAT, stop: [] }, answer: ANSWER, stream: STREAM },
  { chat: CHAT, answer: ANSWER, stream: STREAM },
] as const;

const NAMES = Object.keys(WIRES);

function pair(inName: string, upName: string): { inbound: ChatWire; upstream: ChatWire; fx: { chat: CanonicalChat; answer: CanonicalChatResponse; stream: readonly ChatStreamPart[] } } {
  const a = WIRES[inName];
  const b = WIRES[upName];
  if (!a || !b) throw new Error(`no wire ${inName} / ${upName}`);
  const fx = FIXTURES[Math.min(a.level, b.level)] as (typeof FIXTURES)[number];
  // The Responses API has no stop sequences, whatever the other wire carries.
  const noStop = a.level === 1 || b.level === 1;
  return { inbound: a.wire, upstream: b.wire, fx: noStop ? { ...fx, chat: { ...fx.chat, stop: [] } } : fx };
}

describe('wire conversions through canonical', () => {
  describe.each(NAMES)('inbound %s', (inName) => {
    it.each(NAMES)('to upstream %s: the request keeps every field both wires carry', (upName) => {
      const { inbound, upstream, fx } = pair(inName, upName);
      const clientBody = inbound.encodeRequest(fx.chat);
      const decoded = inbound.decodeRequest(clientBody);
      const upstreamBody = upstream.encodeRequest(decoded);
      // The provider reads its body as any client of its wire would.
      expect(requestView(upstream.decodeRequest(upstreamBody))).toEqual(requestView(fx.chat));
    });

    it.each(NAMES)('from upstream %s: the answer reaches the client unchanged', (upName) => {
      const { inbound, upstream, fx } = pair(inName, upName);
      const upstreamAnswer = upstream.encodeResponse(fx.answer);
      const canonical = upstream.decodeResponse(JSON.parse(JSON.stringify(upstreamAnswer)) as JsonValue);
      expect(canonical).not.toBeNull();
      const clientAnswer = inbound.encodeResponse(canonical as CanonicalChatResponse);
      expect(answerView(inbound.decodeResponse(JSON.parse(JSON.stringify(clientAnswer)) as JsonValue))).toEqual(answerView(fx.answer));
    });

    it.each(NAMES)('from upstream %s: the stream reaches the client unchanged', (upName) => {
      const { inbound, upstream, fx } = pair(inName, upName);
      const parts = ended(upstream.decodeStream(overTheWire(upstream.encodeStream(fx.stream))));
      const clientEvents = overTheWire(inbound.encodeStream(parts));
      expect(streamView(inbound.decodeStream(clientEvents))).toEqual(streamView(fx.stream));
    });
  });

  describe('round trips of each wire (canonical -> wire -> canonical)', () => {
    it.each(NAMES)('%s', (name) => {
      const { inbound: wire, fx } = pair(name, name);
      expect(requestView(wire.decodeRequest(wire.encodeRequest(fx.chat)))).toEqual(requestView(fx.chat));
      expect(answerView(wire.decodeResponse(wire.encodeResponse(fx.answer)))).toEqual(answerView(fx.answer));
      expect(streamView(wire.decodeStream(overTheWire(wire.encodeStream(fx.stream))))).toEqual(streamView(fx.stream));
    });
  });

  it('refuses by name what the upstream wire cannot carry', () => {
    expect(() => completions.encodeRequest(CHAT)).toThrow(expect.objectContaining({ param: 'messages' }));
    expect(() => responses.encodeRequest(CHAT)).toThrow(expect.objectContaining({ param: 'stop' }));
  });
});

/*
 * Round trips of the providers' documentation fixtures (relay/adaptors/<provider>/__fixtures__):
 * each answer and stream decoded to canonical, encoded in its own wire again and decoded once more
 * gives the same canonical view.
 */
const FIXTURE_DIR = join(__dirname, '..', 'relay', 'adaptors');

function fixtureEvents(file: string): JsonObject[] {
  const parser = new SseParser();
  const events = [...parser.push(readFileSync(join(FIXTURE_DIR, file), 'utf8')), ...parser.end()];
  return events.flatMap((e) => {
    const data = e.data.trim();
    if (data === '' || data === '[DONE]') return [];
    return [JSON.parse(data) as JsonObject];
  });
}

function fullAnswerView(r: CanonicalChatResponse | null): JsonObject {
  const view = answerView(r);
  // A blocked Gemini answer reports no candidate tokens; written back it says 0: the same bill.
  if (r?.usage && view.completion === null) view.completion = 0;
  return { ...view, reasoning: r?.parts.flatMap((p) => (p.type === 'reasoning' ? [p.text] : [])).join('') ?? '' };
}

function fullStreamView(parts: readonly ChatStreamPart[]): JsonObject {
  return { ...streamView(parts), reasoning: parts.flatMap((p) => (p.type === 'reasoning' ? [p.text] : [])).join('') };
}

describe('documentation fixtures round trip through their own wire', () => {
  const answers: [string, string][] = [
    ['anthropic-messages', 'claude/__fixtures__/message-response.json'],
    ['anthropic-messages', 'claude/__fixtures__/message-tool-use-response.json'],
    ['gemini', 'gemini/__fixtures__/generate-content-response.json'],
    ['gemini', 'gemini/__fixtures__/generate-content-function-call.json'],
    ['gemini', 'gemini/__fixtures__/generate-content-thinking.json'],
    ['gemini', 'gemini/__fixtures__/generate-content-blocked.json'],
    ['openai-chat', 'openai/__fixtures__/chat-response.json'],
    ['openai-chat', 'openai/__fixtures__/chat-tools-response.json'],
    ['openai-completions', 'openai/__fixtures__/completion-response.json'],
    ['openai-responses', 'openai/__fixtures__/responses-response.json'],
  ];
  it.each(answers)('%s answer %s', (name, file) => {
    const wire = (WIRES[name] as { wire: ChatWire }).wire;
    const first = wire.decodeResponse(JSON.parse(readFileSync(join(FIXTURE_DIR, file), 'utf8')) as JsonValue);
    expect(first).not.toBeNull();
    const again = wire.decodeResponse(JSON.parse(JSON.stringify(wire.encodeResponse(first as CanonicalChatResponse))) as JsonValue);
    expect(fullAnswerView(again)).toEqual(fullAnswerView(first));
  });

  const streams: [string, string][] = [
    ['anthropic-messages', 'claude/__fixtures__/stream-text.sse'],
    ['anthropic-messages', 'claude/__fixtures__/stream-thinking.sse'],
    ['anthropic-messages', 'claude/__fixtures__/stream-tool-use.sse'],
    ['gemini', 'gemini/__fixtures__/stream-text.sse'],
    ['gemini', 'gemini/__fixtures__/stream-function-call.sse'],
    ['openai-chat', 'openai/__fixtures__/chat-stream.sse'],
    ['openai-chat', 'openai/__fixtures__/chat-stream-tools.sse'],
    ['openai-responses', 'openai/__fixtures__/responses-stream.sse'],
  ];
  it.each(streams)('%s stream %s', (name, file) => {
    const wire = (WIRES[name] as { wire: ChatWire }).wire;
    const first = ended(wire.decodeStream(fixtureEvents(file)));
    expect(first.some((p) => p.type === 'text' || p.type === 'tool_call_start')).toBe(true);
    const again = wire.decodeStream(overTheWire(wire.encodeStream(first)));
    expect(fullStreamView(again)).toEqual(fullStreamView(first));
  });
});

describe('usage figures that cross wires', () => {
  it('keeps the 1-hour share of cache writes for Messages clients and audio tokens for OpenAI clients', () => {
    const usage = reportedUsage({ promptTokens: 100, completionTokens: 20, cachedTokens: 10, cacheCreationTokens: 30, cacheCreation1hTokens: 12, audioTokens: 7, audioCompletionTokens: 5 });
    expect(anthropicUsage(usage)).toMatchObject({ input_tokens: 60, cache_read_input_tokens: 10, cache_creation_input_tokens: 30, cache_creation: { ephemeral_5m_input_tokens: 18, ephemeral_1h_input_tokens: 12 } });
    expect(openAIUsage(usage)).toMatchObject({ prompt_tokens_details: { cached_tokens: 10, audio_tokens: 7 }, completion_tokens_details: { audio_tokens: 5 } });
    // Unknown figures stay unwritten.
    expect(anthropicUsage(reportedUsage({ promptTokens: 5, completionTokens: 1 }))).not.toHaveProperty('cache_creation');
    expect(openAIUsage(reportedUsage({ promptTokens: 5, completionTokens: 1 })).prompt_tokens_details).not.toHaveProperty('audio_tokens');
  });
});

/*
 * A Responses request decoded once to canonical (`chatFromResponses`) and encoded in the
 * upstream's wire: everything it says that the upstream can carry arrives, OpenAI chat and
 * Responses upstreams getting `strict`, the format's description and `strict`, the effort level
 * and (chat) the system messages where they stood.
 */
describe('Responses requests through canonical', () => {
  const PNG = 'data:image/png;base64,iVBORw0KGgo=';
  const SCHEMA: JsonObject = { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'], additionalProperties: false };
  const REQUEST: JsonObject = {
    model: 'public',
    instructions: 'You are terse.',
    input: [
      { role: 'user', content: [{ type: 'input_text', text: 'Weather in Paris?' }, { type: 'input_image', image_url: PNG, detail: 'high' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Let me look.', annotations: [] }] },
      { type: 'function_call', call_id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' },
      { type: 'function_call_output', call_id: 'call_1', output: '18C' },
      { role: 'developer', content: 'Answer in Celsius.' },
      { role: 'user', content: 'And tomorrow?' },
    ],
    tools: [{ type: 'function', name: 'weather', description: 'Current weather', parameters: WEATHER_SCHEMA, strict: true }],
    tool_choice: { type: 'function', name: 'weather' },
    parallel_tool_calls: false,
    max_output_tokens: 300,
    temperature: 0.3,
    top_p: 0.8,
    reasoning: { effort: 'xhigh', summary: 'auto' },
    text: { format: { type: 'json_schema', name: 'forecast', description: 'A forecast', schema: SCHEMA, strict: true }, verbosity: 'low' },
    safety_identifier: 'user-7',
    stream: true,
  };
  const decode = (body: JsonObject): CanonicalChat => chatFromResponses(parseResponsesRequest(body), 'up-model');

  const EXPECTED: CanonicalChat = {
    model: 'up-model',
    system: ['You are terse.', 'Answer in Celsius.'],
    systemAt: [0, 3],
    turns: [
      { role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }, { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' }, detail: 'high' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'Let me look.' }, { type: 'tool_call', id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' }] },
      { role: 'tool', parts: [{ type: 'tool_result', toolCallId: 'call_1', content: [{ type: 'text', text: '18C' }], isError: false }] },
      { role: 'user', parts: [{ type: 'text', text: 'And tomorrow?' }] },
    ],
    tools: [{ name: 'weather', description: 'Current weather', parameters: WEATHER_SCHEMA, strict: true }],
    toolChoice: { kind: 'tool', name: 'weather' },
    parallelToolCalls: false,
    maxOutputTokens: 300,
    temperature: 0.3,
    topP: 0.8,
    topK: null,
    stop: [],
    stream: true,
    reasoning: { kind: 'effort', effort: 'xhigh' },
    responseFormat: { kind: 'json_schema', name: 'forecast', description: 'A forecast', schema: SCHEMA, strict: true },
    user: 'user-7',
    choiceCount: 1,
    passthrough: { verbosity: 'low' },
  };

  it('decodes every field a chat wire can carry into the canonical chat', () => {
    expect(decode(REQUEST)).toEqual(EXPECTED);
    // Only instructions before the first turn: no places to keep; plain text and unset fields stay null.
    expect(decode({ model: 'public', instructions: 'Be brief.', input: 'hi', text: { format: { type: 'text' } } })).toEqual({
      ...PROMPT_CHAT,
      model: 'up-model',
      system: ['Be brief.'],
      turns: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
      maxOutputTokens: null,
      temperature: null,
      topP: null,
      stop: [],
      responseFormat: { kind: 'text' },
    });
  });

  it('an OpenAI-chat upstream gets response_format, strict tools, the effort, the verbosity and the developer message in place', () => {
    const body = openAIChatBody(decode(REQUEST));
    expect(body).toEqual({
      model: 'up-model',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }, { type: 'image_url', image_url: { url: PNG, detail: 'high' } }] },
        { role: 'assistant', content: 'Let me look.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: '18C' },
        { role: 'system', content: 'Answer in Celsius.' },
        { role: 'user', content: 'And tomorrow?' },
      ],
      max_tokens: 300,
      temperature: 0.3,
      top_p: 0.8,
      user: 'user-7',
      tools: [{ type: 'function', function: { name: 'weather', description: 'Current weather', parameters: WEATHER_SCHEMA, strict: true } }],
      tool_choice: { type: 'function', function: { name: 'weather' } },
      parallel_tool_calls: false,
      reasoning_effort: 'xhigh',
      response_format: { type: 'json_schema', json_schema: { name: 'forecast', description: 'A forecast', schema: SCHEMA, strict: true } },
      verbosity: 'low',
      stream: true,
    });
    // An OpenAI-chat client of that body would tell the same chat: nothing lost on the way.
    expect(chatFromOpenAI(parseChatRequest(body), 'up-model')).toEqual(EXPECTED);
  });

  it('round trip canonical -> Responses -> canonical keeps strict, the whole format and the effort', () => {
    const chat: CanonicalChat = { ...EXPECTED, system: ['You are terse.'], systemAt: undefined, passthrough: {} };
    const { systemAt: _none, ...withoutPlaces } = chat;
    const again = decode({ ...responsesBodyOf(chat), model: 'public' });
    expect(again).toEqual(withoutPlaces);
    // And once more through the Responses body it makes: the same request.
    expect(responsesBodyOf(again)).toEqual(responsesBodyOf(chat));
    for (const effort of ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const) {
      expect(decode({ ...responsesBodyOf({ ...chat, reasoning: { kind: 'effort', effort } }), model: 'public' }).reasoning).toEqual({ kind: 'effort', effort });
    }
  });

  it('Claude and Gemini get what their wires carry: the schema as Gemini\'s response schema, the effort as a thinking budget (none: no thinking)', () => {
    const chat = decode(REQUEST);
    const claude = toAnthropicRequest(chat);
    expect(claude).toMatchObject({ system: [{ type: 'text', text: 'You are terse.' }, { type: 'text', text: 'Answer in Celsius.' }], thinking: { type: 'enabled', budget_tokens: 32768 }, metadata: { user_id: 'user-7' } });
    expect(claude.tools).toEqual([{ name: 'weather', description: 'Current weather', input_schema: WEATHER_SCHEMA }]);
    const noThinking = toAnthropicRequest(decode({ ...REQUEST, model: 'public', reasoning: { effort: 'none' } }));
    expect(noThinking).not.toHaveProperty('thinking');
    expect(toAnthropicRequest({ ...decode({ ...REQUEST, reasoning: { effort: 'none' } }), model: 'claude-sonnet-4-thinking' })).not.toHaveProperty('thinking');
    const gemini = toGeminiRequest(chat, { safety: [] }).body;
    expect(gemini.generationConfig).toMatchObject({ responseMimeType: 'application/json', responseSchema: { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] }, thinkingConfig: { thinkingBudget: 32768, includeThoughts: true } });
    expect(toGeminiRequest(decode({ ...REQUEST, reasoning: { effort: 'none' } }), { safety: [] }).body.generationConfig).toMatchObject({ thinkingConfig: { thinkingBudget: 0 } });
  });

  it('refuses by name what a chat wire cannot carry or a value it does not know', () => {
    const param = (body: JsonObject): unknown => {
      try {
        decode({ model: 'public', input: 'x', ...body });
      } catch (e) {
        return (e as { param?: unknown }).param;
      }
      return 'accepted';
    };
    expect(param({ reasoning: { effort: 'extreme' } })).toBe('reasoning.effort');
    expect(param({ reasoning: 'high' })).toBe('reasoning');
    expect(param({ text: { format: { type: 'json_schema', schema: SCHEMA } } })).toBe('text.format.name');
    expect(param({ tools: [{ type: 'web_search' }] })).toBe('tools[0].type');
    expect(param({ previous_response_id: 'resp_1' })).toBe('previous_response_id');
    expect(param({ reasoning: { effort: null, summary: 'auto' } })).toBe('accepted');
  });
});
