import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import type { SluiceClient } from '../../api/client';
import type { GroupOption, Token, TokenInput } from '../../api/types';
import { ConnectedTokenManager } from './ConnectedTokenManager';
import { TokenManager, type TokenManagerProps } from './TokenManager';

const now = Math.floor(Date.UTC(2025, 0, 15) / 1000);
const base = {
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: '',
  ip_limits: '',
  rate_limit_enabled: false,
  rate_limit_interval: 1,
  rate_limit_count: 1,
  rpm_limit: 0,
  tpm_limit: 0,
  concurrency_limit: 0,
};
const sample: Token[] = [
  { ...base, id: 1, name: '默认令牌', key: 'Xy7kQ2mN9pL4vR8tB3wZ6cF1hJ5dG0aE2sK4uY7iO9qW3eR5', status: 1, remain_quota: 500000, used_quota: 123456, expired_time: -1, created_time: now - 86400 * 3, group: 'default' },
  { ...base, id: 2, name: '团队-vip', key: 'Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4fGh7jKl0nOp3rSt6v', status: 1, remain_quota: 0, used_quota: 2500000, unlimited_quota: true, expired_time: now + 86400 * 30, created_time: now - 86400, group: 'vip', rpm_limit: 60, tpm_limit: 100000, concurrency_limit: 4 },
  { ...base, id: 3, name: '已停用', key: 'Qw8eRt5yUi2oPa9sDf6gHj3kLz0xCv7bNm4qWe1rTy8uIo5p', status: 2, remain_quota: 250000, used_quota: 0, expired_time: -1, created_time: now - 3600, group: 'default' },
];
const groups: GroupOption[] = [
  { value: 'default', label: '默认分组', ratio: 1 },
  { value: 'vip', label: 'VIP 分组', ratio: 0.8 },
];
const models = ['gpt-4o-mini', 'gpt-4o', 'claude-3-5-sonnet-20241022', 'deepseek-chat'];

function StatefulView(props: Partial<TokenManagerProps>) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  return (
    <TokenManager
      tokens={sample}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={setPageSize}
      siteOrigin="https://api.example.com"
      chatLinks={{ chatLink: 'NextChat（https://chat.example.com）' }}
      groups={groups}
      models={models}
      groupDescription="<p><b>default</b>：倍率 1。</p><p><b>vip</b>：倍率 0.8。</p>"
      debugDocument="<h2>调试说明</h2><p>使用 <code>sk-</code> 开头的令牌调用 <code>/v1/chat/completions</code>。</p>"
      onSearch={() => undefined}
      onCreate={async () => undefined}
      onUpdate={async () => undefined}
      onDelete={async () => undefined}
      onSetStatus={async () => undefined}
      openUrl={() => undefined}
      {...props}
    />
  );
}

/** An in-memory token store behind the client interface. */
function storyClient(): SluiceClient {
  let tokens = [...sample];
  let nextId = 10;
  const fake: Partial<SluiceClient> = {
    baseUrl: 'https://story.example',
    scope: 'https://story.example|story',
    mode: 'session',
    listTokens: async ({ page, size }) => ({ items: tokens.slice((page - 1) * size, page * size) }),
    searchTokens: async ({ keyword }) => ({ items: tokens.filter((t) => t.name.includes(keyword)) }),
    getStatus: async () => ({ server_address: 'https://api.example.com' }),
    getGroups: async () => groups,
    getModels: async () => models,
    getTokenChannelDescription: async () => '<p>分组说明</p>',
    getDebugDocument: async () => '<p>调试文档</p>',
    createToken: async (input: TokenInput) => {
      tokens = [...tokens, { ...base, ...input, id: nextId++, key: 'New0'.repeat(12), status: 1, used_quota: 0, created_time: now }];
    },
    updateToken: async (id, input) => {
      tokens = tokens.map((t) => (t.id === id ? { ...t, ...input } : t));
    },
    setTokenStatus: async (id, status) => {
      tokens = tokens.map((t) => (t.id === id ? { ...t, status } : t));
    },
    deleteToken: async (id) => {
      tokens = tokens.filter((t) => t.id !== id);
    },
  };
  return fake as SluiceClient;
}

function ConnectedStory() {
  const client = useMemo(storyClient, []);
  return <ConnectedTokenManager client={client} />;
}

const meta = {
  title: 'Widgets/TokenManager',
  component: StatefulView,
} satisfies Meta<typeof StatefulView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = { args: { tokens: [] } };

export const Loading: Story = { args: { tokens: [], loading: true } };

export const LoadError: Story = { args: { tokens: [], error: '无权进行此操作，未登录且未提供 access token', onRetry: () => undefined } };

export const Connected: Story = { render: () => <ConnectedStory /> };
