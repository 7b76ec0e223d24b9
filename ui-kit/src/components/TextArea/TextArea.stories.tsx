import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryField, StoryStack } from '../../test/storyLayout';
import { TextArea } from './TextArea';

const meta = {
  title: 'Components/TextArea',
  component: TextArea,
  args: { placeholder: '输入系统提示词…', 'aria-label': '系统提示词' },
  decorators: [
    (Story) => (
      <StoryField>
        <Story />
      </StoryField>
    ),
  ],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithCount: Story = { args: { showCount: true, maxLength: 200, defaultValue: '你是一个乐于助人的助手。' } };

export const AutoResize: Story = {
  args: { resize: 'auto', rows: 2, maxRows: 6, defaultValue: '第一行\n第二行\n第三行' },
};

export const Statuses: Story = {
  render: (args) => (
    <StoryStack>
      <TextArea {...args} status="error" defaultValue="JSON 格式错误" />
      <TextArea {...args} status="warning" defaultValue="内容较长" />
      <TextArea {...args} status="success" defaultValue="已保存" />
    </StoryStack>
  ),
};

export const Disabled: Story = { args: { disabled: true, defaultValue: '只读内容' } };
