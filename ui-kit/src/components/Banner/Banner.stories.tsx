import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { Markdown } from '../Markdown/Markdown';
import { StoryStack } from '../../test/storyLayout';
import { Banner, type BannerType } from './Banner';

const types: BannerType[] = ['info', 'success', 'warning', 'danger'];

const meta = {
  title: 'Components/Banner',
  component: Banner,
  args: { type: 'info', variant: 'soft', children: '这是一条提示信息。This is a message.' },
  argTypes: {
    type: { control: 'inline-radio', options: types },
    variant: { control: 'inline-radio', options: ['soft', 'outline', 'fullWidth'] },
  },
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllTypes: Story = {
  render: (args) => (
    <StoryStack>
      {types.map((type) => (
        <Banner {...args} key={type} type={type} title={type}>
          {type} 类型的提示内容。
        </Banner>
      ))}
    </StoryStack>
  ),
};

export const Variants: Story = {
  render: (args) => (
    <StoryStack>
      <Banner {...args} variant="soft">soft</Banner>
      <Banner {...args} variant="outline">outline</Banner>
      <Banner {...args} variant="fullWidth">fullWidth</Banner>
    </StoryStack>
  ),
};

export const WithTitle: Story = { args: { title: '请替换 API 地址', type: 'success' } };

export const Closable: Story = { args: { closable: true, type: 'warning', children: '绘图回调未开启。' } };

export const RichContent: Story = {
  args: {
    type: 'info',
    title: 'OpenAI',
    children: <Markdown size="sm">{'由 **OpenAI** 提供的模型，详见 [官方文档](https://platform.openai.com/docs)。'}</Markdown>,
    actions: (
      <Button size="sm" variant="primary">
        查看模型
      </Button>
    ),
  },
};

export const NoIcon: Story = { args: { icon: null } };
