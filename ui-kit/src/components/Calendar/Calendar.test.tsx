import { act, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { darkTheme } from '../../theme/darkTheme';
import { lightTheme } from '../../theme/lightTheme';
import { Calendar } from './Calendar';

const march2025 = { year: 2025, month: 3 };

const ariaRules = [
  'aria-allowed-attr',
  'aria-allowed-role',
  'aria-hidden-focus',
  'aria-prohibited-attr',
  'aria-required-children',
  'aria-required-parent',
  'aria-valid-attr-value',
  'button-name',
  'nested-interactive',
  'role-img-alt',
  'td-headers-attr',
  'th-has-data-cells',
];

function dayCell(container: HTMLElement, key: string): HTMLElement {
  const el = container.querySelector<HTMLElement>(`[data-date="${key}"]`);
  if (!el) throw new Error(`no day ${key}`);
  return el;
}

describe('Calendar', () => {
  it('shows the month title and weekdays starting on Sunday (zh-CN)', () => {
    renderWithTheme(<Calendar defaultMonth={march2025} today="2025-03-09" />);
    expect(screen.getByText('2025年3月')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['日', '一', '二', '三', '四', '五', '六']);
  });

  it('uses English names under an en provider', () => {
    renderWithTheme(<Calendar defaultMonth={march2025} today="2025-03-09" />, { locale: 'en' });
    expect(screen.getByText('March 2025')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Sun');
  });

  it('marks today, marked, disabled and outside days', () => {
    const { container } = render(
      <Calendar
        defaultMonth={march2025}
        today="2025-03-09"
        markedDates={['2025-03-01', '2025-03-08']}
        markLabel="已签到"
        disabledDates={(key) => key === '2025-03-20'}
      />,
    );
    const today = dayCell(container, '2025-03-09');
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toHaveAttribute('data-today');
    expect(today).toHaveAttribute('aria-label', expect.stringContaining('今天'));
    expect(dayCell(container, '2025-03-08')).toHaveAttribute('data-marked');
    expect(dayCell(container, '2025-03-08')).toHaveAttribute('aria-label', expect.stringContaining('已签到'));
    expect(dayCell(container, '2025-03-07')).not.toHaveAttribute('data-marked');
    expect(dayCell(container, '2025-03-20')).toHaveAttribute('data-disabled');
    expect(dayCell(container, '2025-02-23')).toHaveAttribute('data-outside');
    expect(dayCell(container, '2025-03-10')).toHaveAttribute('data-relation', 'future');
    expect(dayCell(container, '2025-03-02')).toHaveAttribute('data-relation', 'past');
  });

  it('is display-only without onSelect', () => {
    render(<Calendar defaultMonth={march2025} today="2025-03-09" />);
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /2025/ })).toHaveLength(0);
  });

  it('passes axe in read-only and interactive mode (named days, no prohibited attributes)', async () => {
    for (const onSelect of [undefined, () => undefined]) {
      const { container, unmount } = renderWithTheme(
        <Calendar defaultMonth={march2025} today="2025-03-09" markedDates={['2025-03-08']} onSelect={onSelect} />,
      );
      // The ARIA and table rules (colour contrast needs a layout engine: see the browser suite
      // test/console/kit-a11y and the contrast test below).
      const result = await axe.run(container, { runOnly: { type: 'rule', values: ariaRules } });
      expect(result.violations.map((v) => `${v.id}: ${v.nodes[0]?.html ?? ''}`)).toEqual([]);
      unmount();
    }
    render(<Calendar defaultMonth={march2025} today="2025-03-09" />);
    expect(screen.getByRole('img', { name: /2025年3月9日.*今天/ })).toHaveAttribute('aria-current', 'date');
  });

  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ] as const)('draws other-month days in readable secondary text (%s)', (_mode, theme) => {
    const { container } = renderWithTheme(<Calendar defaultMonth={march2025} today="2025-03-09" />, {
      mode: theme.mode,
    });
    expect(dayCell(container, '2025-02-23')).toHaveStyle({ color: theme.colors.textSecondary });
  });

  it('navigates months with the arrow buttons and reports the change', async () => {
    const onMonthChange = jest.fn();
    renderWithTheme(<Calendar defaultMonth={{ year: 2025, month: 1 }} onMonthChange={onMonthChange} />);
    await userEvent.click(screen.getByRole('button', { name: '上个月' }));
    expect(onMonthChange).toHaveBeenLastCalledWith({ year: 2024, month: 12 });
    expect(screen.getByText('2024年12月')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下个月' }));
    await userEvent.click(screen.getByRole('button', { name: '下个月' }));
    expect(screen.getByText('2025年2月')).toBeInTheDocument();
  });

  it('disables navigation beyond min and max dates', () => {
    renderWithTheme(<Calendar defaultMonth={march2025} minDate="2025-03-05" maxDate="2025-03-31" onSelect={() => {}} />);
    expect(screen.getByRole('button', { name: '上个月' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '下个月' })).toBeDisabled();
  });

  it('selects enabled days and ignores disabled ones', async () => {
    const onSelect = jest.fn();
    const { container } = renderWithTheme(
      <Calendar defaultMonth={march2025} today="2025-03-09" onSelect={onSelect} disabledDates={['2025-03-12']} />,
    );
    expect(screen.getByRole('grid')).toBeInTheDocument();
    await userEvent.click(dayCell(container, '2025-03-12'));
    expect(onSelect).not.toHaveBeenCalled();
    await userEvent.click(dayCell(container, '2025-03-14'));
    expect(onSelect).toHaveBeenCalledWith('2025-03-14');
    expect(dayCell(container, '2025-03-14')).toHaveAttribute('data-selected');
    expect(dayCell(container, '2025-03-14').parentElement).toHaveAttribute('aria-selected', 'true');
  });

  it('has one tab stop and moves focus with the keyboard, across months', async () => {
    const { container } = renderWithTheme(
      <Calendar defaultMonth={march2025} today="2025-03-09" onSelect={() => {}} />,
    );
    const grid = screen.getByRole('grid');
    expect(within(grid).getAllByRole('button').filter((b) => b.tabIndex === 0)).toHaveLength(1);
    act(() => dayCell(container, '2025-03-09').focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(dayCell(container, '2025-03-10')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(dayCell(container, '2025-03-17')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(dayCell(container, '2025-03-16')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(dayCell(container, '2025-03-22')).toHaveFocus();
    await userEvent.keyboard('{PageDown}');
    expect(screen.getByText('2025年4月')).toBeInTheDocument();
    expect(dayCell(container, '2025-04-22')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(dayCell(container, '2025-04-22')).toHaveAttribute('data-selected');
  });

  it('renders extra day content and a footer', () => {
    render(
      <Calendar
        defaultMonth={march2025}
        today="2025-03-09"
        renderDay={(day) => (day.marked ? '✓' : null)}
        markedDates={['2025-03-03']}
        footer={<span>本月已签到 1 天</span>}
      />,
    );
    expect(screen.getByText('✓')).toBeInTheDocument();
    expect(screen.getByText('本月已签到 1 天')).toBeInTheDocument();
  });
});
