import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NumberInput } from './NumberInput';
import { isAcceptableDraft, parseNumber, roundTo, stepValue } from './numberInputLogic';

describe('numberInputLogic', () => {
  it('accepts partial drafts and rejects letters', () => {
    expect(isAcceptableDraft('-', true, true)).toBe(true);
    expect(isAcceptableDraft('1.', true, true)).toBe(true);
    expect(isAcceptableDraft('1a', true, true)).toBe(false);
    expect(isAcceptableDraft('-1', false, true)).toBe(false);
    expect(isAcceptableDraft('1.5', true, false)).toBe(false);
  });

  it('parses numbers and rounds without float noise', () => {
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('-')).toBeNull();
    expect(roundTo(0.1 + 0.2, undefined)).toBe(0.3);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-2.5, 0)).toBe(-2);
    expect(roundTo(1e-7, 8)).toBe(1e-7);
    expect(stepValue(0.1, 0.2, { precision: 1 })).toBe(0.3);
    expect(stepValue(9, 5, { max: 10 })).toBe(10);
    expect(stepValue(null, 1, { min: 5 })).toBe(6);
  });
});

describe('NumberInput', () => {
  it('exposes a spinbutton and steps with arrow keys (Shift = x10)', async () => {
    const onValueChange = jest.fn();
    render(<NumberInput aria-label="额度" defaultValue={5} onValueChange={onValueChange} />);
    const input = screen.getByRole('spinbutton', { name: '额度' });
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowUp}');
    expect(input).toHaveValue('6');
    expect(input).toHaveAttribute('aria-valuenow', '6');
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(input).toHaveValue('-4');
    expect(onValueChange).toHaveBeenLastCalledWith(-4);
  });

  it('clamps to min/max on blur and with Home/End', async () => {
    const onValueChange = jest.fn();
    render(<NumberInput aria-label="n" min={0} max={100} onValueChange={onValueChange} />);
    const input = screen.getByRole('spinbutton');
    await userEvent.type(input, '250');
    await userEvent.tab();
    expect(input).toHaveValue('100');
    expect(onValueChange).toHaveBeenLastCalledWith(100);
    await userEvent.click(input);
    await userEvent.keyboard('{Home}');
    expect(input).toHaveValue('0');
  });

  it('ignores letters and a minus sign when min >= 0', async () => {
    render(<NumberInput aria-label="n" min={0} />);
    const input = screen.getByRole('spinbutton');
    await userEvent.type(input, '-1a2');
    expect(input).toHaveValue('12');
  });

  it('formats to the given precision on blur', async () => {
    render(<NumberInput aria-label="价格" precision={2} />);
    const input = screen.getByRole('spinbutton');
    await userEvent.type(input, '1.5');
    await userEvent.tab();
    expect(input).toHaveValue('1.50');
  });

  it('stepper buttons change the value and disable at the bounds', async () => {
    render(<NumberInput aria-label="n" defaultValue={9} max={10} />);
    const up = screen.getByRole('button', { name: '增加' });
    await userEvent.click(up);
    expect(screen.getByRole('spinbutton')).toHaveValue('10');
    expect(up).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '减少' }));
    expect(screen.getByRole('spinbutton')).toHaveValue('9');
  });

  it('clearing gives null', async () => {
    const onValueChange = jest.fn();
    render(<NumberInput aria-label="n" defaultValue={3} onValueChange={onValueChange} />);
    await userEvent.clear(screen.getByRole('spinbutton'));
    expect(onValueChange).toHaveBeenLastCalledWith(null);
  });

  it('follows a controlled value', async () => {
    function Controlled() {
      const [v, setV] = useState<number | null>(1);
      return (
        <>
          <NumberInput aria-label="n" value={v} onValueChange={setV} />
          <button type="button" onClick={() => setV(42)}>
            set
          </button>
        </>
      );
    }
    render(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'set' }));
    expect(screen.getByRole('spinbutton')).toHaveValue('42');
  });

  it('does not step when disabled', async () => {
    render(<NumberInput aria-label="n" defaultValue={1} disabled />);
    expect(screen.getByRole('button', { name: '增加' })).toBeDisabled();
    expect(screen.getByRole('spinbutton').parentElement).toHaveAttribute('data-state', 'disabled');
  });
});
