import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Button } from '../Button';
import { StatCard } from './StatCard';

describe('StatCard', () => {
  it('is a group named by its label, showing the value and hint', () => {
    renderWithTheme(<StatCard label="当前余额" value="$12.50" hint="约 6250000 额度" />);
    const group = screen.getByRole('group', { name: '当前余额' });
    expect(group).toHaveTextContent('$12.50');
    expect(group).toHaveTextContent('约 6250000 额度');
    expect(group).toHaveAttribute('data-state', 'idle');
  });

  it('shows a skeleton instead of the value while loading', () => {
    renderWithTheme(<StatCard label="余额" value="$1.00" loading />);
    const group = screen.getByRole('group', { name: '余额' });
    expect(group).not.toHaveTextContent('$1.00');
    expect(group).toHaveAttribute('aria-busy', 'true');
    expect(group).toHaveAttribute('data-state', 'loading');
  });

  it('renders an action beside the label and forwards props', () => {
    renderWithTheme(<StatCard label="待使用收益" value="$1.00" extra={<Button>划转</Button>} data-testid="aff" className="x" />);
    expect(screen.getByRole('button', { name: '划转' })).toBeInTheDocument();
    expect(screen.getByTestId('aff')).toHaveClass('x');
  });
});
