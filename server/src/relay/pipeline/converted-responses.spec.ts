import { clientJson, fixtureText, namedSseEvents, replayStream, response } from '../adaptors/__fixtures__/replay';
import { azureAdaptor } from '../adaptors/azure/azure.adaptor';
import { claudeAdaptor } from '../adaptors/claude/claude.adaptor';
import { geminiAdaptor } from '../adaptors/gemini/gemini.adaptor';
import { openaiAdaptor } from '../adaptors/openai/openai.adaptor';
import type { ChannelContext } from '../adaptors/types';
import { RelayRequestError } from '../../wire/canonical/errors';
import type { JsonObject, JsonValue } from '../../wire/canonical/json';
import { parseGeminiRequest } from '../../wire/gemini/parse';
import { parseResponsesRequest } from '../../wire/openai-chat/parse';
import * as convertedGemini from './converted-gemini';
import * as convertedResponses from './converted-responses';
import { ResponsesStreamEncoder } from '../../wire/openai-responses/openai-responses';

/*
 * `/v1/responses` on channels without a Responses API: the body as the canonical chat (and from
 * there an OpenAI-wire provider's chat body or a native provider's own request), refusals naming
 * the field, and answers and streams back as Responses objects and events with the adaptor's usage.
 */

const ctx = (type: 1 | 14 | 24, upstreamModel: string): ChannelContext => ({ type, baseUrl: '', key: 'sk-test-0123456789', upstreamModel, other: '', organization: '' });
const req = (body: JsonObject) => parseResponsesRequest({ model: 'public', ...body });
/** The OpenAI chat body an OpenAI-wire provider is sent (built from the request's canonical chat). */
const chat = (body: JsonObject) => convertedResponses.asChatRequest(req(body)).body;
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const WEATHER = { type: 'function', name: 'get_weather', description: 'Weather by city', parameters: { type: 'object', properties: { city: { type: 'string' } } } };

