import { render, screen, within } from '@testing-library/react';
import { lightTheme } from '../../theme/lightTheme';
import { renderWithTheme } from '../../test/renderWithTheme';
import { PageContainer } from './PageContainer';

describe('PageContainer', () => {
  it('renders an h1 title, description, actions and content', () => {
    render(
      <PageContainer title="令牌" description="管理你的 API 令牌" extra={<button type="button">添加令牌</button>}>
        <p>列表</p>
      </PageContainer>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '令牌' })).toBeInTheDocument();
    expect(screen.getByText('管理你的 API 令牌')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加令牌' })).toBeInTheDocument();
    expect(screen.getByText('列表')).toBeInTheDocument();
  });

  it('renders a breadcrumb with the last entry as the current page', () => {
    renderWithTheme(
      <PageContainer
        title="使用日志"
        breadcrumb={[
          { key: 'home', label: '首页', href: '/' },
          { key: 'logs', label: '日志' },
          { key: 'log', label: '使用日志', href: '/log' },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: '面包屑导航' });
    expect(within(nav).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/');
    expect(within(nav).queryByRole('link', { name: '使用日志' })).toBeNull();
    expect(within(nav).getByText('使用日志')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByText('日志').tagName).toBe('SPAN');
  });

  it('uses renderLink for breadcrumb links and omits the header when empty', () => {
    const { container } = renderWithTheme(
      <PageContainer
        breadcrumb={[
          { key: 'home', label: '首页', href: '/' },
          { key: 'x', label: '当前' },
        ]}
        renderLink={(entry, content) => (
          <a href={`#${entry.href}`} data-router="">
            {content}
          </a>
        )}
      >
        内容
      </PageContainer>,
    );
    expect(screen.getByRole('link', { name: '首页' })).toHaveAttribute('data-router');
    expect(container.querySelector('h1')).toBeNull();
  });

  it('limits the width per variant with theme breakpoints', () => {
    const { rerender } = render(<PageContainer data-testid="p" width="narrow" />);
    expect(screen.getByTestId('p')).toHaveStyle({ maxWidth: lightTheme.breakpoints.md });
    rerender(<PageContainer data-testid="p" />);
    expect(screen.getByTestId('p')).toHaveStyle({ maxWidth: lightTheme.breakpoints.xl });
    rerender(<PageContainer data-testid="p" width="full" />);
    expect(screen.getByTestId('p')).toHaveAttribute('data-width', 'full');
  });
});
