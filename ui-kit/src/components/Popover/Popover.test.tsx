import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../Button/Button';
import { Popover, PopoverClose } from './Popover';

function Example() {
  return (
    <>
      <Popover
        title="筛选"
        className="panel"
        content={
          <div>
            <input aria-label="关键字" />
            <PopoverClose asChild>
              <Button>完成</Button>
            </PopoverClose>
          </div>
        }
      >
        <Button>打开</Button>
      </Popover>
      <Button>outside</Button>
    </>
  );
}

describe('Popover', () => {
  it('opens on click with aria-expanded and data-state', async () => {
    render(<Example />);
    const trigger = screen.getByRole('button', { name: '打开' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('dialog');
    expect(panel).toHaveClass('panel');
    expect(panel).toHaveAttribute('data-state', 'open');
    expect(panel).toHaveTextContent('筛选');
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    render(<Example />);
    const trigger = screen.getByRole('button', { name: '打开' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes from a PopoverClose button and on outside click', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('button', { name: '打开' }));
    await userEvent.click(screen.getByRole('button', { name: '完成' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '打开' }));
    await userEvent.click(screen.getByRole('button', { name: 'outside' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('calls onOpenChange', async () => {
    const onOpenChange = jest.fn();
    render(
      <Popover content="x" onOpenChange={onOpenChange}>
        <Button>t</Button>
      </Popover>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(onOpenChange).toHaveBeenCalledWith(true);
  });
});

describe('Popover title', () => {
  it('names the panel by its title', async () => {
    render(
      <Popover title="每日签到" content={<p>body</p>}>
        <button type="button">open</button>
      </Popover>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByRole('dialog', { name: '每日签到' })).toBeInTheDocument();
  });
});
