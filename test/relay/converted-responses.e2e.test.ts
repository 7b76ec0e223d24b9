import OpenAI from 'openai';
import { DATABASES } from '../support/env';
import { FakeAnthropic } from '../support/fakes/anthropic';
import { FakeGemini } from '../support/fakes/gemini';
import { FakeOpenAI } from '../support/fakes/openai-upstream';
import { PNG_1X1_BASE64, WEATHER_PARAMS, collect } from './provider-kit';
import { createChannel, otherOf, relayIdle, relaySuite, setOptions, type RelaySuite } from './relay-kit';

/*
 * OpenAI Responses clients (`POST /v1/responses`, the official `openai` SDK) on channels without
 * a Responses API: Claude (type 14) and Gemini (type 24) channels serve them through their chat
 * contract, the answer and the stream re-encoded as a response object and the documented events,
 * usage and billing from the provider's own figures. An OpenAI channel keeps passing the body
 * and its events through untouched.
 */

const WEATHER: OpenAI.Responses.FunctionTool = { type: 'function', name: 'get_weather', description: 'Weather by city', parameters: WEATHER_PARAMS, strict: false };
const PNG_URL = `data:image/png;base64,${PNG_1X1_BASE64}`;

/** The error the SDK threw for a call. */
async function apiError(p: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OpenAI.APIError);
  return err as InstanceType<typeof OpenAI.APIError>;
}

/** A streamed response read event by event: the types, the text deltas joined, the terminal event's response. */
async function readEvents(stream: AsyncIterable<OpenAI.Responses.ResponseStreamEvent>): Promise<{ events: OpenAI.Responses.ResponseStreamEvent[]; types: string[]; text: string; final: OpenAI.Responses.Response | null }> {
  const events = await collect(stream);
  const text = events.map((e) => (e.type === 'response.output_text.delta' ? e.delta : '')).join('');
  const last = events.at(-1);
  const final = last && (last.type === 'response.completed' || last.type === 'response.incomplete') ? last.response : null;
  return { events, types: events.map((e) => e.type), text, final };
}

/** The documented sequence of a one-message answer with `deltas` text deltas. */
function textSequence(deltas: number): string[] {
  return [
    'response.created',
    'response.in_progress',
    'response.output_item.added',
    'response.content_part.added',
    ...Array.from({ length: deltas }, () => 'response.output_text.delta'),
    'response.output_text.done',
    'response.content_part.done',
    'response.output_item.done',
    'response.completed',
  ];
}

/** The conversation after `first` asked for the weather in Paris, with the tool's answer "18C", sent whole. */
function answerCall(client: OpenAI, model: string, first: OpenAI.Responses.Response): Promise<OpenAI.Responses.Response> {
  const call = first.output.find((o) => o.type === 'function_call');
  if (call?.type !== 'function_call') throw new Error('expected a function_call item');
  return client.responses.create({
    model,
    tools: [WEATHER],
    // The previous output goes back as it came, as the SDK documents for function calling.
    input: [{ role: 'user', content: 'Weather in Paris?' }, ...(first.output as OpenAI.Responses.ResponseInputItem[]), { type: 'function_call_output', call_id: call.call_id, output: '18C' }],
  });
}

/** What every converted channel must refuse before calling it: built-in tools, stored state. */
async function expectRefusals(s: RelaySuite, model: string, upstreamRequests: () => number): Promise<void> {
  await s.notCharged(async () => {
    const search = await apiError(s.openai.responses.create({ model, input: 'News?', tools: [{ type: 'web_search' }] }));
    expect(search).toBeInstanceOf(OpenAI.BadRequestError);
    expect(search).toMatchObject({ status: 400, code: 'invalid_value', param: 'tools[0].type', error: { type: 'invalid_request_error', message: expect.stringContaining('tools[0].type') } });
    const chained = await apiError(s.openai.responses.create({ model, input: 'And then?', previous_response_id: 'resp_earlier' }));
    expect(chained).toMatchObject({ status: 400, param: 'previous_response_id' });
    const stored = await apiError(s.openai.responses.create({ model, input: [{ type: 'item_reference', id: 'msg_earlier' }] }));
    expect(stored).toMatchObject({ status: 400, param: 'input[0].type' });
  });
  expect(upstreamRequests()).toBe(0);
}

