import { parseChatRequest, parseCompletionRequest } from '../../../wire/openai-chat/parse';
import type { JsonObject } from '../../../wire/canonical/json';
import { context, describeRequest, fixtureText, openAIBody, openAIChunks, replayStream, response } from '../__fixtures__/replay';
import { RelayRequestError } from '../../../wire/canonical/errors';
import { parseGeminiRequest } from '../../../wire/gemini/parse';
import { chatFromGemini } from '../../../wire/gemini/gemini';
import { claudeAdaptor } from './claude.adaptor';
import { anthropicCountBody } from './count-tokens';
import { toAnthropicRequest } from '../../../wire/anthropic-messages/request';
import { defaultMaxTokens } from '../../../wire/anthropic-messages/models';

const ctx = context(14, { upstreamModel: 'claude-sonnet-4-20250514', key: 'sk-ant-test-0123456789' });

function upstreamBody(raw: unknown, c = ctx): JsonObject {
  return describeRequest(claudeAdaptor.buildTextRequest(parseChatRequest(raw), c)).body as JsonObject;
}

describe('Claude adaptor (type 14): OpenAI chat to the Messages API', () => {
  it('posts to {base}/v1/messages with x-api-key and anthropic-version, never a Bearer', () => {
    const req = claudeAdaptor.buildTextRequest(parseChatRequest({ model: 'claude', messages: [{ role: 'user', content: 'hi' }] }), ctx);
    expect(req).toMatchObject({ method: 'POST', url: 'https://api.anthropic.com/v1/messages', expect: 'json' });
    expect(req.headers).toMatchObject({ 'x-api-key': 'sk-ant-test-0123456789', 'anthropic-version': '2023-06-01' });
    expect(req.headers).not.toHaveProperty('Authorization');
    const own = claudeAdaptor.buildTextRequest(parseChatRequest({ model: 'c', messages: [{ role: 'user', content: 'x' }], stream: true }), { ...ctx, baseUrl: 'http://127.0.0.1:9/' });
    expect(own).toMatchObject({ url: 'http://127.0.0.1:9/v1/messages', expect: 'sse' });
  });

  it('extracts system and developer messages, merges tool results into user turns, converts images and tool calls', () => {
    const body = upstreamBody({
      model: 'claude',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'developer', content: [{ type: 'text', text: 'Use celsius.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Weather here?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'low' } },
          ],
        },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: '18C' },
        { role: 'user', content: 'Thanks' },
      ],
      tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather by city', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
      stop: ['END'],
      temperature: 1.6,
      top_p: 0.9,
      user: 'u-42',
      max_tokens: 300,
    });
    expect(body).toEqual({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 300,
      system: [
        { type: 'text', text: 'You are terse.' },
        { type: 'text', text: 'Use celsius.' },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Weather here?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'text', text: '18C' }] },
            { type: 'text', text: 'Thanks' },
          ],
        },
      ],
      tools: [{ name: 'get_weather', description: 'Weather by city', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      tool_choice: { type: 'tool', name: 'get_weather', disable_parallel_tool_use: true },
      stop_sequences: ['END'],
      temperature: 1,
      top_p: 0.9,
      metadata: { user_id: 'u-42' },
    });
  });

  it('defaults max_tokens per model; required tool choice is "any"; "none" sends no tools', () => {
    expect(upstreamBody({ model: 'c', messages: [{ role: 'user', content: 'x' }] }).max_tokens).toBe(8192);
    expect(upstreamBody({ model: 'c', messages: [{ role: 'user', content: 'x' }] }, { ...ctx, upstreamModel: 'claude-3-haiku-20240307' }).max_tokens).toBe(4096);
    expect(defaultMaxTokens('claude-3-5-sonnet-20241022')).toBe(8192);
    const tools = [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }];
    expect(upstreamBody({ model: 'c', messages: [{ role: 'user', content: 'x' }], tools, tool_choice: 'required' }).tool_choice).toEqual({ type: 'any' });
    const none = upstreamBody({ model: 'c', messages: [{ role: 'user', content: 'x' }], tools, tool_choice: 'none' });
    expect(none).not.toHaveProperty('tools');
    expect(none).not.toHaveProperty('tool_choice');
  });

  it('thinking: the -thinking suffix (budget 80% of max_tokens), reasoning_effort, and no temperature with it', () => {
    const suffixed = upstreamBody({ model: 'c', messages: [{ role: 'user', content: 'x' }], max_tokens: 10000, temperature: 0.2 }, { ...ctx, upstreamModel: 'claude-sonnet-4-20250514-thinking' });
    expect(suffixed).toMatchObject({ model: 'claude-sonnet-4-20250514', max_tokens: 10000, thinking: { type: 'enabled', budget_tokens: 8000 } });
    expect(suffixed).not.toHaveProperty('temperature');
    const effort = upstreamBody({ model: 'c', messages: [{ role: 'user', content: 'x' }], reasoning_effort: 'low', max_tokens: 1000 });
    // The budget (2048) must stay below max_tokens: the answer keeps its 1000.
    expect(effort).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 }, max_tokens: 3048 });
  });

  it('sends assistant reasoning back only with a signature (an OpenAI client has none): it is dropped', () => {
    const body = upstreamBody({
      model: 'c',
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b', reasoning_content: 'thought' },
        { role: 'user', content: 'c' },
      ],
    });
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'a' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'b' }] },
      { role: 'user', content: [{ type: 'text', text: 'c' }] },
    ]);
  });

  it('serves legacy completions as one user turn, and refuses by name what a chat cannot express', () => {
    const built = claudeAdaptor.buildTextRequest(parseCompletionRequest({ model: 'c', prompt: 'Say hi', max_tokens: 7, stop: '\n', temperature: 0.5 }), ctx);
    expect(JSON.parse(String(built.body))).toMatchObject({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hi' }] }], max_tokens: 7, stop_sequences: ['\n'], temperature: 0.5 });
    const refused = (body: Record<string, unknown>, param: string) =>
      expect(() => claudeAdaptor.buildTextRequest(parseCompletionRequest({ model: 'c', prompt: 'x', ...body }), ctx)).toThrow(expect.objectContaining({ status: 400, param }));
    refused({ prompt: ['a', 'b'] }, 'prompt');
    refused({ prompt: [1, 2, 3] }, 'prompt');
    refused({ n: 2 }, 'n');
    refused({ suffix: 'end' }, 'suffix');
    refused({ echo: true }, 'echo');
    refused({ logprobs: 2 }, 'logprobs');
  });

  it('several choices (n > 1) are refused with a 400 naming n while the request is built (the Messages API answers one message)', () => {
    const err = (() => {
      try {
        upstreamBody({ model: 'c', messages: [{ role: 'user', content: 'x' }], n: 2 });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(RelayRequestError);
    expect(err).toMatchObject({ status: 400, code: 'invalid_value', param: 'n' });
    expect(upstreamBody({ model: 'c', messages: [{ role: 'user', content: 'x' }], n: 1 })).not.toHaveProperty('n');
    // A Gemini client's candidateCount converted to n is refused the same way...
    const gemini = parseGeminiRequest({ body: { contents: [{ parts: [{ text: 'x' }] }], generationConfig: { candidateCount: 2 } }, stream: false, sse: false }, undefined, 'c');
    expect(() => toAnthropicRequest(chatFromGemini(gemini, 'c'))).toThrow(expect.objectContaining({ status: 400, param: 'n' }));
    // ...but counting its prompt asks for no answer at all.
    const count = parseGeminiRequest({ body: { generateContentRequest: { contents: [{ parts: [{ text: 'x' }] }], generationConfig: { candidateCount: 2 } } }, stream: false, sse: false }, undefined, 'c', { countOnly: true });
    expect(anthropicCountBody(count, 'c')).toEqual({ model: 'c', messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] });
  });
});

describe('Claude adaptor: answers to OpenAI', () => {
  const req = parseChatRequest({ model: 'claude-sonnet-4', messages: [{ role: 'user', content: 'hi' }] });

  it('a text message: content, finish reason stop, usage', () => {
    const parsed = claudeAdaptor.parseTextResponse(req, response(fixtureText(__dirname, 'message-response.json')), ctx);
    if (!parsed.ok) throw new Error('expected ok');
    expect(openAIBody(parsed, req)).toMatchObject({
      id: 'msg_013Zva2CMHLNnXjNJJKqJ2EF',
      object: 'chat.completion',
      model: 'claude-sonnet-4-20250514',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi! My name is Claude.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 2095, completion_tokens: 503, total_tokens: 2598 },
    });
    expect(parsed).toMatchObject({ finishReason: 'stop', outputText: 'Hi! My name is Claude.', toolCalls: 0, usage: { promptTokens: 2095, completionTokens: 503 } });
  });

  it('a tool_use message: tool_calls, finish reason tool_calls, cache reads and 5m/1h writes in the prompt', () => {
    const parsed = claudeAdaptor.parseTextResponse(req, response(fixtureText(__dirname, 'message-tool-use-response.json')), ctx);
    if (!parsed.ok) throw new Error('expected ok');
    const body = openAIBody(parsed, req) as { choices: JsonObject[]; usage: JsonObject };
    expect(body.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: {
        content: "I'll check the current weather in San Francisco for you.",
        tool_calls: [{ id: 'toolu_01A09q90qw90lq917835lq9', type: 'function', function: { name: 'get_weather', arguments: '{"location":"San Francisco, CA","unit":"celsius"}' } }],
      },
    });
    // input_tokens excludes the cache: 50 + 1800 read + 248 written.
    expect(body.usage).toMatchObject({ prompt_tokens: 2098, completion_tokens: 83, prompt_tokens_details: { cached_tokens: 1800, cache_creation_tokens: 248 } });
    expect(parsed.usage).toMatchObject({ promptTokens: 2098, cachedTokens: 1800, cacheCreationTokens: 248, cacheCreation1hTokens: 200, completionTokens: 83 });
    expect(parsed.toolCalls).toBe(1);
  });

  it('an error object in a 200 is a failure, not an answer', () => {
    const parsed = claudeAdaptor.parseTextResponse(req, response(fixtureText(__dirname, 'error-overloaded.json')), ctx);
    expect(parsed).toMatchObject({ ok: false, failure: { type: 'overloaded_error', message: 'Overloaded' } });
  });
});

