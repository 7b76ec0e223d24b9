import { reportedUsage } from '../canonical/usage';
import { encodeResponsesResponse, OpenAIEventStreamEncoder, openAIResponsesFormat } from './openai-responses';

describe('OpenAI Responses inbound format', () => {
  it('parses through the canonical parser; errors in the OpenAI shape', () => {
    expect(openAIResponsesFormat.parse({ model: 'gpt-x', input: 'hi', stream: true }, undefined)).toMatchObject({ endpoint: 'responses', model: 'gpt-x', stream: true });
    expect(openAIResponsesFormat.errorResponse({ status: 429, code: 'rate_limit_exceeded', type: 'requests', message: 'slow', param: null })).toEqual({
      status: 429,
      body: { error: { message: 'slow', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
    });
  });

  it('encodes an answer as a response object: reasoning, message, function calls, usage, incomplete on length', () => {
    const res = {
      id: 'resp_1',
      model: 'm',
      parts: [
        { type: 'reasoning' as const, text: 'thinking', signature: null },
        { type: 'text' as const, text: 'Hello' },
        { type: 'tool_call' as const, id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      ],
      finishReason: 'length' as const,
      usage: reportedUsage({ promptTokens: 10, completionTokens: 4, cachedTokens: 2, reasoningTokens: 1 }),
    };
    expect(encodeResponsesResponse(res, 9)).toEqual({
      id: 'resp_1',
      object: 'response',
      created_at: 9,
      status: 'incomplete',
      error: null,
      incomplete_details: { reason: 'max_output_tokens' },
      model: 'm',
      output: [
        { type: 'reasoning', id: 'rs_resp_1', summary: [{ type: 'summary_text', text: 'thinking' }] },
        { type: 'message', id: 'msg_resp_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Hello', annotations: [] }] },
        { type: 'function_call', id: 'fc_call_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
      ],
      usage: { input_tokens: 10, input_tokens_details: { cached_tokens: 2 }, output_tokens: 4, output_tokens_details: { reasoning_tokens: 1 }, total_tokens: 14 },
    });
  });

  describe('event stream encoder', () => {
    const text = '{"type":"response.output_text.delta", "delta":"Hi"}';
    const data = JSON.parse(text) as Record<string, never>;

    it('events go out as the upstream wrote them, with their names', () => {
      const enc = new OpenAIEventStreamEncoder();
      expect(enc.forward({ event: 'response.output_text.delta', data }, { event: 'response.output_text.delta', data: text, id: null })).toBe(`event: response.output_text.delta\ndata: ${text}\n\n`);
      // Named by its type when the upstream sent no event line.
      expect(enc.forward({ event: 'response.output_text.delta', data }, { event: null, data: text, id: null })).toBe(`event: response.output_text.delta\ndata: ${JSON.stringify(data)}\n\n`);
    });

    it('nothing after the terminal event; a failure after the start is the documented error event', () => {
      const enc = openAIResponsesFormat.openStream(openAIResponsesFormat.parse({ model: 'm', input: 'x', stream: true }, undefined));
      expect(enc.end({ usage: null, finishReason: 'stop', estimate: { promptTokens: 1, completionTokens: 1 } })).toBe('');
      expect(enc.error({ status: 504, code: 'upstream_timeout', type: 'upstream_error', message: 'stalled (request id: r)', param: null })).toBe(
        `event: error\ndata: ${JSON.stringify({ type: 'error', code: 'upstream_timeout', message: 'stalled (request id: r)', param: null })}\n\n`,
      );
    });
  });
});
