import { render, screen } from '@testing-library/react';
import { lightTheme } from '../../theme/lightTheme';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Card } from './Card';

describe('Card', () => {
  it('is a region named by its title with description, extra and footer', () => {
    render(
      <Card title="总消耗额度" description="最近 30 天" extra={<button type="button">刷新</button>} footer="页脚">
        ¥12.00
      </Card>,
    );
    const region = screen.getByRole('region', { name: '总消耗额度' });
    expect(region).toHaveTextContent('最近 30 天');
    expect(region).toHaveTextContent('¥12.00');
    expect(screen.getByRole('button', { name: '刷新' })).toBeInTheDocument();
    expect(screen.getByText('页脚').tagName).toBe('FOOTER');
  });

  it('omits the header when there is nothing to put in it', () => {
    const { container } = render(<Card>只有内容</Card>);
    expect(container.querySelector('header')).toBeNull();
    expect(container.querySelector('section')).not.toHaveAttribute('aria-labelledby');
  });

  it('shows a skeleton instead of the body while loading', () => {
    renderWithTheme(
      <Card title="邀请" loading>
        隐藏的内容
      </Card>,
    );
    expect(screen.queryByText('隐藏的内容')).toBeNull();
    expect(screen.getByRole('region', { name: '邀请' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('applies variants from theme tokens and forwards the ref', () => {
    const ref = { current: null as HTMLElement | null };
    render(
      <Card ref={ref} variant="elevated" title="t">
        x
      </Card>,
    );
    expect(ref.current).toHaveAttribute('data-variant', 'elevated');
    expect(ref.current).toHaveStyle({ boxShadow: lightTheme.shadows.md });
  });
});
