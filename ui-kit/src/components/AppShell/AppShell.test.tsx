import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/renderWithTheme';
import { AppBrand, AppFooter, AppShell, PageFrame } from './AppShell';

describe('AppShell', () => {
  it('puts header, main region and footer in order', () => {
    renderWithTheme(
      <AppShell header={<header>top</header>} footer={<AppFooter>credit</AppFooter>} mainId="main">
        <p>page</p>
      </AppShell>,
    );
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(main).toHaveTextContent('page');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('credit');
    expect(screen.getByRole('banner').compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps a column free for the floating buttons on wide screens only when there are some', () => {
    const { unmount } = renderWithTheme(<AppShell>page</AppShell>);
    const plain = screen.getByRole('main').className;
    unmount();
    renderWithTheme(<AppShell overlay={<div>floating</div>}>page</AppShell>);
    const withOverlay = screen.getByRole('main').className;
    expect(withOverlay).not.toBe(plain);
    const css = Array.from(document.querySelectorAll('style'))
      .map((s) => s.textContent ?? '')
      .join('');
    const rule = new RegExp(`@media \\(min-width: ?768px\\)\\{\\.${withOverlay.split(' ').pop() ?? ''}\\{padding-inline-end:calc\\(`);
    expect(css).toMatch(rule);
  });

  it('names the embedded page and sends no referrer', () => {
    renderWithTheme(<PageFrame src="https://example.com/" title="首页" />);
    const frame = screen.getByTitle('首页');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it('shows the brand name as text, with a decorative logo only when given', () => {
    const { container, rerender } = renderWithTheme(<AppBrand name="<b>Sluice</b>" logo="/logo.png" />);
    expect(screen.getByText('<b>Sluice</b>')).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
    rerender(<AppBrand name="Sluice" />);
    expect(container.querySelector('img')).toBeNull();
  });
});
