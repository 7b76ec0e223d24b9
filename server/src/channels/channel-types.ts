/**
 * The channel type catalogue (spec §3): numeric type, labels, default upstream base URL, and the
 * model names a new channel of that type is prefilled with. Data, not code: the relay's adaptor
 * registry is keyed by the same ids, so the compiler makes it cover every type listed here.
 */
export const CHANNEL_TYPE_IDS = [
  1, 2, 3, 4, 5, 8, 11, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 31, 33, 34, 35, 36, 37, 38, 39, 40, 41,
] as const;

export type ChannelTypeId = (typeof CHANNEL_TYPE_IDS)[number];

export interface ChannelTypeInfo {
  /** zh-CN label (the console's language). */
  label: string;
  labelEn: string;
  /** Used when a channel's base_url is empty; '' means the admin must give one. */
  defaultBaseUrl: string;
  /** Path of an OpenAI-compatible model list under the base URL; absent: listing is not supported. */
  modelsPath?: string;
  defaultModels: readonly string[];
  /**
   * 'json': the key is a JSON document (a service-account file) that may span lines; the adaptor
   * parses it and never sends it as a header. Absent: the key is one line, sent as a header.
   */
  keyFormat?: 'json';
}

const OPENAI_MODELS = [
  'gpt-4o-mini',
  'gpt-4o',
  'gpt-4o-2024-08-06',
  'gpt-4o-2024-11-20',
  'chatgpt-4o-latest',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'gpt-4-turbo',
  'gpt-4',
  'gpt-3.5-turbo',
  'o1',
  'o1-mini',
  'o3-mini',
  'o4-mini',
  'text-embedding-3-small',
  'text-embedding-3-large',
  'text-embedding-ada-002',
  'dall-e-3',
  'tts-1',
  'tts-1-hd',
  'whisper-1',
  'omni-moderation-latest',
] as const;

const MJ_MODELS = [
  'mj_imagine',
  'mj_variation',
  'mj_reroll',
  'mj_blend',
  'mj_upscale',
  'mj_describe',
  'mj_zoom',
  'mj_shorten',
  'mj_modal',
  'mj_inpaint',
  'mj_custom_zoom',
  'mj_high_variation',
  'mj_low_variation',
  'mj_pan',
  'mj_upload',
] as const;

const CLAUDE_MODELS = [
  'claude-3-haiku-20240307',
  'claude-3-opus-20240229',
  'claude-3-5-haiku-20241022',
  'claude-3-5-sonnet-20241022',
  'claude-3-7-sonnet-20250219',
  'claude-sonnet-4-20250514',
  'claude-opus-4-20250514',
] as const;

const GEMINI_MODELS = ['gemini-1.5-pro', 'gemini-1.5-flash', 'gemini-2.0-flash', 'gemini-2.5-pro', 'gemini-2.5-flash', 'text-embedding-004'] as const;

