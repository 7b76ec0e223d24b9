import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { Input } from '../Input/Input';
import { Switch } from '../Switch/Switch';
import { StoryStack } from '../../test/storyLayout';
import { SideSheet, SideSheetClose } from './SideSheet';

const meta = {
  title: 'Components/SideSheet',
  component: SideSheet,
  args: {
    title: '编辑渠道',
    description: 'OpenAI 兼容渠道',
    trigger: <Button>打开侧边栏</Button>,
    children: (
      <StoryStack $gap={3}>
        <Input aria-label="名称" defaultValue="openai-主力" />
        <Input aria-label="Base URL" defaultValue="https://api.openai.com" />
        <Switch label="启用" defaultChecked />
      </StoryStack>
    ),
    footer: (
      <>
        <SideSheetClose asChild>
          <Button>取消</Button>
        </SideSheetClose>
        <Button variant="primary">提交</Button>
      </>
    ),
  },
} satisfies Meta<typeof SideSheet>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const OpenRight: Story = { args: { defaultOpen: true } };
export const OpenLeft: Story = { args: { defaultOpen: true, side: 'left', size: 'sm' } };
export const OpenBottom: Story = { args: { defaultOpen: true, side: 'bottom', size: 'sm' } };
export const Large: Story = { args: { defaultOpen: true, size: 'lg' } };
export const WithoutFooter: Story = { args: { defaultOpen: true, footer: undefined } };
