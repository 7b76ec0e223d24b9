import { render, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Markdown, SafeHtml } from './Markdown';

describe('Markdown', () => {
  it('renders headings h1 to h6, lists, code blocks and tables', () => {
    const source = [
      '# One',
      '###### Six',
      '',
      '- a',
      '- **b**',
      '',
      '2. x',
      '3. y',
      '',
      '```ts',
      'const x = 1 < 2;',
      '```',
      '',
      '| k | v |',
      '|---|--:|',
      '| a | 1 |',
    ].join('\n');
    const { container } = renderWithTheme(<Markdown>{source}</Markdown>);
    expect(screen.getByRole('heading', { level: 1, name: 'One' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 6, name: 'Six' })).toBeInTheDocument();
    const lists = screen.getAllByRole('list');
    expect(lists[0]?.tagName).toBe('UL');
    expect(lists[1]).toHaveAttribute('start', '2');
    expect(screen.getByText('b').tagName).toBe('STRONG');
    const code = container.querySelector('pre > code');
    expect(code).toHaveTextContent('const x = 1 < 2;');
    expect(code).toHaveClass('language-ts');
    // A code block that scrolls sideways is reachable from the keyboard.
    expect(code?.parentElement).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '1' })).toHaveStyle({ textAlign: 'right' });
  });

  it('renders a <script> in the input as inert text', () => {
    const { container } = render(<Markdown>{'hello <script>window.pwned = 1</script>\n\n<script>alert(1)</script>'}</Markdown>);
    expect(container.querySelector('script')).toBeNull();
    expect(container).toHaveTextContent('hello <script>window.pwned = 1</script>');
    expect(container).toHaveTextContent('<script>alert(1)</script>');
  });

  it('renders javascript: and other unsafe links inert, safe links as anchors', () => {
    render(
      <Markdown>
        {'[bad](javascript:alert(1)) [data](data:text/html,x) [ok](https://example.com) [call](tel:+861234)'}
      </Markdown>,
    );
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'data' })).toBeNull();
    expect(screen.getByText(/bad/)).toBeInTheDocument();
    const ok = screen.getByRole('link', { name: 'ok' });
    expect(ok).toHaveAttribute('href', 'https://example.com/');
    expect(ok).toHaveAttribute('target', '_blank');
    expect(ok).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    const call = screen.getByRole('link', { name: 'call' });
    expect(call).toHaveAttribute('href', 'tel:+861234');
    expect(call).not.toHaveAttribute('target');
  });

  it('does not execute event handlers from raw HTML in escape mode', () => {
    const { container } = render(<Markdown>{'<img src=x onerror="window.pwned=1">'}</Markdown>);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror="window.pwned=1">');
  });

  it('sanitises HTML blocks with the allowlist in sanitize mode', () => {
    const source = [
      '<div><b>bold</b><img src="https://img.example/a.png" onerror="window.pwned=1" alt="pic"><script>window.pwned=1</script>',
      '<a href="javascript:alert(1)">evil</a> <a href="https://ok.example">fine</a><iframe src="https://x.example"></iframe></div>',
    ].join('\n');
    const { container } = render(<Markdown html="sanitize">{source}</Markdown>);
    expect(container.querySelector('script, iframe')).toBeNull();
    expect(screen.getByText('bold').tagName).toBe('B');
    const img = screen.getByRole('img', { name: 'pic' });
    expect(img).not.toHaveAttribute('onerror');
    expect(screen.queryByRole('link', { name: 'evil' })).toBeNull();
    expect(screen.getByText(/evil/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'fine' })).toHaveAttribute('href', 'https://ok.example/');
  });

  it('renders with no theme provider and forwards props', () => {
    render(<Markdown data-testid="md" className="extra">{'plain *text*'}</Markdown>);
    const root = screen.getByTestId('md');
    expect(root).toHaveClass('extra');
    expect(root).toHaveAttribute('data-html', 'escape');
    expect(screen.getByText('text').tagName).toBe('EM');
  });
});

describe('SafeHtml', () => {
  it('keeps allowlisted markup and drops scripts, handlers, styles and unsafe URLs', () => {
    const { container } = render(
      <SafeHtml>
        {'<p style="position:fixed" onclick="x()">Hi <a href="mailto:a@b.co">mail</a></p><svg><script>alert(1)</script></svg><img src="javascript:alert(1)"><table><tr><td colspan="2">c</td></tr></table>'}
      </SafeHtml>,
    );
    const p = container.querySelector('p');
    expect(p).toHaveTextContent('Hi mail');
    expect(p).not.toHaveAttribute('style');
    expect(p).not.toHaveAttribute('onclick');
    expect(container.querySelector('svg, script, img')).toBeNull();
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:a@b.co');
    expect(screen.getByRole('cell', { name: 'c' })).toHaveAttribute('colspan', '2');
  });
});
