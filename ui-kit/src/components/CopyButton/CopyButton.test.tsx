import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Toaster, toast } from '../Toast/Toast';
import { CopyButton } from './CopyButton';
import { useClipboard } from './useClipboard';

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined): void {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

describe('CopyButton', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('copies with navigator.clipboard and shows a "copied" toast', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined);
    setClipboard(writeText);
    const onCopy = jest.fn();
    renderWithTheme(
      <>
        <Toaster />
        <CopyButton text="sk-abc123" onCopy={onCopy} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith('sk-abc123');
    expect(onCopy).toHaveBeenCalledWith('copied');
    const region = screen.getByRole('region', { name: /通知/ });
    expect(await within(region).findByText('已复制')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '已复制' })).toHaveAttribute('data-state', 'copied');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('computes the text at click time', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined);
    setClipboard(writeText);
    renderWithTheme(<CopyButton text={() => 'a\nb'} successMessage={false} />);
    await user.click(screen.getByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith('a\nb');
  });

  it('opens a manual-copy dialog with the text selected when the clipboard refuses', async () => {
    const user = userEvent.setup();
    setClipboard(jest.fn<Promise<void>, [string]>().mockRejectedValue(new Error('NotAllowedError')));
    const onCopy = jest.fn();
    renderWithTheme(<CopyButton text="https://sluice.example/register?aff=abc" onCopy={onCopy} />);
    await user.click(screen.getByRole('button', { name: '复制' }));
    const dialog = await screen.findByRole('dialog', { name: '无法复制到剪贴板，请手动复制' });
    const field = screen.getByRole('textbox', { name: '待复制的文本' }) as HTMLTextAreaElement;
    expect(dialog).toContainElement(field);
    expect(field).toHaveValue('https://sluice.example/register?aff=abc');
    expect(field).toHaveAttribute('readonly');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(field.value.length);
    expect(onCopy).toHaveBeenCalledWith('manual');

    await user.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('falls back to the dialog when the clipboard API is missing', async () => {
    const user = userEvent.setup();
    setClipboard(undefined);
    renderWithTheme(<CopyButton text="x" appearance="icon" />, { locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('dialog', { name: 'Cannot copy to the clipboard, please copy manually' })).toBeInTheDocument();
  });

  it('exposes the same flow as a hook for "copy selected" buttons', async () => {
    const user = userEvent.setup();
    setClipboard(jest.fn<Promise<void>, [string]>().mockRejectedValue(new Error('denied')));
    const results: string[] = [];
    function CopySelected() {
      const { copy, manualCopyDialog } = useClipboard();
      return (
        <>
          <button type="button" onClick={() => void copy('t1 sk-1\nt2 sk-2').then((r) => results.push(r))}>
            复制所选令牌
          </button>
          {manualCopyDialog}
        </>
      );
    }
    renderWithTheme(<CopySelected />);
    await user.click(screen.getByRole('button', { name: '复制所选令牌' }));
    expect(await screen.findByRole('textbox', { name: '待复制的文本' })).toHaveValue('t1 sk-1\nt2 sk-2');
    expect(results).toEqual(['manual']);
  });
});
