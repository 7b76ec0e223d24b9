import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import type { SluiceClient } from '../../api/client';
import type { ModelInfoVendor, PricingItem, PricingVendor } from '../../api/types';
import { ConnectedPricingTable } from './ConnectedPricingTable';
import { PricingTable } from './PricingTable';

const groups = ['default', 'vip', 'svip'];
const items: PricingItem[] = [
  { model_name: 'gpt-4o-mini', quota_type: 0, model_ratio: 0.075, completion_ratio: 4, model_price: 0, enable_groups: groups },
  { model_name: 'gpt-4o', quota_type: 0, model_ratio: 1.25, completion_ratio: 4, model_price: 0, enable_groups: groups },
  { model_name: 'o1-mini', quota_type: 0, model_ratio: 1.5, completion_ratio: 4, model_price: 0, enable_groups: ['vip', 'svip'] },
  { model_name: 'dall-e-3', quota_type: 1, model_ratio: 0, completion_ratio: 1, model_price: 0.04, enable_groups: ['default', 'vip'] },
  { model_name: 'claude-3-5-sonnet-20241022', quota_type: 0, model_ratio: 1.5, completion_ratio: 5, model_price: 0, enable_groups: ['vip', 'svip'] },
  { model_name: 'deepseek-chat', quota_type: 0, model_ratio: 0.135, completion_ratio: 2, model_price: 0, enable_groups: groups, vendor_id: 4 },
  { model_name: 'mj_imagine', quota_type: 1, model_ratio: 0, completion_ratio: 1, model_price: 0.1, enable_groups: ['default'], vendor_id: 18 },
  { model_name: 'acme-mystery-1', quota_type: 0, model_ratio: 0.5, completion_ratio: 1, model_price: 0, enable_groups: ['default'] },
];
const modelInfo: ModelInfoVendor[] = [
  {
    manufacturer: 'OpenAI',
    description: '**OpenAI** 的 GPT 系列模型。详见 [官网](https://openai.com)。',
    models: [
      { model_name: 'gpt-4o-mini', tags: ['对话', '识图'], illustrate: '<p>小而快的多模态模型，<b>128K</b> 上下文。</p>' },
      { model_name: 'gpt-4o', tags: ['对话', '识图', '多模态'], illustrate: '<p>旗舰多模态模型。</p>' },
      { model_name: 'o1-mini', tags: ['推理'] },
      { model_name: 'dall-e-3', tags: ['绘画', '高清'] },
    ],
  },
  {
    manufacturer: 'Anthropic',
    description: '<p><b>Claude</b> 系列模型，擅长长文本与代码。</p>',
    models: [{ model_name: 'claude-3-5-sonnet-20241022', tags: ['对话', '识图'] }],
  },
];
/** As the server's vendor-prefix table names them in /api/pricing. */
const vendors: PricingVendor[] = [
  { id: 4, name: 'DeepSeek' },
  { id: 18, name: 'Midjourney' },
];
const groupRatio = { default: 1, vip: 0.8, svip: 0.5 };
const groupLabels = { default: '默认分组', vip: 'VIP 分组', svip: '超级 VIP' };

function ConnectedStory() {
  const client = useMemo(() => {
    const fake: Partial<SluiceClient> = {
      baseUrl: 'https://story.example',
      scope: 'https://story.example|story',
      mode: 'session',
      getPricing: async () => ({ items, groupRatio, usableGroup: groupLabels, vendors }),
      getModelInfo: async () => modelInfo,
      getStatus: async () => ({ price: 7.3 }),
    };
    return fake as SluiceClient;
  }, []);
  return <ConnectedPricingTable client={client} />;
}

const meta = {
  title: 'Widgets/PricingTable',
  component: PricingTable,
  args: { items, groupRatio, groupLabels, modelInfo, vendors, exchangeRate: 7.3 },
} satisfies Meta<typeof PricingTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Loading: Story = { args: { items: [], loading: true } };

export const LoadError: Story = { args: { items: [], error: 'HTTP 502', onRetry: () => undefined } };

export const Connected: Story = { render: () => <ConnectedStory /> };
