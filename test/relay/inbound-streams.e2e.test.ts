import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import type OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { chatChunk, type FakeOpenAI, type Json } from '../support/fakes/openai-upstream';
import { createChannel, createToken, expectCharged, fakeUpstream, fundedUser, otherOf, sdk, setOption, startRelayKit, type RelayKit } from './relay-kit';

const KEY = 'sk-upstream-instream-0123456789abcdef';
const OA = 'oa-stream-model';
const CLAUDE = 'claude-stream-model';
const REPLY = 'Hello from the fake upstream.';
const TOOLS: Anthropic.Tool[] = [{ name: 'get_weather', description: 'Weather by city', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }];

/** A streamed tool call as an OpenAI upstream writes it, ending on finish_reason tool_calls. */
const TOOL_CHUNKS: Json[] = [
  chatChunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_7', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
  chatChunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
  chatChunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
  chatChunk({}, 'tool_calls'),
];

/** One documented Anthropic stream event, as Claude writes it. */
function claudeEvent(type: string, data: Record<string, Json> = {}): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

/** Claude's events of "Hi there" up to the content block's stop (message_start carries input_tokens 21). */
const CLAUDE_HEAD = [
  claudeEvent('message_start', { message: { id: 'msg_up', type: 'message', role: 'assistant', model: CLAUDE, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 21, output_tokens: 1 } } }),
  claudeEvent('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
  claudeEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hi there' } }),
  claudeEvent('content_block_stop', { index: 0 }),
];

/** A raw SSE body as (event, data) pairs. */
function sseEvents(text: string): { event: string | null; data: unknown }[] {
  return text
    .split('\n\n')
    .filter((b) => b.trim() !== '')
    .map((b) => {
      const lines = b.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice('event: '.length) ?? null;
      const data = lines.find((l) => l.startsWith('data: '))?.slice('data: '.length) ?? '';
      return { event, data: data === '[DONE]' ? data : (JSON.parse(data) as unknown) };
    });
}

/**
 * Every inbound format's stream end and in-stream failure, with the official SDKs as clients:
 * an upstream that closes after its finish reason without its end marker (lenient OpenAI-wire
 * upstreams, a Claude stream without message_stop) completes normally in the client's format and
 * is billed once from its usage; an upstream that fails or breaks after the 200 ends the stream
 * with the client format's own error event (Anthropic's `event: error` on `/v1/messages`,
 * Google's error object, the Responses `error` event) and is charged for what was delivered.
 */
