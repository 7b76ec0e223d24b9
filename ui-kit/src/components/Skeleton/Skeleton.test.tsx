import { render, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('renders the requested number of text lines with one status label', () => {
    const { container } = renderWithTheme(<Skeleton lines={3} />);
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('内容加载中');
    expect(container.querySelectorAll('[data-part="shape"]')).toHaveLength(3);
  });

  it('renders one shape for rect and circle variants, whatever lines says', () => {
    const { container } = render(<Skeleton variant="circle" lines={4} />);
    expect(container.querySelectorAll('[data-part="shape"]')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveAttribute('data-variant', 'circle');
  });

  it('shows children once loading is false', () => {
    const { rerender } = render(
      <Skeleton loading>
        <p>真实内容</p>
      </Skeleton>,
    );
    expect(screen.queryByText('真实内容')).toBeNull();
    rerender(
      <Skeleton loading={false}>
        <p>真实内容</p>
      </Skeleton>,
    );
    expect(screen.getByText('真实内容')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('accepts a custom label and forwards the ref', () => {
    const ref = { current: null as HTMLDivElement | null };
    render(<Skeleton ref={ref} label="表格加载中" />);
    expect(ref.current).toBe(screen.getByRole('status'));
    expect(screen.getByRole('status')).toHaveTextContent('表格加载中');
  });
});
