import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmbedFrame } from './EmbedFrame';

// A data: page keeps the story offline.
const page = 'data:text/html;charset=utf-8,' + encodeURIComponent('<p style="font-family:sans-serif">嵌入的页面</p>');

const meta = {
  title: 'Components/EmbedFrame',
  component: EmbedFrame,
  args: { title: '服务监控', src: page },
} satisfies Meta<typeof EmbedFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Page: Story = {};
export const Panel: Story = { args: { height: 'panel', title: '调试文档' } };
