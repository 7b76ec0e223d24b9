import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Button } from '../Button/Button';
import { SideSheet, SideSheetClose } from './SideSheet';

describe('SideSheet', () => {
  it('opens from the trigger and closes with Escape, refocusing the trigger', async () => {
    render(
      <SideSheet title="编辑渠道" trigger={<Button>编辑</Button>}>
        <input aria-label="渠道名称" />
      </SideSheet>,
    );
    const trigger = screen.getByRole('button', { name: '编辑' });
    await userEvent.click(trigger);
    const sheet = screen.getByRole('dialog', { name: '编辑渠道' });
    expect(sheet).toHaveAttribute('data-side', 'right');
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes from a footer SideSheetClose and the × button (English label)', async () => {
    const onOpenChange = jest.fn();
    renderWithTheme(
      <SideSheet
        title="Logs"
        side="left"
        defaultOpen
        onOpenChange={onOpenChange}
        footer={
          <SideSheetClose asChild>
            <Button>Done</Button>
          </SideSheetClose>
        }
      />,
      { locale: 'en' },
    );
    expect(screen.getByRole('button', { name: 'Close panel' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('forwards ref and className to the panel', () => {
    const ref = createRef<HTMLDivElement>();
    render(<SideSheet ref={ref} title="t" open className="sheet" side="bottom" size="sm" />);
    expect(ref.current).toHaveClass('sheet');
    expect(ref.current).toHaveAttribute('data-state', 'open');
    expect(ref.current).toHaveAttribute('data-side', 'bottom');
  });
});
