import { parseGeminiRequest } from './parse';
import { reportedUsage } from '../canonical/usage';
import type { JsonObject } from '../canonical/json';
import { invalidValue } from '../canonical/fields';
import { renderRelayError } from '../../relay/edge/relay-errors';
import { chatFromGemini, encodeGeminiResponse, GeminiChunkEncoder, geminiErrorBody, geminiFormat, GeminiStreamEncoder, geminiUsageMetadata } from './gemini';
import { openAIChatBody } from '../openai-chat';

const BODY = {
  systemInstruction: { parts: [{ text: 'Be brief.' }] },
  contents: [
    { role: 'user', parts: [{ text: 'Weather?' }, { inlineData: { mimeType: 'image/png', data: 'iVBO' } }] },
    { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }, { functionCall: { name: 'get_weather', args: { city: 'Rome' } } }] },
    { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { content: '18C' } } }, { functionResponse: { name: 'get_weather', response: { temp: 25 } } }] },
  ],
  tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } } } }] }],
  toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
  generation_config: { max_output_tokens: 64, temperature: 0.5, stopSequences: ['END'], thinkingConfig: { thinkingBudget: 1024 }, candidateCount: 2 },
};

describe('Gemini inbound', () => {
  it('parses and bounds the request: path model, output bound times candidates, prompt pieces', () => {
    const req = parseGeminiRequest({ body: BODY, stream: true, sse: false }, undefined, 'gemini-x');
    expect(req).toMatchObject({ endpoint: 'gemini', model: 'gemini-x', stream: true, sse: false, maxOutputTokens: 128, toolCount: 1 });
    expect(req.messages[0]).toMatchObject({ role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] });
    expect(() => parseGeminiRequest({ body: { contents: [] }, stream: false, sse: false }, undefined, 'm')).toThrow();
    expect(() => parseGeminiRequest({ body: { contents: [{ parts: [{ text: 'x' }] }], generationConfig: { maxOutputTokens: 1e9 } }, stream: false, sse: false }, undefined, 'm')).toThrow();
  });

  it('converts to the canonical chat: system, images, calls answered by name in order, tools, choice and sampling', () => {
    const chat = chatFromGemini(parseGeminiRequest({ body: BODY, stream: false, sse: false }, undefined, 'm'), 'up');
    expect(chat.system).toEqual(['Be brief.']);
    expect(chat.turns).toEqual([
      { role: 'user', parts: [{ type: 'text', text: 'Weather?' }, { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBO' }, detail: null }] },
      {
        role: 'assistant',
        parts: [
          { type: 'tool_call', id: 'call_0_get_weather', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { type: 'tool_call', id: 'call_1_get_weather', name: 'get_weather', arguments: '{"city":"Rome"}' },
        ],
      },
      { role: 'tool', parts: [{ type: 'tool_result', toolCallId: 'call_0_get_weather', content: [{ type: 'text', text: '18C' }], isError: false }] },
      { role: 'tool', parts: [{ type: 'tool_result', toolCallId: 'call_1_get_weather', content: [{ type: 'text', text: '{"temp":25}' }], isError: false }] },
    ]);
    expect(chat.tools).toEqual([{ name: 'get_weather', description: null, parameters: { type: 'object', properties: { city: { type: 'string' } } } }]);
    expect(chat).toMatchObject({ model: 'up', toolChoice: { kind: 'tool', name: 'get_weather' }, maxOutputTokens: 64, temperature: 0.5, stop: ['END'], reasoning: { kind: 'budget', tokens: 1024 } });
    // candidateCount is the number of choices, OpenAI's n on a channel served through the chat body.
    expect(chat.choiceCount).toBe(2);
    expect(openAIChatBody(chat)).toMatchObject({ n: 2 });
    const one = chatFromGemini(parseGeminiRequest({ body: { contents: BODY.contents }, stream: false, sse: false }, undefined, 'm'), 'up');
    expect(one.choiceCount).toBe(1);
    expect(openAIChatBody(one)).not.toHaveProperty('n');
  });

  it("a JSON answer's schema: Gemini's OpenAPI types reach the canonical (and OpenAI's response_format) in JSON schema's lower case; responseJsonSchema as sent", () => {
    const ask = (generationConfig: JsonObject) => chatFromGemini(parseGeminiRequest({ body: { contents: BODY.contents, generationConfig }, stream: false, sse: false }, undefined, 'm'), 'up');
    const openApi = ask({ responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', properties: { cities: { type: 'ARRAY', items: { type: 'STRING' } } }, required: ['cities'] } });
    const schema = { type: 'object', properties: { cities: { type: 'array', items: { type: 'string' } } }, required: ['cities'] };
    expect(openApi.responseFormat).toEqual({ kind: 'json_schema', name: 'response', schema });
    expect(openAIChatBody(openApi)).toMatchObject({ response_format: { type: 'json_schema', json_schema: { name: 'response', schema } } });
    const jsonSchema = { type: 'object', properties: { Type: { type: 'string', enum: ['OBJECT'] } } };
    expect(ask({ responseMimeType: 'application/json', responseJsonSchema: jsonSchema }).responseFormat).toEqual({ kind: 'json_schema', name: 'response', schema: jsonSchema });
    expect(ask({ responseMimeType: 'application/json' }).responseFormat).toEqual({ kind: 'json_object' });
    expect(ask({ responseMimeType: 'text/plain' }).responseFormat).toBeNull();
  });

  it('usage: candidates exclude the thoughts, cached content is reported', () => {
    expect(geminiUsageMetadata(reportedUsage({ promptTokens: 10, completionTokens: 30, reasoningTokens: 20, cachedTokens: 4 }))).toEqual({
      promptTokenCount: 10,
      candidatesTokenCount: 10,
      totalTokenCount: 40,
      thoughtsTokenCount: 20,
      cachedContentTokenCount: 4,
    });
  });

  it('encodes a whole answer with thoughts, a call, the finish reason and usage', () => {
    const out = encodeGeminiResponse(
      {
        id: 'r1',
        model: 'x',
        parts: [
          { type: 'reasoning', text: 'hmm', signature: null },
          { type: 'text', text: 'Hi' },
          { type: 'tool_call', id: 'c1', name: 'f', arguments: '{"a":1}' },
        ],
        finishReason: 'length',
        usage: reportedUsage({ promptTokens: 3, completionTokens: 4 }),
      },
      'public',
    );
    expect(out).toEqual({
      candidates: [{ content: { parts: [{ text: 'hmm', thought: true }, { text: 'Hi' }, { functionCall: { id: 'c1', name: 'f', args: { a: 1 } } }], role: 'model' }, index: 0, finishReason: 'MAX_TOKENS' }],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 4, totalTokenCount: 7 },
      modelVersion: 'public',
      responseId: 'r1',
    });
  });

  it('streams: a chunk per text piece, a call whole at the end with the finish reason and usage', () => {
    const e = new GeminiChunkEncoder('m');
    const out = [
      ...e.encode({ type: 'start', id: 'r', model: 'x' }),
      ...e.encode({ type: 'text', text: 'Hel' }),
      ...e.encode({ type: 'text', text: 'lo' }),
      ...e.encode({ type: 'tool_call_start', index: 0, id: 'c', name: 'f' }),
      ...e.encode({ type: 'tool_call_delta', index: 0, arguments: '{"a"' }),
      ...e.encode({ type: 'tool_call_delta', index: 0, arguments: ':2}' }),
      ...e.encode({ type: 'finish', reason: 'tool_calls' }),
      ...e.encode({ type: 'usage', usage: reportedUsage({ promptTokens: 1, completionTokens: 2 }) }),
      ...e.encode({ type: 'end' }),
    ];
    expect(out).toHaveLength(3);
    expect(out[0]).toMatchObject({ candidates: [{ content: { parts: [{ text: 'Hel' }] } }], responseId: 'r', modelVersion: 'm' });
    expect(out[2]).toEqual({
      candidates: [{ content: { parts: [{ functionCall: { id: 'c', name: 'f', args: { a: 2 } } }], role: 'model' }, index: 0, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 2, totalTokenCount: 3 },
      modelVersion: 'm',
      responseId: 'r',
    });
  });

  it('several choices: a candidate each with its index, whole and streamed (every candidate\'s finish and calls in the last chunk)', () => {
    const whole = encodeGeminiResponse(
      {
        id: 'r1',
        model: 'x',
        parts: [{ type: 'text', text: 'A' }],
        finishReason: 'stop',
        moreChoices: [{ index: 1, parts: [{ type: 'text', text: 'B' }], finishReason: 'length' }],
        usage: reportedUsage({ promptTokens: 3, completionTokens: 4 }),
      },
      'public',
    );
    expect(whole.candidates).toEqual([
      { content: { parts: [{ text: 'A' }], role: 'model' }, index: 0, finishReason: 'STOP' },
      { content: { parts: [{ text: 'B' }], role: 'model' }, index: 1, finishReason: 'MAX_TOKENS' },
    ]);

    const e = new GeminiChunkEncoder('m');
    const out = [
      ...e.encode({ type: 'start', id: 'r', model: 'x' }),
      ...e.encode({ type: 'text', text: 'A' }),
      ...e.encode({ type: 'text', text: 'B', choice: 1 }),
      ...e.encode({ type: 'tool_call_start', index: 0, id: 'c', name: 'f', choice: 1 }),
      ...e.encode({ type: 'tool_call_delta', index: 0, arguments: '{}', choice: 1 }),
      ...e.encode({ type: 'finish', reason: 'stop' }),
      ...e.encode({ type: 'finish', reason: 'tool_calls', choice: 1 }),
      ...e.encode({ type: 'usage', usage: reportedUsage({ promptTokens: 1, completionTokens: 2 }) }),
      ...e.encode({ type: 'end' }),
    ];
    expect(out.map((c) => c.candidates)).toEqual([
      [{ content: { parts: [{ text: 'A' }], role: 'model' }, index: 0 }],
      [{ content: { parts: [{ text: 'B' }], role: 'model' }, index: 1 }],
      [
        { content: { parts: [], role: 'model' }, index: 0, finishReason: 'STOP' },
        { content: { parts: [{ functionCall: { id: 'c', name: 'f', args: {} } }], role: 'model' }, index: 1, finishReason: 'STOP' },
      ],
    ]);
    expect(out[2]?.usageMetadata).toEqual({ promptTokenCount: 1, candidatesTokenCount: 2, totalTokenCount: 3 });
    expect(out[0]).not.toHaveProperty('usageMetadata');
  });

  it('errors as Google\'s {error:{code, message, status}}, the code as an ErrorInfo reason', () => {
    expect(geminiFormat.errorResponse({ status: 429, code: 'rate_limit_exceeded', type: 'requests', message: 'slow (request id: r)', param: null })).toEqual({
      status: 429,
      body: {
        error: {
          code: 429,
          message: 'slow (request id: r)',
          status: 'RESOURCE_EXHAUSTED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'rate_limit_exceeded', domain: 'sluice' }],
        },
      },
    });
    expect(geminiErrorBody({ status: 401, code: null, type: 'authentication_error', message: 'no key', param: null })).toEqual({ error: { code: 401, message: 'no key', status: 'UNAUTHENTICATED' } });
  });

  it('a refused field is named as the Gemini client sent it, in the message and in a BadRequest field violation', () => {
    // The Claude family refuses the canonical `n` that the conversion filled from candidateCount.
    const r = renderRelayError(invalidValue('n', '1 on this channel type'), 'en', 'r1', geminiFormat.fieldNames);
    expect(r.error.param).toBe('generationConfig.candidateCount');
    expect(r.error.message).toBe('invalid value for parameter generationConfig.candidateCount; allowed: 1 on this channel type (request id: r1)');
    expect(geminiFormat.errorResponse(r.error).body).toEqual({
      error: {
        code: 400,
        message: r.error.message,
        status: 'INVALID_ARGUMENT',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'invalid_value', domain: 'sluice' },
          { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'generationConfig.candidateCount', description: r.error.message }] },
        ],
      },
    });
    // A field the Gemini request names itself, and every other format, keep the name as thrown.
    expect(renderRelayError(invalidValue('contents', 'x'), 'en', 'r1', geminiFormat.fieldNames).error.param).toBe('contents');
    expect(renderRelayError(invalidValue('n', 'x'), 'en', 'r1').error.param).toBe('n');
  });

  describe('stream encoder', () => {
    const text = '{"candidates": [{"content": {"parts": [{"text": "Hi"}], "role": "model"}, "index": 0}]}';
    const data = JSON.parse(text) as JsonObject;
    const ev = { event: null, data: text, id: null };
    const end = { usage: reportedUsage({ promptTokens: 4, completionTokens: 2 }), finishReason: 'tool_calls' as const, estimate: { promptTokens: 9, completionTokens: 9 } };
    const sseReq = parseGeminiRequest({ body: BODY, stream: true, sse: true }, undefined, 'gemini-x');
    const arrayReq = parseGeminiRequest({ body: BODY, stream: true, sse: false }, undefined, 'gemini-x');

    it('alt=sse: Google\'s chunks go out as Google wrote them, nothing at the end', () => {
      const enc = geminiFormat.openStream(sseReq);
      expect(enc.headers['Content-Type']).toBe('text/event-stream');
      expect(enc.forward({ data }, ev)).toBe(`data: ${text}\n\n`);
      expect(enc.end(end)).toBe('');
    });

    it('without alt=sse: one JSON array of the chunks as written, closed at the end', () => {
      const enc = geminiFormat.openStream(arrayReq);
      expect(enc.headers['Content-Type']).toMatch(/^application\/json/);
      const body = enc.forward({ data }, ev) + enc.forward({ data }, ev) + enc.end(end);
      expect(body).toBe(`[${text},\r\n${text}\r\n]`);
      expect(JSON.parse(body)).toEqual([data, data]);
    });

    it('canonical parts: a chunk per text piece; the end writes the last chunk (whole calls, finish reason, final usage)', () => {
      const enc = new GeminiStreamEncoder('gemini-x', false);
      const head = enc.parts!([
        { type: 'start', id: 'r', model: 'x' },
        { type: 'text', text: 'Hi' },
        { type: 'tool_call_start', index: 0, id: 'c', name: 'f' },
        { type: 'tool_call_delta', index: 0, arguments: '{"a":1}' },
        { type: 'finish', reason: 'tool_calls' },
        { type: 'end' },
      ]);
      const all = JSON.parse(head + enc.end(end)) as JsonObject[];
      expect(all).toHaveLength(2);
      expect(all[1]).toEqual({
        candidates: [{ content: { parts: [{ functionCall: { id: 'c', name: 'f', args: { a: 1 } } }], role: 'model' }, index: 0, finishReason: 'STOP' }],
        usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 2, totalTokenCount: 6 },
        modelVersion: 'gemini-x',
        responseId: 'r',
      });
    });

    it('a failure after the start is Google\'s error object as the last element (the array still parses)', () => {
      const enc = new GeminiStreamEncoder('gemini-x', false);
      const body = enc.forward({ data }, ev) + enc.error({ status: 502, code: 'upstream_interrupted', type: 'upstream_error', message: 'cut (request id: r)', param: null });
      expect(JSON.parse(body)).toEqual([
        data,
        { error: { code: 500, message: 'cut (request id: r)', status: 'INTERNAL', details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'upstream_interrupted', domain: 'sluice' }] } },
      ]);
      const sse = new GeminiStreamEncoder('gemini-x', true);
      expect(sse.error({ status: 504, code: null, type: 'upstream_error', message: 'slow', param: null })).toBe(`data: ${JSON.stringify({ error: { code: 500, message: 'slow', status: 'INTERNAL' } })}\n\n`);
    });
  });
});
