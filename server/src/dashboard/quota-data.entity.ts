import { Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

/**
 * Dashboard aggregate: consume logs summed per (user, model, hour). Re-running an hour replaces
 * its row (upsert on the unique key), so the aggregation is idempotent.
 */
@Entity({ name: 'quota_data' })
@Unique('uq_quota_data_user_model_hour', ['userId', 'modelName', 'createdAt'])
export class QuotaDataEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Index('idx_quota_data_username')
  @Column({ type: 'varchar', length: 64, default: '' })
  username: string;

  @Column({ name: 'model_name', type: 'varchar', length: 128, default: '' })
  modelName: string;

  /** Start of the hour (unix seconds, a multiple of 3600). */
  @Index('idx_quota_data_created')
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber })
  createdAt: number;

  @Column({ name: 'token_used', type: 'bigint', default: 0, transformer: bigintNumber })
  tokenUsed: number;

  @Column({ type: 'integer', default: 0 })
  count: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  quota: number;
}
