import { ChannelConfigError } from '../errors';
import { createOpenAICompatibleAdaptor } from '../openai-compatible/adaptor';
import type { OpenAIPath } from '../openai-compatible/config';
import type { ChannelContext } from '../types';

/** Used when the channel's `other` is empty (the channel form's documented default). */
export const AZURE_DEFAULT_API_VERSION = '2023-06-01-preview';

/**
 * First api-version that accepts `stream_options`; older ones answer 400 "Unrecognized request
 * argument supplied: stream_options", so the relay does not ask and estimates instead.
 */
export const AZURE_STREAM_USAGE_SINCE = '2024-09-01';

export function azureApiVersion(ctx: ChannelContext): string {
  return ctx.other.trim() || AZURE_DEFAULT_API_VERSION;
}

/** Azure deployment names cannot contain dots: gpt-3.5-turbo is deployed as gpt-35-turbo. */
export function azureDeployment(model: string): string {
  return model.replace(/\./g, '');
}

function azureUrl(path: OpenAIPath, ctx: ChannelContext, model: string): string {
  const base = ctx.baseUrl.trim().replace(/\/+$/, '');
  if (!base) throw new ChannelConfigError('Azure OpenAI channel has no endpoint (https://<resource>.openai.azure.com)');
  // The Responses API lives on Azure's v1 surface, addressed by deployment name in the body.
  if (path === 'responses') return `${base}/openai/v1/responses`;
  const version = encodeURIComponent(azureApiVersion(ctx));
  return `${base}/openai/deployments/${encodeURIComponent(azureDeployment(model))}/${path}?api-version=${version}`;
}

/** Type 3: Azure OpenAI, `{endpoint}/openai/deployments/{deployment}/{path}?api-version=`, key in `api-key`. */
export const azureAdaptor = createOpenAICompatibleAdaptor({
  type: 3,
  name: 'Azure OpenAI',
  defaultBaseUrl: null,
  auth: 'api_key',
  streamUsage: (ctx) => azureApiVersion(ctx).slice(0, 10) >= AZURE_STREAM_USAGE_SINCE,
  capabilities: ['embeddings', 'images', 'image_edits', 'audio', 'responses'],
  url: azureUrl,
});
