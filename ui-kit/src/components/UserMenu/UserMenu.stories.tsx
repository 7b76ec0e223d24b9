import type { Meta, StoryObj } from '@storybook/react-vite';
import { TopNav } from '../TopNav/TopNav';
import { UserMenu } from './UserMenu';

const adminItems = [
  { key: 'settings', label: '设置', onSelect: () => {} },
  { type: 'separator' as const, key: 'sep' },
  { key: 'logout', label: '退出', tone: 'danger' as const, onSelect: () => {} },
];

const meta = {
  title: 'Components/UserMenu',
  component: UserMenu,
  args: { username: 'root', items: adminItems },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {};

export const OrdinaryUser: Story = {
  args: {
    username: '张三',
    items: [
      { key: 'personal', label: '个人中心', onSelect: () => {} },
      { type: 'separator', key: 'sep' },
      { key: 'logout', label: '退出', tone: 'danger', onSelect: () => {} },
    ],
  },
};

export const LongName: Story = { args: { username: 'a-very-long-user-name-from-oauth-provider' } };

export const InTopNav: Story = {
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <TopNav
      brand="Sluice"
      activeKey="home"
      items={[
        { key: 'home', label: '首页', href: '#/' },
        { key: 'token', label: '令牌', href: '#/token' },
      ]}
      end={<UserMenu {...args} />}
    />
  ),
};
