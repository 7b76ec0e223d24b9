import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  it('toggles by click on the label and reports the new state', async () => {
    const onCheckedChange = jest.fn();
    render(<Checkbox label="记住我" onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: '记住我' });
    await userEvent.click(screen.getByText('记住我'));
    expect(box).toHaveAttribute('data-state', 'checked');
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('toggles with Space', async () => {
    render(<Checkbox aria-label="x" />);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('checkbox')).toBeChecked();
  });

  it('shows the indeterminate state as aria-checked="mixed"', () => {
    render(<Checkbox aria-label="全选" checked="indeterminate" />);
    const box = screen.getByRole('checkbox');
    expect(box).toHaveAttribute('aria-checked', 'mixed');
    expect(box).toHaveAttribute('data-state', 'indeterminate');
  });

  it('ignores clicks when disabled', async () => {
    const onCheckedChange = jest.fn();
    render(<Checkbox aria-label="x" disabled onCheckedChange={onCheckedChange} />);
    await userEvent.click(screen.getByRole('checkbox'));
    expect(onCheckedChange).not.toHaveBeenCalled();
  });

  it('forwards ref and className', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Checkbox ref={ref} aria-label="x" className="c" />);
    expect(ref.current).toBe(screen.getByRole('checkbox'));
    expect(ref.current).toHaveClass('c');
  });
});
