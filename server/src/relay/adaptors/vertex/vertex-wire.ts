import type { ChannelContext } from '../types';
import { vertexCredentials } from './credentials';
import { regionHost, vertexRegion } from './region';

/*
 * Vertex AI's wire around the providers' bodies: the model URL
 * `{host}/v1/projects/{project}/locations/{region}/publishers/{publisher}/models/{model}:{method}`
 * (host from the region, or the channel's base URL) and the Bearer access token.
 */

export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

export type Publisher = 'anthropic' | 'google';

export function publisherOf(model: string): Publisher {
  return model.toLowerCase().startsWith('claude') ? 'anthropic' : 'google';
}

export function isVertexClaude(ctx: ChannelContext): boolean {
  return publisherOf(ctx.upstreamModel) === 'anthropic';
}

/** Vertex model ids keep their `@version` (claude-sonnet-4@20250514). */
function modelSegment(model: string): string {
  return encodeURIComponent(model).replace(/%40/g, '@');
}

export function vertexModelUrl(ctx: ChannelContext, publisher: Publisher, model: string, method: string): string {
  const creds = vertexCredentials(ctx.key);
  const region = vertexRegion(ctx.other, ctx.upstreamModel);
  const host = (ctx.baseUrl.trim() || regionHost(region)).replace(/\/+$/, '');
  return `${host}/v1/projects/${encodeURIComponent(creds.projectId)}/locations/${region}/publishers/${publisher}/models/${modelSegment(model)}:${method}`;
}

export function vertexBearer(ctx: ChannelContext, stream: boolean): Record<string, string> {
  // The relay always runs the exchange first; a missing token is a relay bug, not a client's.
  if (!ctx.accessToken) throw new Error('Vertex AI call built without an access token');
  return { Authorization: `Bearer ${ctx.accessToken}`, 'Content-Type': 'application/json', Accept: stream ? 'text/event-stream' : 'application/json' };
}

/** Errors are scrubbed of the token the call carried. */
export function vertexScrubbing(ctx: ChannelContext): ChannelContext {
  return ctx.accessToken ? { ...ctx, key: ctx.accessToken } : ctx;
}
