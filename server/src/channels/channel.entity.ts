import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

export const CHANNEL_ENABLED = 1;
export const CHANNEL_DISABLED = 2;
/** Set by the system (auto-disable); the reason and time go to other_info. */
export const CHANNEL_AUTO_DISABLED = 3;
export type ChannelStatus = typeof CHANNEL_ENABLED | typeof CHANNEL_DISABLED | typeof CHANNEL_AUTO_DISABLED;

export const PRIORITY_MIN = -999;
/** Bounds that keep weights and priorities inside a 32-bit integer column. */
export const PRIORITY_MAX = 1_000_000_000;
export const WEIGHT_MAX = 1_000_000_000;

/**
 * An upstream channel. Never leaves the channels service: responses go through channels.mapper.ts,
 * which leaves the key out unless root asked for it. `key` holds the SecretBox-sealed key;
 * `keyHash` (sha256 of the plain key) lets the search match an exact key without decrypting.
 */
@Entity({ name: 'channels' })
export class ChannelEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer', default: 1 })
  type: number;

  @Column({ type: 'varchar', length: 128 })
  name: string;

  @Index('idx_channels_status')
  @Column({ type: 'integer', default: CHANNEL_ENABLED })
  status: number;

  /** Sealed (AES-GCM); see SecretBox. */
  @Column({ name: 'key', type: 'text' })
  key: string;

  @Index('idx_channels_key_hash')
  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash: string;

  /** Comma list of group names. */
  @Column({ name: 'channel_group', type: 'varchar', length: 1024, default: 'default' })
  group: string;

  /** Comma list of model names. */
  @Column({ type: 'text', default: '' })
  models: string;

  /** JSON: status_reason, status_time. */
  @Column({ name: 'other_info', type: 'text', default: '{}' })
  otherInfo: string;

  /** Milliseconds of the last test. */
  @Column({ name: 'response_time', type: 'integer', default: 0 })
  responseTime: number;

  @Column({ name: 'used_quota', type: 'bigint', default: 0, transformer: bigintNumber })
  usedQuota: number;

  /** Upstream balance in USD as the provider reports it (informational, not our money). */
  @Column({ type: 'double precision', default: 0 })
  balance: number;

  @Column({ name: 'balance_updated_time', type: 'bigint', default: 0, transformer: bigintNumber })
  balanceUpdatedTime: number;

  @Column({ name: 'test_time', type: 'bigint', default: 0, transformer: bigintNumber })
  testTime: number;

  @Column({ type: 'integer', default: 0 })
  priority: number;

  @Column({ type: 'integer', default: 0 })
  weight: number;

  @Column({ name: 'base_url', type: 'varchar', length: 1024, default: '' })
  baseUrl: string;

  /** Type-specific extra (Azure api-version, Spark version, region, account id...). */
  @Column({ type: 'text', default: '' })
  other: string;

  @Column({ name: 'test_model', type: 'varchar', length: 255, default: '' })
  testModel: string;

  /** JSON object text: public model name -> upstream name. */
  @Column({ name: 'model_mapping', type: 'text', default: '' })
  modelMapping: string;

  /** JSON object text: upstream status -> reported status. */
  @Column({ name: 'status_code_mapping', type: 'text', default: '' })
  statusCodeMapping: string;

  @Column({ name: 'openai_organization', type: 'varchar', length: 255, default: '' })
  openaiOrganization: string;

  @Column({ name: 'ma_input_tokens', type: 'integer', default: 0 })
  maInputTokens: number;

  /** 1: may be disabled automatically on upstream auth/billing errors. */
  @Column({ name: 'auto_ban', type: 'integer', default: 1 })
  autoBan: number;

  @Column({ name: 'created_time', type: 'bigint', default: 0, transformer: bigintNumber })
  createdTime: number;

  @Column({ name: 'test_models', type: 'text', default: '' })
  testModels: string;

  @Index('idx_channels_tag')
  @Column({ type: 'varchar', length: 64, default: '' })
  tag: string;
}
