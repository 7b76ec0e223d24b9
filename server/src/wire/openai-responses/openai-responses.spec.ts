import type { ChatStreamPart } from '../canonical/chat';
import type { JsonObject } from '../canonical/json';
import { reportedUsage } from '../canonical/usage';
import type { StreamEnd } from '../format';
import { encodeResponsesResponse, OpenAIEventStreamEncoder, openAIResponsesFormat, ResponsesEventEncoder, ResponsesStreamEncoder } from './openai-responses';
import { namedSseEvents } from '../../relay/adaptors/__fixtures__/replay';

const END: StreamEnd = { usage: reportedUsage({ promptTokens: 30, completionTokens: 6, cachedTokens: 10 }), finishReason: 'stop', estimate: { promptTokens: 99, completionTokens: 99 } };

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

  describe('stream encoder, converted (canonical parts to the documented events)', () => {
    const hello: ChatStreamPart[] = [
      { type: 'start', id: 'msg_9', model: 'claude-x' },
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'finish', reason: 'stop' },
    ];

    it('a response is one answer: another choice\'s parts change nothing', () => {
      const plain = namedSseEvents(new ResponsesStreamEncoder('public').parts(hello));
      const mixed = namedSseEvents(new ResponsesStreamEncoder('public').parts([...hello.slice(0, 2), { type: 'text', text: 'other', choice: 1 }, ...hello.slice(2), { type: 'finish', reason: 'length', choice: 1 }]));
      expect(mixed.map((e) => [e.event, e.data.delta])).toEqual(plain.map((e) => [e.event, e.data.delta]));
    });

    it('a text answer: created, in_progress, the message item with its part and deltas, done events, completed with the whole response and usage', () => {
      const enc = new ResponsesStreamEncoder('public');
      const out = namedSseEvents(enc.parts(hello) + enc.end(END));
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
        'response.completed',
      ]);
      expect(out.map((e) => e.data.sequence_number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(out[0]?.data.response).toMatchObject({ id: 'resp_msg_9', object: 'response', status: 'in_progress', model: 'claude-x', output: [], usage: null });
      expect(out[2]?.data).toEqual({ type: 'response.output_item.added', output_index: 0, item: { type: 'message', id: 'msg_msg_9', status: 'in_progress', role: 'assistant', content: [] }, sequence_number: 2 });
      expect(out[4]?.data).toEqual({ type: 'response.output_text.delta', item_id: 'msg_msg_9', output_index: 0, content_index: 0, delta: 'Hel', logprobs: [], sequence_number: 4 });
      expect(out[6]?.data).toMatchObject({ text: 'Hello' });
      expect(out[9]?.data.response).toEqual({
        id: 'resp_msg_9',
        object: 'response',
        created_at: expect.any(Number),
        status: 'completed',
        error: null,
        incomplete_details: null,
        model: 'claude-x',
        output: [{ type: 'message', id: 'msg_msg_9', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Hello', annotations: [] }] }],
        usage: { input_tokens: 30, input_tokens_details: { cached_tokens: 10 }, output_tokens: 6, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 36 },
      });
      // Nothing after the terminal event.
      expect(enc.end(END)).toBe('');
    });

    it('reasoning, text and two tool calls whose arguments interleave: one item each, in order; the calls close at the finish', () => {
      const enc = new ResponsesEventEncoder('m', 5);
      const parts: ChatStreamPart[] = [
        { type: 'start', id: 'a', model: '' },
        { type: 'reasoning', text: 'hmm' },
        { type: 'text', text: 'Checking.' },
        { type: 'tool_call_start', index: 0, id: 'call_1', name: 'f' },
        { type: 'tool_call_start', index: 1, id: 'call_2', name: 'g' },
        { type: 'tool_call_delta', index: 0, arguments: '{"a":1}' },
        { type: 'tool_call_delta', index: 1, arguments: '{}' },
        { type: 'text', text: 'More.' },
        { type: 'finish', reason: 'tool_calls' },
        { type: 'usage', usage: reportedUsage({ promptTokens: 3, completionTokens: 4, reasoningTokens: 1 }) },
        { type: 'end' },
      ];
      const out = parts.flatMap((p) => enc.encode(p));
      const added = out.filter((e) => e.event === 'response.output_item.added').map((e) => [e.data.output_index, (e.data.item as JsonObject).id]);
      expect(added).toEqual([
        [0, 'rs_a'],
        [1, 'msg_a'],
        [2, 'fc_call_1'],
        [3, 'fc_call_2'],
        [4, 'msg_a_1'],
      ]);
      expect(out.filter((e) => e.event === 'response.function_call_arguments.delta').map((e) => [e.data.output_index, e.data.delta])).toEqual([
        [2, '{"a":1}'],
        [3, '{}'],
      ]);
      expect(out.filter((e) => e.event === 'response.reasoning_summary_text.delta').map((e) => e.data)).toEqual([
        { type: 'response.reasoning_summary_text.delta', item_id: 'rs_a', output_index: 0, summary_index: 0, delta: 'hmm', sequence_number: 4 },
      ]);
      // The calls stay open past the second text item and close at the finish, in output order.
      expect(out.filter((e) => e.event === 'response.output_item.done').map((e) => e.data.output_index)).toEqual([0, 1, 2, 3, 4]);
      const last = out.at(-1);
      expect(last?.event).toBe('response.completed');
      expect((last?.data.response as JsonObject).output).toEqual([
        { type: 'reasoning', id: 'rs_a', summary: [{ type: 'summary_text', text: 'hmm' }] },
        { type: 'message', id: 'msg_a', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.', annotations: [] }] },
        { type: 'function_call', id: 'fc_call_1', call_id: 'call_1', name: 'f', arguments: '{"a":1}', status: 'completed' },
        { type: 'function_call', id: 'fc_call_2', call_id: 'call_2', name: 'g', arguments: '{}', status: 'completed' },
        { type: 'message', id: 'msg_a_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'More.', annotations: [] }] },
      ]);
      expect(out.map((e) => e.data.sequence_number)).toEqual(out.map((_, i) => i));
    });

    it('a length finish ends with response.incomplete; an upstream that closed without a finish part still gets the relay\'s finish and its estimate', () => {
      const enc = new ResponsesStreamEncoder('public');
      const body = enc.parts([{ type: 'start', id: 'x', model: '' }, { type: 'text', text: 'cut' }]);
      const tail = namedSseEvents(enc.end({ usage: null, finishReason: 'length', estimate: { promptTokens: 7, completionTokens: 2 } }));
      expect(namedSseEvents(body).at(-1)?.event).toBe('response.output_text.delta');
      expect(tail.map((e) => e.event)).toEqual(['response.output_text.done', 'response.content_part.done', 'response.output_item.done', 'response.incomplete']);
      expect(tail.at(-1)?.data.response).toMatchObject({
        status: 'incomplete',
        incomplete_details: { reason: 'max_output_tokens' },
        model: 'public',
        usage: { input_tokens: 7, output_tokens: 2, total_tokens: 9 },
      });
    });

    it('a failure after the start: the error event with its sequence number, then response.failed with what came so far', () => {
      const enc = openAIResponsesFormat.openStream(openAIResponsesFormat.parse({ model: 'm', input: 'x', stream: true }, undefined));
      const sent = namedSseEvents(enc.parts?.([{ type: 'start', id: 'r', model: '' }, { type: 'text', text: 'par' }]) ?? '');
      const out = namedSseEvents(enc.error({ status: 502, code: 'upstream_interrupted', type: 'upstream_error', message: 'cut (request id: q)', param: null }));
      expect(out).toEqual([
        { event: 'error', data: { type: 'error', code: 'upstream_interrupted', message: 'cut (request id: q)', param: null, sequence_number: sent.length } },
        {
          event: 'response.failed',
          data: {
            type: 'response.failed',
            response: expect.objectContaining({
              status: 'failed',
              error: { code: 'upstream_interrupted', message: 'cut (request id: q)' },
              output: [{ type: 'message', id: 'msg_r', status: 'incomplete', role: 'assistant', content: [{ type: 'output_text', text: 'par', annotations: [] }] }],
              usage: null,
            }),
            sequence_number: sent.length + 1,
          },
        },
      ]);
      expect(enc.end(END)).toBe('');
    });
  });
});
