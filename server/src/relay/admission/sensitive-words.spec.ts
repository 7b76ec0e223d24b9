import { parseChatRequest } from '../../wire/openai-chat/parse';
import { findSensitiveWord, parseSensitiveWords, promptTexts } from './sensitive-words';

describe('sensitive words', () => {
  it('one word per line, trimmed, lower-cased, deduplicated', () => {
    expect(parseSensitiveWords(' Foo \r\nbar\n\nfoo\n')).toEqual(['foo', 'bar']);
  });

  it('finds a word in any text part of any message, case-insensitively', () => {
    const req = parseChatRequest({
      model: 'm',
      messages: [
        { role: 'system', content: 'be nice' },
        { role: 'user', content: [{ type: 'text', text: 'tell me about FORBIDDEN things' }, { type: 'image_url', image_url: { url: 'x' } }] },
      ],
    });
    expect(promptTexts(req)).toContain('tell me about FORBIDDEN things');
    expect(findSensitiveWord(promptTexts(req), ['forbidden'])).toBe('forbidden');
    expect(findSensitiveWord(promptTexts(req), ['absent'])).toBeNull();
    expect(findSensitiveWord(promptTexts(req), [])).toBeNull();
  });
});
