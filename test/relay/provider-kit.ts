import Anthropic from '@anthropic-ai/sdk';
import type { MessageStream } from '@anthropic-ai/sdk/lib/MessageStream';
import { GoogleGenAI } from '@google/genai';
import type OpenAI from 'openai';
import type { RelayKit } from './relay-kit';

/**
 * What the native-provider suites share on top of the relay kit: the other official clients on
 * the gateway, and readers for the OpenAI SDK's streams.
 */

/** A 1x1 PNG, base64. */
export const PNG_1X1_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A system prompt and one user turn, the first request of each provider suite. */
export const TERSE_HELLO: OpenAI.ChatCompletionMessageParam[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Say hello' },
];

/** A system prompt, one exchange and a second user turn: how each provider carries the system and history (8 words in). */
export const TERSE_HISTORY: OpenAI.ChatCompletionMessageParam[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Hi' },
  { role: 'assistant', content: 'Hello.' },
  { role: 'user', content: 'Say more please' },
];

/** "What is this?" with the PNG as a data URL. */
export const PNG_QUESTION: OpenAI.ChatCompletionContentPart[] = [
  { type: 'text', text: 'What is this?' },
  { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_1X1_BASE64}` } },
];

/** PNG_QUESTION as the Messages API takes it (Claude, on every platform). */
export const PNG_QUESTION_FOR_CLAUDE = [
  { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1X1_BASE64 } }] },
];

export const WEATHER_PARAMS = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
/** The one tool the suites offer; the fakes call it with the city they were given. */
export const WEATHER_TOOLS: OpenAI.ChatCompletionTool[] = [{ type: 'function', function: { name: 'get_weather', description: 'Weather by city', parameters: WEATHER_PARAMS } }];

/** The conversation after `call` asked for the weather in Paris, with the tool's answer, sent whole. */
export function answerWeatherCall(client: OpenAI, model: string, tools: OpenAI.ChatCompletionTool[], call: StreamedToolCall): Promise<OpenAI.ChatCompletion> {
  return client.chat.completions.create({
    model,
    tools,
    messages: [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.args } }] },
      { role: 'tool', tool_call_id: call.id, content: '18C and sunny' },
    ],
  });
}

/** The official `@anthropic-ai/sdk` on the gateway (`POST /v1/messages`), no retries. */
export function anthropicClient(kit: RelayKit, key: string): Anthropic {
  return new Anthropic({ apiKey: key, baseURL: kit.t.url, maxRetries: 0 });
}

/** The official `@google/genai` on the gateway (`/v1beta/models/...`, or the API version given). */
export function googleClient(kit: RelayKit, key: string, apiVersion?: string): GoogleGenAI {
  return new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: kit.t.url, timeout: 30_000, ...(apiVersion ? { apiVersion } : {}) } });
}

export interface StreamedToolCall {
  id: string;
  name: string;
  args: string;
}

/** An OpenAI chat stream read to its end. */
export interface ChatRead {
  text: string;
  /** The last finish reason sent. */
  finish: string | null;
  /** The usage chunk, null when none came. */
  usage: OpenAI.CompletionUsage | null;
  /** Tool calls by index, their argument fragments joined. */
  toolCalls: StreamedToolCall[];
  chunks: OpenAI.ChatCompletionChunk[];
}

export async function readChat(stream: AsyncIterable<OpenAI.ChatCompletionChunk>): Promise<ChatRead> {
  const read: ChatRead = { text: '', finish: null, usage: null, toolCalls: [], chunks: [] };
  for await (const c of stream) {
    read.chunks.push(c);
    read.text += c.choices[0]?.delta.content ?? '';
    for (const d of c.choices[0]?.delta.tool_calls ?? []) {
      if (d.id) read.toolCalls[d.index] = { id: d.id, name: d.function?.name ?? '', args: '' };
      const call = read.toolCalls[d.index];
      if (call) call.args += d.function?.arguments ?? '';
    }
    read.finish = c.choices[0]?.finish_reason ?? read.finish;
    if (c.usage) read.usage = c.usage;
  }
  return read;
}

/**
 * Reads a stream the gateway ends with an error event (an upstream gone mid-answer): what was
 * delivered before it, and the error the SDK threw. Fails if the stream ends without one.
 */
export async function readBrokenChat(stream: AsyncIterable<OpenAI.ChatCompletionChunk>): Promise<{ text: string; error: Error }> {
  let text = '';
  try {
    for await (const c of stream) text += c.choices[0]?.delta.content ?? '';
  } catch (error) {
    return { text, error: error as Error };
  }
  throw new Error(`the stream ended without an error after ${JSON.stringify(text)}`);
}

/** Sends `body` as a stream and reads it to its end. */
export async function streamChat(client: OpenAI, body: Omit<OpenAI.ChatCompletionCreateParamsStreaming, 'stream'>): Promise<ChatRead> {
  return readChat(await client.chat.completions.create({ ...body, stream: true }));
}

/** Every item of an async iterable (an SDK's stream), in order. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** An `@anthropic-ai/sdk` message stream read to its end. */
export interface MessageStreamRead {
  /** The text deltas joined. */
  text: string;
  /** The type of every event, in order. */
  types: string[];
  final: Anthropic.Message;
}

export async function readMessageStream(stream: MessageStream): Promise<MessageStreamRead> {
  let text = '';
  const types: string[] = [];
  stream.on('text', (t) => (text += t));
  stream.on('streamEvent', (e) => types.push(e.type));
  const final = await stream.finalMessage();
  return { text, types, final };
}
