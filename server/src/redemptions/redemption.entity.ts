import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

export const REDEMPTION_UNUSED = 1;
export const REDEMPTION_DISABLED = 2;
/** Terminal: set once, by the compare-and-set of a redemption. */
export const REDEMPTION_USED = 3;

/**
 * A redemption code. The code is sealed at rest and found by its sha256; it is shown only in the
 * create response. The unused -> used move is one conditional UPDATE, so a code pays out once.
 */
@Entity({ name: 'redemptions' })
export class RedemptionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The admin who created it. */
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Index('idx_redemptions_name')
  @Column({ type: 'varchar', length: 64, default: '' })
  name: string;

  @Column({ name: 'key_sealed', type: 'text' })
  keySealed: string;

  @Index('idx_redemptions_key_hash', { unique: true })
  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash: string;

  @Column({ type: 'integer', default: REDEMPTION_UNUSED })
  status: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  quota: number;

  @Column({ name: 'created_time', type: 'bigint', default: 0, transformer: bigintNumber })
  createdTime: number;

  @Column({ name: 'redeemed_time', type: 'bigint', default: 0, transformer: bigintNumber })
  redeemedTime: number;

  @Column({ name: 'used_user_id', type: 'integer', default: 0 })
  usedUserId: number;

  /** Unix seconds; 0 never expires. */
  @Column({ name: 'expired_time', type: 'bigint', default: 0, transformer: bigintNumber })
  expiredTime: number;
}
