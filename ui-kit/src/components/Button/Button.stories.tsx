import type { Meta, StoryObj } from '@storybook/react-vite';
import { PlusIcon, SearchIcon } from '../../internal/icons';
import { StoryLabel, StoryRow, StoryStack } from '../../test/storyLayout';
import { Button } from './Button';
import type { ButtonTone, ButtonVariant } from './Button';

const variants: ButtonVariant[] = ['primary', 'secondary', 'outline', 'ghost', 'link'];
const tones: ButtonTone[] = ['accent', 'neutral', 'danger', 'success', 'warning'];

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: '按钮' },
  argTypes: {
    variant: { control: 'inline-radio', options: variants },
    tone: { control: 'inline-radio', options: tones },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Primary: Story = { args: { variant: 'primary', children: '保存' } };

export const VariantsAndTones: Story = {
  render: (args) => (
    <StoryStack>
      {variants.map((variant) => (
        <StoryRow key={variant}>
          <StoryLabel>{variant}</StoryLabel>
          {tones.map((tone) => (
            <Button {...args} key={tone} variant={variant} tone={tone}>
              {tone}
            </Button>
          ))}
        </StoryRow>
      ))}
    </StoryStack>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <StoryRow>
      <Button {...args} size="sm">
        小
      </Button>
      <Button {...args} size="md">
        中
      </Button>
      <Button {...args} size="lg">
        大
      </Button>
    </StoryRow>
  ),
};

export const WithIcons: Story = {
  render: (args) => (
    <StoryRow>
      <Button {...args} variant="primary" startIcon={<PlusIcon />}>
        新建令牌
      </Button>
      <Button {...args} endIcon={<SearchIcon />}>
        搜索
      </Button>
    </StoryRow>
  ),
};

export const States: Story = {
  render: (args) => (
    <StoryRow>
      <Button {...args} variant="primary" loading>
        提交中
      </Button>
      <Button {...args} loading>
        加载
      </Button>
      <Button {...args} variant="primary" disabled>
        不可用
      </Button>
      <Button {...args} disabled>
        不可用
      </Button>
      <Button {...args} variant="link" disabled>
        链接
      </Button>
    </StoryRow>
  ),
};

export const FullWidth: Story = { args: { variant: 'primary', fullWidth: true, children: '登录' } };
