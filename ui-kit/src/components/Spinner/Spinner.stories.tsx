import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryLabel, StoryRow, StoryStack } from '../../test/storyLayout';
import { Spinner } from './Spinner';

const meta = {
  title: 'Components/Spinner',
  component: Spinner,
  args: { size: 'md', tone: 'primary' },
  argTypes: {
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    tone: { control: 'inline-radio', options: ['primary', 'neutral', 'inverse'] },
  },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const SizesAndTones: Story = {
  render: () => (
    <StoryStack>
      {(['primary', 'neutral'] as const).map((tone) => (
        <StoryRow key={tone}>
          <StoryLabel>{tone}</StoryLabel>
          <Spinner tone={tone} size="sm" />
          <Spinner tone={tone} size="md" />
          <Spinner tone={tone} size="lg" />
        </StoryRow>
      ))}
    </StoryStack>
  ),
};

export const WithTip: Story = { args: { tip: '正在加载渠道列表…' } };

export const CoveringContent: Story = {
  args: { spinning: true },
  render: (args) => (
    <Spinner {...args}>
      <StoryStack>
        <p>被遮罩的内容：加载期间不可交互。</p>
        <p>Covered content stays in place while loading.</p>
      </StoryStack>
    </Spinner>
  ),
};

export const NotSpinning: Story = { ...CoveringContent, args: { spinning: false } };
