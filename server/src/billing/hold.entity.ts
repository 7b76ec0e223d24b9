import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

export const HOLD_HELD = 'held';
export const HOLD_SETTLED = 'settled';
export const HOLD_REFUNDED = 'refunded';
export type HoldStatus = typeof HOLD_HELD | typeof HOLD_SETTLED | typeof HOLD_REFUNDED;

/**
 * One relay request's reservation. The request id is the key, so settlement and refund are
 * compare-and-set moves out of `held` that succeed once. Never leaves the billing service.
 */
@Entity({ name: 'holds' })
@Index('idx_holds_status_created', ['status', 'createdAt'])
export class HoldEntity {
  @PrimaryColumn({ name: 'request_id', type: 'varchar', length: 64 })
  requestId: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** null for the console playground (no token). */
  @Column({ name: 'token_id', type: 'integer', nullable: true })
  tokenId: number | null;

  /** Quota reserved from the user (and token); 0 when the trust bypass skipped the reservation. */
  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  amount: number;

  @Column({ type: 'varchar', length: 16, default: HOLD_HELD })
  status: string;

  /** What a running stream has delivered so far: the sweeper settles an orphaned hold at this. */
  @Column({ name: 'checkpoint_quota', type: 'bigint', default: 0, transformer: bigintNumber })
  checkpointQuota: number;

  /** The final charge once settled (an audit trail even when consume logs are off). */
  @Column({ name: 'settled_quota', type: 'bigint', default: 0, transformer: bigintNumber })
  settledQuota: number;

  /** For the sweeper's log line. */
  @Column({ name: 'model_name', type: 'varchar', length: 128, default: '' })
  modelName: string;

  /** The channel serving the request, when a checkpoint named it (the sweeper credits it). */
  @Column({ name: 'channel_id', type: 'integer', default: 0 })
  channelId: number;

  /** Unix seconds. */
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber })
  createdAt: number;

  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber })
  updatedAt: number;
}
