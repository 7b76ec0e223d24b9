import type { Meta, StoryObj } from '@storybook/react-vite';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';
import type { TabsProps } from './Tabs';

function Example(args: TabsProps) {
  return (
    <Tabs defaultValue="chat" {...args}>
      <TabsList aria-label="模式">
        <TabsTrigger value="chat">对话</TabsTrigger>
        <TabsTrigger value="completion">补全</TabsTrigger>
        <TabsTrigger value="image">绘图</TabsTrigger>
        <TabsTrigger value="audio" disabled>
          语音（即将推出）
        </TabsTrigger>
      </TabsList>
      <TabsContent value="chat">对话模式：多轮消息。</TabsContent>
      <TabsContent value="completion">补全模式：单段文本续写。</TabsContent>
      <TabsContent value="image">绘图模式：根据提示生成图片。</TabsContent>
      <TabsContent value="audio">语音模式。</TabsContent>
    </Tabs>
  );
}

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  render: (args) => <Example {...args} />,
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Line: Story = { args: { variant: 'line' } };
export const Card: Story = { args: { variant: 'card' } };
export const Segmented: Story = { args: { variant: 'segmented' } };
export const Small: Story = { args: { variant: 'line', size: 'sm' } };
export const Large: Story = { args: { variant: 'segmented', size: 'lg' } };
export const Vertical: Story = { args: { variant: 'line', orientation: 'vertical' } };
