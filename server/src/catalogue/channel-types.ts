/**
 * The channel type catalogue (spec §3), the one list of channel types: id, labels in zh-CN and
 * English, default base URL, key format and hint, the type's own form fields, whether the server
 * can list its models or read its balance, the models a new channel is prefilled with, and how
 * the relay serves it. The console and the kit read it from GET /api/channel/types; the relay's
 * adaptor registry must agree with `relay` (adaptors/registry.spec.ts).
 */

/** A text in both console languages. */
export interface Text {
  zh: string;
  en: string;
}

/** A form field a type has beyond the common ones; `base_url` here replaces the generic proxy field. */
export interface ChannelTypeField {
  name: 'base_url' | 'other' | 'openai_organization';
  label: Text;
  placeholder?: Text;
  hint?: Text;
  /** 'multiline': a text area (a JSON region map). */
  input: 'line' | 'multiline';
  /** Sent when the field is left empty on save. */
  default?: string;
  /** A value the console offers to fill in. */
  template?: string;
}

/** An OpenAI-compatible vendor is configuration: the relay builds its adaptor from this. */
export interface OpenAICompatibleEntry {
  auth: 'bearer' | 'bearer_optional';
  /** Ask for the trailing usage chunk on streams. */
  streamUsage: boolean;
  capabilities: readonly ('embeddings' | 'moderations' | 'images' | 'audio' | 'rerank' | 'models')[];
  /**
   * The vendor's path before `chat/completions` etc.: '/v1' when absent, '/api/v3' for VolcEngine,
   * '' for a vendor that serves them at the root. A base URL pasted with the prefix is not doubled.
   */
  pathPrefix?: string;
}

/**
 * How the relay serves the type: 'adaptor' (an entry of the typed registry), an OpenAI-compatible
 * configuration (no code), 'task' (the Midjourney / Suno task relay), or 'planned' (stored, the
 * relay answers 501 until an adaptor exists; the console marks it "not yet supported").
 */
export type RelayKind = 'adaptor' | 'task' | 'planned' | { openaiCompatible: OpenAICompatibleEntry };

