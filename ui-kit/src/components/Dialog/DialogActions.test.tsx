import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './Dialog';
import { DialogActions, type DialogActionsProps } from './DialogActions';

function Harness(props: Partial<DialogActionsProps>) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="删除用户"
      footer={<DialogActions cancelText="取消" confirmText="删除" onConfirm={() => undefined} {...props} />}
    />
  );
}

describe('DialogActions', () => {
  it('closes the dialog from the cancel button and confirms from the primary one', async () => {
    const onConfirm = jest.fn();
    render(<Harness onConfirm={onConfirm} tone="danger" />);
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts further actions between cancel and confirm', () => {
    render(
      <Harness>
        <button type="button">复制</button>
      </Harness>,
    );
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names.slice(0, 3)).toEqual(['取消', '复制', '删除']);
  });

  it('blocks the confirm while loading and keeps the dialog open while cancel is disabled', async () => {
    const onConfirm = jest.fn();
    render(<Harness onConfirm={onConfirm} loading cancelDisabled />);
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '取消' })).toBeDisabled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('refuses the confirm while disabled', () => {
    render(<Harness disabled />);
    expect(screen.getByRole('button', { name: '删除' })).toBeDisabled();
  });
});
