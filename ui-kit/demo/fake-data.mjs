// Fake data for the embed demo and its browser test, in the server's real wire shapes
// (spec §3, §7; reference §6). Plain JS so the demo server runs with bare `node`.

export const groupRatio = { default: 1, vip: 0.8, svip: 0.5 };

export const groupDescriptions = { default: '默认分组', vip: 'VIP 分组', svip: '超级 VIP 分组' };

/** `GET /api/pricing` items. */
export const pricingItems = [
  { model_name: 'gpt-4o-mini', quota_type: 0, model_ratio: 0.075, completion_ratio: 4, model_price: 0, enable_groups: ['default', 'vip', 'svip'] },
  { model_name: 'gpt-4o', quota_type: 0, model_ratio: 1.25, completion_ratio: 4, model_price: 0, enable_groups: ['default', 'vip', 'svip'] },
  { model_name: 'gpt-3.5-turbo', quota_type: 0, model_ratio: 0.25, completion_ratio: 3, model_price: 0, enable_groups: ['default'] },
  { model_name: 'o1-mini', quota_type: 0, model_ratio: 1.5, completion_ratio: 4, model_price: 0, enable_groups: ['vip', 'svip'] },
  { model_name: 'dall-e-3', quota_type: 1, model_ratio: 0, completion_ratio: 1, model_price: 0.04, enable_groups: ['default', 'vip'] },
  { model_name: 'claude-3-5-sonnet-20241022', quota_type: 0, model_ratio: 1.5, completion_ratio: 5, model_price: 0, enable_groups: ['vip', 'svip'] },
  { model_name: 'claude-3-haiku-20240307', quota_type: 0, model_ratio: 0.125, completion_ratio: 5, model_price: 0, enable_groups: ['default', 'vip'] },
  { model_name: 'deepseek-chat', quota_type: 0, model_ratio: 0.135, completion_ratio: 2, model_price: 0, enable_groups: ['default', 'vip', 'svip'] },
  { model_name: 'deepseek-reasoner', quota_type: 0, model_ratio: 0.275, completion_ratio: 4, model_price: 0, enable_groups: ['svip'] },
  { model_name: 'mj_imagine', quota_type: 1, model_ratio: 0, completion_ratio: 1, model_price: 0.1, enable_groups: ['default', 'vip'] },
  { model_name: 'suno_music', quota_type: 1, model_ratio: 0, completion_ratio: 1, model_price: 0.1, enable_groups: ['vip'] },
  { model_name: 'acme-mystery-1', quota_type: 0, model_ratio: 0.5, completion_ratio: 1, model_price: 0, enable_groups: ['default'] },
];

/** `GET /api/model-info` vendors (sent as a JSON string). */
export const modelInfo = [
  {
    Manufacturer: 'OpenAI',
    icon: '',
    description: '**OpenAI** 的 GPT 系列模型，支持对话、识图与函数调用。详见 [官网](https://openai.com)。',
    models: [
      { model_name: 'gpt-4o-mini', type: ['对话', '识图'], illustrate: '<p>小而快的多模态模型，<b>128K</b> 上下文。</p>' },
      { model_name: 'gpt-4o', type: ['对话', '识图', '多模态'], illustrate: '<p>旗舰多模态模型，<b>128K</b> 上下文。</p>' },
      { model_name: 'gpt-3.5-turbo', type: ['对话'], illustrate: '<p>经典对话模型，16K 上下文。</p>' },
      { model_name: 'o1-mini', type: ['推理'], illustrate: '<p>推理模型。</p>' },
      { model_name: 'dall-e-3', type: ['绘画', '高清'], illustrate: '<p>按次计费的绘画模型。</p>' },
    ],
  },
  {
    Manufacturer: 'Anthropic',
    icon: '',
    description: '<p><b>Claude</b> 系列模型，擅长长文本与代码。</p>',
    models: [
      { model_name: 'claude-3-5-sonnet-20241022', type: ['对话', '识图'], illustrate: '<p>200K 上下文。</p>' },
      { model_name: 'claude-3-haiku-20240307', type: ['对话'], illustrate: '<p>速度最快的 Claude。</p>' },
    ],
  },
  {
    Manufacturer: 'DeepSeek',
    icon: '',
    description: '深度求索的 **DeepSeek** 模型。',
    models: [
      { model_name: 'deepseek-chat', type: ['对话'], illustrate: '<p>通用对话模型。</p>' },
      { model_name: 'deepseek-reasoner', type: ['推理'], illustrate: '<p>推理模型。</p>' },
    ],
  },
];

export function makeStatus(serverAddress) {
  return {
    system_name: 'Sluice 演示',
    server_address: serverAddress,
    price: 7.3,
    quota_per_unit: 500000,
    display_in_currency: true,
    chat_link: 'NextChat（https://chat.example.com）',
    chat_link2: '',
  };
}

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A 48-character key (reference §4) derived from a seed, so the demo is reproducible. */
export function fakeKey(seed) {
  let out = '';
  let x = seed * 2654435761;
  for (let i = 0; i < 48; i += 1) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += KEY_ALPHABET[x % KEY_ALPHABET.length];
  }
  return out;
}

export function initialTokens(now) {
  const base = {
    unlimited_quota: false,
    model_limits_enabled: false,
    model_limits: '',
    ip_limits: '',
    rate_limit_enabled: false,
    rate_limit_interval: 1,
    rate_limit_count: 1,
  };
  return [
    { ...base, id: 1, name: '默认令牌', key: fakeKey(1), status: 1, remain_quota: 500000, used_quota: 123456, expired_time: -1, created_time: now - 86400 * 3, group: 'default' },
    { ...base, id: 2, name: '团队-vip', key: fakeKey(2), status: 1, remain_quota: 0, used_quota: 2500000, unlimited_quota: true, expired_time: now + 86400 * 30, created_time: now - 86400, group: 'vip', model_limits_enabled: true, model_limits: 'gpt-4o,claude-3-5-sonnet-20241022' },
    { ...base, id: 3, name: '已停用', key: fakeKey(3), status: 2, remain_quota: 250000, used_quota: 0, expired_time: -1, created_time: now - 3600, group: 'default', ip_limits: '127.0.0.1' },
  ];
}

export const debugDocument =
  '<h2>调试说明</h2><p>把接口地址换成本站地址，使用 <code>sk-</code> 开头的令牌调用 <code>/v1/chat/completions</code>。</p>';

export const tokenChannelDescription =
  '<p><b>default</b>：默认分组，倍率 1。</p><p><b>vip</b>：倍率 0.8，包含 Claude 模型。</p>';

/** The streamed reply: markdown, split into small pieces so the stream is visibly incremental. */
export function replyPieces(userText) {
  const text = `你好！这是 **Sluice** 演示服务器的流式回复。你刚才说：${userText}`;
  const pieces = [];
  for (let i = 0; i < text.length; i += 4) pieces.push(text.slice(i, i + 4));
  return pieces;
}
