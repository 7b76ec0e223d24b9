import { TokenCounter, estimateTokens } from './token-estimator';

describe('token estimator', () => {
  it.each([
    ['', 0],
    ['Hello world', 2],
    ['Hello, world!', 4],
    ['internationalization', 4],
    ['你好世界', 4],
    ['привет', 3],
    ['123456789', 3],
    ['1234', 2],
    ['a\n\nb', 3],
    ['a    b', 3],
    ['🌍', 2],
    ['{"location": "Boston"}', 8],
    // Kanji (table range), then hiragana and katakana (by script).
    ['日本語のテキスト', 8],
    ['한국어', 3],
    ['ＡＢＣ', 1],
    // Lone surrogates count as symbols.
    ['a\ud83cb', 4],
    ['\udc00x', 3],
  ])('%j ≈ %i tokens', (text, tokens) => {
    expect(estimateTokens(text)).toBe(tokens);
  });

  it('counts the same however the text is split across stream chunks (surrogate pairs included)', () => {
    const texts = ['Hello, world! 你好🌍 1234567 привет\n\n  done', '🌍🌍🌍abc', 'x'.repeat(23)];
    for (const text of texts) {
      const whole = estimateTokens(text);
      for (let cut = 1; cut < text.length; cut++) {
        const c = new TokenCounter();
        c.push(text.slice(0, cut));
        c.push(text.slice(cut));
        expect(c.count).toBe(whole);
      }
      const byChar = new TokenCounter();
      for (const unit of text.split('')) byChar.push(unit);
      expect(byChar.count).toBe(whole);
    }
  });

  it('grows with the text it is fed, with constant state', () => {
    const c = new TokenCounter();
    for (let i = 0; i < 10_000; i++) c.push('word ');
    expect(c.count).toBe(10_000);
  });
});
