import { createRef } from 'react';
import { act, render, screen, waitFor, within as withinElement } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Button } from '../Button/Button';
import { ConfirmHost, confirm } from './confirm';
import { ConfirmDialog } from './ConfirmDialog';
import { Dialog, DialogClose } from './Dialog';

describe('Dialog', () => {
  it('opens from its trigger, traps focus, closes on Escape and refocuses the trigger', async () => {
    render(
      <Dialog
        title="编辑令牌"
        description="修改名称与额度"
        trigger={<Button>编辑</Button>}
        footer={
          <DialogClose asChild>
            <Button>取消</Button>
          </DialogClose>
        }
      >
        <input aria-label="名称" />
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: '编辑' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: '编辑令牌' });
    expect(dialog).toHaveAccessibleDescription('修改名称与额度');
    expect(dialog).toHaveAttribute('data-state', 'open');
    // Initial focus goes to the first field, not to the × button.
    expect(screen.getByRole('textbox', { name: '名称' })).toHaveFocus();
    // Tabbing cycles inside the dialog.
    for (let i = 0; i < 4; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes from the × button and DialogClose, reporting onOpenChange', async () => {
    const onOpenChange = jest.fn();
    render(
      <Dialog
        title="t"
        defaultOpen
        onOpenChange={onOpenChange}
        footer={
          <DialogClose asChild>
            <Button>好的</Button>
          </DialogClose>
        }
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: '关闭对话框' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('can hide the × button and forwards ref/className', () => {
    const ref = createRef<HTMLDivElement>();
    render(<Dialog ref={ref} title="t" open closable={false} className="panel" size="lg" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(ref.current).toHaveClass('panel');
    expect(ref.current).toHaveAttribute('data-size', 'lg');
  });
});

describe('ConfirmDialog', () => {
  it('resolves false on cancel and true on confirm', async () => {
    const onResolve = jest.fn();
    const { rerender } = render(<ConfirmDialog open title="删除渠道？" onResolve={onResolve} />);
    expect(screen.getByRole('alertdialog', { name: '删除渠道？' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onResolve).toHaveBeenLastCalledWith(false);
    rerender(<ConfirmDialog open title="删除渠道？" onResolve={onResolve} />);
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onResolve).toHaveBeenLastCalledWith(true);
  });

  it('waits for an async onConfirm and stays open when it fails', async () => {
    const onResolve = jest.fn();
    let reject: (e: Error) => void = () => undefined;
    const onConfirm = () =>
      new Promise<void>((_resolve, rej) => {
        reject = rej;
      });
    render(<ConfirmDialog open title="t" onConfirm={onConfirm} onResolve={onResolve} />);
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(screen.getByRole('button', { name: '确定' })).toHaveAttribute('data-state', 'loading');
    await act(async () => reject(new Error('network')));
    expect(onResolve).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '确定' })).toHaveAttribute('data-state', 'idle');
  });

  it('uses English defaults under an English provider', () => {
    renderWithTheme(<ConfirmDialog open onResolve={jest.fn()} tone="danger" />, { locale: 'en' });
    expect(screen.getByRole('alertdialog', { name: 'Please confirm' })).toHaveAttribute('data-tone', 'danger');
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });
});

describe('confirm()', () => {
  it('resolves through a mounted ConfirmHost', async () => {
    render(<ConfirmHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ title: '重置额度？', content: '此操作不可撤销' });
    });
    expect(await screen.findByRole('alertdialog', { name: '重置额度？' })).toHaveTextContent('此操作不可撤销');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows queued confirms one after another', async () => {
    render(<ConfirmHost />);
    let first: Promise<boolean> = Promise.resolve(true);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = confirm({ title: 'A' });
      second = confirm({ title: 'B' });
    });
    await userEvent.click(within('A').getByRole('button', { name: '取消' }));
    await expect(first).resolves.toBe(false);
    await userEvent.click(within('B').getByRole('button', { name: '确定' }));
    await expect(second).resolves.toBe(true);
  });

  it('mounts a detached host when none is rendered', async () => {
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm({ title: '嵌入页确认' });
    });
    await waitFor(() =>
      expect(document.querySelector('[data-sluice-confirm-host]')).toBeInTheDocument(),
    );
    await screen.findByRole('alertdialog', { name: '嵌入页确认' });
    await userEvent.click(within('嵌入页确认').getByRole('button', { name: '取消' }));
    await expect(answer).resolves.toBe(false);
  });
});

/** Scoped queries for the alertdialog with this accessible name. */
function within(name: string) {
  return withinElement(screen.getByRole('alertdialog', { name }));
}
