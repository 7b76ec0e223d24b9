import { parseGeminiRequest } from '../canonical/parse-gemini';
import { reportedUsage } from '../canonical/usage';
import { chatFromGemini, encodeGeminiResponse, GeminiChunkEncoder, geminiUsageMetadata } from './gemini';

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
});
