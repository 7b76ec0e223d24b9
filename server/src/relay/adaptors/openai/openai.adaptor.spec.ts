import { parseChatRequest, parseCompletionRequest, parseResponsesRequest } from '../../../wire/openai-chat/parse';
import { parseEmbeddingRequest, parseModerationRequest, parseRerankRequest, parseSpeechRequest } from '../../../wire/openai-media/parse-misc';
import { parseImageEditRequest, parseImageGenerationRequest, parseTranscriptionRequest } from '../../../wire/openai-media/parse-media';
import type { JsonObject } from '../../../wire/canonical/json';
import { ClientUsageFilter } from '../../../wire/framing/sse/stream-usage';
import { context, describeRequest, fixtureJson, fixtureText, replayStream, response } from '../__fixtures__/replay';
import type { StreamStep } from '../../../wire/canonical/response';
import { openaiAdaptor } from './openai.adaptor';

const ctx = context(1, { organization: 'org-test' });
const chat = (body: unknown) => parseChatRequest(body);

function forwarded(steps: StreamStep[], wantsUsage: boolean): JsonObject[] {
  const filter = new ClientUsageFilter(wantsUsage);
  return steps.flatMap((s) => (s.forward ? [filter.filter(s.forward.data)].filter((c): c is JsonObject => c !== null) : []));
}

