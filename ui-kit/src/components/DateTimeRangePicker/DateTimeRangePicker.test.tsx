import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { DateTimeRangePicker, isRangeValid } from './DateTimeRangePicker';

describe('isRangeValid', () => {
  it('accepts open ranges and ordered ends, rejects reversed ones', () => {
    expect(isRangeValid({ start: null, end: new Date(2025, 0, 1) })).toBe(true);
    expect(isRangeValid({ start: new Date(2025, 0, 1), end: new Date(2025, 0, 1) })).toBe(true);
    expect(isRangeValid({ start: new Date(2025, 0, 2), end: new Date(2025, 0, 1) })).toBe(false);
    // Same minute is fine at minute precision even if seconds differ.
    expect(isRangeValid({ start: new Date(2025, 0, 1, 0, 0, 30), end: new Date(2025, 0, 1, 0, 0, 10) }, 'minute')).toBe(
      true,
    );
  });
});

describe('DateTimeRangePicker', () => {
  it('renders labelled start and end inputs', () => {
    renderWithTheme(
      <DateTimeRangePicker defaultValue={{ start: new Date(2025, 2, 1, 0, 0), end: new Date(2025, 2, 9, 12, 0) }} />,
    );
    expect(screen.getByLabelText('开始时间')).toHaveValue('2025-03-01T00:00');
    expect(screen.getByLabelText('结束时间')).toHaveValue('2025-03-09T12:00');
    // Each input limits the other natively.
    expect(screen.getByLabelText('开始时间')).toHaveAttribute('max', '2025-03-09T12:00');
    expect(screen.getByLabelText('结束时间')).toHaveAttribute('min', '2025-03-01T00:00');
  });

  it('reports each end as it changes', () => {
    const onValueChange = jest.fn();
    render(<DateTimeRangePicker onValueChange={onValueChange} />);
    fireEvent.change(screen.getByLabelText('开始时间'), { target: { value: '2025-03-01T08:00' } });
    expect(onValueChange).toHaveBeenLastCalledWith({ start: new Date(2025, 2, 1, 8, 0), end: null });
    fireEvent.change(screen.getByLabelText('结束时间'), { target: { value: '2025-03-02T08:00' } });
    expect(onValueChange).toHaveBeenLastCalledWith({
      start: new Date(2025, 2, 1, 8, 0),
      end: new Date(2025, 2, 2, 8, 0),
    });
  });

  it('flags an end before the start and announces it', () => {
    renderWithTheme(
      <DateTimeRangePicker
        data-testid="range"
        value={{ start: new Date(2025, 2, 9), end: new Date(2025, 2, 1) }}
        onValueChange={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('结束时间不能早于开始时间');
    expect(screen.getByLabelText('结束时间')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('结束时间')).toHaveAccessibleDescription('结束时间不能早于开始时间');
    expect(screen.getByTestId('range')).toHaveAttribute('data-state', 'invalid');
  });

  it('applies range presets and renders the quick-buttons slot', async () => {
    const onValueChange = jest.fn();
    const week = { start: new Date(2025, 2, 2), end: new Date(2025, 2, 9) };
    renderWithTheme(
      <DateTimeRangePicker
        onValueChange={onValueChange}
        presets={[{ label: '最近 7 天', value: () => week }]}
        quickButtons={<button type="button">其他</button>}
      />,
      { locale: 'en' },
    );
    expect(screen.getByRole('group', { name: 'Quick select' })).toContainElement(
      screen.getByRole('button', { name: '其他' }),
    );
    await userEvent.click(screen.getByRole('button', { name: '最近 7 天' }));
    expect(onValueChange).toHaveBeenCalledWith(week);
    expect(screen.getByLabelText('Start time')).toHaveValue('2025-03-02T00:00');
    expect(screen.getByLabelText('End time')).toHaveValue('2025-03-09T00:00');
  });
});
