import { ChannelConfigError } from '../errors';
import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';
import { baseUrlOf, catalogueBase } from '../base-url';

const config = { type: 39, ...catalogueBase(39) } as const;

/** The account id from the channel's `other`; Workers AI has no URL without it. */
export function cloudflareAccount(other: string): string {
  const account = other.trim();
  if (!/^[0-9a-zA-Z_-]+$/.test(account)) throw new ChannelConfigError('Cloudflare channel needs its account id in "other"');
  return account;
}

/**
 * Type 39: Cloudflare Workers AI through its OpenAI-compatible endpoints
 * (`/client/v4/accounts/{account}/ai/v1/chat/completions` and `/embeddings`), the API token as
 * bearer, the account id from the channel's `other`.
 */
export const cloudflareAdaptor = createOpenAICompatibleAdaptor({
  ...config,
  auth: 'bearer',
  streamUsage: true,
  capabilities: ['embeddings'],
  url: (path, ctx) => `${baseUrlOf(config, ctx)}/client/v4/accounts/${cloudflareAccount(ctx.other)}/ai/v1/${path}`,
});
