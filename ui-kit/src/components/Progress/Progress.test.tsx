import { render, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Progress } from './Progress';

describe('Progress', () => {
  it('renders a bar with value, percentage text and fill width', () => {
    const { container } = renderWithTheme(<Progress value={42.4} />);
    const bar = screen.getByRole('progressbar', { name: '进度' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('data-state', 'loading');
    expect(bar).toHaveTextContent('42%');
    expect(container.querySelector('[data-part="fill"]')).toHaveStyle({ width: '42.4%' });
  });

  it('clamps values outside 0 to 100 and marks completion', () => {
    const { rerender } = render(<Progress value={180} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar')).toHaveAttribute('data-state', 'complete');
    rerender(<Progress value={-5} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('is indeterminate without a value', () => {
    render(<Progress value={null} />);
    const bar = screen.getByRole('progressbar');
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).toHaveAttribute('data-state', 'indeterminate');
    expect(bar).not.toHaveTextContent('%');
  });

  it('renders a circle whose arc matches the value', () => {
    const { container } = render(<Progress variant="circle" value={25} aria-label="任务进度" />);
    const bar = screen.getByRole('progressbar', { name: '任务进度' });
    expect(bar).toHaveAttribute('data-variant', 'circle');
    expect(bar).toHaveTextContent('25%');
    const arc = container.querySelectorAll('circle')[1];
    const dash = Number(arc?.getAttribute('stroke-dasharray'));
    const offset = Number(arc?.getAttribute('stroke-dashoffset'));
    expect(offset / dash).toBeCloseTo(0.75, 5);
  });

  it('supports custom text, hidden text and the English catalogue', () => {
    const { rerender } = renderWithTheme(<Progress value={3} format={(v) => `${v} / 100`} />, { locale: 'en' });
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveTextContent('3 / 100');
    rerender(<Progress value={3} info="hidden" />);
    expect(screen.getByRole('progressbar')).not.toHaveTextContent('3');
  });
});
