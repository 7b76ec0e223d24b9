import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { TopNav, type NavItem } from './TopNav';

// Hash links: jsdom cannot follow real navigations and would log errors.
const items: NavItem[] = [
  { key: 'home', label: '首页', href: '#/' },
  { key: 'token', label: '令牌', href: '#/token' },
  {
    key: 'logs',
    label: '日志',
    children: [
      { key: 'log', label: '使用日志', href: '#/log' },
      { key: 'midjourney', label: '绘图日志', href: '#/midjourney' },
    ],
  },
];

describe('TopNav', () => {
  it('renders a labelled navigation with links, brand and end slot', () => {
    renderWithTheme(<TopNav brand="Sluice" items={items} activeKey="token" end={<button type="button">登录</button>} />);
    const nav = screen.getByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '首页' })).toHaveAttribute('href', '#/');
    expect(within(nav).getByRole('link', { name: '令牌' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '首页' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Sluice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('opens a submenu from its trigger and marks the parent of the active page', async () => {
    const onNavigate = jest.fn();
    renderWithTheme(<TopNav items={items} activeKey="midjourney" onNavigate={onNavigate} />);
    const trigger = screen.getByRole('button', { name: '日志' });
    expect(trigger).toHaveAttribute('data-active');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const link = await screen.findByRole('link', { name: '使用日志' });
    expect(screen.getByRole('link', { name: '绘图日志' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(link);
    expect(onNavigate).toHaveBeenCalledWith(expect.objectContaining({ key: 'log' }));
  });

  it('leaves no tabbable aria-hidden element while a submenu is open; Tab goes from the trigger into it', async () => {
    const { container } = renderWithTheme(<TopNav items={items} />);
    const trigger = screen.getByRole('button', { name: '日志' });
    await userEvent.click(trigger);
    await screen.findByRole('link', { name: '使用日志' });
    // Radix's focus proxy is still there, only out of the tab order (axe aria-hidden-focus).
    expect(container.querySelectorAll('[aria-hidden="true"][tabindex]').length).toBeGreaterThan(0);
    expect(container.querySelectorAll('[aria-hidden="true"][tabindex="0"]')).toHaveLength(0);
    trigger.focus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: '使用日志' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    await screen.findByRole('link', { name: '使用日志' });
    expect(container.querySelectorAll('[aria-hidden="true"][tabindex="0"]')).toHaveLength(0);
  });

  it('renders links through renderLink for router integration', () => {
    const RouterLink = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }>(
      function RouterLink({ to, ...props }, ref) {
        return <a ref={ref} href={to} data-router="" {...props} />;
      },
    );
    renderWithTheme(
      <TopNav items={items} activeKey="home" renderLink={(item, content) => <RouterLink to={item.href}>{content}</RouterLink>} />,
    );
    const home = screen.getByRole('link', { name: '首页' });
    expect(home).toHaveAttribute('href', '#/');
    expect(home).toHaveAttribute('data-router');
    expect(home).toHaveAttribute('aria-current', 'page');
  });

  it('runs action entries without href', async () => {
    const onSelect = jest.fn();
    renderWithTheme(<TopNav items={[{ key: 'newyear', label: '新年快乐', onSelect }]} />);
    await userEvent.click(screen.getByRole('button', { name: '新年快乐' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('toggles the collapsed menu on narrow screens', async () => {
    renderWithTheme(<TopNav items={items} />);
    // The toggle is display:none on wide screens, which is all jsdom knows about.
    const toggle = screen.getByRole('button', { name: '打开菜单', hidden: true });
    const nav = screen.getByRole('navigation', { name: '主导航' });
    expect(toggle).toHaveAttribute('aria-controls', nav.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: '关闭菜单', hidden: true })).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveAttribute('data-mobile-open');
    await userEvent.click(within(nav).getByRole('link', { name: '令牌' }));
    expect(nav).not.toHaveAttribute('data-mobile-open');
  });

  it('opens a submenu on hover on wide screens but only by tap in the collapsed menu', async () => {
    const user = userEvent.setup();
    renderWithTheme(<TopNav items={items} />);
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const trigger = within(nav).getByRole('button', { name: '日志' });
    await user.hover(trigger);
    await within(nav).findByRole('link', { name: '使用日志' });
    await user.unhover(trigger);
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));

    await user.click(screen.getByRole('button', { name: '打开菜单', hidden: true }));
    await user.hover(trigger);
    // Longer than Radix's hover delay (200 ms): the collapsed menu ignores the pointer.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // A tap opens it and a second tap closes it, with no hover timer to reopen it.
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.click(trigger);
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});
