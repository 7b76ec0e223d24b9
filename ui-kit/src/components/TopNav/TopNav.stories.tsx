import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { TopNav, type NavItem } from './TopNav';

const items: NavItem[] = [
  { key: 'home', label: '首页', href: '#/' },
  { key: 'channel', label: '渠道', href: '#/channel' },
  { key: 'playground', label: '操练场', href: '#/playground' },
  { key: 'token', label: '令牌', href: '#/token' },
  { key: 'redemption', label: '兑换码', href: '#/redemption' },
  { key: 'topup', label: '钱包', href: '#/topup' },
  {
    key: 'logs',
    label: '日志',
    children: [
      { key: 'log', label: '使用日志', href: '#/log' },
      { key: 'detail', label: '数据看板', href: '#/detail' },
      { key: 'midjourney', label: '绘图日志', href: '#/midjourney' },
      { key: 'task', label: '异步任务', href: '#/task' },
    ],
  },
  { key: 'pricing', label: '模型列表', href: '#/pricing' },
  { key: 'user', label: '用户管理', href: '#/user' },
];

const meta = {
  title: 'Components/TopNav',
  component: TopNav,
  args: { brand: 'Sluice', items, activeKey: 'token' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof TopNav>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {
  args: {
    end: (
      <>
        <Button variant="ghost">登录</Button>
        <Button variant="primary">注册</Button>
      </>
    ),
  },
};

export const ActiveSubmenuEntry: Story = { args: { activeKey: 'midjourney' } };

export const Interactive: Story = {
  render: function Interactive(args) {
    const [active, setActive] = useState('home');
    return <TopNav {...args} activeKey={active} onNavigate={(item) => setActive(item.key)} />;
  },
};

export const WithActionEntry: Story = {
  args: { items: [...items, { key: 'newyear', label: '🧨 新年快乐', onSelect: () => {} }] },
};

export const FewItems: Story = { args: { items: items.slice(0, 3), activeKey: 'home' } };