describe('OpenAI adaptor (type 1)', () => {
  it('builds the recorded upstream request: key and organization from the channel, usage asked, client routing keys gone', () => {
    const req = chat(fixtureJson(__dirname, 'chat-request.json'));
    const built = openaiAdaptor.buildTextRequest(req, ctx);
    expect(describeRequest(built)).toEqual(fixtureJson(__dirname, 'chat-upstream-request.json'));
    expect(built.expect).toBe('sse');
  });

  it('sends no organization header when the channel has none, and the mapped model name', () => {
    const req = chat({ model: 'my-alias', messages: [{ role: 'user', content: 'hi' }] });
    const built = openaiAdaptor.buildTextRequest(req, context(1, { upstreamModel: 'gpt-4o' }));
    expect(built.headers).not.toHaveProperty('OpenAI-Organization');
    expect(JSON.parse(built.body as string)).toEqual({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(built.expect).toBe('json');
    expect(req.model).toBe('my-alias');
  });

  it('uses a base URL that already ends in /v1 without doubling it', () => {
    const req = chat({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(openaiAdaptor.buildTextRequest(req, context(1, { baseUrl: 'https://proxy.example/v1/' })).url).toBe('https://proxy.example/v1/chat/completions');
    expect(openaiAdaptor.buildTextRequest(req, context(1, { baseUrl: 'https://proxy.example' })).url).toBe('https://proxy.example/v1/chat/completions');
  });

  it('applies the model quirk table: reasoning models get max_completion_tokens and lose sampling params', () => {
    const req = chat({ model: 'o1', messages: [{ role: 'system', content: 's' }], max_tokens: 100, temperature: 0.2, top_p: 0.5 });
    const body = JSON.parse(openaiAdaptor.buildTextRequest(req, context(1, { upstreamModel: 'o1-2024-12-17' })).body as string);
    expect(body).toEqual({ model: 'o1-2024-12-17', messages: [{ role: 'system', content: 's' }], max_completion_tokens: 100 });
    const mini = JSON.parse(openaiAdaptor.buildTextRequest(req, context(1, { upstreamModel: 'o1-mini' })).body as string);
    expect(mini.messages).toEqual([{ role: 'user', content: 's' }]);
    const plain = JSON.parse(openaiAdaptor.buildTextRequest(req, context(1, { upstreamModel: 'gpt-4o' })).body as string);
    expect(plain).toMatchObject({ max_tokens: 100, temperature: 0.2, top_p: 0.5 });
  });

  it('reads usage, text and finish reason from the documented chat response', () => {
    const req = chat({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'Hello!' }] });
    const text = fixtureText(__dirname, 'chat-response.json');
    const parsed = openaiAdaptor.parseTextResponse(req, response(text), ctx);
    expect(parsed).toEqual({
      ok: true,
      clientBody: text,
      usage: { promptTokens: 19, completionTokens: 10, cachedTokens: 0, cacheCreationTokens: null, cacheCreation1hTokens: null, imageTokens: null, audioTokens: 0, audioCompletionTokens: 0, reasoningTokens: 0 },
      finishReason: 'stop',
      outputText: 'Hello! How can I assist you today?',
      toolCalls: 0,
    });
  });

  it('counts tool calls and their arguments as output', () => {
    const req = chat({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'weather?' }] });
    const parsed = openaiAdaptor.parseTextResponse(req, response(fixtureText(__dirname, 'chat-tools-response.json')), ctx);
    if (!parsed.ok) throw new Error('expected ok');
    expect(parsed.toolCalls).toBe(1);
    expect(parsed.finishReason).toBe('tool_calls');
    expect(parsed.outputText).toBe('get_current_weather{\n"location": "Boston, MA"\n}');
    expect(parsed.usage?.promptTokens).toBe(82);
  });

  it('replays the documented stream: usage from the extra chunk, which a client that did not ask never sees', () => {
    const req = chat({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello!' }], stream: true });
    const steps = replayStream(fixtureText(__dirname, 'chat-stream.sse'), (e) => openaiAdaptor.parseTextStreamEvent(req, e, ctx));
    expect(steps.map((s) => s.text).join('')).toBe('Hello! How can I assist you today?');
    expect(steps.find((s) => s.usage)?.usage).toMatchObject({ promptTokens: 19, completionTokens: 10, cachedTokens: 0, reasoningTokens: 0 });
    expect(steps.map((s) => s.finishReason).filter(Boolean)).toEqual(['stop']);
    expect(steps.at(-1)?.done).toBe(true);
    expect(steps.some((s) => s.malformed || s.error)).toBe(false);

    const hidden = forwarded(steps, false);
    expect(hidden).toHaveLength(5);
    expect(hidden.every((c) => !('usage' in c))).toBe(true);
    const shown = forwarded(steps, true);
    expect(shown).toHaveLength(6);
    expect(shown.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: 29 } });
  });

  it('counts a streamed tool call once and its argument text', () => {
    const req = chat({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'weather?' }], stream: true });
    const steps = replayStream(fixtureText(__dirname, 'chat-stream-tools.sse'), (e) => openaiAdaptor.parseTextStreamEvent(req, e, ctx));
    expect(steps.reduce((n, s) => n + s.toolCalls, 0)).toBe(1);
    expect(steps.map((s) => s.text).join('')).toBe('get_current_weather{"location": "Boston, MA"}');
    expect(steps.find((s) => s.finishReason)?.finishReason).toBe('tool_calls');
  });

  it('flags garbage stream data and error objects inside a 200 stream', () => {
    const req = chat({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], stream: true });
    expect(openaiAdaptor.parseTextStreamEvent(req, { event: null, id: null, data: '{"choices": [' }, ctx)).toMatchObject({ malformed: true, forward: null });
    const err = openaiAdaptor.parseTextStreamEvent(req, { event: null, id: null, data: fixtureText(__dirname, 'error-429-rate.json') }, ctx);
    expect(err.error).toMatchObject({ class: 'server', code: 'rate_limit_exceeded' });
    expect(err.done).toBe(true);
  });

  it('parses legacy completions', () => {
    const req = parseCompletionRequest({ model: 'gpt-3.5-turbo-instruct', prompt: 'Say this is a test', max_tokens: 7 });
    expect(openaiAdaptor.buildTextRequest(req, ctx).url).toBe('https://api.openai.com/v1/completions');
    const parsed = openaiAdaptor.parseTextResponse(req, response(fixtureText(__dirname, 'completion-response.json')), ctx);
    expect(parsed).toMatchObject({ ok: true, usage: { promptTokens: 5, completionTokens: 7 }, outputText: '\n\nThis is indeed a test', finishReason: 'length' });
  });

  it('serves embeddings, moderations and models', () => {
    const emb = parseEmbeddingRequest({ model: 'text-embedding-ada-002', input: 'The food was delicious and the waiter...' });
    const built = openaiAdaptor.embeddings?.buildRequest(emb, context(1, { upstreamModel: 'text-embedding-ada-002' }));
    expect(built?.url).toBe('https://api.openai.com/v1/embeddings');
    expect(openaiAdaptor.embeddings?.parseResponse(emb, response(fixtureText(__dirname, 'embeddings-response.json')), ctx)).toMatchObject({
      ok: true,
      usage: { promptTokens: 8, completionTokens: 0 },
    });
    const mod = parseModerationRequest({ input: 'I want to kill them.' });
    expect(JSON.parse(openaiAdaptor.moderations?.buildRequest(mod, context(1, { upstreamModel: mod.model })).body as string)).toEqual({
      input: 'I want to kill them.',
      model: 'text-moderation-latest',
    });
    expect(openaiAdaptor.moderations?.parseResponse(mod, response(fixtureText(__dirname, 'moderation-response.json')), ctx)).toMatchObject({ ok: true, usage: null });
    const list = openaiAdaptor.models?.buildListRequest(ctx);
    expect(list).toMatchObject({ method: 'GET', url: 'https://api.openai.com/v1/models', body: null });
    expect(openaiAdaptor.models?.parseList(response(fixtureText(__dirname, 'models-response.json')), ctx)).toEqual(['model-id-0', 'model-id-1', 'model-id-2']);
    // /v1/rerank is forwarded as it is (issue 15): OpenAI-compatible hosts (vLLM, LocalAI, proxies) serve it.
    const rr = openaiAdaptor.rerank?.buildRequest(parseRerankRequest({ model: 'gpt-4o-mini', query: 'q', documents: ['a', 'b'], top_n: 1 }), ctx);
    expect(rr).toMatchObject({ method: 'POST', url: 'https://api.openai.com/v1/rerank', expect: 'json' });
    expect(JSON.parse(String(rr?.body))).toEqual({ model: ctx.upstreamModel, query: 'q', documents: ['a', 'b'], top_n: 1 });
  });

  it('serves images: generation JSON, edits as multipart with the mapped model, usage with image tokens', () => {
    const gen = parseImageGenerationRequest({ model: 'gpt-image-1', prompt: 'A cute baby sea otter', n: 2, size: '1024x1024' });
    expect(openaiAdaptor.images?.buildGenerationRequest(gen, context(1, { upstreamModel: 'gpt-image-1' })).url).toBe('https://api.openai.com/v1/images/generations');
    expect(openaiAdaptor.images?.parseResponse(gen, response(fixtureText(__dirname, 'images-response.json')), ctx)).toMatchObject({
      ok: true,
      usage: { promptTokens: 50, completionTokens: 50, imageTokens: 40 },
    });
    const edit = parseImageEditRequest({
      fields: [
        { name: 'model', value: 'alias' },
        { name: 'prompt', value: 'add a hat' },
        { name: 'api_key', value: 'sk-attacker' },
      ],
      files: [{ name: 'image', filename: 'otter.png', contentType: 'image/png', data: new Uint8Array([1, 2, 3]) }],
    });
    const built = openaiAdaptor.images?.buildEditRequest?.(edit, context(1, { upstreamModel: 'gpt-image-1' }), 'BOUNDARY');
    expect(built?.url).toBe('https://api.openai.com/v1/images/edits');
    expect(built?.headers['Content-Type']).toBe('multipart/form-data; boundary=BOUNDARY');
    const text = Buffer.from(built?.body as Uint8Array).toString('latin1');
    expect(text).toContain('name="prompt"\r\n\r\nadd a hat\r\n');
    expect(text).toContain('name="model"\r\n\r\ngpt-image-1\r\n');
    expect(text).not.toContain('alias');
    expect(text).not.toContain('sk-attacker');
    expect(text).toContain('filename="otter.png"\r\nContent-Type: image/png\r\n\r\n\u0001\u0002\u0003\r\n--BOUNDARY--\r\n');
  });

  it('serves audio: speech billed by characters, transcriptions by tokens or duration', () => {
    const speech = parseSpeechRequest({ model: 'tts-1', input: '你好, world', voice: 'alloy' });
    const built = openaiAdaptor.audio?.buildSpeechRequest(speech, context(1, { upstreamModel: 'tts-1' }));
    expect(built).toMatchObject({ url: 'https://api.openai.com/v1/audio/speech', expect: 'binary' });
    expect(openaiAdaptor.audio?.parseSpeechResponse(speech, response(''), ctx)).toMatchObject({ ok: true, usage: { promptTokens: 9, completionTokens: 0 } });

    const file = { name: 'file', filename: 'a.mp3', contentType: 'audio/mpeg', data: new Uint8Array(8000) };
    const json = parseTranscriptionRequest('audio_transcription', { fields: [{ name: 'model', value: 'gpt-4o-transcribe' }], files: [file] });
    expect(openaiAdaptor.audio?.buildTranscriptionRequest(json, ctx, 'B')).toMatchObject({ url: 'https://api.openai.com/v1/audio/transcriptions', expect: 'json' });
    expect(openaiAdaptor.audio?.parseTranscriptionResponse(json, response(fixtureText(__dirname, 'transcription-response.json')), ctx)).toMatchObject({
      ok: true,
      usage: { promptTokens: 14, completionTokens: 45 },
    });
    const verbose = parseTranscriptionRequest('audio_translation', { fields: [{ name: 'response_format', value: 'verbose_json' }], files: [file] });
    expect(openaiAdaptor.audio?.buildTranscriptionRequest(verbose, ctx, 'B').url).toBe('https://api.openai.com/v1/audio/translations');
    // 9 seconds: ceil(9) / 60 × 1000 = 150 tokens.
    expect(openaiAdaptor.audio?.parseTranscriptionResponse(verbose, response(fixtureText(__dirname, 'transcription-verbose-response.json')), ctx)).toMatchObject({
      ok: true,
      usage: { promptTokens: 150, completionTokens: 0 },
    });
    const srt = parseTranscriptionRequest('audio_transcription', { fields: [{ name: 'response_format', value: 'srt' }], files: [file] });
    expect(openaiAdaptor.audio?.buildTranscriptionRequest(srt, ctx, 'B').expect).toBe('text');
    expect(openaiAdaptor.audio?.parseTranscriptionResponse(srt, response('1\n00:00:00,000 --> 00:00:01,000\nhi\n'), ctx)).toMatchObject({ ok: true, usage: null });
    // whisper is billed by duration alone: its transcript is no billable output (the estimate
    // counts none); a token-billed model that reports no usage pays for its transcript.
    expect(srt.model).toBe('whisper-1');
    expect(openaiAdaptor.audio?.parseTranscriptionResponse(srt, response('hello there'), ctx)).toMatchObject({ outputText: '' });
    expect(openaiAdaptor.audio?.parseTranscriptionResponse(verbose, response(fixtureText(__dirname, 'transcription-verbose-response.json')), ctx)).toMatchObject({
      outputText: '',
    });
    const tokenText = parseTranscriptionRequest('audio_transcription', { fields: [{ name: 'model', value: 'gpt-4o-transcribe' }, { name: 'response_format', value: 'text' }], files: [file] });
    expect(openaiAdaptor.audio?.parseTranscriptionResponse(tokenText, response('hello there'), ctx)).toMatchObject({ usage: null, outputText: 'hello there' });
  });

  it('serves the Responses API, non-stream and stream', () => {
    const req = parseResponsesRequest({ model: 'gpt-4.1', input: 'Tell me a three sentence bedtime story about a unicorn.' });
    expect(openaiAdaptor.responses?.buildRequest(req, ctx).url).toBe('https://api.openai.com/v1/responses');
    const parsed = openaiAdaptor.responses?.parseResponse(req, response(fixtureText(__dirname, 'responses-response.json')), ctx);
    expect(parsed).toMatchObject({ ok: true, usage: { promptTokens: 36, completionTokens: 87, cachedTokens: 0, reasoningTokens: 0 }, finishReason: 'stop' });
    if (!parsed?.ok) throw new Error('expected ok');
    expect(parsed.outputText.startsWith('In a peaceful grove')).toBe(true);

    const sreq = parseResponsesRequest({ model: 'gpt-4.1', input: 'Hello!', stream: true });
    const cap = openaiAdaptor.responses;
    if (!cap) throw new Error('missing');
    const steps = replayStream(fixtureText(__dirname, 'responses-stream.sse'), (e) => cap.parseStreamEvent(sreq, e, ctx));
    expect(steps).toHaveLength(10);
    expect(steps.map((s) => s.text).join('')).toBe('Hi there! How can I assist you today?');
    expect(steps.at(-1)).toMatchObject({ done: true, finishReason: 'stop', usage: { promptTokens: 37, completionTokens: 11 } });
    expect(steps.every((s) => s.forward?.event === s.forward?.data.type)).toBe(true);
  });

  it('maps documented errors to classes, scrubs the echoed key, and retries only 5xx and 429', () => {
    const auth = openaiAdaptor.mapError({ status: 401, text: fixtureText(__dirname, 'error-401.json') }, ctx);
    expect(auth).toMatchObject({ class: 'auth', disableChannel: true, retryable: false, status: 401, code: 'invalid_api_key' });
    expect(auth.message).not.toContain(ctx.key);
    expect(auth.message).toContain('Incorrect API key provided');

    const quota = openaiAdaptor.mapError({ status: 429, text: fixtureText(__dirname, 'error-429-quota.json') }, ctx);
    expect(quota).toMatchObject({ class: 'billing', disableChannel: true, retryable: true });
    const rate = openaiAdaptor.mapError({ status: 429, text: fixtureText(__dirname, 'error-429-rate.json'), headers: { 'retry-after': '2' } }, ctx);
    expect(rate).toMatchObject({ class: 'rate_limit', disableChannel: false, retryable: true, retryAfterSeconds: 2 });
    expect(openaiAdaptor.mapError({ status: 400, text: fixtureText(__dirname, 'error-400.json') }, ctx)).toMatchObject({
      class: 'bad_request',
      retryable: false,
      code: 'unsupported_parameter',
    });
    expect(openaiAdaptor.mapError({ status: 502, text: '<html><body>Bad gateway</body></html>' }, ctx)).toMatchObject({
      class: 'server',
      retryable: true,
      message: 'upstream returned HTTP 502',
    });
    expect(openaiAdaptor.mapError({ status: 504, text: '' }, ctx)).toMatchObject({ class: 'timeout', retryable: true });
  });

  it('treats an error object in a 200 body, and a body that is not JSON, as failures', () => {
    const req = chat({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] });
    expect(openaiAdaptor.parseTextResponse(req, response(fixtureText(__dirname, 'error-429-quota.json')), ctx)).toMatchObject({
      ok: false,
      failure: { class: 'billing', disableChannel: true },
    });
    expect(openaiAdaptor.parseTextResponse(req, response('not json'), ctx)).toMatchObject({ ok: false, failure: { class: 'server', status: 502 } });
  });
});
