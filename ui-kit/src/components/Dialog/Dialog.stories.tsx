import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../Button/Button';
import { Input } from '../Input/Input';
import { StoryRow, StoryStack } from '../../test/storyLayout';
import { ConfirmDialog } from './ConfirmDialog';
import { ConfirmHost, confirm } from './confirm';
import { Dialog, DialogClose } from './Dialog';
import { DialogActions } from './DialogActions';

const footer = (
  <>
    <DialogClose asChild>
      <Button>取消</Button>
    </DialogClose>
    <Button variant="primary">保存</Button>
  </>
);

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  args: {
    title: '编辑令牌',
    description: '修改令牌名称、额度与过期时间。',
    trigger: <Button>打开对话框</Button>,
    footer,
    children: (
      <StoryStack $gap={3}>
        <Input aria-label="名称" defaultValue="默认令牌" />
        <Input aria-label="额度" defaultValue="500000" />
      </StoryStack>
    ),
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Open: Story = { args: { defaultOpen: true } };

export const Small: Story = { args: { defaultOpen: true, size: 'sm', description: undefined } };

export const Large: Story = { args: { defaultOpen: true, size: 'lg' } };

export const WithoutCloseButton: Story = { args: { defaultOpen: true, closable: false } };

export const LongContent: Story = {
  args: {
    defaultOpen: true,
    children: (
      <StoryStack>
        {Array.from({ length: 40 }, (_, i) => (
          <p key={i}>第 {i + 1} 段：模型倍率与分组倍率共同决定最终扣费。</p>
        ))}
      </StoryStack>
    ),
  },
};

/** The usual footer: DialogActions closes, then confirms (here a one-way step, in red). */
export const WithActions: Story = {
  args: {
    defaultOpen: true,
    title: '删除用户 alice？',
    description: '删除后该用户无法登录，记录保留。',
    children: undefined,
    footer: <DialogActions cancelText="取消" confirmText="删除" tone="danger" onConfirm={() => undefined} />,
  },
};

export const Confirm: Story = {
  render: () => <ConfirmDialog open title="删除该渠道？" content="删除后无法恢复。" tone="danger" onResolve={() => undefined} />,
};

function ImperativeConfirmDemo() {
  const [result, setResult] = useState('尚未选择');
  return (
    <StoryRow>
      <ConfirmHost />
      <Button
        tone="danger"
        onClick={async () => {
          const ok = await confirm({ title: '重置全部额度？', content: '此操作不可撤销。', tone: 'danger' });
          setResult(ok ? '已确认' : '已取消');
        }}
      >
        confirm()
      </Button>
      <span>{result}</span>
    </StoryRow>
  );
}

export const ImperativeConfirm: Story = { render: () => <ImperativeConfirmDemo /> };
