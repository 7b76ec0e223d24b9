import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryField, StoryRow, StoryStack } from '../../test/storyLayout';
import { Skeleton } from './Skeleton';

const meta = {
  title: 'Components/Skeleton',
  component: Skeleton,
  args: { variant: 'text', lines: 3, animation: 'pulse', loading: true },
  argTypes: {
    variant: { control: 'inline-radio', options: ['text', 'rect', 'circle'] },
    animation: { control: 'inline-radio', options: ['pulse', 'none'] },
  },
  decorators: [(Story) => <StoryField>{Story()}</StoryField>],
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TextLines: Story = {};

export const Rect: Story = { args: { variant: 'rect' } };

export const Circle: Story = { args: { variant: 'circle' } };

export const Static: Story = { args: { animation: 'none' } };

export const ListItem: Story = {
  render: () => (
    <StoryRow>
      <Skeleton variant="circle" />
      <StoryStack $gap={1}>
        <Skeleton width="8rem" />
        <Skeleton width="14rem" />
      </StoryStack>
    </StoryRow>
  ),
};

export const Loaded: Story = {
  args: { loading: false, children: <p>内容已加载。Content loaded.</p> },
};
