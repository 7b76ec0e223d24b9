import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryField, StoryStack } from '../../test/storyLayout';
import { Slider } from './Slider';

const meta = {
  title: 'Components/Slider',
  component: Slider,
  args: { 'aria-label': '温度', min: 0, max: 2, step: 0.1, defaultValue: 0.7 },
  decorators: [
    (Story) => (
      <StoryField>
        <Story />
      </StoryField>
    ),
  ],
} satisfies Meta<typeof Slider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithValue: Story = {
  args: { valueDisplay: 'inline', formatValue: (v: number) => v.toFixed(1) },
};

export const Integer: Story = {
  args: { min: 1, max: 4096, step: 1, defaultValue: 1024, valueDisplay: 'inline', 'aria-label': '最大 Tokens' },
};

export const Disabled: Story = {
  render: (args) => (
    <StoryStack>
      <Slider {...args} disabled />
      <Slider {...args} disabled valueDisplay="inline" />
    </StoryStack>
  ),
};
