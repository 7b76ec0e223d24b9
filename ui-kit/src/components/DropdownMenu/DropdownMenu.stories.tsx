import type { Meta, StoryObj } from '@storybook/react-vite';
import { CloseIcon, MoreIcon, PlusIcon } from '../../internal/icons';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { DropdownMenu } from './DropdownMenu';

const meta = {
  title: 'Components/DropdownMenu',
  component: DropdownMenu,
  args: {
    children: <Button>操作</Button>,
    items: [
      { type: 'label', key: 'label', label: '令牌操作' },
      { key: 'copy', label: '复制密钥', shortcut: '⌘C' },
      { key: 'edit', label: '编辑', icon: <PlusIcon /> },
      { key: 'export', label: '导出（无权限）', disabled: true },
      { type: 'separator', key: 'sep' },
      { key: 'delete', label: '删除', tone: 'danger', icon: <CloseIcon /> },
    ],
  },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Open: Story = { args: { defaultOpen: true, modal: false } };

export const IconTrigger: Story = {
  args: { children: <IconButton icon={<MoreIcon />} aria-label="更多操作" />, defaultOpen: true, modal: false },
};

export const WithCheckboxes: Story = {
  args: {
    defaultOpen: true,
    modal: false,
    items: [
      { type: 'label', key: 'cols', label: '显示列' },
      { type: 'checkbox', key: 'model', label: '模型', checked: true, onCheckedChange: () => undefined },
      { type: 'checkbox', key: 'quota', label: '额度', checked: false, onCheckedChange: () => undefined },
      { type: 'checkbox', key: 'ip', label: 'IP', checked: false, disabled: true, onCheckedChange: () => undefined },
    ],
  },
};

/** One choice of several (a language): the menu closes on the choice. */
export const SingleChoice: Story = {
  args: {
    defaultOpen: true,
    modal: false,
    items: [
      { type: 'label', key: 'lang', label: '语言' },
      { type: 'checkbox', key: 'zh', label: '简体中文', checked: true, closeOnSelect: true, onCheckedChange: () => undefined },
      { type: 'checkbox', key: 'en', label: 'English', checked: false, closeOnSelect: true, onCheckedChange: () => undefined },
    ],
  },
};
