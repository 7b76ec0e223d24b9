import { defaultBaseUrlOf } from '../../../catalogue/catalogue';
import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';
import { baseUrlOf, prefixedUrl } from '../openai-compatible/url';
import { zhipuBearer } from './zhipu-token';

const config = { type: 26, name: 'Zhipu GLM-4V', defaultBaseUrl: defaultBaseUrlOf(26) } as const;

/**
 * Type 26, Zhipu GLM-4V (open.bigmodel.cn, API v4): the OpenAI chat and embeddings wire under
 * `/api/paas/v4`, usage on streams when asked; the credential is a JWT signed with an `id.secret`
 * key (zhipu-token.ts) or a plain API key. Errors are `{error:{code, message}}` (the shared reader).
 */
export const zhipuAdaptor = createOpenAICompatibleAdaptor({
  ...config,
  auth: 'bearer',
  streamUsage: true,
  capabilities: ['embeddings'],
  url: (path, ctx) => prefixedUrl(baseUrlOf(config, ctx), '/api/paas/v4', path),
  headers: (ctx) => ({ Authorization: `Bearer ${zhipuBearer(ctx.key)}` }),
});