function refusal(body: JsonObject): RelayRequestError {
  try {
    chat(body);
  } catch (e) {
    if (e instanceof RelayRequestError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('the chat body of a Responses request', () => {
  it('instructions become a system message, a string input one user message; sampling, bounds and the stream carried over', () => {
    expect(chat({ instructions: 'Be brief.', input: 'Say hello', max_output_tokens: 50, temperature: 0.2, top_p: 0.9, user: 'u-1', stream: true })).toEqual({
      model: 'public',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello' },
      ],
      max_tokens: 50,
      temperature: 0.2,
      top_p: 0.9,
      user: 'u-1',
      stream: true,
    });
  });

  it('a stream asks its usage through the adaptor: an Azure api-version that refuses stream_options gets none', () => {
    const streamed = parseResponsesRequest({ model: 'public', input: 'hi', stream: true }, undefined);
    const azure = (version: string) => JSON.parse(String(convertedResponses.build(azureAdaptor, streamed, { ...ctx(1, 'gpt-4o'), type: 3, baseUrl: 'https://x.openai.azure.com', other: version }).body)) as JsonObject;
    expect(azure('2024-06-01')).not.toHaveProperty('stream_options');
    expect(azure('2024-10-21')).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    const gemini = parseGeminiRequest({ body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, stream: true, sse: true }, undefined, 'public');
    const viaGemini = JSON.parse(String(convertedGemini.build(azureAdaptor, gemini, { ...ctx(1, 'gpt-4o'), type: 3, baseUrl: 'https://x.openai.azure.com', other: '2024-06-01' }).body)) as JsonObject;
    expect(viaGemini).toMatchObject({ stream: true });
    expect(viaGemini).not.toHaveProperty('stream_options');
  });

  it('items in order: messages of every role, images, function calls joined to the assistant turn, their outputs as tool messages', () => {
    const input: JsonValue[] = [
      { role: 'developer', content: 'Answer in French.' },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What is this?' }, { type: 'input_image', image_url: PNG, detail: 'low' }, { type: 'input_image', image_url: { url: 'https://x/y.png' } }] },
      { type: 'message', role: 'assistant', id: 'msg_1', status: 'completed', content: [{ type: 'output_text', text: 'Let me check.', annotations: [] }] },
      { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
      { type: 'function_call', call_id: 'call_2', name: 'get_weather', arguments: '{"city":"Lyon"}' },
      { type: 'function_call_output', call_id: 'call_1', output: '18C' },
      { type: 'function_call_output', call_id: 'call_2', output: [{ type: 'input_text', text: '20' }, { type: 'input_text', text: 'C' }] },
      // The model's own summary of its thoughts: nothing a chat provider takes back.
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'thinking' }] },
      { role: 'system', content: [{ type: 'input_text', text: 'Keep it short.' }] },
    ];
    expect(chat({ input }).messages).toEqual([
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: PNG, detail: 'low' } }, { type: 'image_url', image_url: { url: 'https://x/y.png' } }] },
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lyon"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '18C' },
      { role: 'tool', tool_call_id: 'call_2', content: '20C' },
      { role: 'system', content: 'Keep it short.' },
    ]);
    // A call with no assistant text before it is an assistant turn of its own.
    expect(chat({ input: [{ role: 'user', content: 'hi' }, { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' }] }).messages).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] },
    ]);
  });

  it('function tools (fields at the top level) as chat tools; tool_choice, parallel calls, reasoning effort and text formats', () => {
    const out = chat({
      input: 'x',
      tools: [{ ...WEATHER, strict: true }, { type: 'function', name: 'now', parameters: null }],
      tool_choice: { type: 'function', name: 'get_weather' },
      parallel_tool_calls: false,
      reasoning: { effort: 'low', summary: 'auto' },
      text: { format: { type: 'json_schema', name: 'w', schema: { type: 'object' }, strict: true } },
    });
    expect(out).toMatchObject({
      tools: [
        { type: 'function', function: { name: 'get_weather', description: 'Weather by city', parameters: WEATHER.parameters, strict: true } },
        { type: 'function', function: { name: 'now', parameters: { type: 'object', properties: {} } } },
      ],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
      reasoning_effort: 'low',
      response_format: { type: 'json_schema', json_schema: { name: 'w', schema: { type: 'object' }, strict: true } },
    });
    for (const choice of ['auto', 'none', 'required']) expect(chat({ input: 'x', tools: [WEATHER], tool_choice: choice }).tool_choice).toBe(choice);
    expect(chat({ input: 'x', text: { format: { type: 'json_object' } } }).response_format).toEqual({ type: 'json_object' });
    expect(chat({ input: 'x', text: { format: { type: 'text' }, verbosity: 'low' } }).response_format).toBeUndefined();
    // Hints with no chat meaning are accepted: storage off, extra output fields, cache keys.
    expect(chat({ input: 'x', store: false, include: ['reasoning.encrypted_content'], prompt_cache_key: 'k', metadata: { a: 'b' }, truncation: 'disabled' })).toEqual({
      model: 'public',
      messages: [{ role: 'user', content: 'x' }],
    });
  });

  it('what the chat contract cannot carry is a 400 naming the field, never dropped', () => {
    const cases: [JsonObject, string][] = [
      [{ input: 'x', tools: [WEATHER, { type: 'web_search' }] }, 'tools[1].type'],
      [{ input: 'x', tools: [{ type: 'file_search', vector_store_ids: ['vs_1'] }] }, 'tools[0].type'],
      [{ input: 'x', tool_choice: { type: 'web_search_preview' } }, 'tool_choice'],
      [{ input: 'x', previous_response_id: 'resp_1' }, 'previous_response_id'],
      [{ input: 'x', conversation: 'conv_1' }, 'conversation'],
      [{ input: 'x', store: true }, 'store'],
      [{ input: 'x', background: true }, 'background'],
      [{ input: 'x', prompt: { id: 'pmpt_1' } }, 'prompt'],
      [{ input: 'x', frequency_penalty: 1 }, 'frequency_penalty'],
      [{ input: [{ type: 'item_reference', id: 'msg_1' }] }, 'input[0].type'],
      [{ input: [{ type: 'web_search_call', id: 'ws_1', status: 'completed' }] }, 'input[0].type'],
      [{ input: [{ role: 'user', content: [{ type: 'input_file', file_id: 'file-1' }] }] }, 'input[0].content[0].type'],
      [{ input: [{ role: 'user', content: [{ type: 'input_image', file_id: 'file-1' }] }] }, 'input[0].content[0].file_id'],
      [{ input: [{ role: 'assistant', content: [{ type: 'input_image', image_url: PNG }] }] }, 'input[0].content[0].type'],
      [{ input: [{ role: 'tool', content: 'x' }] }, 'input[0].role'],
      [{ input: [{ role: 'user', content: 'x' }, { type: 'function_call_output', call_id: 'c', output: [{ type: 'input_image', image_url: PNG }] }] }, 'input[1].output[0].type'],
      [{ input: 'x', text: { format: { type: 'grammar' } } }, 'text.format.type'],
    ];
    for (const [b, param] of cases) {
      const e = refusal(b);
      expect({ param: e.param, status: e.status }).toEqual({ param, status: 400 });
      expect(['invalid_value', 'invalid_type', 'missing_required_parameter']).toContain(e.relayCode);
    }
    expect(refusal({ input: 'x', store: true }).relayCode).toBe('invalid_value');
    // Nothing to answer: only instructions.
    expect(refusal({ instructions: 'Be brief.' })).toMatchObject({ param: 'input', relayCode: 'missing_required_parameter' });
    expect(refusal({ input: [{ type: 'function_call', name: 'f' }] }).param).toBe('input[0].call_id');
  });
});

