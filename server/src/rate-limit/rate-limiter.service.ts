import { Injectable, Logger } from '@nestjs/common';
import type { RateLimitRule } from '../config/app-config';
import { ClusterLink } from '../cluster/cluster-link.service';
import { RedisService } from '../redis/redis.service';
import { SlidingWindows, type RateDecision } from './sliding-windows';

export type { RateDecision } from './sliding-windows';

// Sliding window in one script: drop old hits, count, add when under the limit.
const SLIDING_WINDOW = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local member = ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, 0, now - window)
local count = redis.call('ZCARD', key)
if count < limit then
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, window)
  return {1, 0}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local retry = window - (now - tonumber(oldest[2]))
return {0, retry}
`;

/**
 * Atomic sliding-window limiter. With Redis the counters are shared by every node (one Lua
 * script per hit). Without Redis, in a cluster (SLUICE_WORKERS > 1), the primary holds the windows
 * for every process of the node. Otherwise, or when Redis or the primary fails, an in-process
 * window is used: limits then hold per node (or per process), which is documented in
 * ARCHITECTURE.md (never a blanket 500).
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');
  private readonly local = new SlidingWindows();
  private seq = 0;

  constructor(
    private readonly redis: RedisService,
    private readonly cluster: ClusterLink,
  ) {}

  async hit(bucket: string, subject: string, rule: RateLimitRule): Promise<RateDecision> {
    if (rule.limit <= 0) return { allowed: true, retryAfter: 0 };
    const key = this.redis.key('rl', bucket, subject);
    const windowMs = rule.windowSeconds * 1000;
    const client = this.redis.client;
    if (client) {
      try {
        const now = Date.now();
        const res = (await client.eval(
          SLIDING_WINDOW,
          1,
          key,
          now,
          windowMs,
          rule.limit,
          `${now}-${++this.seq}-${process.pid}`,
        )) as [number, number];
        return { allowed: res[0] === 1, retryAfter: Math.ceil(res[1] / 1000) };
      } catch (err) {
        this.logger.warn(`redis limiter unavailable, using local window: ${(err as Error).message}`);
      }
    }
    if (this.cluster.active) {
      try {
        return await this.cluster.call('rl.hit', { key, windowMs, limit: rule.limit });
      } catch (err) {
        this.logger.warn(`cluster limiter unavailable, using this process's window: ${(err as Error).message}`);
      }
    }
    return this.local.hit(key, windowMs, rule.limit);
  }
}
