import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { DateTimePicker } from './DateTimePicker';
import { fromInputValue, toInputValue, truncate } from './dateTimeValue';

describe('dateTimeValue', () => {
  it('formats local time for each precision', () => {
    const d = new Date(2025, 2, 9, 7, 5, 3, 120);
    expect(toInputValue(d, 'date')).toBe('2025-03-09');
    expect(toInputValue(d, 'minute')).toBe('2025-03-09T07:05');
    expect(toInputValue(d, 'second')).toBe('2025-03-09T07:05:03');
    expect(toInputValue(null, 'minute')).toBe('');
    expect(toInputValue(new Date(Number.NaN), 'minute')).toBe('');
  });

  it('parses native values as local time and rejects malformed ones', () => {
    expect(fromInputValue('2025-03-09T07:05')).toEqual(new Date(2025, 2, 9, 7, 5, 0));
    expect(fromInputValue('2025-03-09T07:05:03')).toEqual(new Date(2025, 2, 9, 7, 5, 3));
    expect(fromInputValue('2025-03-09')).toEqual(new Date(2025, 2, 9));
    expect(fromInputValue('')).toBeNull();
    expect(fromInputValue('2025-02-30T00:00')).toBeNull();
    expect(fromInputValue('yesterday')).toBeNull();
  });

  it('round-trips and truncates to the shown precision', () => {
    const d = new Date(2024, 1, 29, 23, 59, 59, 999);
    expect(fromInputValue(toInputValue(d, 'second'))).toEqual(truncate(d, 'second'));
    expect(truncate(d, 'minute')).toEqual(new Date(2024, 1, 29, 23, 59));
    expect(truncate(d, 'date')).toEqual(new Date(2024, 1, 29));
  });
});

describe('DateTimePicker', () => {
  it('renders a labelled native datetime-local input with the value', () => {
    renderWithTheme(<DateTimePicker defaultValue={new Date(2025, 2, 9, 10, 30)} />);
    const input = screen.getByLabelText('日期时间');
    expect(input).toHaveAttribute('type', 'datetime-local');
    expect(input).toHaveValue('2025-03-09T10:30');
  });

  it('reports typed values as Dates and clearing as null', () => {
    const onValueChange = jest.fn();
    render(<DateTimePicker label="开始时间" onValueChange={onValueChange} />);
    const input = screen.getByLabelText('开始时间');
    fireEvent.change(input, { target: { value: '2025-03-09T08:15' } });
    expect(onValueChange).toHaveBeenLastCalledWith(new Date(2025, 2, 9, 8, 15));
    fireEvent.change(input, { target: { value: '' } });
    expect(onValueChange).toHaveBeenLastCalledWith(null);
  });

  it('uses a date input and seconds step per precision, with min and max', () => {
    const { rerender } = render(<DateTimePicker precision="date" min={new Date(2025, 0, 1)} />);
    expect(screen.getByLabelText('日期时间')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('日期时间')).toHaveAttribute('min', '2025-01-01');
    rerender(<DateTimePicker precision="second" max={new Date(2025, 0, 1, 12, 0, 30)} />);
    expect(screen.getByLabelText('日期时间')).toHaveAttribute('step', '1');
    expect(screen.getByLabelText('日期时间')).toHaveAttribute('max', '2025-01-01T12:00:30');
  });

  it('sets computed values from preset buttons and renders the quick-buttons slot', async () => {
    const onValueChange = jest.fn();
    renderWithTheme(
      <DateTimePicker
        onValueChange={onValueChange}
        presets={[{ label: '今天零点', value: () => new Date(2025, 2, 9) }]}
        quickButtons={<button type="button">自定义</button>}
      />,
    );
    const group = screen.getByRole('group', { name: '快捷选择' });
    expect(group).toContainElement(screen.getByRole('button', { name: '自定义' }));
    await userEvent.click(screen.getByRole('button', { name: '今天零点' }));
    expect(onValueChange).toHaveBeenCalledWith(new Date(2025, 2, 9));
    expect(screen.getByLabelText('日期时间')).toHaveValue('2025-03-09T00:00');
  });

  it('follows a controlled value', () => {
    const { rerender } = render(<DateTimePicker value={new Date(2025, 0, 1, 1, 1)} onValueChange={() => {}} />);
    expect(screen.getByLabelText('日期时间')).toHaveValue('2025-01-01T01:01');
    rerender(<DateTimePicker value={null} onValueChange={() => {}} />);
    expect(screen.getByLabelText('日期时间')).toHaveValue('');
  });
});