describe('the provider request of a converted Responses request', () => {
  const sent = req({ instructions: 'Be brief.', input: [{ role: 'user', content: [{ type: 'input_text', text: 'What is this?' }, { type: 'input_image', image_url: PNG }] }], tools: [WEATHER], max_output_tokens: 100 });

  it('Claude: system at the top level, the image as a base64 block, the tool with its input_schema', () => {
    const up = convertedResponses.build(claudeAdaptor, sent, ctx(14, 'claude-sonnet-4'));
    expect(JSON.parse(String(up.body))).toMatchObject({
      model: 'claude-sonnet-4',
      max_tokens: 100,
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }] }],
      tools: [{ name: 'get_weather', description: 'Weather by city', input_schema: WEATHER.parameters }],
    });
  });

  it('Gemini: the system instruction, inline image data, a function declaration', () => {
    const up = convertedResponses.build(geminiAdaptor, sent, ctx(24, 'gemini-2.5-flash'));
    expect(up.url).toContain('/models/gemini-2.5-flash:generateContent');
    expect(JSON.parse(String(up.body))).toMatchObject({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [{ role: 'user', parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] }],
      tools: [{ functionDeclarations: [{ name: 'get_weather' }] }],
      generationConfig: { maxOutputTokens: 100 },
    });
  });

  it('a refusal is thrown while building, before anything is sent', () => {
    expect(() => convertedResponses.build(claudeAdaptor, req({ input: 'x', tools: [{ type: 'web_search' }] }), ctx(14, 'c'))).toThrow(RelayRequestError);
  });
});

describe('converted whole answers', () => {
  const plain = req({ input: 'hi' });

  it('a Claude message: a response object with the message and Responses usage; the billing figures are the adaptor\'s', () => {
    const parsed = convertedResponses.parseResponse(claudeAdaptor, plain, response(fixtureText(`${__dirname}/../adaptors/claude`, 'message-response.json')), ctx(14, 'claude-sonnet-4'));
    expect(clientJson(parsed)).toMatchObject({
      id: 'resp_msg_013Zva2CMHLNnXjNJJKqJ2EF',
      object: 'response',
      status: 'completed',
      model: 'claude-sonnet-4-20250514',
      output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hi! My name is Claude.', annotations: [] }] }],
      usage: { input_tokens: 2095, output_tokens: 503, total_tokens: 2598 },
    });
    expect(parsed).toMatchObject({ usage: { promptTokens: 2095, completionTokens: 503 }, finishReason: 'stop', outputText: 'Hi! My name is Claude.' });
  });

  it('a Claude tool use: text, then a function_call item with its call id and arguments', () => {
    const parsed = convertedResponses.parseResponse(claudeAdaptor, plain, response(fixtureText(`${__dirname}/../adaptors/claude`, 'message-tool-use-response.json')), ctx(14, 'claude-sonnet-4'));
    expect((clientJson(parsed).output as JsonObject[]).map((o) => o.type)).toEqual(['message', 'function_call']);
    expect((clientJson(parsed).output as JsonObject[])[1]).toEqual({
      type: 'function_call',
      id: 'fc_toolu_01A09q90qw90lq917835lq9',
      call_id: 'toolu_01A09q90qw90lq917835lq9',
      name: 'get_weather',
      arguments: '{"location":"San Francisco, CA","unit":"celsius"}',
      status: 'completed',
    });
    expect(parsed).toMatchObject({ toolCalls: 1 });
  });

  it('Gemini thinking: a reasoning item with the thoughts as its summary, before the message', () => {
    const parsed = convertedResponses.parseResponse(geminiAdaptor, plain, response(fixtureText(`${__dirname}/../adaptors/gemini`, 'generate-content-thinking.json')), ctx(24, 'gemini-2.5-pro'));
    expect(clientJson(parsed)).toMatchObject({
      output: [
        { type: 'reasoning', summary: [{ type: 'summary_text', text: '**Counting the primes**\n\nI list the primes below 10.' }] },
        { type: 'message', content: [{ type: 'output_text', text: 'There are 4 prime numbers below 10: 2, 3, 5 and 7.' }] },
      ],
      usage: { input_tokens: 2048, input_tokens_details: { cached_tokens: 1024 }, output_tokens: 220, output_tokens_details: { reasoning_tokens: 200 } },
    });
  });

  it('an OpenAI-wire chat answer (a vendor without a Responses API) is decoded first', () => {
    const parsed = convertedResponses.parseResponse(openaiAdaptor, plain, response(fixtureText(`${__dirname}/../adaptors/openai`, 'chat-response.json')), ctx(1, 'gpt-4.1'));
    expect(clientJson(parsed)).toMatchObject({ object: 'response', output: [{ type: 'message', content: [{ type: 'output_text', text: 'Hello! How can I assist you today?' }] }], usage: { input_tokens: 19, output_tokens: 10 } });
    expect(parsed).toMatchObject({ usage: { promptTokens: 19, completionTokens: 10 } });
  });
});

