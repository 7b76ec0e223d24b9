import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Popover } from '../Popover/Popover';
import { BackToTop, FloatingButton, FloatingButtons } from './FloatingButtons';

function scrollWindowTo(y: number): void {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('FloatingButtons', () => {
  let scrollTo: jest.Mock;
  beforeEach(() => {
    scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('renders labelled round action buttons that run their actions', async () => {
    const onToggleTheme = jest.fn();
    renderWithTheme(
      <FloatingButtons
        actions={[
          { key: 'theme', label: '切换主题', icon: '◐', onClick: onToggleTheme },
          { key: 'notice', label: '公告', icon: '!' },
        ]}
      />,
    );
    const group = screen.getByRole('group', { name: '快捷操作' });
    await userEvent.click(within(group).getByRole('button', { name: '切换主题' }));
    expect(onToggleTheme).toHaveBeenCalledTimes(1);
    expect(within(group).getByRole('button', { name: '公告' })).toBeInTheDocument();
  });

  it('has one launcher that opens and closes the buttons (shown below md), Escape closes it', async () => {
    renderWithTheme(<FloatingButtons actions={[{ key: 'help', label: '帮助', icon: '?' }]} />);
    const group = screen.getByRole('group', { name: '快捷操作' });
    const launcher = within(group).getByRole('button', { name: '展开快捷操作' });
    expect(launcher).toHaveAttribute('aria-expanded', 'false');
    expect(group).toHaveAttribute('data-open', 'false');
    await userEvent.click(launcher);
    expect(within(group).getByRole('button', { name: '收起快捷操作' })).toHaveAttribute('aria-expanded', 'true');
    expect(group).toHaveAttribute('data-open', 'true');
    await userEvent.keyboard('{Escape}');
    expect(group).toHaveAttribute('data-open', 'false');
  });

  it("collapse='never' has no launcher", () => {
    renderWithTheme(<FloatingButtons collapse="never" actions={[{ key: 'help', label: '帮助', icon: '?' }]} />);
    expect(screen.queryByRole('button', { name: '展开快捷操作' })).toBeNull();
  });

  it('shows a tooltip with rich content on hover', async () => {
    renderWithTheme(
      <FloatingButton icon="☎" label="联系方式" tooltip={<span>QQ 群：123456</span>} />,
    );
    await userEvent.hover(screen.getByRole('button', { name: '联系方式' }));
    expect((await screen.findAllByText('QQ 群：123456')).length).toBeGreaterThan(0);
  });

  it('shows back-to-top only after scrolling past the threshold and scrolls up', async () => {
    renderWithTheme(<FloatingButtons backToTopThreshold={300} />);
    expect(screen.queryByRole('button', { name: '回到顶部' })).toBeNull();
    scrollWindowTo(301);
    const button = screen.getByRole('button', { name: '回到顶部' });
    await userEvent.click(button);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scrollWindowTo(0);
    expect(screen.queryByRole('button', { name: '回到顶部' })).toBeNull();
  });

  it('jumps without animation when reduced motion is requested', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('reduce') })) as typeof window.matchMedia;
    try {
      renderWithTheme(<BackToTop threshold={0} />);
      scrollWindowTo(10);
      await userEvent.click(screen.getByRole('button', { name: '回到顶部' }));
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
    } finally {
      window.matchMedia = original;
    }
  });

  it('watches a custom scroll container', () => {
    const box = document.createElement('div');
    renderWithTheme(<BackToTop threshold={50} target={() => box} />);
    Object.defineProperty(box, 'scrollTop', { configurable: true, value: 80 });
    act(() => {
      fireEvent.scroll(box);
    });
    expect(screen.getByRole('button', { name: '回到顶部' })).toBeInTheDocument();
  });

  it('can be a Popover trigger (the check-in calendar)', async () => {
    renderWithTheme(
      <FloatingButtons backToTop="hidden">
        <Popover content={<div>签到日历</div>}>
          <FloatingButton icon="✓" label="签到" />
        </Popover>
      </FloatingButtons>,
    );
    const trigger = screen.getByRole('button', { name: '签到' });
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('签到日历')).toBeInTheDocument();
  });
});
