import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { StoryField } from '../../test/storyLayout';
import { Calendar } from './Calendar';
import { dayRelation, type DateKey } from './calendarMath';

const TODAY = '2025-03-12';
const signed: DateKey[] = ['2025-03-01', '2025-03-02', '2025-03-05', '2025-03-09', '2025-03-10', '2025-03-11'];

const meta = {
  title: 'Components/Calendar',
  component: Calendar,
  args: { defaultMonth: { year: 2025, month: 3 }, today: TODAY, markTone: 'success', weekStartsOn: 0 },
  argTypes: {
    markTone: { control: 'inline-radio', options: ['success', 'primary', 'warning', 'danger', 'info'] },
    weekStartsOn: { control: 'inline-radio', options: [0, 1] },
    outsideDays: { control: 'inline-radio', options: ['visible', 'hidden'] },
    navigation: { control: 'inline-radio', options: ['visible', 'hidden'] },
  },
  decorators: [(Story) => <StoryField>{Story()}</StoryField>],
} satisfies Meta<typeof Calendar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const MarkedDates: Story = { args: { markedDates: signed, markLabel: '已签到' } };

/** Daily check-in month: signed days marked, today ringed, future days disabled. */
export const DailyCheckIn: Story = {
  render: function CheckIn(args) {
    const [days, setDays] = useState<DateKey[]>(signed);
    const signedToday = days.includes(TODAY);
    return (
      <Calendar
        {...args}
        markedDates={days}
        markLabel="已签到"
        disabledDates={(key) => dayRelation(key, TODAY) === 'future'}
        renderDay={(day) => (day.marked ? '✓' : day.inMonth && day.relation === 'past' ? '·' : null)}
        footer={
          <>
            <span>本月已签到 {days.length} 天</span>
            <Button size="sm" variant="primary" disabled={signedToday} onClick={() => setDays([...days, TODAY])}>
              {signedToday ? '今日已签到' : '签到'}
            </Button>
          </>
        }
      />
    );
  },
};

export const Selectable: Story = {
  render: function SelectableCalendar(args) {
    const [value, setValue] = useState<DateKey | null>('2025-03-20');
    return <Calendar {...args} value={value} onSelect={setValue} footer={<span>已选：{value ?? '无'}</span>} />;
  },
};

export const DisabledDatesAndRange: Story = {
  args: {
    onSelect: () => {},
    minDate: '2025-03-03',
    maxDate: '2025-04-15',
    disabledDates: (key: DateKey) => key.endsWith('-15') || key.endsWith('-16'),
  },
};

export const MondayStart: Story = { args: { weekStartsOn: 1 } };

export const HiddenOutsideDaysNoNavigation: Story = { args: { outsideDays: 'hidden', navigation: 'hidden' } };
