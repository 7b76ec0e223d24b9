import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { darkTheme } from '../../theme/darkTheme';
import { lightTheme } from '../../theme/lightTheme';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Tag } from './Tag';

describe('Tag', () => {
  it('renders text and exposes colour and variant', () => {
    render(
      <Tag color="success" variant="solid">
        已启用
      </Tag>,
    );
    const tag = screen.getByText('已启用').parentElement;
    expect(tag).toHaveAttribute('data-color', 'success');
    expect(tag).toHaveAttribute('data-variant', 'solid');
  });

  it('takes colours from the theme tokens (light and dark)', () => {
    const { unmount } = renderWithTheme(<Tag color="danger" variant="solid">禁用</Tag>, { mode: 'light' });
    expect(screen.getByText('禁用').parentElement).toHaveStyle({ backgroundColor: lightTheme.colors.danger });
    unmount();
    renderWithTheme(<Tag color="danger" variant="solid">禁用</Tag>, { mode: 'dark' });
    expect(screen.getByText('禁用').parentElement).toHaveStyle({ backgroundColor: darkTheme.colors.danger });
  });

  it('uses the default light theme without a provider', () => {
    render(<Tag color="primary" variant="outline">默认</Tag>);
    expect(screen.getByText('默认').parentElement).toHaveStyle({ borderColor: lightTheme.colors.primary });
  });

  it('calls onClose from a labelled remove button', async () => {
    const onClose = jest.fn();
    renderWithTheme(
      <Tag closable onClose={onClose}>
        gpt-4o
      </Tag>,
    );
    await userEvent.click(screen.getByRole('button', { name: '移除标签' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders markup in children as text', () => {
    render(<Tag>{'<img src=x onerror=alert(1)>'}</Tag>);
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});
