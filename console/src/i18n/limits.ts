// Console strings of the 'limits' area (issue 26: group rate limits, channel affinity): zh-CN
// first, English typed against it (same keys). Read with t('console.limits.<key>').
import type { SameShape } from './shape';

export const limitsZhCN = {
  title: '分组限流与渠道亲和',
  description: '按分组限制每个用户的每分钟请求数、每分钟 token 数和同时请求数；渠道亲和让带有同一会话键的请求留在上次服务它的渠道上，提高上游的提示缓存命中率。',
  groupRateLimits: '分组限流',
  groupRateLimitsHint: 'JSON 对象：键为分组名，值为 {"rpm": 每分钟请求数, "tpm": 每分钟 token 数, "concurrency": 同时请求数}，0 或省略表示不限制；按分组内的每个用户计数。',
  affinityEnabled: '启用渠道亲和（prompt_cache_key、metadata.user_id、cachedContent、session_id 请求头）',
  affinityTtl: '亲和保持时间（秒）',
};

export const limitsEn: SameShape<typeof limitsZhCN> = {
  title: 'Group limits and channel affinity',
  description:
    'Limit requests per minute, tokens per minute and requests at once for each user of a group; channel affinity keeps requests with the same session key on the channel that served it last, so the upstream prompt cache hits more often.',
  groupRateLimits: 'Group rate limits',
  groupRateLimitsHint:
    'A JSON object: group name to {"rpm": requests per minute, "tpm": tokens per minute, "concurrency": requests at once}; 0 or absent means no limit. Counted per user of the group.',
  affinityEnabled: 'Channel affinity (prompt_cache_key, metadata.user_id, cachedContent, session_id header)',
  affinityTtl: 'Affinity lifetime (seconds)',
};
