import type { JsonObject } from '../canonical/json';
import { reportedUsage } from '../canonical/usage';
import type { SseEvent } from '../framing/sse/sse-parser';
import type { ClientError, StreamEnd } from '../format';
import type { ChatStreamPart } from '../canonical/chat';
import { parseChatRequest } from './parse';
import {
  OPENAI_DONE,
  OPENAI_ERRORS,
  OpenAIChatStreamEncoder,
  OpenAIChunkDecoder,
  OpenAIChunkEncoder,
  OpenAIStreamEncoder,
  chatFromOpenAI,
  chatResponseFromOpenAI,
  encodeOpenAIChatResponse,
  openAIChatBody,
  openAIChatFormat,
} from '.';

/** An upstream event and the chunk the adaptor parsed from it. */
function upstream(text: string, event: string | null = null): { ev: SseEvent; data: Record<string, never> } {
  return { ev: { event, data: text, id: null }, data: JSON.parse(text) as Record<string, never> };
}

const CHUNK = '{"id":"c1", "object":"chat.completion.chunk","created":5,"model":"m","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}';
const USAGE = '{"id":"c1","object":"chat.completion.chunk","created":5,"model":"m","choices":[],"usage":{"prompt_tokens":7,"completion_tokens":3,"total_tokens":10}}';
const END: StreamEnd = { usage: null, finishReason: 'stop', estimate: { promptTokens: 9, completionTokens: 4 } };
const ERR: ClientError = { status: 502, code: 'upstream_interrupted', type: 'upstream_error', message: 'cut (request id: r1)', param: null };

