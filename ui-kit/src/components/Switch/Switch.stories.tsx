import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryRow, StoryStack } from '../../test/storyLayout';
import { Switch } from './Switch';

const meta = {
  title: 'Components/Switch',
  component: Switch,
  args: { 'aria-label': '启用' },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Checked: Story = { args: { defaultChecked: true } };

export const WithLabel: Story = { args: { label: '启用自动重试', defaultChecked: true } };

export const Sizes: Story = {
  render: (args) => (
    <StoryRow>
      <Switch {...args} size="sm" defaultChecked />
      <Switch {...args} size="md" defaultChecked />
      <Switch {...args} size="lg" defaultChecked />
    </StoryRow>
  ),
};

export const States: Story = {
  render: (args) => (
    <StoryStack>
      <Switch {...args} label="保存中" loading defaultChecked />
      <Switch {...args} label="禁用（关）" disabled />
      <Switch {...args} label="禁用（开）" disabled defaultChecked />
    </StoryStack>
  ),
};
