import { SseParser, type SseEvent } from '../../../wire/framing/sse/sse-parser';
import type { ChannelContext } from '../types';
import { parseChatStreamEvent, parseResponsesStreamEvent, skimChatStreamEvent, skimResponsesStreamEvent } from './stream';

const ctx: ChannelContext = { type: 1, baseUrl: '', key: 'sk-test', upstreamModel: 'gpt-4o-mini', other: '', organization: '' };
/**
 * The event as the relay's parser gives it: one data line in one chunk keeps its bytes (the glance
 * reads them), in a chunk that holds other bytes after it; data of several lines does not.
 */
const ev = (data: string, event: string | null = null): SseEvent => {
  const lines = data.split(/\r\n|\r|\n/).map((l) => `data: ${l}\n`);
  const events = new SseParser({ undecoded: true }).push(`${event === null ? '' : `event: ${event}\n`}${lines.join('')}\ndata: {"next":1}\n\n`);
  expect(events[0]?.data).toBe(data);
  return events[0] as SseEvent;
};
const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini' };
const delta = (d: object, extra: object = {}) => JSON.stringify({ ...base, choices: [{ index: 0, delta: d, logprobs: null, finish_reason: null }], ...extra });

describe('skimChatStreamEvent', () => {
  it('a content, reasoning or tool call delta with every finish_reason and usage null is plain', () => {
    expect(skimChatStreamEvent(ev(delta({ content: 'Hello' })))).toBe('plain');
    expect(skimChatStreamEvent(ev(delta({ reasoning_content: 'hm' })))).toBe('plain');
    expect(skimChatStreamEvent(ev(delta({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'f', arguments: '' } }] })))).toBe('plain');
    expect(skimChatStreamEvent(ev(JSON.stringify({ ...base, choices: [{ index: 0, text: 'x', finish_reason: null }] })))).toBe('plain');
    // include_usage makes OpenAI write "usage": null on every chunk; spaces around the colon are JSON too.
    expect(skimChatStreamEvent(ev(delta({ content: 'Hi' }, { usage: null })))).toBe('null-usage');
    expect(skimChatStreamEvent(ev('{"choices":[{"delta":{"content":"a"},"finish_reason" :  null}],"usage"\t:  null}'))).toBe('null-usage');
  });

  it('a finish, a usage, an error or an end marker is not plain', () => {
    expect(skimChatStreamEvent(ev(JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })))).toBe('no');
    expect(skimChatStreamEvent(ev(JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: '' }] })))).toBe('no');
    expect(skimChatStreamEvent(ev(JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 1, completion_tokens: 2 } })))).toBe('no');
    // Moonshot reports usage inside the choice.
    expect(skimChatStreamEvent(ev(JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: null, usage: { prompt_tokens: 1 } }] })))).toBe('no');
    expect(skimChatStreamEvent(ev(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } })))).toBe('no');
    expect(skimChatStreamEvent(ev('[DONE]'))).toBe('no');
    expect(skimChatStreamEvent(ev(' [DONE] '))).toBe('no');
    expect(skimChatStreamEvent(ev(''))).toBe('no');
  });

  it('is not fooled by text: quoted names inside strings are escaped; unsure is not plain', () => {
    // "usage" and "error" in the generated text arrive escaped (\"usage\"): still plain.
    expect(skimChatStreamEvent(ev(delta({ content: 'the "usage": {"total": 1} and "error" keys' })))).toBe('plain');
    // A whole string value equal to a name is a false alarm: the chunk is parsed, nothing lost.
    expect(skimChatStreamEvent(ev(delta({ content: 'usage' })))).toBe('no');
    expect(skimChatStreamEvent(ev(delta({ content: 'error' })))).toBe('no');
    // A key spelled with an escape cannot be seen by a glance: never judged plain.
    expect(skimChatStreamEvent(ev(`{"choices":[{"delta":{"content":"a"},"finish_reason":null}],"\\u0075sage":{"prompt_tokens":1}}`))).toBe('no');
    expect(skimChatStreamEvent(ev(`{"choices":[{"delta":{"content":"a"},"finish_re\\u0061son":"stop"}]}`))).toBe('no');
    // An escaped backslash before `u00` is text, and an escaped quote opens no name.
    expect(skimChatStreamEvent(ev(delta({ content: 'C:\\u00 and \\"usage\\": 1' })))).toBe('plain');
    expect(skimChatStreamEvent(ev(delta({ content: '\\' }, { usage: { prompt_tokens: 1 } })))).toBe('no');
    // Leading or trailing white space, or anything but an object: the parser decides.
    expect(skimChatStreamEvent(ev(` ${delta({ content: 'a' })}`))).toBe('no');
    expect(skimChatStreamEvent(ev(`${delta({ content: 'a' })} `))).toBe('no');
    expect(skimChatStreamEvent(ev(`${delta({ content: 'a' })}\n`))).toBe('no');
    expect(skimChatStreamEvent(ev('["a"]'))).toBe('no');
  });

  it('judges only an event that kept its bytes (one data line whole in one chunk)', () => {
    const data = delta({ content: 'Hello' });
    expect(skimChatStreamEvent(ev(data))).toBe('plain');
    // The same data decoded (a line split across chunks, or a parser that decodes): parsed as usual.
    expect(skimChatStreamEvent({ event: null, data, id: null })).toBe('no');
    const p = new SseParser({ undecoded: true });
    expect(p.push(`data: ${data.slice(0, 20)}`)).toEqual([]);
    const [split] = p.push(`${data.slice(20)}\n\n`);
    expect([split?.data, split?.raw]).toEqual([data, undefined]);
    expect(skimChatStreamEvent(split as SseEvent)).toBe('no');
    // A key that the chunk's end cuts in two is not read past the event's bytes.
    expect(skimChatStreamEvent(ev('{"choices":[],"finish_reason":n}'))).toBe('no');
    expect(skimChatStreamEvent(ev('{"choices":[],"usage":}'))).toBe('no');
  });

  it('whatever it calls plain, the parser steps as a plain forward: no usage, finish, error, end or garbage', () => {
    // Chunks built from the pieces that change a step, in many combinations, each judged both ways.
    const contents = ['Hello', '', 'say "usage": 1', '你好', 'a\nb', 'error', 'usage', 'finish_reason', 'C:\\u00', '\\', '\\"usage'];
    const finishes = [null, 'stop', 'length', 'tool_calls', ''];
    const usages = [undefined, null, { prompt_tokens: 3, completion_tokens: 4 }];
    const extras: object[] = [{}, { error: { message: 'x' } }, { error: null }, { x_groq: { usage: null } }, { x_groq: { usage: { prompt_tokens: 1 } } }];
    const plainContents = new Set<string>();
    for (const content of contents)
      for (const finish of finishes)
        for (const usage of usages)
          for (const extra of extras) {
            const chunk: Record<string, unknown> = { ...base, choices: [{ index: 0, delta: { content }, logprobs: null, finish_reason: finish }], ...extra };
            if (usage !== undefined) chunk.usage = usage;
            for (const data of [JSON.stringify(chunk), JSON.stringify(chunk, null, 1).replace(/\n/g, ' ')]) {
              const skim = skimChatStreamEvent(ev(data));
              if (skim === 'no') continue;
              plainContents.add(content);
              const step = parseChatStreamEvent(ev(data), ctx);
              expect({ data, usage: step.usage, finish: step.finishReason, error: step.error, done: step.done, malformed: step.malformed }).toEqual({
                data,
                usage: null,
                finish: null,
                error: null,
                done: false,
                malformed: false,
              });
              expect(step.forward?.data).toEqual(JSON.parse(data));
              // "null-usage" exactly when some object of the chunk has a usage key (all of them null here).
              expect(skim === 'null-usage').toBe(/[{,]"usage":/.test(JSON.stringify(JSON.parse(data))));
            }
          }
    // Plain chunks of every content but the three that are names (false alarms) were checked.
    expect([...plainContents].sort()).toEqual(['', 'Hello', 'a\nb', 'say "usage": 1', '你好', 'C:\\u00', '\\', '\\"usage'].sort());
  });
});

