import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

export const TOKEN_ENABLED = 1;
export const TOKEN_DISABLED = 2;
/** Set by the system when expired_time passes; the owner re-enables after fixing the expiry. */
export const TOKEN_EXPIRED = 3;
/** Set by the system when a limited token runs out; re-enabled after raising its quota. */
export const TOKEN_EXHAUSTED = 4;
export type TokenStatus = typeof TOKEN_ENABLED | typeof TOKEN_DISABLED | typeof TOKEN_EXPIRED | typeof TOKEN_EXHAUSTED;

/** Never expires. */
export const NEVER_EXPIRES = -1;

/**
 * An API key of one user. The key is stored sealed (AES-GCM) and looked up by its sha256;
 * remain_quota and used_quota move only through conditional UPDATE statements.
 * Never leaves the tokens service: responses go through token.mapper.ts.
 */
@Entity({ name: 'tokens' })
export class TokenEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('idx_tokens_user_id')
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 64, default: '' })
  name: string;

  /** SecretBox output of the 48-character key (without `sk-`). */
  @Column({ name: 'key_sealed', type: 'text' })
  keySealed: string;

  /** sha256 hex of the key (without `sk-`): the only lookup path. */
  @Index('idx_tokens_key_hash', { unique: true })
  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash: string;

  @Column({ type: 'integer', default: TOKEN_ENABLED })
  status: number;

  @Column({ name: 'remain_quota', type: 'bigint', default: 0, transformer: bigintNumber })
  remainQuota: number;

  @Column({ name: 'used_quota', type: 'bigint', default: 0, transformer: bigintNumber })
  usedQuota: number;

  @Column({ name: 'unlimited_quota', type: 'boolean', default: false })
  unlimitedQuota: boolean;

  /** Unix seconds, or -1 for never. */
  @Column({ name: 'expired_time', type: 'bigint', default: NEVER_EXPIRES, transformer: bigintNumber })
  expiredTime: number;

  @Column({ name: 'created_time', type: 'bigint', default: 0, transformer: bigintNumber })
  createdTime: number;

  @Column({ name: 'accessed_time', type: 'bigint', default: 0, transformer: bigintNumber })
  accessedTime: number;

  @Column({ name: 'model_limits_enabled', type: 'boolean', default: false })
  modelLimitsEnabled: boolean;

  /** Comma-joined model names. */
  @Column({ name: 'model_limits', type: 'text', default: '' })
  modelLimits: string;

  /** Comma-joined IPs or CIDRs; empty allows every address. */
  @Column({ name: 'ip_limits', type: 'text', default: '' })
  ipLimits: string;

  @Column({ name: 'rate_limit_enabled', type: 'boolean', default: false })
  rateLimitEnabled: boolean;

  /** Seconds. */
  @Column({ name: 'rate_limit_interval', type: 'integer', default: 1 })
  rateLimitInterval: number;

  @Column({ name: 'rate_limit_count', type: 'integer', default: 1 })
  rateLimitCount: number;

  @Column({ name: 'group', type: 'varchar', length: 64, default: '' })
  group: string;

  /** Requests per minute; 0 = no limit (relay/limits). */
  @Column({ name: 'rpm_limit', type: 'integer', default: 0 })
  rpmLimit: number;

  /** Tokens per minute (reserved before the call, settled to the real usage); 0 = no limit. */
  @Column({ name: 'tpm_limit', type: 'integer', default: 0 })
  tpmLimit: number;

  /** Requests running at once; 0 = no limit. */
  @Column({ name: 'concurrency_limit', type: 'integer', default: 0 })
  concurrencyLimit: number;
}
