import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { StoryRow } from '../../test/storyLayout';
import { Card, type CardVariant } from './Card';

const meta = {
  title: 'Components/Card',
  component: Card,
  args: {
    title: '邀请奖励',
    description: '邀请好友注册即可获得额度',
    children: '待使用收益 ¥12.50，总收益 ¥80.00，邀请人数 12。',
    variant: 'outlined',
    padding: 'md',
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['outlined', 'elevated', 'filled'] },
    padding: { control: 'inline-radio', options: ['none', 'sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Variants: Story = {
  render: (args) => (
    <StoryRow>
      {(['outlined', 'elevated', 'filled'] as CardVariant[]).map((variant) => (
        <Card {...args} key={variant} variant={variant} title={variant} />
      ))}
    </StoryRow>
  ),
};

export const WithExtraAndFooter: Story = {
  args: {
    extra: (
      <Button size="sm" variant="ghost">
        刷新
      </Button>
    ),
    footer: <Button variant="primary">划转到余额</Button>,
  },
};

export const BodyOnly: Story = { args: { title: undefined, description: undefined } };

export const Loading: Story = { args: { loading: true } };

export const PaddingSizes: Story = {
  render: (args) => (
    <StoryRow>
      {(['none', 'sm', 'md', 'lg'] as const).map((padding) => (
        <Card {...args} key={padding} padding={padding} title={padding} description={undefined} />
      ))}
    </StoryRow>
  ),
};
