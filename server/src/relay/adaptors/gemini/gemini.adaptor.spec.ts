import { RelayRequestError } from '../../../wire/canonical/errors';
import { parseEmbeddingRequest } from '../../../wire/openai-media/parse-misc';
import { parseChatRequest, parseCompletionRequest } from '../../../wire/openai-chat/parse';
import type { JsonObject } from '../../../wire/canonical/json';
import type { StreamStep } from '../../../wire/canonical/response';
import { ChannelConfigError } from '../errors';
import { context, describeRequest, fixtureText, openAIBody, openAIChunks, replayStream, response } from '../__fixtures__/replay';
import { geminiAdaptor } from './gemini.adaptor';
import { thinkingFromModel } from '../../../wire/gemini/models';
import { geminiSchema } from '../../../wire/gemini/schema';
import { geminiSettings } from './settings';

const KEY = 'AIzaSpecKey0123456789abcdefghij';
const ctx = context(24, { upstreamModel: 'gemini-2.5-flash', key: KEY });

function upstreamBody(raw: unknown, c = ctx): JsonObject {
  return describeRequest(geminiAdaptor.buildTextRequest(parseChatRequest(raw), c)).body as JsonObject;
}

describe('Gemini adaptor (type 24): OpenAI chat to generateContent', () => {
  it('posts to {base}/{version}/models/{model}:generateContent with x-goog-api-key, never the key in the URL', () => {
    const req = geminiAdaptor.buildTextRequest(parseChatRequest({ model: 'g', messages: [{ role: 'user', content: 'hi' }] }), ctx);
    expect(req).toMatchObject({ method: 'POST', url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent', expect: 'json' });
    expect(req.headers).toMatchObject({ 'x-goog-api-key': KEY });
    expect(req.headers).not.toHaveProperty('Authorization');
    expect(req.url).not.toContain(KEY);
    const streamed = geminiAdaptor.buildTextRequest(parseChatRequest({ model: 'g', messages: [{ role: 'user', content: 'x' }], stream: true }), { ...ctx, baseUrl: 'http://127.0.0.1:9/', other: 'v1' });
    expect(streamed).toMatchObject({ url: 'http://127.0.0.1:9/v1/models/gemini-2.5-flash:streamGenerateContent?alt=sse', expect: 'sse' });
  });

  it('converts roles, system instructions, images, tool calls and results (named after their call), merging same-role turns', () => {
    const body = upstreamBody({
      model: 'g',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'developer', content: 'Use celsius.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Weather here?' },
            { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/4AAQ' } },
            { type: 'image_url', image_url: { url: 'https://example.com/a/cat.PNG?x=1' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            { id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temp":18}' },
        { role: 'tool', tool_call_id: 'call_2', content: 'noon' },
        { role: 'user', content: 'Thanks' },
      ],
    });
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'You are terse.' }, { text: 'Use celsius.' }] });
    expect(body.contents).toEqual([
      {
        role: 'user',
        parts: [{ text: 'Weather here?' }, { inlineData: { mimeType: 'image/jpeg', data: '/9j/4AAQ' } }, { fileData: { mimeType: 'image/png', fileUri: 'https://example.com/a/cat.PNG?x=1' } }],
      },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }, { functionCall: { name: 'get_time', args: {} } }] },
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'get_weather', response: { temp: 18 } } }, { functionResponse: { name: 'get_time', response: { content: 'noon' } } }, { text: 'Thanks' }],
      },
    ]);
  });

  it('Gemini 3 histories: the first function call of each model turn carries the documented signature sentinel; 2.5 none', () => {
    const raw = {
      model: 'g',
      messages: [
        { role: 'user', content: 'x' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } },
            { id: 'b', type: 'function', function: { name: 'g', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'a', content: '1' },
        { role: 'tool', tool_call_id: 'b', content: '2' },
      ],
    };
    const three = upstreamBody(raw, { ...ctx, upstreamModel: 'gemini-3-pro-preview' }).contents as JsonObject[];
    expect(three[1]?.parts).toEqual([
      { functionCall: { name: 'f', args: {} }, thoughtSignature: 'skip_thought_signature_validator' },
      { functionCall: { name: 'g', args: {} } },
    ]);
    const two = upstreamBody(raw).contents as JsonObject[];
    expect(two[1]?.parts).toEqual([{ functionCall: { name: 'f', args: {} } }, { functionCall: { name: 'g', args: {} } }]);
  });

  it('declares functions with cleaned schemas, maps tool_choice, drops tools for tool_choice none', () => {
    const tools = [
      {
        type: 'function',
        function: {
          name: 'lookup',
          description: 'Find',
          parameters: {
            $schema: 'http://json-schema.org/draft-07/schema#',
            type: 'object',
            additionalProperties: false,
            properties: {
              q: { type: ['string', 'null'], format: 'uri', default: 'x' },
              kind: { const: 'book' },
              tags: { type: 'array', items: { type: 'string', examples: ['a'] } },
            },
            required: ['q', 'missing'],
          },
        },
      },
      { type: 'function', function: { name: 'ping', parameters: { type: 'object', properties: {} } } },
    ];
    const body = upstreamBody({ model: 'g', messages: [{ role: 'user', content: 'x' }], tools, tool_choice: { type: 'function', function: { name: 'lookup' } } });
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'lookup',
            description: 'Find',
            parameters: {
              type: 'object',
              properties: { q: { type: 'string', nullable: true }, kind: { enum: ['book'], type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
              required: ['q'],
            },
          },
          // No properties: no parameters at all (Google refuses an empty object schema).
          { name: 'ping' },
        ],
      },
    ]);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['lookup'] } });
    expect(upstreamBody({ model: 'g', messages: [{ role: 'user', content: 'x' }], tools, tool_choice: 'auto' }).toolConfig).toEqual({ functionCallingConfig: { mode: 'AUTO' } });
    expect(upstreamBody({ model: 'g', messages: [{ role: 'user', content: 'x' }], tools, tool_choice: 'none' }).tools).toBeUndefined();
  });

  it('keeps date-time and enum string formats, nested in anyOf', () => {
    expect(geminiSchema({ anyOf: [{ type: 'string', format: 'date-time' }, { type: 'integer', format: 'int32', minimum: 0 }] })).toEqual({
      anyOf: [
        { type: 'string', format: 'date-time' },
        { type: 'integer', format: 'int32', minimum: 0 },
      ],
    });
  });

  it('sampling, stop sequences, max tokens and response formats go to generationConfig', () => {
    const body = upstreamBody({
      model: 'g',
      messages: [{ role: 'user', content: 'x' }],
      temperature: 1.5,
      top_p: 0.9,
      max_completion_tokens: 100,
      stop: 'END',
      response_format: { type: 'json_schema', json_schema: { name: 'r', schema: { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false } } },
    });
    expect(body.generationConfig).toEqual({
      temperature: 1.5,
      topP: 0.9,
      maxOutputTokens: 100,
      stopSequences: ['END'],
      responseMimeType: 'application/json',
      responseSchema: { type: 'object', properties: { a: { type: 'integer' } } },
    });
  });

  it('safety settings: BLOCK_NONE for every category by default, the channel setting otherwise, a bad setting is a channel error', () => {
    const def = upstreamBody({ model: 'g', messages: [{ role: 'user', content: 'x' }] }).safetySettings as JsonObject[];
    expect(def).toHaveLength(5);
    expect(def.every((s) => s.threshold === 'BLOCK_NONE')).toBe(true);
    const high = upstreamBody({ model: 'g', messages: [{ role: 'user', content: 'x' }] }, { ...ctx, other: '{"safety":"BLOCK_ONLY_HIGH"}' }).safetySettings as JsonObject[];
    expect(high.every((s) => s.threshold === 'BLOCK_ONLY_HIGH')).toBe(true);
    expect(() => geminiSettings('{"safety":"BLOCK_EVERYTHING"}')).toThrow(ChannelConfigError);
    expect(() => geminiSettings('../v1')).toThrow(ChannelConfigError);
    expect(geminiSettings(' v1alpha ')).toMatchObject({ version: 'v1alpha' });
  });

  it('thinking: -thinking / -thinking-<n> / -nothinking suffixes and reasoning_effort, the suffix stripped from the URL', () => {
    expect(thinkingFromModel('gemini-2.5-flash-thinking-2048')).toEqual({ model: 'gemini-2.5-flash', budget: 2048 });
    expect(thinkingFromModel('gemini-2.5-flash-thinking')).toEqual({ model: 'gemini-2.5-flash', budget: -1 });
    expect(thinkingFromModel('gemini-2.5-flash-nothinking')).toEqual({ model: 'gemini-2.5-flash', budget: 0 });
    expect(thinkingFromModel('gemini-2.0-flash')).toEqual({ model: 'gemini-2.0-flash', budget: null });

    const suffixed = geminiAdaptor.buildTextRequest(parseChatRequest({ model: 'g', messages: [{ role: 'user', content: 'x' }] }), { ...ctx, upstreamModel: 'gemini-2.5-flash-thinking-2048' });
    expect(suffixed.url).toContain('/models/gemini-2.5-flash:generateContent');
    expect((describeRequest(suffixed).body as JsonObject).generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 2048, includeThoughts: true } });
    const off = upstreamBody({ model: 'g', messages: [{ role: 'user', content: 'x' }] }, { ...ctx, upstreamModel: 'gemini-2.5-flash-nothinking' });
    expect(off.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 0 } });
    // 2.5 Pro cannot stop thinking: its floor instead of 0.
    const pro = upstreamBody({ model: 'g', messages: [{ role: 'user', content: 'x' }], reasoning_effort: 'minimal' }, { ...ctx, upstreamModel: 'gemini-2.5-pro' });
    expect(pro.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 128, includeThoughts: true } });
    const huge = upstreamBody({ model: 'g', messages: [{ role: 'user', content: 'x' }] }, { ...ctx, upstreamModel: 'gemini-2.5-flash-thinking-99999' });
    expect(huge.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 24576, includeThoughts: true } });
    const high = upstreamBody({ model: 'g', messages: [{ role: 'user', content: 'x' }], reasoning_effort: 'high' }, { ...ctx, upstreamModel: 'gemini-2.5-flash-nothinking' });
    expect(high.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 24576, includeThoughts: true } });
  });

  it('several choices (n) as generationConfig.candidateCount; one asks none', () => {
    expect(upstreamBody({ model: 'g', messages: [{ role: 'user', content: 'x' }], n: 3, max_tokens: 20 }).generationConfig).toEqual({ maxOutputTokens: 20, candidateCount: 3 });
    expect(upstreamBody({ model: 'g', messages: [{ role: 'user', content: 'x' }], n: 1 }).generationConfig).toBeUndefined();
  });

  it('serves legacy completions as one user turn (Gemini has no prompt completion)', () => {
    const built = geminiAdaptor.buildTextRequest(parseCompletionRequest({ model: 'g', prompt: 'x', max_tokens: 5 }), ctx);
    expect(JSON.parse(String(built.body))).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'x' }] }], generationConfig: { maxOutputTokens: 5 } });
    expect(() => geminiAdaptor.buildTextRequest(parseCompletionRequest({ model: 'g', prompt: ['x', 'y'] }), ctx)).toThrow(expect.objectContaining({ status: 400, param: 'prompt' }));
  });
});

