import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';
import { baseUrlOf, catalogueBase } from '../base-url';
import { ZhipuTokenCache } from './jwt';

const tokens = new ZhipuTokenCache();

const config = { type: 26, ...catalogueBase(26) } as const;

/**
 * Type 26: Zhipu's v4 open platform (GLM-4, GLM-4V, embeddings). The OpenAI wire under
 * `/api/paas/v4/`; the bearer is a JWT signed from an `id.secret` key (cached) or the key itself.
 * Streams end with the usage in the last chunk without being asked, so no stream_options is sent.
 */
export const zhipuV4Adaptor = createOpenAICompatibleAdaptor({
  ...config,
  auth: 'bearer',
  streamUsage: false,
  capabilities: ['embeddings'],
  url: (path, ctx) => `${baseUrlOf(config, ctx).replace(/\/api\/paas\/v4$/, '')}/api/paas/v4/${path}`,
  headers: (ctx) => ({ Authorization: `Bearer ${tokens.bearer(ctx.key)}` }),
});
