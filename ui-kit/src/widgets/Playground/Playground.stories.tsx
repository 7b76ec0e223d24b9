import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import type { SluiceClient } from '../../api/client';
import type { ChatCompletionRequest, ChatStreamEvent, GroupOption } from '../../api/types';
import { defaultSettings, type ChatMessage, type PlaygroundSettings } from './chat';
import { ConnectedPlayground } from './ConnectedPlayground';
import { Playground } from './Playground';
import { presetPrompt } from './presets';

const groups: GroupOption[] = [
  { value: 'default', label: '默认分组', ratio: 1 },
  { value: 'vip', label: 'VIP 分组', ratio: 0.8 },
];
const models = ['gpt-4o-mini', 'gpt-4o', 'claude-3-5-sonnet-20241022', 'deepseek-chat', 'o1-mini'];

const conversation: ChatMessage[] = [
  { id: '1', role: 'user', content: '用一句话介绍 Sluice。', createAt: 0, status: 'complete' },
  {
    id: '2',
    role: 'assistant',
    content: 'Sluice 是一个 **AI 模型网关**：\n\n- 统一 OpenAI 格式\n- 按量计费\n\n```bash\ncurl https://api.example.com/v1/models\n```',
    createAt: 0,
    status: 'complete',
  },
  { id: '3', role: 'user', content: '再说详细一点', createAt: 0, status: 'complete' },
];

function StatefulView({ messages }: { messages: ChatMessage[] }) {
  const [settings, setSettings] = useState<PlaygroundSettings>({
    ...defaultSettings(presetPrompt('default', 'zh-CN')),
    group: 'default',
  });
  return (
    <Playground
      groups={groups}
      models={models}
      settings={settings}
      onSettingsChange={setSettings}
      messages={messages}
      onSend={() => undefined}
      onClear={() => undefined}
    />
  );
}

/** A client that streams a canned markdown reply, piece by piece, without a server. */
function storyClient(): SluiceClient {
  async function* streamChat(request: ChatCompletionRequest): AsyncGenerator<ChatStreamEvent, void, void> {
    const last = request.messages.at(-1)?.content ?? '';
    const text = `收到：**${last}**。这是一个在 Storybook 中模拟的流式回复，用于展示逐字输出的效果。`;
    for (let i = 0; i < text.length; i += 3) {
      await new Promise((r) => setTimeout(r, 60));
      yield { type: 'delta', content: text.slice(i, i + 3) };
    }
    yield { type: 'done' };
  }
  const client: Partial<SluiceClient> = {
    baseUrl: 'https://story.example',
    scope: 'https://story.example|story',
    mode: 'session',
    getGroups: async () => groups,
    getModels: async () => models,
    streamChat,
  };
  return client as SluiceClient;
}

function ConnectedStory() {
  const client = useMemo(storyClient, []);
  return <ConnectedPlayground client={client} />;
}

const meta = {
  title: 'Widgets/Playground',
  component: StatefulView,
  args: { messages: conversation },
} satisfies Meta<typeof StatefulView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Conversation: Story = {};

export const Empty: Story = { args: { messages: [] } };

export const ReplyStates: Story = {
  args: {
    messages: [
      { id: 'a', role: 'user', content: '你好', createAt: 0, status: 'complete' },
      { id: 'b', role: 'assistant', content: '', createAt: 0, status: 'loading' },
      { id: 'c', role: 'assistant', content: '正在生成的部分回复……', createAt: 0, status: 'incomplete' },
      { id: 'd', role: 'assistant', content: '半截回复', createAt: 0, status: 'error', error: 'quota exhausted' },
    ],
  },
};

export const Connected: StoryObj = { render: () => <ConnectedStory /> };
