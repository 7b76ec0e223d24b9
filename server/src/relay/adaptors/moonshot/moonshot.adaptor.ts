import { defaultBaseUrlOf } from '../../../catalogue/catalogue';
import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';

/**
 * Type 25: Moonshot (Kimi). Streams end with the usage inside the last choice
 * (`choices[0].usage`) without being asked, so no stream_options is sent; the shared chunk
 * parser reads usage from either place.
 */
export const moonshotAdaptor = createOpenAICompatibleAdaptor({
  type: 25,
  name: 'Moonshot',
  defaultBaseUrl: defaultBaseUrlOf(25),
  auth: 'bearer',
  streamUsage: false,
  capabilities: ['rerank', 'models'],
});
