import type { CanonicalChat } from '../canonical/chat';
import { CohereStreamDecoder, fromCohereChat, toCohereChat } from './chat';
import { fromCohereRerank } from './rerank';

const BASE: CanonicalChat = {
  model: 'command-r',
  system: ['You are terse.', 'Answer in English.'],
  turns: [
    { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
    { role: 'assistant', parts: [{ type: 'text', text: 'Hello.' }] },
    { role: 'user', parts: [{ type: 'text', text: 'Say more' }] },
  ],
  tools: [],
  toolChoice: null,
  parallelToolCalls: null,
  maxOutputTokens: 50,
  temperature: 0.3,
  topP: 0.9,
  topK: 40,
  stop: ['END'],
  stream: false,
  reasoning: null,
  responseFormat: null,
  user: null,
  choiceCount: 1,
  passthrough: {},
};

describe('Cohere /v1/chat codec', () => {
  it('puts the system prompts in preamble, the last user turn in message, the rest in chat_history, sampling by Cohere names', () => {
    expect(toCohereChat(BASE)).toEqual({
      model: 'command-r',
      message: 'Say more',
      preamble: 'You are terse.\nAnswer in English.',
      chat_history: [
        { role: 'USER', message: 'Hi' },
        { role: 'CHATBOT', message: 'Hello.' },
      ],
      max_tokens: 50,
      temperature: 0.3,
      p: 0.9,
      k: 40,
      stop_sequences: ['END'],
    });
  });

  it('reads the answer with the billed units as usage and maps the finish reason', () => {
    const answer = fromCohereChat(
      { response_id: 'r1', text: 'Hi there', generation_id: 'g1', finish_reason: 'MAX_TOKENS', meta: { billed_units: { input_tokens: 7, output_tokens: 2 }, tokens: { input_tokens: 70, output_tokens: 2 } } },
      'command-r',
    );
    expect(answer).toMatchObject({ id: 'g1', parts: [{ type: 'text', text: 'Hi there' }], finishReason: 'length', usage: { promptTokens: 7, completionTokens: 2 } });
    expect(fromCohereChat({ message: 'invalid api token' }, 'm')).toBeNull();
  });

  it('decodes the newline-delimited stream: start, text, end with the billed usage', () => {
    const d = new CohereStreamDecoder('command-r');
    expect(d.push('{"is_finished":false,"event_type":"stream-start","generation_id":"g1"}')).toMatchObject({ parts: [{ type: 'start', id: 'g1', model: 'command-r' }] });
    expect(d.push('{"is_finished":false,"event_type":"text-generation","text":"Hi"}')).toMatchObject({ parts: [{ type: 'text', text: 'Hi' }], text: 'Hi', done: false });
    const end = d.push(
      '{"is_finished":true,"event_type":"stream-end","finish_reason":"COMPLETE","response":{"text":"Hi","generation_id":"g1","meta":{"billed_units":{"input_tokens":5,"output_tokens":1}}}}',
    );
    expect(end).toMatchObject({ kind: 'parts', finish: 'stop', done: true, usage: { promptTokens: 5, completionTokens: 1 } });
    expect(end.kind === 'parts' && end.parts.map((p) => p.type)).toEqual(['finish', 'usage', 'end']);
    expect(d.push('not json').kind).toBe('malformed');
    expect(d.push('{"is_finished":true,"event_type":"stream-end","finish_reason":"ERROR","response":{"text":"boom"}}')).toEqual({ kind: 'error', error: 'boom' });
  });

  it('reads rerank results and bills the search units', () => {
    expect(fromCohereRerank({ id: 'x', results: [{ index: 1, relevance_score: 0.9 }], meta: { billed_units: { search_units: 1 } } })).toMatchObject({ usage: { promptTokens: 1, completionTokens: 0 } });
    expect(fromCohereRerank({ message: 'bad' })).toBeNull();
  });
});
