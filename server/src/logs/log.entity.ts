import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

/** Log types as the console filters them. */
export const LOG_TOPUP = 1;
export const LOG_CONSUME = 2;
export const LOG_MANAGE = 3;
export const LOG_SYSTEM = 4;
export const LOG_ERROR = 5;
export const LOG_WARNING = 6;
export const LOG_REWARD = 99;
export type LogType = 1 | 2 | 3 | 4 | 5 | 6 | 99;

/**
 * One row per event: top-ups, consumption (one per served request, unique request id), admin
 * actions, system notes, check-in rewards. `other` is a JSON object (ratios, frt, admin_info...).
 */
@Entity({ name: 'logs' })
@Index('idx_logs_user_created', ['userId', 'createdAt'])
@Index('idx_logs_type_created', ['type', 'createdAt'])
export class LogEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Index('idx_logs_created')
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber })
  createdAt: number;

  @Column({ type: 'integer' })
  type: number;

  @Column({ type: 'text', default: '' })
  content: string;

  @Index('idx_logs_username')
  @Column({ type: 'varchar', length: 64, default: '' })
  username: string;

  @Index('idx_logs_token_name')
  @Column({ name: 'token_name', type: 'varchar', length: 64, default: '' })
  tokenName: string;

  @Column({ name: 'token_id', type: 'integer', default: 0 })
  tokenId: number;

  @Index('idx_logs_model_name')
  @Column({ name: 'model_name', type: 'varchar', length: 128, default: '' })
  modelName: string;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  quota: number;

  @Column({ name: 'prompt_tokens', type: 'integer', default: 0 })
  promptTokens: number;

  @Column({ name: 'completion_tokens', type: 'integer', default: 0 })
  completionTokens: number;

  /** Seconds. */
  @Column({ name: 'use_time', type: 'integer', default: 0 })
  useTime: number;

  @Column({ name: 'is_stream', type: 'boolean', default: false })
  isStream: boolean;

  @Index('idx_logs_channel')
  @Column({ name: 'channel_id', type: 'integer', default: 0 })
  channelId: number;

  @Column({ name: 'token_group', type: 'varchar', length: 64, default: '' })
  tokenGroup: string;

  @Column({ name: 'client_ip', type: 'varchar', length: 64, default: '' })
  clientIp: string;

  /** Unique per served request: settlement writes its consume log exactly once. */
  @Index('idx_logs_request_id', { unique: true })
  @Column({ name: 'request_id', type: 'varchar', length: 64, nullable: true })
  requestId: string | null;

  @Column({ type: 'text', default: '{}' })
  other: string;
}
