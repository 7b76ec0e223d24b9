// The swr keys of the connected widgets, in one place. Each key starts with the client's
// base URL so two widgets talking to two servers on one page never share a cache entry.
import type { TokenListQuery, TokenSearchQuery } from './client';

export const sluiceKeys = {
  status: (baseUrl: string) => ['sluice', baseUrl, 'status'] as const,
  pricing: (baseUrl: string) => ['sluice', baseUrl, 'pricing'] as const,
  modelInfo: (baseUrl: string) => ['sluice', baseUrl, 'model-info'] as const,
  groups: (baseUrl: string) => ['sluice', baseUrl, 'groups'] as const,
  models: (baseUrl: string, group: string) => ['sluice', baseUrl, 'models', group] as const,
  tokens: (baseUrl: string, query: TokenListQuery) => ['sluice', baseUrl, 'tokens', query.page, query.size] as const,
  tokenSearch: (baseUrl: string, query: TokenSearchQuery) =>
    ['sluice', baseUrl, 'tokens', 'search', query.keyword, query.token] as const,
  tokenChannelDescription: (baseUrl: string) => ['sluice', baseUrl, 'token-channel-description'] as const,
  debugDocument: (baseUrl: string) => ['sluice', baseUrl, 'debug-document'] as const,
};

/** Matches every token-list key of one server, for revalidating after a change. */
export function isTokenListKey(baseUrl: string, key: unknown): boolean {
  return Array.isArray(key) && key[0] === 'sluice' && key[1] === baseUrl && key[2] === 'tokens';
}
