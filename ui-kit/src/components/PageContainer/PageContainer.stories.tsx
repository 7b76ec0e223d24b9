import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { PageContainer } from './PageContainer';

const meta = {
  title: 'Components/PageContainer',
  component: PageContainer,
  args: {
    title: '令牌',
    description: '令牌用于调用 API；请妥善保管，不要泄露。',
    width: 'default',
    children: <Card title="令牌列表">表格放在这里。</Card>,
  },
  argTypes: { width: { control: 'inline-radio', options: ['narrow', 'default', 'full'] } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PageContainer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithActions: Story = {
  args: {
    extra: (
      <>
        <Button>刷新</Button>
        <Button variant="primary">添加令牌</Button>
      </>
    ),
  },
};

export const WithBreadcrumb: Story = {
  args: {
    title: '使用日志',
    breadcrumb: [
      { key: 'home', label: '首页', href: '#/' },
      { key: 'logs', label: '日志' },
      { key: 'log', label: '使用日志' },
    ],
  },
};

export const Narrow: Story = { args: { width: 'narrow', title: '个人设置' } };

export const Full: Story = { args: { width: 'full', title: '数据看板' } };

export const NoHeader: Story = { args: { title: undefined, description: undefined } };
