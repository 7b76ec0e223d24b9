import { createRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Switch } from './Switch';

describe('Switch', () => {
  it('toggles by click and exposes data-state', async () => {
    const onCheckedChange = jest.fn();
    render(<Switch aria-label="启用" onCheckedChange={onCheckedChange} />);
    const sw = screen.getByRole('switch', { name: '启用' });
    expect(sw).toHaveAttribute('data-state', 'unchecked');
    await userEvent.click(sw);
    expect(sw).toHaveAttribute('data-state', 'checked');
    expect(sw).toBeChecked();
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('toggles with Space from the keyboard', async () => {
    render(<Switch aria-label="x" defaultChecked />);
    await userEvent.tab();
    expect(screen.getByRole('switch')).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('switch')).not.toBeChecked();
  });

  it('is labelled by its label prop, and clicking the label toggles', async () => {
    function Controlled() {
      const [on, setOn] = useState(false);
      return <Switch label="自动禁用渠道" checked={on} onCheckedChange={setOn} className="row" />;
    }
    render(<Controlled />);
    const sw = screen.getByRole('switch', { name: '自动禁用渠道' });
    await userEvent.click(screen.getByText('自动禁用渠道'));
    expect(sw).toBeChecked();
    expect(sw.parentElement).toHaveClass('row');
  });

  it('does not toggle while loading or disabled', async () => {
    const onCheckedChange = jest.fn();
    render(
      <>
        <Switch aria-label="a" loading onCheckedChange={onCheckedChange} />
        <Switch aria-label="b" disabled onCheckedChange={onCheckedChange} />
      </>,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'a' }));
    await userEvent.click(screen.getByRole('switch', { name: 'b' }));
    expect(onCheckedChange).not.toHaveBeenCalled();
    expect(screen.getByRole('switch', { name: 'a' })).toHaveAttribute('aria-busy', 'true');
  });

  it('forwards the ref to the switch button', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Switch ref={ref} aria-label="x" />);
    expect(ref.current).toBe(screen.getByRole('switch'));
  });
});
