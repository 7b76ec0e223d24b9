/**
 * The vendor-prefix table (spec §3): model-name prefix -> vendor, the one copy. The price list
 * names each model's vendor from it (`owner_by`, `vendor_id`, and `vendors` for the pricing
 * widget's vendor bar); the console's one-click vendor setup reads those. Data: add a row to add a
 * vendor; the first row with a matching prefix wins, so specific prefixes come before general ones.
 */
export interface VendorEntry {
  /** Stable id (`vendor_id` in /api/pricing). */
  id: number;
  /** Lower-case key, the price list's `owner_by`. */
  key: string;
  /** Display name (the vendor bar, the one-click setup's Manufacturer). */
  name: string;
  icon: string;
  prefixes: readonly string[];
}

export const VENDORS: readonly VendorEntry[] = [
  { id: 2, key: 'google', name: 'Google', icon: 'Gemini', prefixes: ['text-embedding-004', 'gemini', 'gemma', 'imagen', 'veo', 'palm', 'text-bison', 'chat-bison'] },
  {
    id: 1,
    key: 'openai',
    name: 'OpenAI',
    icon: 'OpenAI',
    prefixes: ['gpt', 'chatgpt', 'dall-e', 'dall', 'o1', 'o3', 'o4', 'tts', 'whisper', 'text-embedding', 'text-moderation', 'omni-moderation', 'davinci', 'babbage', 'search-gpts'],
  },
  { id: 3, key: 'anthropic', name: 'Anthropic', icon: 'Claude', prefixes: ['claude'] },
  { id: 4, key: 'deepseek', name: 'DeepSeek', icon: 'DeepSeek', prefixes: ['deepseek'] },
  { id: 5, key: 'alibaba', name: '阿里云通义千问', icon: 'Qwen', prefixes: ['qwen', 'qwq', 'qvq', 'wanx'] },
  { id: 6, key: 'zhipu', name: '智谱 AI', icon: 'Zhipu', prefixes: ['glm', 'chatglm', 'cogview', 'cogvideo', 'charglm'] },
  { id: 7, key: 'moonshot', name: 'Moonshot AI', icon: 'Kimi', prefixes: ['moonshot', 'kimi'] },
  { id: 8, key: 'baidu', name: '百度文心', icon: 'Wenxin', prefixes: ['ernie'] },
  { id: 9, key: 'xunfei', name: '讯飞星火', icon: 'Spark', prefixes: ['sparkdesk', 'spark', 'generalv', '4.0ultra'] },
  { id: 10, key: 'tencent', name: '腾讯混元', icon: 'Hunyuan', prefixes: ['hunyuan'] },
  { id: 11, key: 'bytedance', name: '字节豆包', icon: 'Doubao', prefixes: ['doubao'] },
  { id: 12, key: '01.ai', name: '零一万物', icon: 'Yi', prefixes: ['yi'] },
  { id: 13, key: 'minimax', name: 'MiniMax', icon: 'Minimax', prefixes: ['abab', 'minimax'] },
  { id: 14, key: 'mistral', name: 'Mistral AI', icon: 'Mistral', prefixes: ['mistral', 'mixtral', 'codestral', 'pixtral', 'ministral', 'open-mistral'] },
  { id: 15, key: 'meta', name: 'Meta', icon: 'Meta', prefixes: ['llama', 'meta-llama', 'codellama'] },
  { id: 16, key: 'xai', name: 'xAI', icon: 'Grok', prefixes: ['grok'] },
  { id: 17, key: 'cohere', name: 'Cohere', icon: 'Cohere', prefixes: ['command', 'embed', 'rerank', 'c4ai'] },
  { id: 18, key: 'midjourney', name: 'Midjourney', icon: 'Midjourney', prefixes: ['mj', 'midjourney', 'swap_face'] },
  { id: 19, key: 'suno', name: 'Suno', icon: 'Suno', prefixes: ['suno', 'chirp'] },
  { id: 20, key: 'jina', name: 'Jina AI', icon: 'Jina', prefixes: ['jina'] },
  { id: 21, key: 'luma', name: 'Luma', icon: 'Luma', prefixes: ['luma'] },
  { id: 22, key: 'flux', name: 'Flux', icon: 'Flux', prefixes: ['flux'] },
  { id: 23, key: 'baichuan', name: 'Baichuan', icon: 'Baichuan', prefixes: ['baichuan'] },
];

/**
 * "yi" must not claim "yinyang", nor "embed" "embedding-2": a prefix matches up to a non-letter
 * or the end of the name. Case is ignored.
 */
function hasPrefix(name: string, prefix: string): boolean {
  if (!name.startsWith(prefix)) return false;
  const next = name.charAt(prefix.length);
  return next === '' || !/[a-z]/.test(next) || !/[a-z]$/.test(prefix);
}

/** The vendor of a model name (an "org/" path in front is looked through), or undefined. */
export function vendorOf(model: string): VendorEntry | undefined {
  const lower = model.toLowerCase();
  const bare = lower.slice(lower.lastIndexOf('/') + 1);
  return VENDORS.find((v) => v.prefixes.some((p) => hasPrefix(bare, p) || hasPrefix(lower, p)));
}
