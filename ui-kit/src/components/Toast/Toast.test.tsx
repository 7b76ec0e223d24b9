import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Toaster, toast } from './Toast';

afterEach(() => {
  act(() => toast.dismiss());
});

describe('Toast', () => {
  it('shows each tone with title and description', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('保存成功');
      toast.error('保存失败', { description: '网络错误' });
      toast.info('提示');
      toast.warning('余额不足');
    });
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    const error = screen.getByText('保存失败').closest('li');
    expect(error).toHaveAttribute('data-tone', 'error');
    expect(error).toHaveTextContent('网络错误');
    expect(screen.getByText('余额不足').closest('li')).toHaveAttribute('data-tone', 'warning');
    expect(screen.getByText('提示').closest('li')).toHaveAttribute('data-state', 'open');
  });

  it('closes from the close button', async () => {
    render(<Toaster />);
    act(() => {
      toast.info('可关闭');
    });
    const item = (await screen.findByText('可关闭')).closest('li') as HTMLElement;
    await userEvent.click(within(item).getByRole('button', { name: '关闭通知' }));
    await waitFor(() => expect(screen.queryByText('可关闭')).not.toBeInTheDocument());
  });

  it('runs an action', async () => {
    const onClick = jest.fn();
    render(<Toaster />);
    act(() => {
      toast.success('已删除', { action: { label: '撤销', onClick } });
    });
    await userEvent.click(await screen.findByRole('button', { name: '撤销' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('dismisses by id and auto-dismisses after its duration', async () => {
    jest.useFakeTimers();
    try {
      render(<Toaster />);
      let id = 0;
      act(() => {
        id = toast.info('手动');
        toast.success('自动', { duration: 1000 });
      });
      expect(screen.getByText('手动')).toBeInTheDocument();
      act(() => toast.dismiss(id));
      expect(screen.queryByText('手动')).not.toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(1500);
      });
      expect(screen.queryByText('自动')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('labels the region in the active language', async () => {
    renderWithTheme(<Toaster placement="bottom-right" />, { locale: 'en' });
    act(() => {
      toast.info('hello');
    });
    await screen.findByText('hello');
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });

  it('keeps a top placement below a sticky TopNav with clearance top-nav', async () => {
    renderWithTheme(<Toaster clearance="top-nav" />, { locale: 'en' });
    act(() => {
      toast.info('below the nav');
    });
    await screen.findByText('below the nav');
    const viewport = document.querySelector('[data-clearance]');
    expect(viewport).toHaveAttribute('data-clearance', 'top-nav');
    // The TopNav's height from the same tokens (control.lg plus twice space 2), not 0.
    const top = getComputedStyle(viewport as Element).top;
    expect(top).toMatch(/^calc\(/);
  });

  it('mounts a detached Toaster when none is rendered', async () => {
    act(() => {
      toast.success('嵌入页通知');
    });
    await waitFor(() => expect(document.querySelector('[data-sluice-toaster]')).toBeInTheDocument());
    expect(await screen.findByText('嵌入页通知')).toBeInTheDocument();
  });
});
