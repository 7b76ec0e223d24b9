import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Stack } from '../Stack';
import { StatCard } from './StatCard';

const meta = {
  title: 'Components/StatCard',
  component: StatCard,
  args: { label: '当前余额', value: '$12.50' },
} satisfies Meta<typeof StatCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHint: Story = { args: { label: '累计收益', value: '$3.00', hint: '邀请 3 人', tone: 'success' } };
export const WithAction: Story = {
  args: { label: '待使用收益', value: '$1.00', tone: 'primary', extra: <Button size="sm">划转</Button> },
};
export const Loading: Story = { args: { loading: true } };
export const Row: Story = {
  render: () => (
    <Stack direction="row" gap={3} wrap>
      <StatCard label="消耗额度" value="$4.20" />
      <StatCard label="请求次数" value="128" tone="info" />
      <StatCard label="RPM" value="3" hint="最近 60 秒" />
    </Stack>
  ),
};
