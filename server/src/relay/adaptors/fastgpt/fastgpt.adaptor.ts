import { defaultBaseUrlOf } from '../../../catalogue/catalogue';
import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';

/**
 * Type 22: FastGPT knowledge-base apps. The OpenAPI root is /api/openapi, chat under
 * /v1/chat/completions; the key is the app's API key. Private deployments set their own base.
 */
export const fastgptAdaptor = createOpenAICompatibleAdaptor({
  type: 22,
  name: 'FastGPT',
  defaultBaseUrl: defaultBaseUrlOf(22),
  auth: 'bearer',
  streamUsage: false,
  capabilities: [],
});
