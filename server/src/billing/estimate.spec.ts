import { parseChatRequest, parseCompletionRequest, parseResponsesRequest } from '../wire/openai-chat/parse';
import { parseRerankRequest, parseSpeechRequest } from '../wire/openai-media/parse-misc';
import { parseTranscriptionRequest } from '../wire/openai-media/parse-media';
import { completionBound, estimatePromptTokens, holdInputFor } from './estimate';

describe('prompt estimate', () => {
  it('chat: 3 priming + 3 per message + role + text; images, names and tools add fixed amounts', () => {
    // 3 + (3 + "user" 1 + "Hello world" 2) = 9
    expect(estimatePromptTokens(parseChatRequest({ model: 'm', messages: [{ role: 'user', content: 'Hello world' }] }))).toBe(9);
    const rich = parseChatRequest({
      model: 'm',
      messages: [{ role: 'user', name: 'bob', content: [{ type: 'text', text: 'Hello world' }, { type: 'image_url', image_url: { url: 'u', detail: 'low' } }] }],
      tools: [{ type: 'function', function: { name: 'f' } }],
    });
    // 9 + name (3 + "bob" 1) + low image 85 + one tool 8 = 106
    expect(estimatePromptTokens(rich)).toBe(106);
  });

  it('other endpoints', () => {
    expect(estimatePromptTokens(parseCompletionRequest({ model: 'm', prompt: ['Hello world', [1, 2, 3]] }))).toBe(2 + 3);
    expect(estimatePromptTokens(parseSpeechRequest({ input: '你好 hi', voice: 'alloy' }))).toBe(5);
    const wavless = parseTranscriptionRequest('audio_transcription', {
      fields: [],
      files: [{ name: 'file', filename: 'a.mp3', contentType: 'audio/mpeg', data: new Uint8Array(12_000) }],
    });
    // 12000 bytes at 4000 B/s = 3 s → ceil(3 · 1000 / 60) = 50
    expect(estimatePromptTokens(wavless)).toBe(50);
    // ("Apple" 1 + "苹果" 2) + ("Apple" 1 + "香蕉" 2) = 6
    expect(estimatePromptTokens(parseRerankRequest({ model: 'r', query: 'Apple', documents: ['苹果', '香蕉'] }))).toBe(6);
    expect(estimatePromptTokens(parseResponsesRequest({ model: 'm', input: 'Hello world', instructions: 'be brief' }))).toBe(2 + 2 + 3);
  });
});

describe('completion bound', () => {
  it('max tokens times choices (best_of for completions), null when unbounded', () => {
    expect(completionBound(parseChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], n: 3, max_tokens: 100 }))).toBe(300);
    expect(completionBound(parseChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }] }))).toBeNull();
    expect(completionBound(parseCompletionRequest({ model: 'm', prompt: 'x', n: 2, best_of: 5, max_tokens: 10 }))).toBe(50);
    expect(completionBound(parseResponsesRequest({ model: 'm', input: 'x', max_output_tokens: 64 }))).toBe(64);
    expect(holdInputFor(parseChatRequest({ model: 'm', messages: [{ role: 'user', content: 'Hello world' }], max_completion_tokens: 20 }))).toEqual({
      promptTokens: 9,
      completionBound: 20,
    });
  });
});
