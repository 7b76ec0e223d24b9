import type { Meta, StoryObj } from '@storybook/react-vite';
import { PageContainer } from '../PageContainer';
import { TopNav } from '../TopNav';
import { AppBrand, AppFooter, AppShell } from './AppShell';

const meta = {
  title: 'Components/AppShell',
  component: AppShell,
  args: {
    header: <TopNav brand={<AppBrand name="Sluice" />} items={[{ key: 'home', label: '首页', href: '#' }]} />,
    footer: <AppFooter>Sluice · 由 Sluice 驱动</AppFooter>,
    children: <PageContainer title="首页">内容</PageContainer>,
  },
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