export const CHANNEL_TYPES: Readonly<Record<ChannelTypeId, ChannelTypeInfo>> = {
  1: { label: 'OpenAI', labelEn: 'OpenAI', defaultBaseUrl: 'https://api.openai.com', modelsPath: '/v1/models', defaultModels: OPENAI_MODELS },
  2: { label: 'Midjourney Proxy', labelEn: 'Midjourney Proxy', defaultBaseUrl: '', defaultModels: MJ_MODELS },
  3: { label: 'Azure OpenAI', labelEn: 'Azure OpenAI', defaultBaseUrl: '', defaultModels: OPENAI_MODELS },
  4: { label: 'Ollama', labelEn: 'Ollama', defaultBaseUrl: 'http://localhost:11434', modelsPath: '/v1/models', defaultModels: ['llama3.1', 'llama3.2', 'qwen2.5', 'mistral', 'gemma2', 'deepseek-r1'] },
  5: { label: 'Midjourney Proxy Plus', labelEn: 'Midjourney Proxy Plus', defaultBaseUrl: '', defaultModels: [...MJ_MODELS, 'swap_face'] },
  8: { label: '自定义渠道', labelEn: 'Custom', defaultBaseUrl: '', defaultModels: [] },
  11: { label: 'Google PaLM2', labelEn: 'Google PaLM2', defaultBaseUrl: 'https://generativelanguage.googleapis.com', defaultModels: ['chat-bison-001'] },
  14: { label: 'Anthropic Claude', labelEn: 'Anthropic Claude', defaultBaseUrl: 'https://api.anthropic.com', defaultModels: CLAUDE_MODELS },
  15: {
    label: '百度文心千帆',
    labelEn: 'Baidu Wenxin Qianfan',
    defaultBaseUrl: 'https://aip.baidubce.com',
    defaultModels: ['ERNIE-4.0-8K', 'ERNIE-3.5-8K', 'ERNIE-Speed-128K', 'ERNIE-Lite-8K', 'ERNIE-Character-8K', 'Embedding-V1'],
  },
  16: { label: '智谱 ChatGLM', labelEn: 'Zhipu ChatGLM', defaultBaseUrl: 'https://open.bigmodel.cn', defaultModels: ['chatglm_turbo', 'chatglm_pro', 'chatglm_std', 'chatglm_lite'] },
  17: {
    label: '阿里通义千问',
    labelEn: 'Alibaba Qwen',
    defaultBaseUrl: 'https://dashscope.aliyuncs.com',
    defaultModels: ['qwen-turbo', 'qwen-plus', 'qwen-max', 'qwen-long', 'text-embedding-v1'],
  },
  18: {
    label: '讯飞星火认知',
    labelEn: 'iFlytek Spark',
    defaultBaseUrl: '',
    defaultModels: ['SparkDesk-v1.1', 'SparkDesk-v2.1', 'SparkDesk-v3.1', 'SparkDesk-v3.5', 'SparkDesk-v4.0'],
  },
  19: {
    label: '360 智脑',
    labelEn: '360 Zhinao',
    defaultBaseUrl: 'https://api.360.cn',
    modelsPath: '/v1/models',
    defaultModels: ['360GPT_S2_V9', 'embedding-bert-512-v1', 'embedding_s1_v1', 'semantic_similarity_s1_v1'],
  },
  21: { label: '知识库：AI Proxy', labelEn: 'AI Proxy knowledge base', defaultBaseUrl: 'https://api.aiproxy.io', defaultModels: [] },
  22: { label: '知识库：FastGPT', labelEn: 'FastGPT knowledge base', defaultBaseUrl: 'https://fastgpt.run/api/openapi', defaultModels: [] },
  23: {
    label: '腾讯混元',
    labelEn: 'Tencent Hunyuan',
    defaultBaseUrl: 'https://hunyuan.tencentcloudapi.com',
    defaultModels: ['hunyuan-lite', 'hunyuan-standard', 'hunyuan-pro', 'hunyuan-turbo'],
  },
  24: { label: 'Google Gemini', labelEn: 'Google Gemini', defaultBaseUrl: 'https://generativelanguage.googleapis.com', defaultModels: GEMINI_MODELS },
  25: {
    label: 'Moonshot',
    labelEn: 'Moonshot',
    defaultBaseUrl: 'https://api.moonshot.cn',
    modelsPath: '/v1/models',
    defaultModels: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k'],
  },
  26: {
    label: '智谱 GLM-4V',
    labelEn: 'Zhipu GLM-4V',
    defaultBaseUrl: 'https://open.bigmodel.cn',
    defaultModels: ['glm-4', 'glm-4v', 'glm-4-plus', 'glm-4-flash', 'glm-3-turbo', 'embedding-2'],
  },
  31: {
    label: '零一万物',
    labelEn: '01.AI Yi',
    defaultBaseUrl: 'https://api.lingyiwanwu.com',
    modelsPath: '/v1/models',
    defaultModels: ['yi-large', 'yi-medium', 'yi-vision', 'yi-lightning'],
  },
  33: {
    label: 'AWS Claude',
    labelEn: 'AWS Claude',
    defaultBaseUrl: '',
    defaultModels: ['claude-3-haiku-20240307', 'claude-3-5-sonnet-20241022', 'claude-3-7-sonnet-20250219', 'claude-sonnet-4-20250514'],
  },
  34: {
    label: 'Cohere',
    labelEn: 'Cohere',
    defaultBaseUrl: 'https://api.cohere.ai',
    defaultModels: ['command-r', 'command-r-plus', 'command-light', 'rerank-english-v3.0', 'rerank-multilingual-v3.0'],
  },
  35: { label: 'MiniMax', labelEn: 'MiniMax', defaultBaseUrl: 'https://api.minimax.chat', defaultModels: ['abab6.5-chat', 'abab6.5s-chat', 'abab5.5-chat'] },
  36: { label: 'Suno API', labelEn: 'Suno API', defaultBaseUrl: '', defaultModels: ['suno_music', 'suno_lyrics'] },
  37: { label: 'Dify', labelEn: 'Dify', defaultBaseUrl: 'https://api.dify.ai', defaultModels: ['dify'] },
  38: { label: 'Jina', labelEn: 'Jina', defaultBaseUrl: 'https://api.jina.ai', defaultModels: ['jina-reranker-v2-base-multilingual', 'jina-embeddings-v3'] },
  39: {
    label: 'Cloudflare',
    labelEn: 'Cloudflare',
    defaultBaseUrl: 'https://api.cloudflare.com',
    defaultModels: ['@cf/meta/llama-3.1-8b-instruct', '@cf/meta/llama-3-8b-instruct', '@cf/mistral/mistral-7b-instruct-v0.1', '@cf/baai/bge-base-en-v1.5'],
  },
  40: {
    label: 'SiliconCloud',
    labelEn: 'SiliconCloud',
    defaultBaseUrl: 'https://api.siliconflow.cn',
    modelsPath: '/v1/models',
    defaultModels: ['deepseek-ai/DeepSeek-V3', 'deepseek-ai/DeepSeek-R1', 'Qwen/Qwen2.5-72B-Instruct', 'BAAI/bge-m3'],
  },
  41: {
    label: 'Vertex AI',
    labelEn: 'Vertex AI',
    defaultBaseUrl: '',
    keyFormat: 'json',
    defaultModels: ['gemini-1.5-pro', 'gemini-2.0-flash', 'gemini-2.5-pro', 'gemini-2.5-flash', 'claude-3-5-sonnet-v2@20241022', 'claude-sonnet-4@20250514'],
  },
};

export function isChannelTypeId(n: unknown): n is ChannelTypeId {
  return typeof n === 'number' && (CHANNEL_TYPE_IDS as readonly number[]).includes(n);
}

/** `{ "<type>": [default model names] }`, as GET /api/channel/models and /api/models answer. */
export function defaultModelsByType(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const id of CHANNEL_TYPE_IDS) out[String(id)] = [...CHANNEL_TYPES[id].defaultModels];
  return out;
}
