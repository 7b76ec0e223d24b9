import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { Input } from '../Input/Input';
import { StoryRow, StoryStack } from '../../test/storyLayout';
import { Popover, PopoverClose } from './Popover';

const meta = {
  title: 'Components/Popover',
  component: Popover,
  args: {
    content: '输入 1 美元 = 500000 额度。',
    children: <Button>查看说明</Button>,
  },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Open: Story = { args: { defaultOpen: true, title: '额度换算', arrow: 'visible' } };

export const WithForm: Story = {
  args: {
    defaultOpen: true,
    title: '重命名',
    content: (
      <StoryStack $gap={3}>
        <Input aria-label="名称" defaultValue="默认令牌" />
        <StoryRow $gap={2}>
          <PopoverClose asChild>
            <Button size="sm">取消</Button>
          </PopoverClose>
          <PopoverClose asChild>
            <Button size="sm" variant="primary">
              保存
            </Button>
          </PopoverClose>
        </StoryRow>
      </StoryStack>
    ),
  },
};

export const Placements: Story = {
  render: (args) => (
    <StoryRow $gap={12}>
      <Popover {...args} side="top" defaultOpen content="上方" arrow="visible">
        <Button>top</Button>
      </Popover>
      <Popover {...args} side="right" defaultOpen content="右侧" arrow="visible">
        <Button>right</Button>
      </Popover>
    </StoryRow>
  ),
};
