import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';

/**
 * Type 38: Jina AI, embeddings (`/v1/embeddings`) and rerank (`/v1/rerank`), the key as bearer.
 * Both answer `usage.total_tokens`, which bills the prompt. Jina serves no chat: a chat request
 * reaches Jina's own 404, relayed as the upstream's error.
 */
export const jinaAdaptor = createOpenAICompatibleAdaptor({
  type: 38,
  name: 'Jina',
  defaultBaseUrl: 'https://api.jina.ai',
  auth: 'bearer',
  streamUsage: false,
  capabilities: ['embeddings', 'rerank'],
});
