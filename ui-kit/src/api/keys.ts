// The swr keys of the connected widgets, in one place. Each key starts with the client's
// scope (server address plus who is asking), so a public pricing client, a relay-key
// playground and a logged-in token manager on one page never share a cache entry: the
// same URL answers differently for each of them.
import type { TokenListQuery, TokenSearchQuery } from './client';

export const sluiceKeys = {
  status: (scope: string) => ['sluice', scope, 'status'] as const,
  pricing: (scope: string) => ['sluice', scope, 'pricing'] as const,
  modelInfo: (scope: string) => ['sluice', scope, 'model-info'] as const,
  groups: (scope: string) => ['sluice', scope, 'groups'] as const,
  models: (scope: string, group: string) => ['sluice', scope, 'models', group] as const,
  tokens: (scope: string, query: TokenListQuery) => ['sluice', scope, 'tokens', query.page, query.size] as const,
  tokenSearch: (scope: string, query: TokenSearchQuery) =>
    ['sluice', scope, 'tokens', 'search', query.keyword, query.token] as const,
  tokenChannelDescription: (scope: string) => ['sluice', scope, 'token-channel-description'] as const,
  debugDocument: (scope: string) => ['sluice', scope, 'debug-document'] as const,
};

/** Matches every token-list key of one scope, for revalidating after a change. */
export function isTokenListKey(scope: string, key: unknown): boolean {
  return Array.isArray(key) && key[0] === 'sluice' && key[1] === scope && key[2] === 'tokens';
}

/** FNV-1a, so a relay key can tell scopes apart without being copied into cache keys. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export interface ScopeParts {
  baseUrl: string;
  apiKey?: string | undefined;
  userId?: number | string | undefined;
  accessToken?: string | undefined;
}

/** "<baseUrl>|key:<hash>" for relay keys, "<baseUrl>|user:<id>" for sessions, "<baseUrl>|anon". */
export function clientScope({ baseUrl, apiKey, userId, accessToken }: ScopeParts): string {
  if (apiKey) return `${baseUrl}|key:${fingerprint(apiKey)}`;
  if (userId !== undefined) return `${baseUrl}|user:${String(userId)}`;
  if (accessToken) return `${baseUrl}|token:${fingerprint(accessToken)}`;
  return `${baseUrl}|anon`;
}
