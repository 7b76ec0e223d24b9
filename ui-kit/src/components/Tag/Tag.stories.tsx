import type { Meta, StoryObj } from '@storybook/react-vite';
import { CheckIcon } from '../../internal/icons';
import { StoryLabel, StoryRow, StoryStack } from '../../test/storyLayout';
import { Tag, type TagColor, type TagVariant } from './Tag';

const colors: TagColor[] = ['neutral', 'primary', 'success', 'warning', 'danger', 'info'];
const variants: TagVariant[] = ['soft', 'solid', 'outline'];

const meta = {
  title: 'Components/Tag',
  component: Tag,
  args: { children: '标签', color: 'neutral', variant: 'soft', size: 'md' },
  argTypes: {
    color: { control: 'inline-radio', options: colors },
    variant: { control: 'inline-radio', options: variants },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
  },
} satisfies Meta<typeof Tag>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const ColorsAndVariants: Story = {
  render: (args) => (
    <StoryStack>
      {variants.map((variant) => (
        <StoryRow key={variant}>
          <StoryLabel>{variant}</StoryLabel>
          {colors.map((color) => (
            <Tag {...args} key={color} color={color} variant={variant}>
              {color}
            </Tag>
          ))}
        </StoryRow>
      ))}
    </StoryStack>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <StoryRow>
      <Tag {...args} size="sm">
        小号
      </Tag>
      <Tag {...args} size="md">
        默认
      </Tag>
    </StoryRow>
  ),
};

export const WithIcon: Story = { args: { color: 'success', icon: <CheckIcon />, children: '已启用' } };

export const Closable: Story = { args: { closable: true, children: 'gpt-4o-mini', color: 'primary' } };

export const LongText: Story = {
  render: (args) => (
    <StoryRow>
      <div style={{ maxWidth: '8rem' }}>
        <Tag {...args}>一个非常非常长的模型分组名称会被截断</Tag>
      </div>
    </StoryRow>
  ),
};