describe.each(DATABASES)('POST /v1/responses on a Claude channel, converted (%s)', (kind) => {
  const MODEL = 'claude-sonnet-4-20250514';
  const KEY = 'sk-ant-upstream-resp-0123456789abcdefg';
  const REPLY = 'Hello from the fake Claude.';
  const ctx = relaySuite(kind, async (s) => {
    const A = await s.fake(new FakeAnthropic({ key: KEY, inputTokens: 21, toolInput: { city: 'Paris' } }));
    await setOptions(s.kit.root, { ModelRatio: { [MODEL]: 1.5 }, CompletionRatio: { [MODEL]: 5 } });
    const aId = await createChannel(s.kit.root, { name: 'claude', type: 14, key: KEY, base_url: A.url, models: MODEL });
    return { A, aId };
  });

  it('a whole answer with instructions: Claude gets them as its system prompt, the client a response object with Claude\'s usage, billed once', async () => {
    const { value: res, log } = await ctx.chargedCall(() => ctx.openai.responses.create({ model: MODEL, instructions: 'Be brief.', input: 'Say hello', max_output_tokens: 100, temperature: 0.5 }));
    expect(res).toMatchObject({ object: 'response', status: 'completed', model: MODEL, output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: REPLY }] }] });
    expect(res.id).toMatch(/^resp_/);
    expect(res.output_text).toBe(REPLY);
    expect(res.usage).toMatchObject({ input_tokens: 21, output_tokens: 5, total_tokens: 26 });
    expect(ctx.A.last().path).toBe('/v1/messages');
    expect(ctx.A.last().json).toEqual({ model: MODEL, max_tokens: 100, system: [{ type: 'text', text: 'Be brief.' }], messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello' }] }], temperature: 0.5 });
    // (21 + 5·5)·1.5 = 69
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, model_name: MODEL, channel: ctx.aId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ request_path: '/v1/responses', billing_source: 'usage' });
  });

  it('streamed (stream: true): the documented events in sequence, the completed response with Claude\'s usage, billed once', async () => {
    const { value: read, log } = await ctx.chargedCall(async () => readEvents(await ctx.openai.responses.create({ model: MODEL, input: 'Say hello', stream: true })));
    expect(read.text).toBe(REPLY);
    // The fake streams the reply word by word.
    expect(read.types).toEqual(textSequence(5));
    expect(read.events.map((e) => e.sequence_number)).toEqual(read.events.map((_, i) => i));
    const added = read.events[2];
    const delta = read.events[4];
    expect(added?.type === 'response.output_item.added' && delta?.type === 'response.output_text.delta' && delta.item_id === added.item.id && delta.output_index === 0).toBe(true);
    expect(read.final).toMatchObject({ status: 'completed', output: [{ type: 'message', content: [{ type: 'output_text', text: REPLY }] }], usage: { input_tokens: 21, output_tokens: 5, total_tokens: 26 } });
    expect(ctx.A.last().json).toMatchObject({ stream: true });
    expect(log).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, quota: 69, is_stream: true });
  });

  it('a function tool round trip with responses.stream(): the call as a function_call item, its output back to Claude as a tool_result', async () => {
    const stream = ctx.openai.responses.stream({ model: MODEL, input: 'Weather in Paris?', tools: [WEATHER] });
    const deltas: string[] = [];
    stream.on('response.function_call_arguments.delta', (e) => deltas.push(e.delta));
    const first = await stream.finalResponse();
    expect(first.status).toBe('completed');
    const call = first.output.find((o) => o.type === 'function_call');
    expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', call_id: expect.stringMatching(/^toolu_/), status: 'completed' });
    expect(JSON.parse(call?.type === 'function_call' ? call.arguments : '')).toEqual({ city: 'Paris' });
    expect(deltas.join('')).toBe(call?.type === 'function_call' ? call.arguments : null);
    expect(ctx.A.last().json).toMatchObject({ tools: [{ name: 'get_weather', description: 'Weather by city', input_schema: WEATHER_PARAMS }] });

    const second = await answerCall(ctx.openai, MODEL, first);
    expect(second.output_text).toBe('Tool result: 18C');
    const callId = call?.type === 'function_call' ? call.call_id : '';
    expect((ctx.A.last().json as { messages: unknown[] }).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: callId, name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: callId, content: [{ type: 'text', text: '18C' }] }] },
    ]);
    await relayIdle(ctx.kit);
  });

  it('an image input reaches Claude as a base64 image block', async () => {
    const res = await ctx.openai.responses.create({
      model: MODEL,
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'What is this?' }, { type: 'input_image', image_url: PNG_URL, detail: 'auto' }] }],
    });
    expect(res.output_text).toBe(REPLY);
    expect((ctx.A.last().json as { messages: unknown[] }).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1X1_BASE64 } }] },
    ]);
    await relayIdle(ctx.kit);
  });

  it('an upstream error reaches the client in OpenAI\'s shape as a typed APIError; nothing is charged', async () => {
    await ctx.notCharged(async () => {
      ctx.A.next({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'messages: roles must alternate' });
      const err = await apiError(ctx.openai.responses.create({ model: MODEL, input: 'x' }));
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ status: 400, error: { type: 'invalid_request_error', message: expect.stringContaining('roles must alternate') } });
    });
  });

  it('built-in tools and stored state are refused with a 400 naming the field, before Claude is called', async () => {
    await expectRefusals(ctx, MODEL, () => ctx.A.requests.length);
  });
});

