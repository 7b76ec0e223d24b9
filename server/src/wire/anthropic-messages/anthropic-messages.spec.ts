import type { JsonObject } from '../canonical/json';
import { reportedUsage } from '../canonical/usage';
import type { SseEvent } from '../framing/sse/sse-parser';
import { anthropicErrorBody, anthropicMessagesFormat, AnthropicStreamEncoder } from './anthropic-messages';
import type { StreamEnd } from '../format';
import { namedSseEvents } from '../../relay/adaptors/__fixtures__/replay';

/** A Claude event as the upstream wrote it, and the chunk the passthrough forwards. */
function claude(type: string, fields: JsonObject = {}): { chunk: { event: string; data: JsonObject }; ev: SseEvent } {
  const text = JSON.stringify({ type, ...fields }).replace(/,/g, ', ');
  return { chunk: { event: type, data: JSON.parse(text) as JsonObject }, ev: { event: type, data: text, id: null } };
}

const END: StreamEnd = { usage: reportedUsage({ promptTokens: 30, completionTokens: 6, cachedTokens: 10 }), finishReason: 'length', estimate: { promptTokens: 99, completionTokens: 99 } };

describe('Anthropic Messages inbound format', () => {
  const req = anthropicMessagesFormat.parse({ body: { model: 'claude-x', max_tokens: 64, stream: true, messages: [{ role: 'user', content: 'hi' }] }, anthropicVersion: null, anthropicBeta: null }, undefined);

  it('errors as {type:"error", error:{type, message}}: an Anthropic type is kept, else the status decides', () => {
    const e = { code: null, message: 'm (request id: r)', param: null };
    expect(anthropicMessagesFormat.errorResponse({ ...e, status: 529, type: 'overloaded_error' })).toEqual({ status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'm (request id: r)' } } });
    expect(anthropicErrorBody({ ...e, status: 429, type: 'requests' })).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: 'm (request id: r)' } });
    expect(anthropicErrorBody({ ...e, status: 401, type: 'authentication_error' }).error).toEqual({ type: 'authentication_error', message: 'm (request id: r)' });
    expect((anthropicErrorBody({ ...e, status: 403, type: 'x' }).error as JsonObject).type).toBe('permission_error');
    expect((anthropicErrorBody({ ...e, status: 502, type: 'upstream_error' }).error as JsonObject).type).toBe('api_error');
    expect((anthropicErrorBody({ ...e, status: 400, type: 'invalid_value' }).error as JsonObject).type).toBe('invalid_request_error');
  });

  it('encodes an answer as a Messages message', () => {
    const body = anthropicMessagesFormat.encodeResponse({ id: 'c1', model: '', parts: [{ type: 'text', text: 'Hello' }], finishReason: 'tool_calls', usage: reportedUsage({ promptTokens: 5, completionTokens: 2 }) }, req);
    expect(body).toMatchObject({ id: 'msg_c1', type: 'message', model: 'claude-x', content: [{ type: 'text', text: 'Hello' }], stop_reason: 'tool_use', usage: { input_tokens: 5, output_tokens: 2 } });
  });

  describe('stream encoder, passthrough (Claude\'s own events)', () => {
    it('events go out as Claude wrote them; a complete stream gets nothing more', () => {
      const enc = anthropicMessagesFormat.openStream(req);
      const start = claude('message_start', { message: { id: 'msg_1' } });
      expect(enc.forward(start.chunk, start.ev)).toBe(`event: message_start\ndata: ${start.ev.data}\n\n`);
      for (const e of [claude('message_delta', { delta: { stop_reason: 'end_turn' } }), claude('message_stop')]) enc.forward(e.chunk, e.ev);
      expect(enc.end(END)).toBe('');
    });

    it('closed after message_delta: only message_stop is added', () => {
      const enc = new AnthropicStreamEncoder('claude-x');
      for (const e of [claude('message_start'), claude('content_block_start', { index: 0 }), claude('content_block_stop', { index: 0 }), claude('message_delta', { delta: { stop_reason: 'end_turn' } })]) enc.forward(e.chunk, e.ev);
      expect(namedSseEvents(enc.end(END))).toEqual([{ event: 'message_stop', data: { type: 'message_stop' } }]);
    });

    it('closed inside a block: the block\'s stop, message_delta with the stop reason and usage, message_stop', () => {
      const enc = new AnthropicStreamEncoder('claude-x');
      for (const e of [claude('message_start'), claude('content_block_start', { index: 1 })]) enc.forward(e.chunk, e.ev);
      expect(namedSseEvents(enc.end(END))).toEqual([
        { event: 'content_block_stop', data: { type: 'content_block_stop', index: 1 } },
        { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: 'max_tokens', stop_sequence: null }, usage: { input_tokens: 20, output_tokens: 6, cache_read_input_tokens: 10, cache_creation_input_tokens: 0 } } },
        { event: 'message_stop', data: { type: 'message_stop' } },
      ]);
    });
  });

  describe('stream encoder, converted (canonical parts)', () => {
    it('writes the documented events; the end writes message_delta from the final usage, then message_stop', () => {
      const enc = new AnthropicStreamEncoder('claude-x');
      const out = namedSseEvents(
        enc.parts!([
          { type: 'start', id: 'c1', model: 'up-model' },
          { type: 'text', text: 'Hel' },
          // A message is one answer: another choice's parts are left out.
          { type: 'text', text: 'other', choice: 1 },
          { type: 'text', text: 'lo' },
          { type: 'finish', reason: 'length', choice: 1 },
          { type: 'finish', reason: 'stop' },
          { type: 'end' },
        ]),
      );
      expect(out.map((e) => e.event)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop']);
      expect(out[0]?.data).toMatchObject({ message: { id: 'msg_c1', model: 'up-model', role: 'assistant' } });
      const tail = namedSseEvents(enc.end({ ...END, finishReason: 'stop' }));
      expect(tail).toEqual([
        { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { input_tokens: 20, output_tokens: 6, cache_read_input_tokens: 10, cache_creation_input_tokens: 0 } } },
        { event: 'message_stop', data: { type: 'message_stop' } },
      ]);
      expect(enc.end(END)).toBe('');
    });

    it('without reported usage the end carries the relay\'s estimate', () => {
      const enc = new AnthropicStreamEncoder('claude-x');
      enc.parts!([{ type: 'start', id: 'c1', model: '' }, { type: 'text', text: 'x' }]);
      const delta = namedSseEvents(enc.end({ usage: null, finishReason: null, estimate: { promptTokens: 8, completionTokens: 1 } }))[1];
      expect(delta?.data).toMatchObject({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { input_tokens: 8, output_tokens: 1 } });
    });

    it('a failure after the start is Anthropic\'s error event, and nothing follows it', () => {
      const enc = new AnthropicStreamEncoder('claude-x');
      enc.parts!([{ type: 'start', id: 'c1', model: '' }]);
      expect(enc.error({ status: 502, code: 'upstream_interrupted', type: 'upstream_error', message: 'cut (request id: r)', param: null })).toBe(
        `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'cut (request id: r)' } })}\n\n`,
      );
      expect(enc.end(END)).toBe('');
    });
  });
});
