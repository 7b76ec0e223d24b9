import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryRow, StoryStack } from '../../test/storyLayout';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'Components/Checkbox',
  component: Checkbox,
  args: { label: '同意服务条款' },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Checked: Story = { args: { defaultChecked: true } };

export const Indeterminate: Story = { args: { checked: 'indeterminate', label: '全选' } };

export const Sizes: Story = {
  render: (args) => (
    <StoryRow>
      <Checkbox {...args} size="sm" label="小" defaultChecked />
      <Checkbox {...args} size="md" label="中" defaultChecked />
      <Checkbox {...args} size="lg" label="大" defaultChecked />
    </StoryRow>
  ),
};

export const Disabled: Story = {
  render: (args) => (
    <StoryStack>
      <Checkbox {...args} disabled label="禁用" />
      <Checkbox {...args} disabled defaultChecked label="禁用且选中" />
    </StoryStack>
  ),
};

export const WithoutLabel: Story = { args: { label: undefined, 'aria-label': '选择行' } };
