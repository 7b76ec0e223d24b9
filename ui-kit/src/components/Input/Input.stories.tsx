import type { Meta, StoryObj } from '@storybook/react-vite';
import { SearchIcon } from '../../internal/icons';
import { StoryField, StoryStack } from '../../test/storyLayout';
import { Input } from './Input';

const meta = {
  title: 'Components/Input',
  component: Input,
  args: { placeholder: '请输入令牌名称', 'aria-label': '令牌名称' },
  decorators: [
    (Story) => (
      <StoryField>
        <Story />
      </StoryField>
    ),
  ],
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Sizes: Story = {
  render: (args) => (
    <StoryStack>
      <Input {...args} size="sm" placeholder="小号" />
      <Input {...args} size="md" placeholder="中号" />
      <Input {...args} size="lg" placeholder="大号" />
    </StoryStack>
  ),
};

export const Statuses: Story = {
  render: (args) => (
    <StoryStack>
      <Input {...args} status="default" defaultValue="默认" />
      <Input {...args} status="error" defaultValue="格式错误" />
      <Input {...args} status="warning" defaultValue="即将过期" />
      <Input {...args} status="success" defaultValue="已验证" />
    </StoryStack>
  ),
};

export const PrefixAndSuffix: Story = {
  render: (args) => (
    <StoryStack>
      <Input {...args} prefix={<SearchIcon />} placeholder="搜索模型" />
      <Input {...args} prefix="$" suffix="USD" defaultValue="10.00" />
    </StoryStack>
  ),
};

export const Clearable: Story = { args: { clearable: true, defaultValue: 'gpt-4o-mini' } };

export const Password: Story = { args: { type: 'password', defaultValue: 'sk-secret-key' } };

export const Disabled: Story = { args: { disabled: true, defaultValue: '不可编辑' } };