describe.each(DATABASES)('POST /v1/responses on a Gemini channel, converted (%s)', (kind) => {
  const MODEL = 'gemini-2.5-flash';
  const KEY = 'AIzaUpstreamResp0123456789abcdefghijklmn';
  const REPLY = 'Hello from the fake Gemini.';
  const ctx = relaySuite(kind, async (s) => {
    const G = await s.fake(new FakeGemini({ key: KEY, promptTokens: 12, toolArgs: { city: 'Paris' } }));
    await setOptions(s.kit.root, { ModelRatio: { [MODEL]: 2 }, CompletionRatio: { [MODEL]: 4 } });
    const gId = await createChannel(s.kit.root, { name: 'gemini', type: 24, key: KEY, base_url: G.url, models: MODEL });
    return { G, gId };
  });

  it('a whole answer with instructions: Gemini gets them as its system instruction, the client a response object with Google\'s usage, billed once', async () => {
    const { value: res, log } = await ctx.chargedCall(() => ctx.openai.responses.create({ model: MODEL, instructions: 'Be brief.', input: 'Say hello', max_output_tokens: 50 }));
    expect(res).toMatchObject({ object: 'response', status: 'completed', output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: REPLY }] }] });
    expect(res.output_text).toBe(REPLY);
    expect(res.usage).toMatchObject({ input_tokens: 12, output_tokens: 5, total_tokens: 17 });
    const sent = ctx.G.last();
    expect(sent).toMatchObject({ action: 'generateContent', model: MODEL });
    expect(sent.json).toMatchObject({
      // The REST API's camelCase spelling of system_instruction.
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }],
      generationConfig: { maxOutputTokens: 50 },
    });
    // (12 + 5·4)·2 = 64
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, model_name: MODEL, channel: ctx.gId, is_stream: false });
    expect(otherOf(log)).toMatchObject({ request_path: '/v1/responses', billing_source: 'usage' });
  });

  it('streamed (stream: true): Google\'s chunks become the documented events; the completed response carries Google\'s final usage; billed once', async () => {
    const { value: read, log } = await ctx.chargedCall(async () => readEvents(await ctx.openai.responses.create({ model: MODEL, input: 'Say hello', stream: true })));
    expect(read.text).toBe(REPLY);
    expect(read.types).toEqual(textSequence(5));
    expect(read.events.map((e) => e.sequence_number)).toEqual(read.events.map((_, i) => i));
    expect(read.final).toMatchObject({ status: 'completed', usage: { input_tokens: 12, output_tokens: 5, total_tokens: 17 } });
    expect(ctx.G.last()).toMatchObject({ action: 'streamGenerateContent' });
    expect(ctx.G.last().query.get('alt')).toBe('sse');
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, quota: 64, is_stream: true });
  });

  it('responses.stream() and finalResponse(): the text and usage rebuilt by the SDK from the events', async () => {
    const stream = ctx.openai.responses.stream({ model: MODEL, input: 'Say hello' });
    let text = '';
    stream.on('response.output_text.delta', (e) => (text += e.delta));
    const final = await stream.finalResponse();
    expect(text).toBe(REPLY);
    expect(final.output_text).toBe(REPLY);
    expect(final.usage).toMatchObject({ input_tokens: 12, output_tokens: 5 });
    await relayIdle(ctx.kit);
  });

  it('a function tool round trip: the call as a function_call item, its output back to Gemini as a functionResponse named after the function', async () => {
    const first = await ctx.openai.responses.stream({ model: MODEL, input: 'Weather in Paris?', tools: [WEATHER] }).finalResponse();
    const call = first.output.find((o) => o.type === 'function_call');
    expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', status: 'completed' });
    expect(JSON.parse(call?.type === 'function_call' ? call.arguments : '')).toEqual({ city: 'Paris' });
    expect(ctx.G.last().json).toMatchObject({ tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather by city' }] }] });

    const second = await answerCall(ctx.openai, MODEL, first);
    expect(second.output_text).toBe('Tool result: 18C');
    expect((ctx.G.last().json as { contents: unknown[] }).contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { content: '18C' } } }] },
    ]);
    await relayIdle(ctx.kit);
  });

  it('an image input reaches Gemini as inline data', async () => {
    const res = await ctx.openai.responses.create({ model: MODEL, input: [{ role: 'user', content: [{ type: 'input_text', text: 'What is this?' }, { type: 'input_image', image_url: PNG_URL, detail: 'auto' }] }] });
    expect(res.output_text).toBe(REPLY);
    expect((ctx.G.last().json as { contents: unknown[] }).contents).toEqual([{ role: 'user', parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: PNG_1X1_BASE64 } }] }]);
    await relayIdle(ctx.kit);
  });

  it('an upstream 429 reaches the client in OpenAI\'s shape as a typed RateLimitError; nothing is charged', async () => {
    await ctx.notCharged(async () => {
      ctx.G.next({ kind: 'error', status: 429, grpcStatus: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' });
      const err = await apiError(ctx.openai.responses.create({ model: MODEL, input: 'x' }));
      expect(err).toBeInstanceOf(OpenAI.RateLimitError);
      expect(err).toMatchObject({ status: 429, error: { message: expect.stringContaining('Resource has been exhausted') } });
    });
  });

  it('built-in tools and stored state are refused with a 400 naming the field, before Gemini is called', async () => {
    await expectRefusals(ctx, MODEL, () => ctx.G.requests.length);
  });
});

