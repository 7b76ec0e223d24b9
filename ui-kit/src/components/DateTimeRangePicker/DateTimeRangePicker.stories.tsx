import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { StoryStack } from '../../test/storyLayout';
import { DateTimeRangePicker, type DateTimeRange } from './DateTimeRangePicker';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const startOfToday = (): Date => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d;
};

const presets = [
  { label: '今天', value: (): DateTimeRange => ({ start: startOfToday(), end: new Date(Date.now() + HOUR) }) },
  { label: '最近 7 天', value: (): DateTimeRange => ({ start: new Date(Date.now() - 7 * DAY), end: new Date() }) },
  { label: '最近 30 天', value: (): DateTimeRange => ({ start: new Date(Date.now() - 30 * DAY), end: new Date(Date.now() + HOUR) }) },
];

const meta = {
  title: 'Components/DateTimeRangePicker',
  component: DateTimeRangePicker,
  args: { precision: 'minute', size: 'md' },
  argTypes: {
    precision: { control: 'inline-radio', options: ['date', 'minute', 'second'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof DateTimeRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithValue: Story = {
  args: { defaultValue: { start: new Date(2025, 2, 1, 0, 0), end: new Date(2025, 2, 9, 23, 59) } },
};

export const QuickRanges: Story = { args: { presets } };

export const Invalid: Story = {
  args: { defaultValue: { start: new Date(2025, 2, 9), end: new Date(2025, 2, 1) } },
};

export const DateOnly: Story = { args: { precision: 'date', presets } };

export const Disabled: Story = { args: { disabled: true, presets } };

export const ControlledWithSlot: Story = {
  render: function Controlled(args) {
    const [range, setRange] = useState<DateTimeRange>({ start: startOfToday(), end: null });
    return (
      <StoryStack>
        <DateTimeRangePicker
          {...args}
          value={range}
          onValueChange={setRange}
          clearable
          presets={presets}
          quickButtons={
            <Button size="sm" variant="link" onClick={() => setRange({ start: null, end: null })}>
              重置
            </Button>
          }
        />
        <span>
          {range.start?.toLocaleString() ?? '—'} → {range.end?.toLocaleString() ?? '—'}
        </span>
      </StoryStack>
    );
  },
};
