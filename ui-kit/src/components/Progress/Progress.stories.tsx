import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryField, StoryLabel, StoryRow, StoryStack } from '../../test/storyLayout';
import { Progress, type ProgressTone } from './Progress';

const tones: ProgressTone[] = ['primary', 'success', 'warning', 'danger', 'info'];

const meta = {
  title: 'Components/Progress',
  component: Progress,
  args: { value: 64, variant: 'bar', tone: 'primary', size: 'md', info: 'visible' },
  argTypes: {
    value: { control: { type: 'range', min: 0, max: 100 } },
    variant: { control: 'inline-radio', options: ['bar', 'circle'] },
    tone: { control: 'inline-radio', options: tones },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    info: { control: 'inline-radio', options: ['visible', 'hidden'] },
  },
  decorators: [(Story) => <StoryField>{Story()}</StoryField>],
} satisfies Meta<typeof Progress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Bar: Story = {};

export const BarTonesAndSizes: Story = {
  render: () => (
    <StoryStack>
      {tones.map((tone, i) => (
        <Progress key={tone} tone={tone} value={20 + i * 20} size={i % 3 === 0 ? 'sm' : i % 3 === 1 ? 'md' : 'lg'} />
      ))}
    </StoryStack>
  ),
};

export const Circle: Story = { args: { variant: 'circle' } };

export const CircleSizes: Story = {
  render: () => (
    <StoryRow>
      <Progress variant="circle" size="sm" value={30} />
      <Progress variant="circle" size="md" value={66} tone="success" />
      <Progress variant="circle" size="lg" value={100} tone="success" />
    </StoryRow>
  ),
};

export const Indeterminate: Story = {
  render: () => (
    <StoryStack>
      <StoryLabel>bar</StoryLabel>
      <Progress value={null} />
      <StoryLabel>circle</StoryLabel>
      <Progress variant="circle" value={null} />
    </StoryStack>
  ),
};

export const Complete: Story = { args: { value: 100, tone: 'success' } };

export const CustomText: Story = { args: { value: 3, format: (v: number) => `${v} / 100 张` } };

export const HiddenText: Story = { args: { info: 'hidden' } };
