import { Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

/**
 * One row per user per day they checked in. The UNIQUE (user_id, day) constraint is what makes
 * the reward happen once: of concurrent inserts, exactly one commits.
 */
@Entity({ name: 'checkins' })
@Unique('uq_checkins_user_day', ['userId', 'day'])
export class CheckinEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** The day in UTC, YYYY-MM-DD (sorts and compares as text). */
  @Column({ type: 'varchar', length: 10 })
  day: string;

  @Column({ name: 'quota_awarded', type: 'bigint', default: 0, transformer: bigintNumber })
  quotaAwarded: number;

  @Index('idx_checkins_created')
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber })
  createdAt: number;
}