export interface ChannelTypeEntry {
  id: number;
  label: Text;
  /** Used when a channel's base_url is empty; '' means the admin must give one. */
  defaultBaseUrl: string;
  /** Path of an OpenAI-compatible model list under the base URL; absent: listing is not supported. */
  modelsPath?: string;
  /** The server can read the upstream balance (channels/balance/). */
  balance?: boolean;
  defaultModels: readonly string[];
  /** Picking the type always sets its default models (mj_* actions, Suno). */
  fixedModels?: boolean;
  /**
   * 'json': the key is a JSON document (a service-account file) that may span lines; the adaptor
   * parses it and never sends it as a header. 'line': one line, sent as a header.
   */
  keyFormat: 'line' | 'json';
  /** A key of another shape is refused at save, naming `format` (composite keys: `AK|SK`, `id.secret`). */
  keyShape?: { pattern: RegExp; format: string };
  keyHint?: Text;
  warning?: Text;
  fields: readonly ChannelTypeField[];
  relay: RelayKind;
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

const t = (zh: string, en: string): Text => ({ zh, en });
const same = (label: string): Text => ({ zh: label, en: label });

const ORGANIZATION: ChannelTypeField = {
  name: 'openai_organization',
  label: t('组织', 'Organization'),
  placeholder: t('请输入组织 org-xxx', 'Enter the organization org-xxx'),
  hint: t('组织，可选，不填则为默认组织', 'Optional; the default organization when empty'),
  input: 'line',
};

const VERTEX_REGION_TEMPLATE = JSON.stringify({ default: 'us-central1', 'claude-3-5-sonnet-20240620': 'europe-west1' }, null, 2);

/** The built-in types, in the order the console lists them. */
export const BUILT_IN_CHANNEL_TYPES: readonly ChannelTypeEntry[] = [
  { id: 1, label: same('OpenAI'), defaultBaseUrl: 'https://api.openai.com', modelsPath: '/v1/models', balance: true, defaultModels: OPENAI_MODELS, keyFormat: 'line', fields: [ORGANIZATION], relay: 'adaptor' },
  { id: 2, label: same('Midjourney Proxy'), defaultBaseUrl: '', defaultModels: MJ_MODELS, fixedModels: true, keyFormat: 'line', fields: [], relay: 'task' },
  {
    id: 3,
    label: same('Azure OpenAI'),
    defaultBaseUrl: '',
    defaultModels: OPENAI_MODELS,
    keyFormat: 'line',
    warning: t(
      '注意，模型部署名称必须和模型名称保持一致，因为 Sluice 会把请求体中的 model 参数替换为你的部署名称（模型名称中的点会被剔除）',
      'The model deployment name must equal the model name: Sluice replaces the body model with your deployment name (dots in the model name are removed)',
    ),
    fields: [
      { name: 'base_url', label: same('AZURE_OPENAI_ENDPOINT'), placeholder: t('请输入 AZURE_OPENAI_ENDPOINT，例如：https://docs-test-001.openai.azure.com', 'Enter AZURE_OPENAI_ENDPOINT, e.g. https://docs-test-001.openai.azure.com'), input: 'line' },
      {
        name: 'other',
        label: t('默认 API 版本', 'Default API version'),
        placeholder: t('请输入默认 API 版本，例如：2023-06-01-preview，该配置可以被实际的请求查询参数所覆盖', 'Enter the default API version, e.g. 2023-06-01-preview; a request query parameter overrides it'),
        input: 'line',
        default: '2023-06-01-preview',
      },
    ],
    relay: 'adaptor',
  },
  { id: 4, label: same('Ollama'), defaultBaseUrl: 'http://localhost:11434', modelsPath: '/v1/models', defaultModels: ['llama3.1', 'llama3.2', 'qwen2.5', 'mistral', 'gemma2', 'deepseek-r1'], keyFormat: 'line', fields: [], relay: 'adaptor' },
  { id: 5, label: same('Midjourney Proxy Plus'), defaultBaseUrl: '', defaultModels: [...MJ_MODELS, 'swap_face'], fixedModels: true, keyFormat: 'line', fields: [], relay: 'task' },
  {
    id: 8,
    label: t('自定义渠道', 'Custom'),
    defaultBaseUrl: '',
    defaultModels: [],
    keyFormat: 'line',
    warning: t(
      '如果你对接的是上游 One API 或者 New API 等转发项目，请使用 OpenAI 类型，不要使用此类型，除非你知道你在做什么。',
      'For upstream relay projects such as One API or New API use the OpenAI type, not this one, unless you know what you are doing.',
    ),
    fields: [
      {
        name: 'base_url',
        label: t('完整的 Base URL', 'Full base URL'),
        placeholder: t('请输入完整的 URL，例如：https://api.openai.com/v1/chat/completions，支持变量 {model}', 'Enter the full URL, e.g. https://api.openai.com/v1/chat/completions; {model} is supported'),
        input: 'line',
      },
    ],
    relay: 'adaptor',
  },
  { id: 11, label: same('Google PaLM2'), defaultBaseUrl: 'https://generativelanguage.googleapis.com', defaultModels: ['chat-bison-001'], keyFormat: 'line', fields: [], relay: 'adaptor' },
  { id: 14, label: same('Anthropic Claude'), defaultBaseUrl: 'https://api.anthropic.com', defaultModels: CLAUDE_MODELS, keyFormat: 'line', fields: [], relay: 'adaptor' },
  {
    id: 15,
    label: t('百度文心千帆', 'Baidu Wenxin Qianfan'),
    defaultBaseUrl: 'https://aip.baidubce.com',
    defaultModels: ['ERNIE-4.0-8K', 'ERNIE-3.5-8K', 'ERNIE-Speed-128K', 'ERNIE-Lite-8K', 'ERNIE-Character-8K', 'Embedding-V1'],
    keyFormat: 'line',
    keyHint: t('按照如下格式输入：APIKey|SecretKey', 'Enter as APIKey|SecretKey'),
    keyShape: { pattern: /^[^|]+\|[^|]+$/, format: 'APIKey|SecretKey' },
    fields: [],
    relay: 'adaptor',
  },
  { id: 16, label: t('智谱 ChatGLM', 'Zhipu ChatGLM'), defaultBaseUrl: 'https://open.bigmodel.cn', defaultModels: ['chatglm_turbo', 'chatglm_pro', 'chatglm_std', 'chatglm_lite'], keyFormat: 'line', keyShape: { pattern: /^[^.]+\.[^.]+$/, format: 'id.secret' }, fields: [], relay: 'adaptor' },
  {
    id: 17,
    label: t('阿里通义千问', 'Alibaba Qwen'),
    defaultBaseUrl: 'https://dashscope.aliyuncs.com',
    modelsPath: '/compatible-mode/v1/models',
    defaultModels: ['qwen-turbo', 'qwen-plus', 'qwen-max', 'qwen-long', 'text-embedding-v1'],
    keyFormat: 'line',
    fields: [
      {
        name: 'other',
        label: t('插件参数（可选）', 'Plugin (optional)'),
        placeholder: t('作为 X-DashScope-Plugin 请求头发送，例如 {"pdf_extracter":{}}', 'Sent as the X-DashScope-Plugin header, e.g. {"pdf_extracter":{}}'),
        input: 'line',
      },
    ],
    relay: 'adaptor',
  },
  {
    id: 18,
    label: t('讯飞星火认知', 'iFlytek Spark'),
    // A WebSocket API: the relay turns http into ws and https into wss (a base_url may be either).
    defaultBaseUrl: 'https://spark-api.xf-yun.com',
    defaultModels: ['SparkDesk-v1.1', 'SparkDesk-v2.1', 'SparkDesk-v3.1', 'SparkDesk-v3.5', 'SparkDesk-v4.0'],
    keyFormat: 'line',
    keyHint: t('按照如下格式输入：APPID|APISecret|APIKey', 'Enter as APPID|APISecret|APIKey'),
    keyShape: { pattern: /^[^|]+\|[^|]+\|[^|]+$/, format: 'APPID|APISecret|APIKey' },
    fields: [
      {
        name: 'other',
        label: t('模型版本', 'Model version'),
        placeholder: t('请输入星火大模型版本，注意是接口地址中的版本号，例如：v2.1', 'Enter the Spark version from the API address, e.g. v2.1'),
        input: 'line',
        default: 'v2.1',
      },
    ],
    relay: 'adaptor',
  },
  {
    id: 19,
    label: t('360 智脑', '360 Zhinao'),
    defaultBaseUrl: 'https://api.360.cn',
    modelsPath: '/v1/models',
    defaultModels: ['360GPT_S2_V9', 'embedding-bert-512-v1', 'embedding_s1_v1', 'semantic_similarity_s1_v1'],
    keyFormat: 'line',
    fields: [],
    relay: 'adaptor',
  },
  {
    id: 20,
    label: same('OpenRouter'),
    defaultBaseUrl: 'https://openrouter.ai/api',
    modelsPath: '/v1/models',
    balance: true,
    defaultModels: ['openai/gpt-4o-mini', 'anthropic/claude-3.5-sonnet', 'google/gemini-2.0-flash-001', 'deepseek/deepseek-chat', 'meta-llama/llama-3.1-70b-instruct'],
    keyFormat: 'line',
    fields: [],
    relay: { openaiCompatible: { auth: 'bearer', streamUsage: true, capabilities: ['embeddings', 'models'] } },
  },
  {
    id: 21,
    label: t('知识库：AI Proxy', 'AI Proxy knowledge base'),
    defaultBaseUrl: 'https://api.aiproxy.io',
    defaultModels: [],
    keyFormat: 'line',
    fields: [{ name: 'other', label: t('知识库 ID', 'Knowledge base ID'), placeholder: t('请输入知识库 ID，例如：123456', 'Enter the knowledge base ID, e.g. 123456'), input: 'line' }],
    relay: 'adaptor',
  },
  {
    id: 22,
    label: t('知识库：FastGPT', 'FastGPT knowledge base'),
    defaultBaseUrl: 'https://fastgpt.run/api/openapi',
    defaultModels: [],
    keyFormat: 'line',
    keyHint: t(
      '按照如下格式输入：APIKey-AppId，例如：fastgpt-0sp2gtvfdgyi4k30jwlgwf1i-64f335d84283f05518e9e041',
      'Enter as APIKey-AppId, e.g. fastgpt-0sp2gtvfdgyi4k30jwlgwf1i-64f335d84283f05518e9e041',
    ),
    fields: [
      { name: 'base_url', label: t('私有部署地址', 'Self-hosted address'), placeholder: t('请输入私有部署地址，格式为：https://fastgpt.run/api/openapi', 'Enter the self-hosted address, e.g. https://fastgpt.run/api/openapi'), input: 'line' },
    ],
    relay: 'adaptor',
  },
  {
    id: 23,
    label: t('腾讯混元', 'Tencent Hunyuan'),
    defaultBaseUrl: 'https://hunyuan.tencentcloudapi.com',
    defaultModels: ['hunyuan-lite', 'hunyuan-standard', 'hunyuan-pro', 'hunyuan-turbo'],
    keyFormat: 'line',
    keyHint: t('按照如下格式输入：AppId|SecretId|SecretKey', 'Enter as AppId|SecretId|SecretKey'),
    keyShape: { pattern: /^[^|]+\|[^|]+\|[^|]+$/, format: 'AppId|SecretId|SecretKey' },
    fields: [],
    relay: 'adaptor',
  },
  { id: 24, label: same('Google Gemini'), defaultBaseUrl: 'https://generativelanguage.googleapis.com', defaultModels: GEMINI_MODELS, keyFormat: 'line', fields: [], relay: 'adaptor' },
  { id: 25, label: same('Moonshot'), defaultBaseUrl: 'https://api.moonshot.cn', modelsPath: '/v1/models', balance: true, defaultModels: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k'], keyFormat: 'line', fields: [], relay: 'adaptor' },
  {
    id: 26,
    label: t('智谱 GLM-4V', 'Zhipu GLM-4V'),
    defaultBaseUrl: 'https://open.bigmodel.cn',
    defaultModels: ['glm-4', 'glm-4v', 'glm-4-plus', 'glm-4-flash', 'glm-3-turbo', 'embedding-2'],
    keyFormat: 'line',
    keyHint: t('API Key，格式为 id.secret（将签发 JWT），或直接使用的密钥', 'The API key as id.secret (a JWT is signed from it), or a key used as it is'),
    fields: [],
    relay: 'adaptor',
  },
  {
    id: 27,
    label: same('Perplexity'),
    defaultBaseUrl: 'https://api.perplexity.ai',
    defaultModels: ['sonar', 'sonar-pro', 'sonar-reasoning', 'sonar-reasoning-pro', 'sonar-deep-research'],
    keyFormat: 'line',
    fields: [],
    // Perplexity serves /chat/completions at the root and sends usage on every stream chunk.
    relay: { openaiCompatible: { auth: 'bearer', streamUsage: false, capabilities: [], pathPrefix: '' } },
  },
  { id: 31, label: t('零一万物', '01.AI Yi'), defaultBaseUrl: 'https://api.lingyiwanwu.com', modelsPath: '/v1/models', defaultModels: ['yi-large', 'yi-medium', 'yi-vision', 'yi-lightning'], keyFormat: 'line', fields: [], relay: 'adaptor' },
  {
    id: 33,
    label: same('AWS Claude'),
    defaultBaseUrl: '',
    defaultModels: ['claude-3-haiku-20240307', 'claude-3-5-sonnet-20241022', 'claude-3-7-sonnet-20250219', 'claude-sonnet-4-20250514'],
    keyFormat: 'line',
    keyHint: t('按照如下格式输入：Ak|Sk|Region', 'Enter as Ak|Sk|Region'),
    keyShape: { pattern: /^[^|]+\|[^|]+(\|[^|]+){0,2}$/, format: 'Ak|Sk|Region (or Ak|Sk|Region|SessionToken, or ApiKey|Region)' },
    fields: [],
    relay: 'adaptor',
  },
  {
    id: 34,
    label: same('Cohere'),
    defaultBaseUrl: 'https://api.cohere.ai',
    defaultModels: ['command-r', 'command-r-plus', 'command-light', 'rerank-english-v3.0', 'rerank-multilingual-v3.0'],
    keyFormat: 'line',
    fields: [],
    relay: 'adaptor',
  },
  { id: 35, label: same('MiniMax'), defaultBaseUrl: 'https://api.minimax.chat', defaultModels: ['abab6.5-chat', 'abab6.5s-chat', 'abab5.5-chat'], keyFormat: 'line', fields: [], relay: 'adaptor' },
  {
    id: 36,
    label: same('Suno API'),
    defaultBaseUrl: '',
    defaultModels: ['suno_music', 'suno_lyrics'],
    fixedModels: true,
    keyFormat: 'line',
    warning: t('注意非 Chat API，请务必填写正确的 API 地址，否则可能导致无法使用', 'Not a chat API: enter the right API address, or the channel will not work'),
    fields: [
      { name: 'base_url', label: same('Base URL'), placeholder: t('请输入到 /suno 前的路径，通常就是域名，例如：https://api.example.com', 'Enter the path before /suno, usually the domain, e.g. https://api.example.com'), input: 'line' },
    ],
    relay: 'task',
  },
  { id: 37, label: same('Dify'), defaultBaseUrl: 'https://api.dify.ai', defaultModels: ['dify'], keyFormat: 'line', fields: [], relay: 'adaptor' },
  { id: 38, label: same('Jina'), defaultBaseUrl: 'https://api.jina.ai', defaultModels: ['jina-reranker-v2-base-multilingual', 'jina-embeddings-v3'], keyFormat: 'line', fields: [], relay: 'adaptor' },
  {
    id: 39,
    label: same('Cloudflare'),
    defaultBaseUrl: 'https://api.cloudflare.com',
    defaultModels: ['@cf/meta/llama-3.1-8b-instruct', '@cf/meta/llama-3-8b-instruct', '@cf/mistral/mistral-7b-instruct-v0.1', '@cf/baai/bge-base-en-v1.5'],
    keyFormat: 'line',
    fields: [{ name: 'other', label: same('Account ID'), placeholder: t('请输入 Account ID，例如：d6b5da8hk1awo8nap34ube6gh', 'Enter the Account ID, e.g. d6b5da8hk1awo8nap34ube6gh'), input: 'line' }],
    relay: 'adaptor',
  },
  {
    id: 40,
    label: same('SiliconCloud'),
    defaultBaseUrl: 'https://api.siliconflow.cn',
    modelsPath: '/v1/models',
    balance: true,
    defaultModels: ['deepseek-ai/DeepSeek-V3', 'deepseek-ai/DeepSeek-R1', 'Qwen/Qwen2.5-72B-Instruct', 'BAAI/bge-m3'],
    keyFormat: 'line',
    fields: [],
    relay: 'adaptor',
  },
  {
    id: 41,
    label: same('Vertex AI'),
    defaultBaseUrl: '',
    keyFormat: 'json',
    keyHint: t('请输入 JSON 格式的服务账号密钥（Service Account JSON Key）', 'Enter the service-account key as JSON (Service Account JSON Key)'),
    defaultModels: ['gemini-1.5-pro', 'gemini-2.0-flash', 'gemini-2.5-pro', 'gemini-2.5-flash', 'claude-3-5-sonnet-v2@20241022', 'claude-sonnet-4@20250514'],
    fields: [
      {
        name: 'other',
        label: t('部署地区', 'Region'),
        placeholder: t(
          '请输入部署地区，例如：us-central1\n支持使用模型映射格式\n{\n    "default": "us-central1",\n    "claude-3-5-sonnet-20240620": "europe-west1"\n}',
          'Enter the region, e.g. us-central1\nA model map is also accepted\n{\n    "default": "us-central1",\n    "claude-3-5-sonnet-20240620": "europe-west1"\n}',
        ),
        hint: t('留空为 us-central1；可填写地区映射 JSON（default 为默认地区，其余为模型单独的地区）', 'Empty means us-central1; a JSON region map is accepted (default is the default region, the others are per model)'),
        input: 'multiline',
        default: 'us-central1',
        template: VERTEX_REGION_TEMPLATE,
      },
    ],
    relay: 'adaptor',
  },
  {
    id: 42,
    label: same('Mistral AI'),
    defaultBaseUrl: 'https://api.mistral.ai',
    modelsPath: '/v1/models',
    defaultModels: ['mistral-large-latest', 'mistral-small-latest', 'codestral-latest', 'open-mistral-nemo', 'pixtral-large-latest', 'mistral-embed'],
    keyFormat: 'line',
    fields: [],
    relay: { openaiCompatible: { auth: 'bearer', streamUsage: false, capabilities: ['embeddings', 'models'] } },
  },
  {
    id: 43,
    label: same('DeepSeek'),
    defaultBaseUrl: 'https://api.deepseek.com',
    modelsPath: '/v1/models',
    balance: true,
    defaultModels: ['deepseek-chat', 'deepseek-reasoner'],
    keyFormat: 'line',
    fields: [],
    relay: { openaiCompatible: { auth: 'bearer', streamUsage: true, capabilities: ['models'] } },
  },
  {
    id: 45,
    label: t('字节火山方舟、豆包', 'VolcEngine Ark (Doubao)'),
    defaultBaseUrl: 'https://ark.cn-beijing.volces.com',
    defaultModels: ['doubao-1-5-pro-32k-250115', 'doubao-1-5-lite-32k-250115', 'doubao-pro-32k', 'doubao-lite-32k', 'doubao-embedding-text-240715'],
    keyFormat: 'line',
    fields: [],
    relay: { openaiCompatible: { auth: 'bearer', streamUsage: true, capabilities: ['embeddings'], pathPrefix: '/api/v3' } },
  },
  {
    id: 46,
    label: t('百度千帆 V2', 'Baidu Qianfan V2'),
    defaultBaseUrl: 'https://qianfan.baidubce.com',
    defaultModels: ['ernie-4.0-8k-latest', 'ernie-3.5-8k', 'ernie-speed-128k', 'ernie-lite-8k', 'deepseek-v3', 'embedding-v1'],
    keyFormat: 'line',
    fields: [],
    relay: { openaiCompatible: { auth: 'bearer', streamUsage: true, capabilities: ['embeddings', 'rerank'], pathPrefix: '/v2' } },
  },
  {
    id: 47,
    label: same('Xinference'),
    defaultBaseUrl: '',
    modelsPath: '/v1/models',
    defaultModels: ['qwen2.5-instruct', 'bge-m3', 'bge-reranker-v2-m3'],
    keyFormat: 'line',
    fields: [],
    // A local server: the key is optional, and rerank is served at /v1/rerank.
    relay: { openaiCompatible: { auth: 'bearer_optional', streamUsage: true, capabilities: ['embeddings', 'rerank', 'models'] } },
  },
  {
    id: 48,
    label: same('xAI'),
    defaultBaseUrl: 'https://api.x.ai',
    modelsPath: '/v1/models',
    defaultModels: ['grok-3', 'grok-3-mini', 'grok-2-1212', 'grok-2-vision-1212', 'grok-beta'],
    keyFormat: 'line',
    fields: [],
    relay: { openaiCompatible: { auth: 'bearer', streamUsage: true, capabilities: ['models'] } },
  },
];
