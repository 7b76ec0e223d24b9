import { ChannelConfigError } from '../errors';
import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';
import type { ChannelContext } from '../types';

/**
 * Type 8: the channel's base URL is the full request URL; `{model}` is replaced by the mapped
 * model name. Every endpoint goes to that URL, so admins make one custom channel per endpoint.
 */
export function customUrl(ctx: ChannelContext): string {
  const url = ctx.baseUrl.trim();
  if (!url) throw new ChannelConfigError('custom channel has no URL');
  // Slashes stay (vendor-prefixed names like Qwen/Qwen2.5 address paths); `?`, `#` and spaces are
  // encoded. The model name is one the admin listed on the channel, never free client text.
  return url.split('{model}').join(encodeURIComponent(ctx.upstreamModel).replace(/%2F/gi, '/'));
}

export const customAdaptor = createOpenAICompatibleAdaptor({
  type: 8,
  name: 'Custom',
  defaultBaseUrl: null,
  auth: 'bearer',
  // Unknown upstream: asking for usage could be rejected; missing usage is estimated.
  streamUsage: false,
  capabilities: ['embeddings', 'moderations', 'images', 'image_edits', 'audio', 'rerank', 'responses'],
  url: (_path, ctx) => customUrl(ctx),
});
