import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { StoryStack } from '../../test/storyLayout';
import { DateTimePicker } from './DateTimePicker';

const startOfToday = (): Date => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d;
};

const meta = {
  title: 'Components/DateTimePicker',
  component: DateTimePicker,
  args: { precision: 'minute', size: 'md' },
  argTypes: {
    precision: { control: 'inline-radio', options: ['date', 'minute', 'second'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    status: { control: 'inline-radio', options: ['default', 'warning', 'error'] },
  },
} satisfies Meta<typeof DateTimePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithValue: Story = { args: { defaultValue: new Date(2025, 2, 9, 10, 30) } };

export const Seconds: Story = { args: { precision: 'second', defaultValue: new Date(2025, 2, 9, 10, 30, 15) } };

export const DateOnly: Story = { args: { precision: 'date' } };

export const Presets: Story = {
  args: {
    presets: [
      { label: '现在', value: () => new Date() },
      { label: '今天零点', value: startOfToday },
      { label: '一小时后', value: () => new Date(Date.now() + 3_600_000) },
    ],
  },
};

export const QuickButtonsSlot: Story = {
  render: function Slot(args) {
    const [value, setValue] = useState<Date | null>(null);
    return (
      <StoryStack>
        <DateTimePicker
          {...args}
          value={value}
          onValueChange={setValue}
          clearable
          quickButtons={
            <Button size="sm" variant="link" onClick={() => setValue(null)}>
              清空
            </Button>
          }
        />
        <span>值：{value ? value.toString() : '（空）'}</span>
      </StoryStack>
    );
  },
};

export const MinMax: Story = { args: { min: new Date(2025, 0, 1), max: new Date(2025, 11, 31, 23, 59) } };

export const ErrorStatus: Story = { args: { status: 'error' } };

export const Disabled: Story = { args: { disabled: true, defaultValue: new Date(2025, 2, 9, 10, 30) } };
