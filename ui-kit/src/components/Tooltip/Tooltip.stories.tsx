import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { StoryRow } from '../../test/storyLayout';
import { Tooltip } from './Tooltip';

const meta = {
  title: 'Components/Tooltip',
  component: Tooltip,
  args: { content: '倍率 = 模型价格 / 基准价格', children: <Button>悬停查看</Button> },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Open: Story = { args: { defaultOpen: true } };

export const Sides: Story = {
  render: (args) => (
    <StoryRow $gap={12}>
      <Tooltip {...args} side="top" open content="上方">
        <Button>top</Button>
      </Tooltip>
      <Tooltip {...args} side="bottom" open content="下方">
        <Button>bottom</Button>
      </Tooltip>
      <Tooltip {...args} side="left" open content="左侧">
        <Button>left</Button>
      </Tooltip>
      <Tooltip {...args} side="right" open content="右侧">
        <Button>right</Button>
      </Tooltip>
    </StoryRow>
  ),
};

export const LongText: Story = {
  args: {
    defaultOpen: true,
    content:
      '该令牌可访问的模型列表为空时表示不限制。额度按实际消耗扣除，流式请求在结束时结算。',
  },
};