describe('skimResponsesStreamEvent', () => {
  const rev = (type: string, fields: object = {}, name: string | null = type) => ev(JSON.stringify({ type, ...fields }), name);

  it('an event between the first and the last, named as its own type, is plain', () => {
    expect(skimResponsesStreamEvent(rev('response.output_text.delta', { item_id: 'm', output_index: 0, content_index: 0, delta: 'Hi' }))).toBe('plain');
    expect(skimResponsesStreamEvent(rev('response.function_call_arguments.delta', { delta: '{"a":' }))).toBe('plain');
    expect(skimResponsesStreamEvent(rev('response.output_item.added', { item: { type: 'function_call', name: 'f' } }))).toBe('plain');
    expect(skimResponsesStreamEvent(rev('response.content_part.done', { part: { type: 'output_text', text: 'Hi' } }))).toBe('plain');
  });

  it('the final events, a type that is not the name, a usage or error anywhere, or unsure data are not', () => {
    for (const type of ['response.completed', 'response.incomplete', 'response.failed', 'error']) expect(skimResponsesStreamEvent(rev(type, { response: {} }))).toBe('no');
    expect(skimResponsesStreamEvent(rev('response.output_text.delta', { delta: 'x' }, null))).toBe('no');
    expect(skimResponsesStreamEvent(rev('response.output_text.delta', { delta: 'x' }, 'response.output_text'))).toBe('no');
    expect(skimResponsesStreamEvent(rev('response.completed', { delta: 'x' }, 'response.output_text.delta'))).toBe('no');
    expect(skimResponsesStreamEvent(ev(JSON.stringify({ delta: 'x', type: 'response.output_text.delta' }), 'response.output_text.delta'))).toBe('no');
    expect(skimResponsesStreamEvent(rev('response.created', { response: { usage: null, error: null } }))).toBe('no');
    // A second type key (JSON.parse keeps the last) cannot hide a final event: it names the usage.
    expect(skimResponsesStreamEvent(ev('{"type":"response.output_text.delta","type":"response.completed","response":{"usage":{"output_tokens":1}}}', 'response.output_text.delta'))).toBe('no');
    expect(skimResponsesStreamEvent(ev('{"type":"response.output_text.delta","delta":"\\u0041"}', 'response.output_text.delta'))).toBe('no');
    expect(skimResponsesStreamEvent(ev('{"type":"response.output_text.delta","delta":"x"} ', 'response.output_text.delta'))).toBe('no');
  });

  it('whatever it calls plain, the parser steps as a forward of the event under its own name: no usage, finish, error or end', () => {
    const types = ['response.created', 'response.output_item.added', 'response.output_text.delta', 'response.output_text.done', 'response.completed', 'response.failed', 'error', 'response.custom.thing'];
    const bodies: object[] = [{ delta: 'Hi' }, { item: { type: 'function_call', name: 'f' } }, { response: { usage: { output_tokens: 2 } } }, { error: { message: 'x' } }, { response: { status: 'completed' } }];
    const seen = new Set<string>();
    for (const type of types)
      for (const body of bodies)
        for (const name of [type, null, 'response.output_text.delta']) {
          const e = rev(type, body, name);
          if (skimResponsesStreamEvent(e) === 'no') continue;
          seen.add(type);
          const step = parseResponsesStreamEvent(e, ctx);
          expect({ type, forwardEvent: step.forward?.event, usage: step.usage, finish: step.finishReason, error: step.error, done: step.done, malformed: step.malformed }).toEqual({
            type,
            forwardEvent: name,
            usage: null,
            finish: null,
            error: null,
            done: false,
            malformed: false,
          });
        }
    expect([...seen].sort()).toEqual(['response.created', 'response.custom.thing', 'response.output_item.added', 'response.output_text.delta', 'response.output_text.done']);
  });
});
