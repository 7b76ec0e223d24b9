import type { Meta, StoryObj } from '@storybook/react-vite';
import { CloseIcon, MoreIcon, PlusIcon } from '../../internal/icons';
import { StoryRow, StoryStack } from '../../test/storyLayout';
import { IconButton } from './IconButton';

const meta = {
  title: 'Components/IconButton',
  component: IconButton,
  args: { icon: <MoreIcon />, 'aria-label': '更多' },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Variants: Story = {
  render: (args) => (
    <StoryStack>
      <StoryRow>
        <IconButton {...args} variant="primary" icon={<PlusIcon />} aria-label="新建" />
        <IconButton {...args} variant="secondary" />
        <IconButton {...args} variant="outline" />
        <IconButton {...args} variant="ghost" />
        <IconButton {...args} variant="ghost" tone="danger" icon={<CloseIcon />} aria-label="删除" />
      </StoryRow>
      <StoryRow>
        <IconButton {...args} variant="outline" shape="circle" />
        <IconButton {...args} variant="primary" shape="circle" icon={<PlusIcon />} aria-label="新建" />
      </StoryRow>
    </StoryStack>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <StoryRow>
      <IconButton {...args} variant="outline" size="sm" />
      <IconButton {...args} variant="outline" size="md" />
      <IconButton {...args} variant="outline" size="lg" />
    </StoryRow>
  ),
};

export const States: Story = {
  render: (args) => (
    <StoryRow>
      <IconButton {...args} variant="outline" loading />
      <IconButton {...args} variant="outline" disabled />
    </StoryRow>
  ),
};
