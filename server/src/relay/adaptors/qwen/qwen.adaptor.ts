import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';
import { baseUrlOf, catalogueBase } from '../base-url';

const config = { type: 17, ...catalogueBase(17) } as const;

/**
 * Type 17: Alibaba DashScope (Qwen) through its OpenAI-compatible mode
 * (`/compatible-mode/v1/chat/completions` and `/embeddings`), the key as bearer. The compatible
 * mode honours `stream_options.include_usage`. A base URL pasted with `/compatible-mode/v1` is not
 * doubled.
 */
export const qwenAdaptor = createOpenAICompatibleAdaptor({
  ...config,
  auth: 'bearer',
  streamUsage: true,
  capabilities: ['embeddings', 'models'],
  // The channel's `other` is DashScope's plugin parameter, sent as its header when set.
  headers: (ctx): Record<string, string> => (ctx.other.trim() === '' ? {} : { 'X-DashScope-Plugin': ctx.other.trim() }),
  url: (path, ctx) => `${baseUrlOf(config, ctx).replace(/\/compatible-mode\/v1$/, '')}/compatible-mode/v1/${path}`,
});