describe('OpenAI chat inbound format', () => {
  it('renders errors as {error:{message,type,param,code}} with the error\'s status', () => {
    const e = { status: 400, code: 'invalid_value', type: 'invalid_request_error', message: 'bad (request id: r1)', param: 'n' };
    expect(OPENAI_ERRORS.errorResponse(e)).toEqual({ status: 400, body: { error: { message: 'bad (request id: r1)', type: 'invalid_request_error', param: 'n', code: 'invalid_value' } } });
    expect(openAIChatFormat.errorResponse(e)).toEqual(OPENAI_ERRORS.errorResponse(e));
  });

  it('parses through the canonical parser and encodes an answer as chat.completion', () => {
    const req = openAIChatFormat.parse({ model: 'gpt-x', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } }, undefined);
    expect(req).toMatchObject({ endpoint: 'chat', model: 'gpt-x', stream: true, clientIncludeUsage: true });
    const body = openAIChatFormat.encodeResponse({ id: 'c1', model: 'gpt-x', parts: [{ type: 'text', text: 'Hello' }], finishReason: 'stop', usage: reportedUsage({ promptTokens: 3, completionTokens: 1 }) }, req);
    expect(body).toMatchObject({ id: 'c1', object: 'chat.completion', choices: [{ message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } });
  });

  describe('stream encoder', () => {
    it('an unchanged chunk goes out as the upstream wrote it (no re-serialisation)', () => {
      const { ev, data } = upstream(CHUNK);
      const enc = new OpenAIStreamEncoder(false);
      expect(enc.forward({ data }, ev)).toBe(`data: ${CHUNK}\n\n`);
      expect(enc.headers['Content-Type']).toBe('text/event-stream');
    });

    it('a converted chunk, or one from a named upstream event, is written as JSON', () => {
      const { ev, data } = upstream(CHUNK);
      const enc = new OpenAIStreamEncoder(false);
      expect(enc.forward({ data, converted: true }, ev)).toBe(`data: ${JSON.stringify(data)}\n\n`);
      expect(enc.forward({ data }, { ...ev, event: 'content_block_delta' })).toBe(`data: ${JSON.stringify(data)}\n\n`);
    });

    it('forwardAsIs: true exactly when forward would write the upstream event unchanged', () => {
      const { ev, data } = upstream(CHUNK);
      const enc = new OpenAIStreamEncoder(false);
      expect(enc.forwardAsIs({ data }, ev)).toBe(true);
      expect(enc.forward({ data }, ev)).toBe(`data: ${ev.data}\n\n`);
      expect(enc.forwardAsIs({ data, converted: true }, ev)).toBe(false);
      expect(enc.forwardAsIs({ data, event: 'x' }, ev)).toBe(false);
      expect(enc.forwardAsIs({ data }, { ...ev, event: 'content_block_delta' })).toBe(false);
      expect(enc.forwardAsIs({ data }, { ...ev, data: 'a\nb' })).toBe(false);
      // The usage chunk (and "usage": null) is for the filter to change or hide unless the client asked.
      const u = upstream(USAGE);
      expect(enc.forwardAsIs({ data: u.data }, u.ev)).toBe(false);
      expect(new OpenAIStreamEncoder(true).forwardAsIs({ data: u.data }, u.ev)).toBe(true);
    });

    it('forwardAsIs remembers the first chunk as forward does (for the relay\'s own usage chunk)', () => {
      const { ev, data } = upstream(CHUNK);
      const enc = new OpenAIStreamEncoder(true);
      expect(enc.forwardAsIs({ data }, ev)).toBe(true);
      const [usage] = enc.end(END).split('\n\n');
      expect(JSON.parse((usage ?? '').slice('data: '.length))).toMatchObject({ id: 'c1', model: 'm', created: 5 });
    });

    it('hides the usage chunk the relay asked for from a client that did not, and strips "usage": null', () => {
      const enc = new OpenAIStreamEncoder(false);
      const u = upstream(USAGE);
      expect(enc.forward({ data: u.data }, u.ev)).toBe('');
      const withNull = upstream('{"id":"c1","choices":[{"index":0,"delta":{"content":"a"}}],"usage":null}');
      expect(enc.forward({ data: withNull.data }, withNull.ev)).toBe('data: {"id":"c1","choices":[{"index":0,"delta":{"content":"a"}}]}\n\n');
      const asked = new OpenAIStreamEncoder(true);
      expect(asked.forward({ data: u.data }, u.ev)).toBe(`data: ${USAGE}\n\n`);
    });

    it('ends with [DONE]; a client that asked for usage and got none gets the relay\'s usage chunk first', () => {
      const plain = new OpenAIStreamEncoder(false);
      const { ev, data } = upstream(CHUNK);
      plain.forward({ data }, ev);
      expect(plain.end(END)).toBe(OPENAI_DONE);
      const asked = new OpenAIStreamEncoder(true);
      asked.forward({ data }, ev);
      const [usage, done] = asked.end(END).split('\n\n').filter(Boolean);
      expect(JSON.parse((usage ?? '').slice('data: '.length))).toEqual({
        id: 'c1',
        object: 'chat.completion.chunk',
        created: 5,
        model: 'm',
        choices: [],
        usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } },
      });
      expect(`${done}\n\n`).toBe(OPENAI_DONE);
      // The upstream's own usage went out already: nothing of the relay's.
      expect(asked.end({ ...END, usage: reportedUsage({ promptTokens: 7, completionTokens: 3 }) })).toBe(OPENAI_DONE);
    });

    describe('canonical parts (a native provider\'s answer)', () => {
      const usage = reportedUsage({ promptTokens: 7, completionTokens: 3 });
      const answer: ChatStreamPart[] = [
        { type: 'start', id: 'msg_1', model: 'claude-x' },
        { type: 'reasoning', text: 'hmm' },
        { type: 'text', text: 'Hi' },
        { type: 'tool_call_start', index: 0, id: 'toolu_1', name: 'get' },
        { type: 'tool_call_delta', index: 0, arguments: '{"a":1}' },
        { type: 'finish', reason: 'tool_calls' },
        { type: 'usage', usage },
        { type: 'end' },
      ];

      it('one chat.completion.chunk per part, the same bytes as chunks built and forwarded one by one', () => {
        // One clock for both paths (`created`).
        const clock = jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
        for (const wantsUsage of [true, false]) {
          const enc = new OpenAIChatStreamEncoder(wantsUsage, 'public');
          const out = enc.parts(answer);
          // The same chunks through the forward path a converting step used before.
          const built = new OpenAIChunkEncoder(1_700_000_000, 'public');
          const ref = new OpenAIStreamEncoder(wantsUsage);
          const ev: SseEvent = { event: null, data: '{}', id: null };
          const expected = answer.map((p) => built.encode(p)).map((data) => (data ? ref.forward({ data, converted: true }, ev) : '')).join('');
          expect(out).toBe(expected);
          expect(out.split('\n\n').filter(Boolean)).toHaveLength(wantsUsage ? 7 : 6);
        }
        clock.mockRestore();
      });

      it('the model is the client\'s until the provider names one; the relay\'s usage chunk uses the first chunk\'s identity', () => {
        const enc = openAIChatFormat.openStream(openAIChatFormat.parse({ model: 'public', messages: [{ role: 'user', content: 'x' }], stream: true, stream_options: { include_usage: true } }, undefined));
        const first = JSON.parse((enc.parts?.([{ type: 'start', id: 'g1', model: '' }, { type: 'text', text: 'a' }]) ?? '').split('\n\n')[0]?.slice('data: '.length) ?? '{}') as { id: string; model: string };
        expect(first).toMatchObject({ id: 'g1', model: 'public' });
        const tail = enc.end(END).split('\n\n').filter(Boolean);
        expect(JSON.parse(tail[0]?.slice('data: '.length) ?? '{}')).toMatchObject({ id: 'g1', model: 'public', choices: [], usage: { prompt_tokens: 9, completion_tokens: 4 } });
        expect(`${tail[1]}\n\n`).toBe(OPENAI_DONE);
      });
    });

    it('a whole answer in one step (a provider without a stream): one chunk per choice with role, content and finish, then the usage, then the end', () => {
      const clock = jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
      const usage = reportedUsage({ promptTokens: 4, completionTokens: 2 });
      const whole: ChatStreamPart[] = [
        { type: 'start', id: 'w1', model: '', whole: true },
        { type: 'text', text: 'Hi there' },
        { type: 'finish', reason: 'stop' },
        { type: 'text', text: 'Hello', choice: 1 },
        { type: 'finish', reason: 'length', choice: 1 },
        { type: 'usage', usage },
        { type: 'end' },
      ];
      const enc = new OpenAIChatStreamEncoder(true, 'public');
      const events = enc.parts(whole).split('\n\n').filter(Boolean).map((e) => JSON.parse(e.slice('data: '.length)) as JsonObject);
      expect(events).toEqual([
        { id: 'w1', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'public', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hi there' }, logprobs: null, finish_reason: 'stop' }] },
        { id: 'w1', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'public', choices: [{ index: 1, delta: { role: 'assistant', content: 'Hello' }, logprobs: null, finish_reason: 'length' }] },
        { id: 'w1', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'public', choices: [], usage: { prompt_tokens: 4, completion_tokens: 2, total_tokens: 6, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } } },
      ]);
      // Without usage in the step, the end writes the relay's usage chunk (for a client that asked) and [DONE].
      const noUsage = new OpenAIChatStreamEncoder(true, 'public');
      expect(noUsage.parts(whole.filter((p) => p.type !== 'usage')).split('\n\n').filter(Boolean)).toHaveLength(2);
      const tail = noUsage.end(END).split('\n\n').filter(Boolean);
      expect(JSON.parse(tail[0]?.slice('data: '.length) ?? '{}')).toMatchObject({ id: 'w1', choices: [], usage: { prompt_tokens: 9, completion_tokens: 4 } });
      expect(`${tail[1]}\n\n`).toBe(OPENAI_DONE);
      // A step a delta cannot carry whole (a tool call) falls back to a chunk per part, the role on the first.
      const tools = new OpenAIChatStreamEncoder(false, 'public').parts([
        { type: 'start', id: 'w2', model: 'm', whole: true },
        { type: 'tool_call_start', index: 0, id: 't1', name: 'f' },
        { type: 'finish', reason: 'tool_calls' },
        { type: 'end' },
      ]);
      const chunks = tools.split('\n\n').filter(Boolean).map((e) => JSON.parse(e.slice('data: '.length)) as { choices: { delta: JsonObject; finish_reason: string | null }[] });
      expect(chunks.map((c) => [c.choices[0]?.delta.role ?? null, c.choices[0]?.finish_reason])).toEqual([
        ['assistant', null],
        [null, 'tool_calls'],
      ]);
      clock.mockRestore();
    });

    it('several choices: each choice\'s deltas and finish under its index, its first delta naming the role', () => {
      const enc = new OpenAIChunkEncoder(5, 'm');
      const parts: ChatStreamPart[] = [
        { type: 'start', id: 'c1', model: 'm' },
        { type: 'text', text: 'A' },
        { type: 'text', text: 'B', choice: 1 },
        { type: 'tool_call_start', index: 0, id: 't1', name: 'f', choice: 1 },
        { type: 'finish', reason: 'stop' },
        { type: 'finish', reason: 'tool_calls', choice: 1 },
      ];
      expect(parts.map((p) => (enc.encode(p)?.choices as unknown[])[0])).toEqual([
        { index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null },
        { index: 0, delta: { content: 'A' }, logprobs: null, finish_reason: null },
        { index: 1, delta: { role: 'assistant', content: 'B' }, logprobs: null, finish_reason: null },
        { index: 1, delta: { tool_calls: [{ index: 0, id: 't1', type: 'function', function: { name: 'f', arguments: '' } }] }, logprobs: null, finish_reason: null },
        { index: 0, delta: {}, logprobs: null, finish_reason: 'stop' },
        { index: 1, delta: {}, logprobs: null, finish_reason: 'tool_calls' },
      ]);
    });

    it('a failure after the start is an {error} chunk and no [DONE]', () => {
      expect(new OpenAIStreamEncoder(false).error(ERR)).toBe(`data: ${JSON.stringify({ error: { message: 'cut (request id: r1)', type: 'upstream_error', param: null, code: 'upstream_interrupted' } })}\n\n`);
    });
  });

  describe('several choices (n)', () => {
    it('n is the canonical choice count (1 when absent) and goes back to an OpenAI body only when more than one', () => {
      const two = chatFromOpenAI(parseChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], n: 2 }), 'up');
      expect(two.choiceCount).toBe(2);
      expect(openAIChatBody(two)).toMatchObject({ model: 'up', n: 2 });
      const one = chatFromOpenAI(parseChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }] }), 'up');
      expect(one.choiceCount).toBe(1);
      expect(openAIChatBody(one)).not.toHaveProperty('n');
    });

    it('a canonical answer with several choices as chat.completion choices, each with its index and finish reason', () => {
      const body = encodeOpenAIChatResponse(
        {
          id: 'c1',
          model: 'm',
          parts: [{ type: 'text', text: 'A' }],
          finishReason: 'stop',
          moreChoices: [{ index: 1, parts: [{ type: 'text', text: 'B' }], finishReason: 'length' }],
          usage: reportedUsage({ promptTokens: 3, completionTokens: 2 }),
        },
        5,
      );
      expect(body.choices).toEqual([
        { index: 0, message: { role: 'assistant', content: 'A' }, logprobs: null, finish_reason: 'stop' },
        { index: 1, message: { role: 'assistant', content: 'B' }, logprobs: null, finish_reason: 'length' },
      ]);
      expect(body.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 2 });
    });

    it('an OpenAI answer and its chunks with several choices back to canonical form (for clients of other formats)', () => {
      const usage = reportedUsage({ promptTokens: 3, completionTokens: 4 });
      const answer = chatResponseFromOpenAI(
        {
          id: 'c1',
          model: 'm',
          choices: [
            { index: 1, message: { role: 'assistant', content: 'B' }, finish_reason: 'length' },
            { index: 0, message: { role: 'assistant', content: 'A' }, finish_reason: 'stop' },
          ],
        },
        usage,
        'stop',
      );
      expect(answer).toEqual({ id: 'c1', model: 'm', parts: [{ type: 'text', text: 'A' }], finishReason: 'stop', moreChoices: [{ index: 1, parts: [{ type: 'text', text: 'B' }], finishReason: 'length' }], usage });

      const dec = new OpenAIChunkDecoder();
      const chunk = (choices: unknown[]): JsonObject => ({ id: 'c1', model: 'm', choices }) as JsonObject;
      expect(dec.decode(chunk([{ index: 0, delta: { content: 'A' } }, { index: 1, delta: { content: 'B' } }]), null, null, false)).toEqual([
        { type: 'start', id: 'c1', model: 'm' },
        { type: 'text', text: 'A' },
        { type: 'text', text: 'B', choice: 1 },
      ]);
      // The step's finish (the adaptor's reading of the chunk) stands in only for a first choice no chunk finished.
      expect(dec.decode(chunk([{ index: 1, delta: {}, finish_reason: 'length' }]), null, 'length', false)).toEqual([
        { type: 'finish', reason: 'length', choice: 1 },
        { type: 'finish', reason: 'length' },
      ]);
      expect(dec.decode(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]), usage, 'stop', true)).toEqual([{ type: 'usage', usage }, { type: 'end' }]);
    });
  });
});
