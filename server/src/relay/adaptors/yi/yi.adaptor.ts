import { defaultBaseUrlOf } from '../../../catalogue/catalogue';
import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';

/** Type 31: 01.AI Yi (lingyiwanwu), OpenAI-compatible chat under /v1. */
export const yiAdaptor = createOpenAICompatibleAdaptor({
  type: 31,
  name: '01.AI Yi',
  defaultBaseUrl: defaultBaseUrlOf(31),
  auth: 'bearer',
  // Yi sends usage on its last chunk; stream_options is not documented.
  streamUsage: false,
  capabilities: ['rerank', 'models'],
});
