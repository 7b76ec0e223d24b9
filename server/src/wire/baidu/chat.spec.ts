import { BaiduStreamDecoder, baiduChatEndpoint, baiduError, fromBaiduChat } from './chat';

describe('Baidu ERNIE codec', () => {
  it('maps models to their endpoints, others by their lowercased name', () => {
    expect(baiduChatEndpoint('ERNIE-4.0-8K')).toBe('completions_pro');
    expect(baiduChatEndpoint('ERNIE-Bot-turbo')).toBe('eb-instant');
    expect(baiduChatEndpoint('ERNIE-Speed-128K')).toBe('ernie-speed-128k');
    expect(baiduChatEndpoint('My-Custom')).toBe('my-custom');
  });

  it('reads an answer, a truncated one as length, and {error_code} as an error', () => {
    expect(fromBaiduChat({ id: 'as-1', result: 'hi', is_truncated: true, usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } }, 'm')).toMatchObject({ finishReason: 'length', usage: { promptTokens: 3, completionTokens: 1 } });
    expect(baiduError({ error_code: 110, error_msg: 'Access token invalid or no longer valid' })).toEqual({ code: 110, message: 'Access token invalid or no longer valid' });
    expect(baiduError({ id: 'x', result: '' })).toBeNull();
  });

  it('decodes the documented stream example: completion = the last cumulative total minus the prompt', () => {
    const d = new BaiduStreamDecoder('ERNIE-3.5-8K');
    const first = d.push('{"id":"as-9092ws9jgh","object":"completion","created":1693811126,"sentence_id":0,"is_end":false,"result":"China.","usage":{"prompt_tokens":5,"completion_tokens":67,"total_tokens":72}}');
    expect(first).toMatchObject({ kind: 'parts', done: false, usage: null });
    const last = d.push('{"id":"as-9092ws9jgh","object":"completion","created":1693811128,"sentence_id":1,"is_end":true,"result":" Beijing.","usage":{"prompt_tokens":5,"completion_tokens":24,"total_tokens":96}}');
    expect(last).toMatchObject({ kind: 'parts', done: true, finish: 'stop', usage: { promptTokens: 5, completionTokens: 91 } });
    expect(d.push('{"error_code":336100,"error_msg":"try again later"}')).toMatchObject({ kind: 'error', error: { code: 336100 } });
  });
});