describe('converted streams', () => {
  /** The client's events for a recorded provider stream, and the relay's figures from its steps. */
  function stream(adaptor: typeof claudeAdaptor, dir: string, name: string, upstreamModel: string) {
    const r = req({ input: 'hi', stream: true });
    const steps = replayStream(fixtureText(`${__dirname}/../adaptors/${dir}`, name), convertedResponses.openStream(adaptor, r, ctx(adaptor.type as 14 | 24, upstreamModel)));
    const enc = new ResponsesStreamEncoder('public');
    let text = steps.map((s) => (s.parts ? enc.parts(s.parts) : '')).join('');
    const usage = steps.reduce<(typeof steps)[number]['usage']>((u, s) => s.usage ?? u, null);
    const finish = steps.reduce<(typeof steps)[number]['finishReason']>((f, s) => s.finishReason ?? f, null);
    text += enc.end({ usage, finishReason: finish, estimate: { promptTokens: 1, completionTokens: 1 } });
    return namedSseEvents(text);
  }

  it('Claude text then a tool call: the documented sequence, sequence numbers in order, completed with Claude\'s usage', () => {
    const out = stream(claudeAdaptor, 'claude', 'stream-tool-use.sse', 'claude-sonnet-4');
    expect(out.map((e) => e.event)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      // Three non-empty input_json_delta fragments (the empty first one adds nothing).
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(out.map((e) => e.data.sequence_number)).toEqual(out.map((_, i) => i));
    expect(out.every((e) => e.data.type === e.event)).toBe(true);
    const completed = out.at(-1)?.data.response as JsonObject;
    expect(completed).toMatchObject({
      id: 'resp_msg_014p7gG3wDgGV9EUtLvnow3U',
      status: 'completed',
      model: 'claude-sonnet-4-20250514',
      output: [
        { type: 'message', id: 'msg_msg_014p7gG3wDgGV9EUtLvnow3U', status: 'completed', content: [{ type: 'output_text', text: "Okay, let's check the weather for San Francisco, CA:" }] },
        { type: 'function_call', call_id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', arguments: '{"location": "San Francisco, CA", "unit": "fahrenheit"}', status: 'completed' },
      ],
      usage: { input_tokens: 472, output_tokens: 89, total_tokens: 561 },
    });
    const args = out.find((e) => e.event === 'response.function_call_arguments.done')?.data;
    expect(args).toMatchObject({ item_id: 'fc_toolu_01T1x1fJ34qAmk2tNTrN7Up6', output_index: 1, name: 'get_weather' });
  });

  it('Claude thinking: a reasoning item with summary events before the message', () => {
    const out = stream(claudeAdaptor, 'claude', 'stream-thinking.sse', 'claude-sonnet-4');
    const types = out.map((e) => e.event);
    expect(types.slice(2, 5)).toEqual(['response.output_item.added', 'response.reasoning_summary_part.added', 'response.reasoning_summary_text.delta']);
    expect(types).toContain('response.reasoning_summary_text.done');
    expect(out.at(-1)?.data.response).toMatchObject({ output: [{ type: 'reasoning', summary: [{ type: 'summary_text', text: expect.stringContaining('step by step') }] }, { type: 'message' }] });
  });

  it('Gemini whole function calls: one item each, arguments in one delta, Google\'s final usage', () => {
    const out = stream(geminiAdaptor, 'gemini', 'stream-function-call.sse', 'gemini-2.5-flash');
    const calls = out.filter((e) => e.event === 'response.function_call_arguments.done').map((e) => e.data.arguments);
    expect(calls).toEqual(['{"location":"London"}', '{"location":"Paris"}']);
    expect(out.at(-1)).toMatchObject({ event: 'response.completed', data: { response: { usage: { input_tokens: 60, output_tokens: 14 } } } });
  });
});
