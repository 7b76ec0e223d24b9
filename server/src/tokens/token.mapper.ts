import type { z } from 'zod';
import type { tokenViewSchema } from './dto/token.dto';
import type { TokenEntity } from './token.entity';

/** What the owner sees of a token: the key in full (without `sk-`; the console adds it). */
export type TokenView = z.output<typeof tokenViewSchema>;

/** What the relay needs to admit and bill a request (no key: the caller already holds it). */
export interface TokenAuthView {
  id: number;
  userId: number;
  name: string;
  /** 1 enabled, 2 disabled, 3 expired, 4 exhausted, after the expiry/exhaustion check. */
  status: number;
  remainQuota: number;
  usedQuota: number;
  unlimitedQuota: boolean;
  /** Unix seconds, -1 never. */
  expiredTime: number;
  group: string;
  modelLimitsEnabled: boolean;
  modelLimits: string[];
  /** IPs and CIDRs; empty allows every address. */
  ipLimits: string[];
  rateLimitEnabled: boolean;
  rateLimitInterval: number;
  rateLimitCount: number;
  /** Requests / tokens per minute and requests at once; 0 = none. */
  rpmLimit: number;
  tpmLimit: number;
  concurrencyLimit: number;
}

export function toTokenView(t: TokenEntity, key: string): TokenView {
  return {
    id: t.id,
    user_id: t.userId,
    name: t.name,
    key,
    status: t.status,
    remain_quota: t.remainQuota,
    used_quota: t.usedQuota,
    unlimited_quota: t.unlimitedQuota,
    expired_time: t.expiredTime,
    created_time: t.createdTime,
    accessed_time: t.accessedTime,
    model_limits_enabled: t.modelLimitsEnabled,
    model_limits: t.modelLimits,
    ip_limits: t.ipLimits,
    rate_limit_enabled: t.rateLimitEnabled,
    rate_limit_interval: t.rateLimitInterval,
    rate_limit_count: t.rateLimitCount,
    rpm_limit: t.rpmLimit,
    tpm_limit: t.tpmLimit,
    concurrency_limit: t.concurrencyLimit,
    group: t.group,
  };
}

const list = (s: string): string[] => (s === '' ? [] : s.split(','));

export function toAuthView(t: TokenEntity, status: number): TokenAuthView {
  return {
    id: t.id,
    userId: t.userId,
    name: t.name,
    status,
    remainQuota: t.remainQuota,
    usedQuota: t.usedQuota,
    unlimitedQuota: t.unlimitedQuota,
    expiredTime: t.expiredTime,
    group: t.group,
    modelLimitsEnabled: t.modelLimitsEnabled,
    modelLimits: list(t.modelLimits),
    ipLimits: list(t.ipLimits),
    rateLimitEnabled: t.rateLimitEnabled,
    rateLimitInterval: t.rateLimitInterval,
    rateLimitCount: t.rateLimitCount,
    rpmLimit: t.rpmLimit ?? 0,
    tpmLimit: t.tpmLimit ?? 0,
    concurrencyLimit: t.concurrencyLimit ?? 0,
  };
}
