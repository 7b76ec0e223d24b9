import { HunyuanStreamDecoder, fromHunyuanChat, hunyuanError } from './chat';

describe('Hunyuan codec', () => {
  it('reads Response.Choices and Response.Usage, and Response.Error', () => {
    const body = { Response: { Id: 'x', Choices: [{ FinishReason: 'stop', Message: { Role: 'assistant', Content: 'hi' } }], Usage: { PromptTokens: 3, CompletionTokens: 1, TotalTokens: 4 }, RequestId: 'r' } };
    expect(fromHunyuanChat(body, 'hunyuan-lite')).toMatchObject({ parts: [{ type: 'text', text: 'hi' }], finishReason: 'stop', usage: { promptTokens: 3, completionTokens: 1 } });
    expect(hunyuanError({ Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad' }, RequestId: 'r' } })).toEqual({ code: 'AuthFailure.SignatureFailure', message: 'bad', requestId: 'r' });
  });

  it('decodes stream chunks: text per Delta, usage and the finish on the last', () => {
    const d = new HunyuanStreamDecoder('hunyuan-lite');
    expect(d.push('{"Choices":[{"Delta":{"Role":"assistant","Content":"Hel"},"FinishReason":""}],"Id":"x","Usage":{"PromptTokens":2,"CompletionTokens":1,"TotalTokens":3}}')).toMatchObject({ kind: 'parts', text: 'Hel', done: false, usage: null });
    expect(d.push('{"Choices":[{"Delta":{"Role":"assistant","Content":"lo"},"FinishReason":"stop"}],"Id":"x","Usage":{"PromptTokens":2,"CompletionTokens":2,"TotalTokens":4}}')).toMatchObject({ kind: 'parts', text: 'lo', done: true, finish: 'stop', usage: { promptTokens: 2, completionTokens: 2 } });
    expect(d.push('{"Choices":[{"Delta":{"Content":""},"FinishReason":"sensitive"}]}')).toMatchObject({ finish: 'content_filter' });
  });
});
