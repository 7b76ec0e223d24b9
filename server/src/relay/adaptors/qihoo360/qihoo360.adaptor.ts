import { defaultBaseUrlOf } from '../../../catalogue/catalogue';
import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';

/** Type 19: 360 Zhinao, OpenAI-compatible chat and embeddings under /v1. */
export const qihoo360Adaptor = createOpenAICompatibleAdaptor({
  type: 19,
  name: '360 Zhinao',
  defaultBaseUrl: defaultBaseUrlOf(19),
  auth: 'bearer',
  // stream_options is not documented by 360: usage is taken if sent, estimated otherwise.
  streamUsage: false,
  capabilities: ['embeddings', 'rerank'],
});