describe.each(DATABASES)('inbound streams: lenient ends and in-stream failures (%s)', (kind) => {
  let kit: RelayKit;
  let fake: FakeOpenAI;
  /** The upstream of a Claude channel (type 14), answering scripted Anthropic event streams. */
  let claudeUp: FakeOpenAI;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let token: { id: number; key: string };
  let anthropic: Anthropic;
  let gemini: GoogleGenAI;
  let openai: OpenAI;

  beforeAll(async () => {
    kit = await startRelayKit(kind);
    fake = await fakeUpstream(kit, { key: KEY, promptTokens: 12 });
    claudeUp = await fakeUpstream(kit);
    await setOption(kit.root, 'ModelRatio', { [OA]: 1, [CLAUDE]: 1 });
    await setOption(kit.root, 'CompletionRatio', { [OA]: 1, [CLAUDE]: 1 });
    await createChannel(kit.root, { name: 'openai', key: KEY, base_url: fake.url, models: OA });
    await createChannel(kit.root, { name: 'claude', type: 14, key: 'sk-ant-upstream-instream-0123456789', base_url: claudeUp.url, models: CLAUDE });
    user = await fundedUser(kit, 10_000_000);
    token = await createToken(user.caller, { unlimited_quota: false, remain_quota: 5_000_000 });
    anthropic = new Anthropic({ apiKey: token.key, baseURL: kit.t.url, maxRetries: 0 });
    gemini = new GoogleGenAI({ apiKey: token.key, httpOptions: { baseUrl: kit.t.url, timeout: 30_000 } });
    openai = sdk(kit, token.key);
  });
  afterAll(() => kit.close());
  beforeEach(() => {
    fake.reset();
    claudeUp.reset();
  });

  const charged = (call: () => Promise<unknown>) => expectCharged(kit, user, token.id, call);

  /** A raw streamed call (for byte-level checks the SDKs hide). */
  const raw = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${kit.t.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': token.key, ...headers }, body: JSON.stringify(body) });

  describe('an upstream that closes after its finish reason without its end marker completes normally', () => {
    it('/v1/messages converted (Anthropic SDK): message_delta with stop_reason and usage, then message_stop; billed once from the usage', async () => {
      fake.next({ kind: 'stream', done: false });
      let text = '';
      const types: string[] = [];
      let final: Anthropic.Message | null = null;
      const log = await charged(async () => {
        const stream = anthropic.messages.stream({ model: OA, max_tokens: 100, messages: [{ role: 'user', content: 'Say hello' }] });
        stream.on('text', (t) => (text += t));
        stream.on('streamEvent', (e) => types.push(e.type));
        final = await stream.finalMessage();
      });
      expect(text).toBe(REPLY);
      expect(types.slice(-2)).toEqual(['message_delta', 'message_stop']);
      expect(final).toMatchObject({ stop_reason: 'end_turn', usage: { input_tokens: 12, output_tokens: 5 } });
      // (12 + 5·1)·1 = 17, from the upstream's usage chunk.
      expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 17, is_stream: true });
      expect(otherOf(log)).toMatchObject({ request_path: '/v1/messages', billing_source: 'usage' });
    });

    it('/v1/messages converted, a tool call: the tool_use block and stop_reason tool_use', async () => {
      fake.next({ kind: 'stream', chunks: TOOL_CHUNKS, done: false });
      let final: Anthropic.Message | null = null;
      const log = await charged(async () => {
        final = await anthropic.messages.stream({ model: OA, max_tokens: 100, tools: TOOLS, messages: [{ role: 'user', content: 'Weather?' }] }).finalMessage();
      });
      expect(final).toMatchObject({ stop_reason: 'tool_use', content: [{ type: 'tool_use', id: 'call_7', name: 'get_weather', input: { city: 'Paris' } }], usage: { input_tokens: 12, output_tokens: 5 } });
      expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 17 });
    });

    it('/v1/messages on a Claude channel closed after message_delta: message_stop is added; billed once from Claude\'s usage', async () => {
      claudeUp.next({ kind: 'stream', usage: null, done: false, chunks: [...CLAUDE_HEAD, claudeEvent('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 4 } })] });
      const types: string[] = [];
      let final: Anthropic.Message | null = null;
      const log = await charged(async () => {
        const stream = anthropic.messages.stream({ model: CLAUDE, max_tokens: 100, messages: [{ role: 'user', content: 'Say hi' }] });
        stream.on('streamEvent', (e) => types.push(e.type));
        final = await stream.finalMessage();
      });
      expect(types.slice(-2)).toEqual(['message_delta', 'message_stop']);
      expect(final).toMatchObject({ content: [{ type: 'text', text: 'Hi there' }], stop_reason: 'end_turn', usage: { input_tokens: 21, output_tokens: 4 } });
      expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 4, quota: 25 });
      expect(otherOf(log).billing_source).toBe('usage');
    });

    it('Gemini-native converted (@google/genai, alt=sse): the last chunk has the finish reason and usage; billed once', async () => {
      fake.next({ kind: 'stream', done: false });
      const chunks: GenerateContentResponse[] = [];
      const log = await charged(async () => {
        for await (const c of await gemini.models.generateContentStream({ model: OA, contents: 'Say hello' })) chunks.push(c);
      });
      expect(chunks.map((c) => c.text ?? '').join('')).toBe(REPLY);
      expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
      expect(chunks.at(-1)?.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 });
      expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 17, is_stream: true });
    });

    it('Gemini-native converted as a JSON array: the whole function call in the closed array\'s last element', async () => {
      fake.next({ kind: 'stream', chunks: TOOL_CHUNKS, done: false });
      const log = await charged(async () => {
        const res = await raw(`/v1beta/models/${OA}:streamGenerateContent`, { contents: [{ role: 'user', parts: [{ text: 'Weather?' }] }] }, { 'x-goog-api-key': token.key });
        const list = (await res.json()) as GenerateContentResponse[];
        expect(list.at(-1)).toMatchObject({
          candidates: [{ content: { parts: [{ functionCall: { id: 'call_7', name: 'get_weather', args: { city: 'Paris' } } }] }, finishReason: 'STOP' }],
          usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 5 },
        });
      });
      expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 17 });
    });

    it('OpenAI chat (openai SDK, include_usage): the usage chunk, then the end; billed once', async () => {
      fake.next({ kind: 'stream', done: false });
      let text = '';
      let usage: OpenAI.CompletionUsage | null | undefined = null;
      const log = await charged(async () => {
        const s = await openai.chat.completions.create({ model: OA, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
        for await (const c of s) {
          text += c.choices[0]?.delta.content ?? '';
          if (c.usage) usage = c.usage;
        }
      });
      expect(text).toBe(REPLY);
      expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 5 });
      expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 17 });
    });
  });

  describe('an upstream that fails or breaks after the 200: the client format\'s own error event', () => {
    it('/v1/messages converted, the upstream closes mid-stream: the Anthropic SDK raises Anthropic\'s error; the delivered text is charged once', async () => {
      fake.next({ kind: 'stream', closeAfter: 3 });
      let text = '';
      let err: unknown = null;
      const log = await charged(async () => {
        const stream = anthropic.messages.stream({ model: OA, max_tokens: 100, messages: [{ role: 'user', content: 'Say hello' }] });
        stream.on('text', (t) => (text += t));
        err = await stream.finalMessage().catch((e: unknown) => e);
      });
      expect(text).toBe('Hello from ');
      expect(err).toBeInstanceOf(Anthropic.APIError);
      expect(err).toMatchObject({ error: { type: 'error', error: { type: 'api_error', message: expect.stringMatching(/\(request id: \w+\)$/) } } });
      // Prompt estimate plus "Hello from " (2 tokens).
      expect(log).toMatchObject({ completion_tokens: 2 });
      expect(otherOf(log).billing_source).toBe('delivered');
    });

    it('/v1/messages converted, an error object in the 200 stream: event: error in Anthropic\'s shape, never an OpenAI chunk', async () => {
      fake.next({ kind: 'stream', usage: null, done: false, chunks: [chatChunk({ role: 'assistant', content: '' }), chatChunk({ content: 'Hi' }), { error: { message: 'overloaded', type: 'server_error', code: 'overloaded' } }] });
      let body = '';
      await charged(async () => {
        const res = await raw('/v1/messages', { model: OA, max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'x' }] }, { 'anthropic-version': '2023-06-01' });
        expect(res.status).toBe(200);
        body = await res.text();
      });
      const events = sseEvents(body);
      expect(events.map((e) => e.event)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'error']);
      expect(events.at(-1)?.data).toEqual({ type: 'error', error: { type: 'api_error', message: expect.stringContaining('overloaded') } });
      expect(body).not.toContain('"param"');
      expect(body).not.toContain('[DONE]');
    });

    it('/v1/messages on a Claude channel, Claude\'s own error event mid-stream: the SDK raises it with its type', async () => {
      claudeUp.next({ kind: 'stream', usage: null, done: false, chunks: [...CLAUDE_HEAD, claudeEvent('error', { error: { type: 'overloaded_error', message: 'Overloaded' } })] });
      let err: unknown = null;
      await charged(async () => {
        err = await anthropic.messages
          .stream({ model: CLAUDE, max_tokens: 100, messages: [{ role: 'user', content: 'Say hi' }] })
          .finalMessage()
          .catch((e: unknown) => e);
      });
      expect(err).toBeInstanceOf(Anthropic.APIError);
      expect(err).toMatchObject({ error: { type: 'error', error: { type: 'overloaded_error', message: expect.stringContaining('Overloaded') } } });
    });

    it('Gemini-native as a JSON array, the upstream closes mid-stream: Google\'s error object closes the array', async () => {
      fake.next({ kind: 'stream', closeAfter: 3 });
      let list: unknown[] = [];
      await charged(async () => {
        const res = await raw(`/v1beta/models/${OA}:streamGenerateContent`, { contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }] }, { 'x-goog-api-key': token.key });
        expect(res.status).toBe(200);
        list = (await res.json()) as unknown[];
      });
      expect(list.at(-1)).toEqual({
        error: {
          code: 500,
          status: 'INTERNAL',
          message: expect.stringMatching(/\(request id: \w+\)$/),
          details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'upstream_interrupted', domain: 'sluice' }],
        },
      });
    });

    it('Gemini-native with alt=sse, the same: the error object as the last data event', async () => {
      fake.next({ kind: 'stream', closeAfter: 3 });
      let body = '';
      await charged(async () => {
        const res = await raw(`/v1beta/models/${OA}:streamGenerateContent?alt=sse`, { contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }] }, { 'x-goog-api-key': token.key });
        body = await res.text();
      });
      expect(sseEvents(body).at(-1)?.data).toMatchObject({ error: { code: 500, status: 'INTERNAL' } });
    });

    it('Responses (openai SDK), the upstream closes mid-stream: the documented error event ends the stream', async () => {
      const ev = (type: string, data: Record<string, Json>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
      fake.next({
        kind: 'stream',
        usage: null,
        done: false,
        closeAfter: 2,
        chunks: [
          ev('response.created', { response: { id: 'resp_1', object: 'response', status: 'in_progress', model: OA, output: [] }, sequence_number: 0 }),
          ev('response.output_text.delta', { item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Hello there', sequence_number: 1 }),
          ev('response.completed', { response: { id: 'resp_1', status: 'completed' }, sequence_number: 2 }),
        ],
      });
      const types: string[] = [];
      let last: unknown = null;
      const log = await charged(async () => {
        const stream = await openai.responses.create({ model: OA, input: 'hi', stream: true });
        for await (const e of stream) {
          types.push(e.type);
          last = e;
        }
      });
      expect(types).toEqual(['response.created', 'response.output_text.delta', 'error']);
      expect(last).toMatchObject({ type: 'error', code: 'upstream_interrupted', message: expect.stringMatching(/\(request id: \w+\)$/), param: null });
      expect(log).toMatchObject({ completion_tokens: 2 });
      expect(otherOf(log).billing_source).toBe('delivered');
    });
  });
});
