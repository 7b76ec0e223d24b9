import { reportedUsage } from '../canonical/usage';
import { OPENAI_DONE } from '../openai-chat';
import { encodeOpenAICompletionResponse, openAICompletionsFormat } from './openai-completions';

describe('OpenAI completions inbound format', () => {
  const req = openAICompletionsFormat.parse({ model: 'gpt-3.5-turbo-instruct', prompt: 'Say', stream: true, stream_options: { include_usage: true } }, undefined);

  it('parses through the canonical parser', () => {
    expect(req).toMatchObject({ endpoint: 'completion', model: 'gpt-3.5-turbo-instruct', stream: true, clientIncludeUsage: true });
  });

  it('encodes an answer as a text_completion', () => {
    const res = { id: 'cmpl-1', model: 'm', parts: [{ type: 'text' as const, text: 'Hello' }], finishReason: 'length' as const, usage: reportedUsage({ promptTokens: 2, completionTokens: 1 }) };
    expect(encodeOpenAICompletionResponse(res, 7)).toEqual({
      id: 'cmpl-1',
      object: 'text_completion',
      created: 7,
      model: 'm',
      choices: [{ text: 'Hello', index: 0, logprobs: null, finish_reason: 'length' }],
      usage: { prompt_tokens: 2, completion_tokens: 1, total_tokens: 3, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } },
    });
  });

  it('a converted completion is one choice: only the first choice\'s parts are written', () => {
    const enc = openAICompletionsFormat.openStream(req);
    const out = (enc.parts?.([
      { type: 'start', id: 'c1', model: 'm' },
      { type: 'text', text: 'A' },
      { type: 'text', text: 'B', choice: 1 },
      { type: 'finish', reason: 'length', choice: 1 },
      { type: 'finish', reason: 'stop' },
    ]) ?? '')
      .split('\n\n')
      .filter(Boolean)
      .map((e) => (JSON.parse(e.slice('data: '.length)) as { choices: unknown[] }).choices);
    expect(out).toEqual([[{ text: 'A', index: 0, logprobs: null, finish_reason: null }], [{ text: '', index: 0, logprobs: null, finish_reason: 'stop' }]]);
  });

  it('streams on the chat wire: chunks as written, the relay\'s usage chunk as a text_completion, [DONE]', () => {
    const enc = openAICompletionsFormat.openStream(req);
    const text = '{"id":"cmpl-1","object":"text_completion","created":3,"model":"m","choices":[{"text":"Hi","index":0,"finish_reason":null}]}';
    expect(enc.forward({ data: JSON.parse(text) as Record<string, never> }, { event: null, data: text, id: null })).toBe(`data: ${text}\n\n`);
    const tail = enc.end({ usage: null, finishReason: 'stop', estimate: { promptTokens: 2, completionTokens: 1 } });
    expect(tail.endsWith(OPENAI_DONE)).toBe(true);
    expect(JSON.parse(tail.split('\n\n')[0]?.slice('data: '.length) ?? '')).toMatchObject({ id: 'cmpl-1', object: 'text_completion', choices: [], usage: { prompt_tokens: 2, completion_tokens: 1 } });
  });
});
