import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { UserMenu, initialOf } from './UserMenu';

describe('UserMenu', () => {
  it('derives an avatar initial from the first character', () => {
    expect(initialOf('alice')).toBe('A');
    expect(initialOf('  张三')).toBe('张');
    expect(initialOf('😀 smile')).toBe('😀');
    expect(initialOf('')).toBe('?');
  });

  it('shows the name and opens a menu whose entries run their actions', async () => {
    const onLogout = jest.fn();
    const onSettings = jest.fn();
    renderWithTheme(
      <UserMenu
        username="root"
        items={[
          { key: 'settings', label: '个人设置', onSelect: onSettings },
          { type: 'separator', key: 's' },
          { key: 'logout', label: '退出', tone: 'danger', onSelect: onLogout },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'root' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAccessibleDescription('用户菜单');
    await userEvent.click(trigger);
    expect(await screen.findByRole('menu', { name: 'root' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: '退出' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(onSettings).not.toHaveBeenCalled();
  });

  it('renders the name as text and accepts a custom avatar', () => {
    renderWithTheme(
      <UserMenu username={'<b>x</b>'} avatar={<img src="https://example.com/a.png" alt="" />} items={[]} />,
    );
    expect(screen.getByText('<b>x</b>')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    expect(document.querySelector('img')).toHaveAttribute('src', 'https://example.com/a.png');
  });
});
