import { DifyStreamDecoder, difyQuery } from './chat';

const chat = (system: string[], turns: { role: 'user' | 'assistant'; text: string }[]) =>
  ({ system, turns: turns.map((t) => ({ role: t.role, parts: [{ type: 'text', text: t.text }] })) }) as unknown as Parameters<typeof difyQuery>[0];

describe('Dify codec', () => {
  it('sends a lone question as it is, a conversation as its transcript', () => {
    expect(difyQuery(chat([], [{ role: 'user', text: 'Hi' }]))).toBe('Hi');
    expect(difyQuery(chat(['Be brief.'], [{ role: 'user', text: 'Hi' }]))).toBe('SYSTEM:\nBe brief.\n\nUSER:\nHi');
  });

  it('decodes message and agent_message text, skips workflow events unless asked, ends on message_end with usage', () => {
    const quiet = new DifyStreamDecoder('dify', false);
    expect(quiet.push('{"event":"workflow_started","message_id":"m"}')).toMatchObject({ kind: 'parts', text: '' });
    expect(quiet.push('{"event":"agent_message","answer":"Hi"}')).toMatchObject({ text: 'Hi' });
    expect(quiet.push('{"event":"message_end","metadata":{"usage":{"prompt_tokens":4,"completion_tokens":1}}}')).toMatchObject({ done: true, usage: { promptTokens: 4, completionTokens: 1 } });
    const loud = new DifyStreamDecoder('dify', true);
    expect(loud.push('{"event":"node_started","data":{"title":"LLM"}}')).toMatchObject({ text: 'Node started: LLM\n' });
    expect(loud.push('{"event":"error","status":400,"code":"invalid_param","message":"bad"}')).toEqual({ kind: 'error', error: { status: 400, code: 'invalid_param', message: 'bad' } });
  });
});
