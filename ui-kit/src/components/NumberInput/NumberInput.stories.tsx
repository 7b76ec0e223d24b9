import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryField, StoryStack } from '../../test/storyLayout';
import { NumberInput } from './NumberInput';

const meta = {
  title: 'Components/NumberInput',
  component: NumberInput,
  args: { 'aria-label': '数量', defaultValue: 10 },
  decorators: [
    (Story) => (
      <StoryField>
        <Story />
      </StoryField>
    ),
  ],
} satisfies Meta<typeof NumberInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Quota: Story = {
  args: { min: 0, precision: 0, step: 500000, defaultValue: 500000, suffix: '额度' },
};

export const Price: Story = {
  args: { min: 0, precision: 4, step: 0.0001, defaultValue: 0.0025, prefix: '$' },
};

export const Sizes: Story = {
  render: (args) => (
    <StoryStack>
      <NumberInput {...args} size="sm" />
      <NumberInput {...args} size="md" />
      <NumberInput {...args} size="lg" />
    </StoryStack>
  ),
};

export const Statuses: Story = {
  render: (args) => (
    <StoryStack>
      <NumberInput {...args} status="error" />
      <NumberInput {...args} status="warning" />
      <NumberInput {...args} status="success" />
    </StoryStack>
  ),
};

export const WithoutControls: Story = { args: { controls: 'hidden' } };

export const Empty: Story = { args: { defaultValue: null, placeholder: '不限' } };

export const Disabled: Story = { args: { disabled: true } };
