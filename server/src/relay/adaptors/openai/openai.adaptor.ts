import { defaultBaseUrlOf } from '../../../catalogue/catalogue';
import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';

/** Type 1: OpenAI itself. The optional organization travels as `OpenAI-Organization`. */
export const openaiAdaptor = createOpenAICompatibleAdaptor({
  type: 1,
  name: 'OpenAI',
  defaultBaseUrl: defaultBaseUrlOf(1),
  auth: 'bearer',
  streamUsage: true,
  capabilities: ['embeddings', 'moderations', 'images', 'image_edits', 'audio', 'rerank', 'responses', 'models'],
  headers: (ctx): Record<string, string> => (ctx.organization.trim() ? { 'OpenAI-Organization': ctx.organization.trim() } : {}),
});
