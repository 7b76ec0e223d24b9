import { parseInline } from './parseInline';
import { parseMarkdown } from './parseMarkdown';
import { safeImageSrc, safeLinkHref } from './safeUrl';

describe('safeLinkHref', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com/'],
    ['mailto:ops@example.com', 'mailto:ops@example.com'],
    ['tel:+86-10-1234', 'tel:+86-10-1234'],
    ['HTTPS://EXAMPLE.COM', 'https://example.com/'],
  ])('allows %s', (raw, expected) => {
    expect(safeLinkHref(raw)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    '/relative/path',
    '//evil.example/x',
    '#top',
    '',
  ])('refuses %j', (raw) => {
    expect(safeLinkHref(raw)).toBeNull();
  });

  it('allows images over http(s) only', () => {
    expect(safeImageSrc('https://img.example/a.png')).toBe('https://img.example/a.png');
    expect(safeImageSrc('mailto:a@b.c')).toBeNull();
    expect(safeImageSrc('data:image/svg+xml,<svg onload=alert(1)>')).toBeNull();
  });
});

describe('parseMarkdown blocks', () => {
  it('parses ATX headings h1 to h6 and treats seven #s as text', () => {
    const blocks = parseMarkdown('# a\n## b\n### c\n#### d\n##### e\n###### f ###\n####### g');
    expect(blocks.slice(0, 6).map((b) => (b.type === 'heading' ? b.level : 0))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(blocks[5]).toEqual({ type: 'heading', level: 6, children: [{ type: 'text', value: 'f' }] });
    expect(blocks[6]).toEqual({ type: 'paragraph', children: [{ type: 'text', value: '####### g' }] });
  });

  it('parses setext headings and keeps "#hashtag" as a paragraph', () => {
    expect(parseMarkdown('Title\n===\n\nSub\n---\n\n#tag').map((b) => b.type)).toEqual([
      'heading',
      'heading',
      'paragraph',
    ]);
  });

  it('parses fenced code with a language and keeps the content verbatim', () => {
    const [block] = parseMarkdown('```js\nconst a = "<b>*x*</b>";\n\nmore\n```\nafter');
    expect(block).toEqual({ type: 'codeBlock', lang: 'js', value: 'const a = "<b>*x*</b>";\n\nmore' });
  });

  it('runs an unclosed fence to the end and parses indented code', () => {
    expect(parseMarkdown('~~~\nx\ny')).toEqual([{ type: 'codeBlock', lang: null, value: 'x\ny' }]);
    expect(parseMarkdown('    a\n      b\n\npara')[0]).toEqual({ type: 'codeBlock', lang: null, value: 'a\n  b' });
  });

  it('parses tight and loose bullet lists, ordered start numbers and nesting', () => {
    const [tight] = parseMarkdown('- a\n- b\n  - c');
    expect(tight).toMatchObject({ type: 'list', ordered: false, tight: true });
    if (tight?.type !== 'list') throw new Error('expected list');
    expect(tight.items).toHaveLength(2);
    expect(tight.items[1]?.[1]).toMatchObject({ type: 'list', items: [[{ type: 'paragraph' }]] });

    const [loose] = parseMarkdown('3. x\n\n4. y');
    expect(loose).toMatchObject({ type: 'list', ordered: true, start: 3, tight: false });
  });

  it('starts a new list when the bullet changes', () => {
    expect(parseMarkdown('- a\n* b').map((b) => b.type)).toEqual(['list', 'list']);
  });

  it('parses block quotes with lazy continuation', () => {
    const [quote] = parseMarkdown('> quoted\nlazy\n\nafter');
    expect(quote).toEqual({
      type: 'blockquote',
      children: [{ type: 'paragraph', children: [{ type: 'text', value: 'quoted\nlazy' }] }],
    });
  });

  it('parses GFM tables with alignment, escaped pipes and padded rows', () => {
    const [table] = parseMarkdown('| a | b | c |\n|:--|:-:|--:|\n| 1 | x \\| y |\n');
    expect(table).toMatchObject({ type: 'table', align: ['left', 'center', 'right'] });
    if (table?.type !== 'table') throw new Error('expected table');
    expect(table.rows).toEqual([
      [[{ type: 'text', value: '1' }], [{ type: 'text', value: 'x | y' }], []],
    ]);
  });

  it('distinguishes thematic breaks from setext underlines', () => {
    expect(parseMarkdown('a\n\n---').map((b) => b.type)).toEqual(['paragraph', 'thematicBreak']);
    expect(parseMarkdown('a\n- - -').map((b) => b.type)).toEqual(['paragraph', 'thematicBreak']);
  });

  it('keeps raw HTML blocks as data, never as parsed markup', () => {
    expect(parseMarkdown('<div onclick="x()">\nhi\n</div>\n\ntext')[0]).toEqual({
      type: 'html',
      value: '<div onclick="x()">\nhi\n</div>',
    });
  });

  it('bounds nesting depth on hostile input without throwing', () => {
    const deep = `${'>'.repeat(5000)} deep`;
    expect(() => parseMarkdown(deep)).not.toThrow();
    const nestedList = Array.from({ length: 200 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n');
    expect(() => parseMarkdown(nestedList)).not.toThrow();
  });

  it('handles many unclosed delimiters quickly', () => {
    const started = Date.now();
    parseMarkdown('*a '.repeat(20000) + '_b '.repeat(20000) + '[x'.repeat(5000));
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('parseInline', () => {
  it('parses emphasis, strong, both, strikethrough and code spans', () => {
    expect(parseInline('*a* **b** ***c*** ~~d~~ `e*f*`')).toEqual([
      { type: 'emphasis', children: [{ type: 'text', value: 'a' }] },
      { type: 'text', value: ' ' },
      { type: 'strong', children: [{ type: 'text', value: 'b' }] },
      { type: 'text', value: ' ' },
      { type: 'emphasis', children: [{ type: 'strong', children: [{ type: 'text', value: 'c' }] }] },
      { type: 'text', value: ' ' },
      { type: 'delete', children: [{ type: 'text', value: 'd' }] },
      { type: 'text', value: ' ' },
      { type: 'code', value: 'e*f*' },
    ]);
  });

  it('leaves intraword underscores, spaced asterisks and unclosed markers literal', () => {
    expect(parseInline('snake_case_name 2 * 3 * 4 **open')).toEqual([
      { type: 'text', value: 'snake_case_name 2 * 3 * 4 **open' },
    ]);
  });

  it('applies backslash escapes and character references', () => {
    expect(parseInline('\\*not em\\* &amp; &lt;b&gt; &#65;&#x42; &bogus;')).toEqual([
      { type: 'text', value: '*not em* & <b> AB &bogus;' },
    ]);
  });

  it('makes links with safe addresses and titles', () => {
    expect(parseInline('[docs](https://example.com/d "Docs") [mail](mailto:a@b.co)')).toEqual([
      {
        type: 'link',
        href: 'https://example.com/d',
        title: 'Docs',
        children: [{ type: 'text', value: 'docs' }],
      },
      { type: 'text', value: ' ' },
      { type: 'link', href: 'mailto:a@b.co', children: [{ type: 'text', value: 'mail' }] },
    ]);
  });

  it('turns javascript:, data: and relative links into plain text', () => {
    for (const dest of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'jav&#x61;script:alert(1)', 'data:text/html,x', '/admin']) {
      const nodes = parseInline(`[click](${dest})`);
      expect(nodes).toEqual([{ type: 'text', value: 'click' }]);
    }
  });

  it('parses autolinks and bare URLs, trimming trailing punctuation', () => {
    expect(parseInline('<https://a.example/x> <ops@example.com> see https://b.example/p_(1)).')).toEqual([
      { type: 'link', href: 'https://a.example/x', children: [{ type: 'text', value: 'https://a.example/x' }] },
      { type: 'text', value: ' ' },
      { type: 'link', href: 'mailto:ops@example.com', children: [{ type: 'text', value: 'ops@example.com' }] },
      { type: 'text', value: ' see ' },
      {
        type: 'link',
        href: 'https://b.example/p_(1)',
        children: [{ type: 'text', value: 'https://b.example/p_(1)' }],
      },
      { type: 'text', value: ').' },
    ]);
    expect(parseInline('<javascript:alert(1)>')).toEqual([{ type: 'text', value: 'javascript:alert(1)' }]);
  });

  it('does not nest links and parses images with http(s) sources only', () => {
    expect(parseInline('[a [b](https://x.example) c](https://y.example)')).toEqual([
      {
        type: 'link',
        href: 'https://y.example/',
        children: [{ type: 'text', value: 'a [b](https://x.example) c' }],
      },
    ]);
    expect(parseInline('![logo](https://x.example/l.png)')).toEqual([
      { type: 'image', src: 'https://x.example/l.png', alt: 'logo' },
    ]);
    expect(parseInline('![x](javascript:alert(1))')).toEqual([{ type: 'text', value: 'x' }]);
  });

  it('keeps inline HTML as text, with <br> only in sanitize mode', () => {
    expect(parseInline('a<script>alert(1)</script><br>')).toEqual([
      { type: 'text', value: 'a<script>alert(1)</script><br>' },
    ]);
    expect(parseInline('a<br/>b', { html: 'sanitize', inLink: false, depth: 0 })).toEqual([
      { type: 'text', value: 'a' },
      { type: 'break' },
      { type: 'text', value: 'b' },
    ]);
  });

  it('turns two trailing spaces or a backslash before a newline into a hard break', () => {
    expect(parseInline('a  \nb\\\nc\nd')).toEqual([
      { type: 'text', value: 'a' },
      { type: 'break' },
      { type: 'text', value: 'b' },
      { type: 'break' },
      { type: 'text', value: 'c\nd' },
    ]);
  });
});
