import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../Button/Button';
import { DropdownMenu, type DropdownMenuEntry } from './DropdownMenu';

function Example({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const [compact, setCompact] = useState(false);
  const items: DropdownMenuEntry[] = [
    { type: 'label', key: 'l', label: '令牌' },
    { key: 'edit', label: '编辑', onSelect: onEdit },
    { key: 'disabled', label: '导出', disabled: true },
    { type: 'checkbox', key: 'compact', label: '紧凑', checked: compact, onCheckedChange: setCompact },
    { type: 'separator', key: 's' },
    { key: 'delete', label: '删除', tone: 'danger', onSelect: onDelete },
  ];
  return (
    <DropdownMenu items={items} className="menu">
      <Button>操作</Button>
    </DropdownMenu>
  );
}

describe('DropdownMenu', () => {
  it('opens on click and runs the selected action', async () => {
    const onEdit = jest.fn();
    render(<Example onEdit={onEdit} onDelete={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: '操作' }));
    const menu = screen.getByRole('menu');
    expect(menu).toHaveClass('menu');
    expect(menu).toHaveAttribute('data-state', 'open');
    await userEvent.click(screen.getByRole('menuitem', { name: '编辑' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('works from the keyboard and skips disabled items', async () => {
    const onDelete = jest.fn();
    render(<Example onEdit={jest.fn()} onDelete={onDelete} />);
    screen.getByRole('button', { name: '操作' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: '删除' })).toHaveFocus();
    expect(screen.getByRole('menuitem', { name: '导出' })).toHaveAttribute('data-disabled');
    await userEvent.keyboard('{Enter}');
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('toggles checkbox items without closing', async () => {
    render(<Example onEdit={jest.fn()} onDelete={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: '操作' }));
    const item = screen.getByRole('menuitemcheckbox', { name: '紧凑' });
    expect(item).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(item);
    expect(screen.getByRole('menuitemcheckbox', { name: '紧凑' })).toHaveAttribute('aria-checked', 'true');
  });

  it('closes on a checkbox item marked closeOnSelect (one choice of several)', async () => {
    const onCheckedChange = jest.fn();
    render(
      <DropdownMenu items={[{ type: 'checkbox', key: 'en', label: 'English', checked: false, closeOnSelect: true, onCheckedChange }]}>
        <Button>Language</Button>
      </DropdownMenu>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Language' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'English' }));
    expect(onCheckedChange).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes with Escape and returns focus', async () => {
    render(<Example onEdit={jest.fn()} onDelete={jest.fn()} />);
    const trigger = screen.getByRole('button', { name: '操作' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
