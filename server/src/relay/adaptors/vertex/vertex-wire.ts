import { ChannelConfigError } from '../errors';
import type { ChannelContext } from '../types';
import { vertexCredentials } from './credentials';
import { regionHost, vertexRegion } from './region';

/*
 * Vertex AI's wire around the providers' bodies: the model URL
 * `{host}/v1/projects/{project}/locations/{region}/publishers/{publisher}/models/{model}:{method}`
 * (host from the region, or the channel's base URL) and the Bearer access token; with an API key
 * (express mode) the global, project-less `{host}/v1/publishers/google/models/{model}:{method}`
 * and the key in `x-goog-api-key`. Express mode serves Google's own models only.
 */

export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

/** Express mode's endpoint: global, no project or location in the path. */
export const EXPRESS_HOST = 'https://aiplatform.googleapis.com';

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

/** `…/publishers/{publisher}/models/{model}:{method}` (`model` may be a method's own name, `count-tokens`). */
export function vertexModelUrl(ctx: ChannelContext, publisher: Publisher, model: string, method: string): string {
  const creds = vertexCredentials(ctx.key);
  if (creds.kind === 'api_key') {
    if (publisher !== 'google') {
      throw new ChannelConfigError(`Vertex AI express mode (an API key) serves Google's Gemini models only; ${publisher} models need a service-account key`);
    }
    const host = (ctx.baseUrl.trim() || EXPRESS_HOST).replace(/\/+$/, '');
    return `${host}/v1/publishers/google/models/${modelSegment(model)}:${method}`;
  }
  const region = vertexRegion(ctx.other, ctx.upstreamModel);
  const host = (ctx.baseUrl.trim() || regionHost(region)).replace(/\/+$/, '');
  return `${host}/v1/projects/${encodeURIComponent(creds.projectId)}/locations/${region}/publishers/${publisher}/models/${modelSegment(model)}:${method}`;
}

/** The credential headers of a call: the access token as a Bearer, or the express mode API key. */
export function vertexHeaders(ctx: ChannelContext, stream: boolean): Record<string, string> {
  const base = { 'Content-Type': 'application/json', Accept: stream ? 'text/event-stream' : 'application/json' };
  const creds = vertexCredentials(ctx.key);
  // In a header, never in the URL, where it would reach logs.
  if (creds.kind === 'api_key') return { 'x-goog-api-key': creds.apiKey, ...base };
  // The relay always runs the exchange first; a missing token is a relay bug, not a client's.
  if (!ctx.accessToken) throw new Error('Vertex AI call built without an access token');
  return { Authorization: `Bearer ${ctx.accessToken}`, ...base };
}

/** Errors are scrubbed of the credential the call carried (the access token, or the API key itself). */
export function vertexScrubbing(ctx: ChannelContext): ChannelContext {
  return ctx.accessToken ? { ...ctx, key: ctx.accessToken } : ctx;
}
