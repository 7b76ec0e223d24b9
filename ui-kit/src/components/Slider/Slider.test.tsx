import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Slider } from './Slider';

describe('Slider', () => {
  it('exposes a labelled slider thumb with its value', () => {
    render(<Slider aria-label="温度" min={0} max={2} step={0.1} defaultValue={1} />);
    const thumb = screen.getByRole('slider', { name: '温度' });
    expect(thumb).toHaveAttribute('aria-valuenow', '1');
    expect(thumb).toHaveAttribute('aria-valuemin', '0');
    expect(thumb).toHaveAttribute('aria-valuemax', '2');
  });

  it('moves with arrow keys, Home and End', async () => {
    const onValueChange = jest.fn();
    render(<Slider aria-label="x" defaultValue={50} onValueChange={onValueChange} />);
    const thumb = screen.getByRole('slider');
    thumb.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onValueChange).toHaveBeenLastCalledWith(51);
    await userEvent.keyboard('{End}');
    expect(thumb).toHaveAttribute('aria-valuenow', '100');
    await userEvent.keyboard('{Home}');
    expect(onValueChange).toHaveBeenLastCalledWith(0);
  });

  it('shows a formatted value inline', async () => {
    render(
      <Slider
        aria-label="x"
        defaultValue={0.7}
        min={0}
        max={1}
        step={0.1}
        valueDisplay="inline"
        formatValue={(v) => v.toFixed(1)}
      />,
    );
    expect(screen.getByText('0.7')).toBeInTheDocument();
    screen.getByRole('slider').focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('0.6')).toBeInTheDocument();
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '0.6');
  });

  it('does not move when disabled and forwards ref', async () => {
    const ref = createRef<HTMLSpanElement>();
    const onValueChange = jest.fn();
    render(<Slider ref={ref} aria-label="x" disabled defaultValue={3} onValueChange={onValueChange} />);
    screen.getByRole('slider').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onValueChange).not.toHaveBeenCalled();
    expect(ref.current).toHaveAttribute('data-disabled');
  });
});
