import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Card } from '../Card';
import { Stack } from './Stack';

const meta = {
  title: 'Components/Stack',
  component: Stack,
  args: { direction: 'column', gap: 4 },
  argTypes: { direction: { control: 'inline-radio', options: ['column', 'row'] } },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Column: Story = {
  render: (args) => (
    <Stack {...args}>
      <Card title="一">内容</Card>
      <Card title="二">内容</Card>
    </Stack>
  ),
};

export const Row: Story = {
  args: { direction: 'row', gap: 2 },
  render: (args) => (
    <Stack {...args}>
      <Button>保存</Button>
      <Button variant="outline">取消</Button>
    </Stack>
  ),
};
