import { Injectable, Logger } from '@nestjs/common';
import type { RateLimitRule } from '../config/app-config';
import { RedisService } from '../redis/redis.service';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the oldest hit leaves the window (when refused). */
  retryAfter: number;
}

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
 * script per hit). Without Redis, or when Redis fails, an in-process window is used: limits then
 * hold per node, which is documented in ARCHITECTURE.md (never a blanket 500).
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');
  private readonly local = new Map<string, { hits: number[]; windowMs: number }>();
  private seq = 0;
  private lastSweep = Date.now();

  constructor(private readonly redis: RedisService) {}

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
    return this.hitLocal(key, windowMs, rule.limit);
  }

  private hitLocal(key: string, windowMs: number, limit: number): RateDecision {
    const now = Date.now();
    this.sweep(now);
    const hits = (this.local.get(key)?.hits ?? []).filter((t) => t > now - windowMs);
    this.local.set(key, { hits, windowMs });
    if (hits.length < limit) {
      hits.push(now);
      return { allowed: true, retryAfter: 0 };
    }
    const oldest = hits[0] ?? now;
    return { allowed: false, retryAfter: Math.ceil((windowMs - (now - oldest)) / 1000) };
  }

  /** Keeps the local map bounded. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, { hits, windowMs }] of this.local) {
      const last = hits[hits.length - 1];
      if (last === undefined || last <= now - windowMs) this.local.delete(k);
    }
  }
}