describe.each(DATABASES)('POST /v1/responses on an OpenAI channel, passed through (%s)', (kind) => {
  const MODEL = 'gpt-4o-mini';
  const KEY = 'sk-upstream-resppass-0123456789abcdef';
  const REPLY = 'Hello from the fake upstream.';
  const ctx = relaySuite(kind, async (s) => {
    const upstream = await s.fake(new FakeOpenAI({ key: KEY, promptTokens: 9 }));
    await setOptions(s.kit.root, { ModelRatio: { [MODEL]: 1 }, CompletionRatio: { [MODEL]: 2 } });
    await createChannel(s.kit.root, { name: 'openai', key: KEY, base_url: upstream.url, models: MODEL });
    return { upstream };
  });

  it('the body reaches the channel as the client sent it, built-in tools and stored state included; the answer is the upstream\'s; billed once', async () => {
    const sent = {
      model: MODEL,
      input: 'hi',
      instructions: 'Be brief.',
      tools: [{ type: 'web_search' as const }],
      previous_response_id: 'resp_earlier',
      store: true,
      include: ['web_search_call.action.sources' as const],
    };
    const { value: res, log } = await ctx.chargedCall(() => ctx.openai.responses.create(sent));
    expect(res).toMatchObject({ id: 'resp_fake', output_text: REPLY, usage: { input_tokens: 9, output_tokens: 5 } });
    expect(ctx.upstream.last().operation).toBe('responses');
    expect(ctx.upstream.last().json).toEqual(sent);
    // (9 + 5·2)·1 = 19
    expect(log).toMatchObject({ prompt_tokens: 9, completion_tokens: 5, quota: 19, is_stream: false });
  });

  it('streamed: the upstream\'s own events, nothing added (no in_progress, no item events it did not send)', async () => {
    const { value: read, log } = await ctx.chargedCall(async () => readEvents(await ctx.openai.responses.create({ model: MODEL, input: 'hi', stream: true })));
    expect(read.text).toBe(REPLY);
    expect(read.types).toEqual(['response.created', ...Array.from({ length: 5 }, () => 'response.output_text.delta'), 'response.completed']);
    expect(read.final).toMatchObject({ id: 'resp_fake', usage: { input_tokens: 9, output_tokens: 5 } });
    expect(ctx.upstream.last().json).toEqual({ model: MODEL, input: 'hi', stream: true });
    expect(log).toMatchObject({ prompt_tokens: 9, completion_tokens: 5, quota: 19, is_stream: true });
  });
});
