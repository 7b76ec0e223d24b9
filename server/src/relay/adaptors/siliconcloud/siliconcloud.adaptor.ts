import { defaultBaseUrlOf } from '../../../catalogue/catalogue';
import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';

/**
 * Type 40: SiliconCloud (SiliconFlow). OpenAI-compatible chat, embeddings, image generation,
 * plus /v1/rerank whose usage is `meta.tokens.input_tokens` (read by the shared rerank parser).
 */
export const siliconcloudAdaptor = createOpenAICompatibleAdaptor({
  type: 40,
  name: 'SiliconCloud',
  defaultBaseUrl: defaultBaseUrlOf(40),
  auth: 'bearer',
  // Usage arrives on the stream's last chunk without stream_options.
  streamUsage: false,
  capabilities: ['embeddings', 'images', 'rerank', 'models'],
});
