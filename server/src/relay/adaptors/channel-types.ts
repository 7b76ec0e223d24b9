/**
 * Channel types the relay serves today. The registry is `Record<RelayChannelType, Adaptor>`,
 * so adding a number here fails to compile until an adaptor exists for it.
 */
export const RELAY_CHANNEL_TYPES = [1, 3, 4, 8, 14, 19, 22, 24, 25, 31, 33, 40, 41] as const;
export type RelayChannelType = (typeof RELAY_CHANNEL_TYPES)[number];

/**
 * Spec channel types without an adaptor yet (a later issue). Channels of these types can be
 * stored; the relay answers them with a clear "not supported yet" error instead of guessing.
 */
export const PLANNED_TYPES: Readonly<Record<number, string>> = {
  2: 'Midjourney Proxy',
  5: 'Midjourney Proxy Plus',
  11: 'Google PaLM2',
  15: 'Baidu Wenxin',
  16: 'ChatGLM',
  17: 'Ali Qwen',
  18: 'Xunfei Spark',
  21: 'AI Proxy Library',
  23: 'Tencent Hunyuan',
  26: 'Zhipu GLM-4V',
  34: 'Cohere',
  35: 'MiniMax',
  36: 'Suno API',
  37: 'Dify',
  38: 'Jina',
  39: 'Cloudflare Workers AI',
};

export function isRelayChannelType(type: number): type is RelayChannelType {
  return (RELAY_CHANNEL_TYPES as readonly number[]).includes(type);
}
