import { render, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('announces itself as a status with a localised default name', () => {
    renderWithTheme(<Spinner />, { locale: 'zh-CN' });
    expect(screen.getByRole('status')).toHaveTextContent('加载中');
  });

  it('uses the English catalogue under an en provider', () => {
    renderWithTheme(<Spinner />, { locale: 'en' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('shows a visible tip and forwards ref and props', () => {
    const ref = { current: null as HTMLElement | null };
    render(<Spinner ref={ref} tip="正在保存" size="lg" data-testid="s" />);
    expect(screen.getByRole('status')).toHaveTextContent('正在保存');
    expect(screen.getByTestId('s')).toBe(ref.current);
    expect(screen.getByTestId('s')).toHaveAttribute('data-size', 'lg');
  });

  it('covers children while spinning and makes them inert', () => {
    const { rerender } = render(
      <Spinner data-testid="wrap">
        <button type="button">内容</button>
      </Spinner>,
    );
    const wrap = screen.getByTestId('wrap');
    expect(wrap).toHaveAttribute('aria-busy', 'true');
    expect(wrap).toHaveAttribute('data-state', 'spinning');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.getByText('内容').parentElement).toHaveAttribute('inert');

    rerender(
      <Spinner data-testid="wrap" spinning={false}>
        <button type="button">内容</button>
      </Spinner>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('wrap')).toHaveAttribute('data-state', 'idle');
    expect(screen.getByRole('button', { name: '内容' })).toBeEnabled();
  });
});
