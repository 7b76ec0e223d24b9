import { defaultBaseUrlOf } from '../../../catalogue/catalogue';
import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';

/**
 * Type 4: Ollama's OpenAI-compatible endpoints (/v1/chat/completions, /v1/completions,
 * /v1/embeddings, /v1/models). A local Ollama needs no key: the header is sent only when the
 * channel has one (a proxy in front of it may). Loopback targets need AllowPrivateUpstreamEnabled.
 */
export const ollamaAdaptor = createOpenAICompatibleAdaptor({
  type: 4,
  name: 'Ollama',
  defaultBaseUrl: defaultBaseUrlOf(4),
  auth: 'bearer_optional',
  streamUsage: true,
  capabilities: ['embeddings', 'rerank', 'models'],
});
