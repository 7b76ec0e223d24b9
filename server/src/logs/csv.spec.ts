import { csvCell, csvRow } from './csv';

describe('csv', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-1+2', "'-1+2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['plain', 'plain'],
    ['中文', '中文'],
  ])('neutralises formula prefixes: %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('l1\nl2')).toBe('"l1\nl2"');
    // A leading CR is both neutralised and quoted.
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('keeps numbers and booleans as they are, negative numbers included', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
  });

  it('joins a row with commas and ends it with CRLF', () => {
    expect(csvRow([1, '=x', 'a,b'])).toBe(`1,'=x,"a,b"\r\n`);
  });
});