describe('Claude adaptor: streamed events to canonical parts (OpenAI chunks by the chat format)', () => {
  const sreq = parseChatRequest({ model: 'claude-sonnet-4', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
  const open = claudeAdaptor.openTextStream;
  if (!open) throw new Error('openTextStream missing');

  it('text: role chunk, deltas, finish, then the usage chunk and the end', () => {
    const steps = replayStream(fixtureText(__dirname, 'stream-text.sse'), open(sreq, ctx));
    // Canonical parts only: the upstream's own bytes can never reach a client of another format.
    expect(steps.every((s) => s.forward === null && s.more === undefined)).toBe(true);
    expect(steps.flatMap((s) => s.parts ?? []).map((p) => p.type)).toEqual(['start', 'text', 'text', 'finish', 'usage', 'end']);
    const chunks = openAIChunks(steps, sreq);
    expect(chunks.map((c) => (c.choices as JsonObject[])[0]?.delta ?? null)).toEqual([{ role: 'assistant', content: '' }, { content: 'Hello' }, { content: '!' }, {}, null]);
    expect(chunks.every((c) => c.id === 'msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY' && c.object === 'chat.completion.chunk')).toBe(true);
    expect((chunks[3]?.choices as JsonObject[])[0]?.finish_reason).toBe('stop');
    expect(chunks[4]?.usage).toMatchObject({ prompt_tokens: 25, completion_tokens: 15, total_tokens: 40 });
    expect(steps.at(-1)?.done).toBe(true);
    expect(steps.map((s) => s.text).join('')).toBe('Hello!');
    // A client that did not ask for usage never sees the usage chunk.
    expect(openAIChunks(steps, sreq, false)).toHaveLength(4);
  });

  it('tool use: the call numbered 0 with its id and name, the arguments in pieces, finish tool_calls', () => {
    const steps = replayStream(fixtureText(__dirname, 'stream-tool-use.sse'), open(sreq, ctx));
    const deltas = openAIChunks(steps, sreq)
      .map((c) => (c.choices as JsonObject[])[0]?.delta as JsonObject | undefined)
      .filter((d) => d?.tool_calls);
    expect(deltas[0]?.tool_calls).toEqual([{ index: 0, id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', type: 'function', function: { name: 'get_weather', arguments: '' } }]);
    const args = deltas.slice(1).map((d) => ((d?.tool_calls as JsonObject[])[0]?.function as JsonObject).arguments).join('');
    expect(JSON.parse(args)).toEqual({ location: 'San Francisco, CA', unit: 'fahrenheit' });
    expect(steps.reduce((a, s) => a + s.toolCalls, 0)).toBe(1);
    expect(steps.find((s) => s.finishReason)?.finishReason).toBe('tool_calls');
    expect(steps.at(-1)?.usage).toMatchObject({ promptTokens: 472, completionTokens: 89 });
  });

  it('thinking deltas become reasoning_content; the signature is not shown', () => {
    const steps = replayStream(fixtureText(__dirname, 'stream-thinking.sse'), open(sreq, ctx));
    const deltas = openAIChunks(steps, sreq).map((c) => (c.choices as JsonObject[])[0]?.delta as JsonObject | undefined);
    const reasoning = deltas.map((d) => d?.reasoning_content ?? '').join('');
    expect(reasoning).toBe('Let me solve this step by step:\n\n1. First break down 27 * 453\n2. 453 = 400 + 50 + 3');
    expect(deltas.map((d) => d?.content ?? '').join('')).toBe('27 * 453 = 12,231');
    expect(JSON.stringify(deltas)).not.toContain('EqQBCgIYAhIM');
  });

  it('an error event is a failure that ends the stream', () => {
    const step = open(sreq, ctx)({ event: 'error', data: fixtureText(__dirname, 'error-overloaded.json'), id: null });
    expect(step).toMatchObject({ done: true, error: { type: 'overloaded_error' } });
  });
});

describe('Claude adaptor: errors (rule 21)', () => {
  it('529 overloaded and 429 are retryable; 401 authentication_error and 402 billing_error disable; 403 does not', () => {
    const map = (status: number, name: string) => claudeAdaptor.mapError({ status, text: fixtureText(__dirname, name) }, ctx);
    expect(map(529, 'error-overloaded.json')).toMatchObject({ retryable: true, disableChannel: false, status: 529, type: 'overloaded_error' });
    expect(claudeAdaptor.mapError({ status: 429, text: '{"type":"error","error":{"type":"rate_limit_error","message":"slow"}}' }, ctx)).toMatchObject({ retryable: true, disableChannel: false });
    expect(map(401, 'error-authentication.json')).toMatchObject({ retryable: false, disableChannel: true, class: 'auth' });
    expect(map(402, 'error-billing.json')).toMatchObject({ retryable: false, disableChannel: true, class: 'billing' });
    expect(claudeAdaptor.mapError({ status: 403, text: '{"type":"error","error":{"type":"permission_error","message":"no"}}' }, ctx)).toMatchObject({ disableChannel: false });
  });
});
