import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { Button } from '../Button/Button';
import { StoryRow } from '../../test/storyLayout';
import { Toaster, toast, type ToasterProps } from './Toast';

function Demo(props: ToasterProps) {
  return (
    <>
      <Toaster {...props} />
      <StoryRow>
        <Button onClick={() => toast.success('保存成功')}>success</Button>
        <Button onClick={() => toast.error('请求失败', { description: '上游返回 429：请求过多' })}>
          error
        </Button>
        <Button onClick={() => toast.info('新版本可用')}>info</Button>
        <Button onClick={() => toast.warning('余额低于 $1')}>warning</Button>
        <Button
          onClick={() =>
            toast.success('令牌已删除', { action: { label: '撤销', onClick: () => toast.info('已撤销') } })
          }
        >
          with action
        </Button>
        <Button variant="ghost" onClick={() => toast.dismiss()}>
          dismiss all
        </Button>
      </StoryRow>
    </>
  );
}

/** Shows one toast of every tone on load so the visual test covers them. */
function AllTones(props: ToasterProps) {
  useEffect(() => {
    toast.dismiss();
    toast.success('保存成功', { duration: Infinity });
    toast.error('请求失败', { description: '上游返回 429：请求过多', duration: Infinity });
    toast.info('新版本可用', { duration: Infinity });
    toast.warning('余额低于 $1', { duration: Infinity, action: { label: '充值', onClick: () => undefined } });
    return () => toast.dismiss();
  }, []);
  return <Toaster {...props} />;
}

const meta = {
  title: 'Components/Toast',
  component: Toaster,
  render: (args) => <Demo {...args} />,
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};
export const Tones: Story = { render: (args) => <AllTones {...args} /> };
export const BottomRight: Story = { args: { placement: 'bottom-right' }, render: (args) => <AllTones {...args} /> };
/** Below an app shell's sticky TopNav: toasts never cover the navigation. */
export const BelowTopNav: Story = { args: { clearance: 'top-nav' }, render: (args) => <AllTones {...args} /> };