describe('Gemini adaptor: answers, streams and errors from the documented shapes', () => {
  const chat = parseChatRequest({ model: 'gemini-public', messages: [{ role: 'user', content: 'x' }] });

  it('a text answer: OpenAI chat.completion with the public model, finish reason and usage', () => {
    const r = geminiAdaptor.parseTextResponse(chat, response(fixtureText(__dirname, 'generate-content-response.json')), ctx);
    if (!r.ok) throw new Error('expected ok');
    const body = openAIBody(r, chat) as JsonObject;
    expect(body).toMatchObject({
      id: 'chatcmpl-mgN5aOfrJ9ivqtsPvY_SoQk',
      object: 'chat.completion',
      model: 'gemini-public',
      choices: [{ message: { role: 'assistant', content: 'AI learns patterns from data to make predictions.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 8, completion_tokens: 9, total_tokens: 17 },
    });
    expect(r.usage).toMatchObject({ promptTokens: 8, completionTokens: 9, cachedTokens: null, reasoningTokens: null });
  });

  it('parallel function calls: tool_calls with distinct ids, finish tool_calls', () => {
    const r = geminiAdaptor.parseTextResponse(chat, response(fixtureText(__dirname, 'generate-content-function-call.json')), ctx);
    if (!r.ok) throw new Error('expected ok');
    const body = openAIBody(r, chat) as { choices: { finish_reason: string; message: { content: null; tool_calls: { id: string; function: { arguments: string } }[] } }[] };
    const choice = body.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBeNull();
    expect(choice?.message.tool_calls.map((c) => c.function.arguments)).toEqual(['{"location":"London"}', '{"location":"Paris"}']);
    expect(new Set(choice?.message.tool_calls.map((c) => c.id)).size).toBe(2);
    expect(r.toolCalls).toBe(2);
  });

  it('thoughts: reasoning_content, billed as completion (candidates + thoughts), cached content as cache reads', () => {
    const r = geminiAdaptor.parseTextResponse(chat, response(fixtureText(__dirname, 'generate-content-thinking.json')), ctx);
    if (!r.ok) throw new Error('expected ok');
    const body = openAIBody(r, chat) as { choices: { message: { content: string; reasoning_content: string } }[]; usage: JsonObject };
    expect(body.choices[0]?.message.content).toBe('There are 4 prime numbers below 10: 2, 3, 5 and 7.');
    expect(body.choices[0]?.message.reasoning_content).toContain('Counting the primes');
    expect(r.usage).toMatchObject({ promptTokens: 2048, completionTokens: 220, cachedTokens: 1024, reasoningTokens: 200 });
    expect(body.usage).toMatchObject({ prompt_tokens: 2048, completion_tokens: 220, prompt_tokens_details: { cached_tokens: 1024 }, completion_tokens_details: { reasoning_tokens: 200 } });
  });

  it('a prompt blocked by safety answers content_filter with the prompt usage', () => {
    const r = geminiAdaptor.parseTextResponse(chat, response(fixtureText(__dirname, 'generate-content-blocked.json')), ctx);
    if (!r.ok) throw new Error('expected ok');
    expect(openAIBody(r, chat)).toMatchObject({ choices: [{ finish_reason: 'content_filter', message: { content: '' } }] });
    expect(r.usage).toMatchObject({ promptTokens: 7, completionTokens: null });
  });

  it('several candidates: a choice each by its index, its own finish reason and tool calls numbered within it; usage the whole answer\'s', () => {
    const three = parseChatRequest({ model: 'gemini-public', messages: [{ role: 'user', content: 'x' }], n: 3 });
    const r = geminiAdaptor.parseTextResponse(three, response(fixtureText(__dirname, 'generate-content-candidates.json')), ctx);
    if (!r.ok) throw new Error('expected ok');
    const body = openAIBody(r, three) as JsonObject;
    expect(body.choices).toEqual([
      { index: 0, message: { role: 'assistant', content: 'Roses are red.' }, logprobs: null, finish_reason: 'stop' },
      {
        index: 1,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_0_get_weather', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            { id: 'call_1_get_time', type: 'function', function: { name: 'get_time', arguments: '{}' } },
          ],
        },
        logprobs: null,
        finish_reason: 'tool_calls',
      },
      { index: 2, message: { role: 'assistant', content: 'Violets are' }, logprobs: null, finish_reason: 'length' },
    ]);
    expect(body.usage).toMatchObject({ prompt_tokens: 6, completion_tokens: 19, total_tokens: 25 });
    // The estimate (when usage is missing) reads every choice.
    expect(r).toMatchObject({ finishReason: 'stop', toolCalls: 2, outputText: 'Roses are red.get_weather{"city":"Paris"}get_time{}Violets are' });
  });

  it('an error object in a 200 is a non-retryable failure', () => {
    const r = geminiAdaptor.parseTextResponse(chat, response(fixtureText(__dirname, 'error-permission-denied.json')), ctx);
    expect(r).toMatchObject({ ok: false, failure: { retryable: false, disableChannel: false } });
  });

  it('a streamed text answer as parts: role chunk, deltas, finish, then a usage chunk with empty choices (hidden from clients that did not ask)', () => {
    const streamed = parseChatRequest({ model: 'gemini-public', messages: [{ role: 'user', content: 'x' }], stream: true });
    const steps = replayStream(fixtureText(__dirname, 'stream-text.sse'), geminiAdaptor.openTextStream?.(streamed, ctx) ?? (() => ({}) as StreamStep));
    expect(steps).toHaveLength(3);
    // Canonical parts only: Google's own bytes never reach a client of another format.
    expect(steps.every((s) => s.forward === null && s.more === undefined)).toBe(true);
    const chunks = openAIChunks(steps, streamed);
    expect(chunks.map((c) => (c.choices as JsonObject[])[0]?.delta)).toEqual([{ role: 'assistant', content: '' }, { content: 'The' }, { content: ' quick brown fox' }, { content: ' jumps.' }, {}, undefined]);
    expect(chunks.every((c) => c.model === 'gemini-public' && c.id === 'chatcmpl-stream-1')).toBe(true);
    expect((chunks[4]?.choices as JsonObject[])[0]?.finish_reason).toBe('stop');
    expect(chunks[5]).toMatchObject({ choices: [], usage: { prompt_tokens: 7, completion_tokens: 6, total_tokens: 13 } });
    expect(openAIChunks(steps, streamed, false)).toHaveLength(5);
    expect(steps.map((s) => s.text).join('')).toBe('The quick brown fox jumps.');
    expect(steps.at(-1)).toMatchObject({ finishReason: 'stop', usage: { promptTokens: 7, completionTokens: 6 }, done: false });
  });

  it('streamed function calls are numbered across events, each whole with its arguments; finish tool_calls', () => {
    const streamed = parseChatRequest({ model: 'g', messages: [{ role: 'user', content: 'x' }], stream: true });
    const steps = replayStream(fixtureText(__dirname, 'stream-function-call.sse'), geminiAdaptor.openTextStream?.(streamed, ctx) ?? (() => ({}) as StreamStep));
    const calls = openAIChunks(steps, streamed).flatMap((c) => ((c.choices as JsonObject[])[0]?.delta as JsonObject | undefined)?.tool_calls ?? []) as JsonObject[];
    expect(calls).toEqual([
      { index: 0, id: 'call_0_get_current_temperature', type: 'function', function: { name: 'get_current_temperature', arguments: '' } },
      { index: 0, function: { arguments: '{"location":"London"}' } },
      { index: 1, id: 'call_1_get_current_temperature', type: 'function', function: { name: 'get_current_temperature', arguments: '' } },
      { index: 1, function: { arguments: '{"location":"Paris"}' } },
    ]);
    expect(steps.reduce((n, s) => n + s.toolCalls, 0)).toBe(2);
    expect(steps.at(-1)?.finishReason).toBe('tool_calls');
  });

  it('streamed candidates: each choice\'s deltas under its index (role first), tool calls numbered per choice, the answer finished by the last candidate', () => {
    const streamed = parseChatRequest({ model: 'gemini-public', messages: [{ role: 'user', content: 'x' }], stream: true, n: 2 });
    const steps = replayStream(fixtureText(__dirname, 'stream-candidates.sse'), geminiAdaptor.openTextStream?.(streamed, ctx) ?? (() => ({}) as StreamStep));
    const choices = openAIChunks(steps, streamed).flatMap((c) => c.choices as JsonObject[]);
    expect(choices.map((c) => [c.index, c.delta, c.finish_reason])).toEqual([
      [0, { role: 'assistant', content: '' }, null],
      [0, { content: 'Roses' }, null],
      [1, { role: 'assistant', tool_calls: [{ index: 0, id: 'call_0_get_weather', type: 'function', function: { name: 'get_weather', arguments: '' } }] }, null],
      [1, { tool_calls: [{ index: 0, function: { arguments: '{"city":"Paris"}' } }] }, null],
      [0, { content: ' are red.' }, null],
      [0, {}, 'stop'],
      [1, { tool_calls: [{ index: 1, id: 'call_1_get_time', type: 'function', function: { name: 'get_time', arguments: '' } }] }, null],
      [1, { tool_calls: [{ index: 1, function: { arguments: '{}' } }] }, null],
      [1, {}, 'tool_calls'],
    ]);
    // The relay's figures: every candidate's text counted, the answer finished (first choice's reason) only when both are.
    expect(steps.map((s) => s.text)).toEqual(['Rosesget_weather{"city":"Paris"}', ' are red.get_time{}', '']);
    expect(steps.map((s) => s.finishReason)).toEqual([null, null, 'stop']);
    expect(steps.reduce((n, s) => n + s.toolCalls, 0)).toBe(2);
    expect(steps.at(-1)?.parts?.at(-1)).toEqual({ type: 'usage', usage: expect.objectContaining({ promptTokens: 6, completionTokens: 13 }) });
  });

  it('an error event mid-stream ends the stream as an upstream failure; garbage is malformed', () => {
    const streamed = parseChatRequest({ model: 'g', messages: [{ role: 'user', content: 'x' }], stream: true });
    const parse = geminiAdaptor.openTextStream?.(streamed, ctx);
    if (!parse) throw new Error('expected a stream parser');
    expect(parse({ event: null, data: 'not json', id: null }).malformed).toBe(true);
    const step = parse({ event: null, data: fixtureText(__dirname, 'error-resource-exhausted.json'), id: null });
    expect(step).toMatchObject({ done: true, error: { type: 'RESOURCE_EXHAUSTED', disableChannel: false } });
  });

  it('errors: a bad key disables (400 API_KEY_INVALID), 403 disables, 429 retries with the RetryInfo delay and never disables, 5xx retries', () => {
    const bad = geminiAdaptor.mapError({ status: 400, text: fixtureText(__dirname, 'error-api-key-invalid.json') }, ctx);
    expect(bad).toMatchObject({ status: 400, class: 'auth', disableChannel: true, retryable: false, code: 'API_KEY_INVALID', type: 'INVALID_ARGUMENT' });
    const denied = geminiAdaptor.mapError({ status: 403, text: fixtureText(__dirname, 'error-permission-denied.json') }, ctx);
    expect(denied).toMatchObject({ status: 403, class: 'auth', disableChannel: true, retryable: false, code: 'PERMISSION_DENIED' });
    // Its message says "exceeded your current quota": message text never disables (rule 21).
    const limited = geminiAdaptor.mapError({ status: 429, text: fixtureText(__dirname, 'error-resource-exhausted.json') }, ctx);
    expect(limited).toMatchObject({ status: 429, class: 'rate_limit', disableChannel: false, retryable: true, retryAfterSeconds: 37 });
    expect(geminiAdaptor.mapError({ status: 429, text: '{}', headers: { 'retry-after': '5' } }, ctx).retryAfterSeconds).toBe(5);
    expect(geminiAdaptor.mapError({ status: 503, text: '<html>busy</html>' }, ctx)).toMatchObject({ class: 'server', retryable: true, message: 'upstream returned HTTP 503' });
    const echoed = geminiAdaptor.mapError({ status: 400, text: JSON.stringify({ error: { code: 400, message: `bad key ${KEY}`, status: 'INVALID_ARGUMENT' } }) }, ctx);
    expect(echoed.message).not.toContain(KEY);
  });
});

describe('Gemini adaptor: OpenAI embeddings through batchEmbedContents', () => {
  const embeddings = geminiAdaptor.embeddings;
  if (!embeddings) throw new Error('expected the embeddings capability');
  const ectx = { ...ctx, upstreamModel: 'text-embedding-004' };

  it('one EmbedContentRequest per input, dimensions as outputDimensionality, the key in the header', () => {
    const req = parseEmbeddingRequest({ model: 'emb', input: ['hello world', 'bye'], dimensions: 8 });
    const up = embeddings.buildRequest(req, ectx);
    expect(up).toMatchObject({ method: 'POST', url: 'https://generativelanguage.googleapis.com/v1beta/models/text-embedding-004:batchEmbedContents', expect: 'json' });
    expect(up.headers).toMatchObject({ 'x-goog-api-key': KEY });
    expect(describeRequest(up).body).toEqual({
      requests: [
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'hello world' }] }, outputDimensionality: 8 },
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'bye' }] }, outputDimensionality: 8 },
      ],
    });
    expect(() => embeddings.buildRequest(parseEmbeddingRequest({ model: 'emb', input: [[1, 2, 3]] }), ectx)).toThrow(RelayRequestError);
  });

  it('answers the OpenAI list in order (float or base64), usage from the local count', () => {
    const req = parseEmbeddingRequest({ model: 'emb', input: ['hello world', 'bye'] });
    const r = embeddings.parseResponse(req, response(JSON.stringify({ embeddings: [{ values: [0.5, -1] }, { values: [0.25, 2] }] })), ectx);
    if (!r.ok) throw new Error('expected ok');
    const body = JSON.parse(r.clientBody) as { data: { index: number; embedding: number[] }[]; model: string; usage: { prompt_tokens: number } };
    expect(body.data).toEqual([
      { object: 'embedding', index: 0, embedding: [0.5, -1] },
      { object: 'embedding', index: 1, embedding: [0.25, 2] },
    ]);
    expect(body.model).toBe('emb');
    expect(body.usage.prompt_tokens).toBeGreaterThan(0);
    expect(r.usage?.promptTokens).toBe(body.usage.prompt_tokens);
    const b64 = embeddings.parseResponse(parseEmbeddingRequest({ model: 'emb', input: 'x', encoding_format: 'base64' }), response('{"embeddings":[{"values":[1.5]}]}'), ectx);
    if (!b64.ok) throw new Error('expected ok');
    const enc = (JSON.parse(b64.clientBody) as { data: { embedding: string }[] }).data[0]?.embedding ?? '';
    expect(Buffer.from(enc, 'base64').readFloatLE(0)).toBe(1.5);
    // A short list is not an answer.
    expect(embeddings.parseResponse(req, response('{"embeddings":[{"values":[1]}]}'), ectx).ok).toBe(false);
  });
});
