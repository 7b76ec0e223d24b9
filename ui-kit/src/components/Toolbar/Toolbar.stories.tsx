import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Input } from '../Input';
import { Toolbar } from './Toolbar';

const meta = {
  title: 'Components/Toolbar',
  component: Toolbar,
  args: {
    filtersLabel: '筛选',
    onSearch: () => undefined,
    filters: (
      <>
        <Input aria-label="关键字" placeholder="搜索用户的 ID、用户名、显示名称和邮箱" />
        <Input aria-label="分组" placeholder="分组" />
        <Button type="submit">查询</Button>
      </>
    ),
    actions: <Button variant="primary">添加用户</Button>,
  },
} satisfies Meta<typeof Toolbar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const FiltersOnly: Story = { args: { actions: undefined } };
