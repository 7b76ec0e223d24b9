import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

export type TopUpStatus = 'pending' | 'success' | 'expired';
export type PaymentMethod = 'alipay' | 'wxpay';

/**
 * An online top-up order (epay). Created pending by /api/user/pay; moved to success exactly once
 * by a compare-and-set in the same transaction as the quota credit and its top-up log. Money is
 * kept in cents; `quota` is what the order credits, fixed when it was created.
 */
@Entity({ name: 'top_ups' })
export class TopUpEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('idx_top_ups_user_id')
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** Units (dollars of quota) bought. */
  @Column({ type: 'integer' })
  amount: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  quota: number;

  /** Payable money in cents (CNY). */
  @Column({ name: 'money_cents', type: 'bigint', transformer: bigintNumber })
  moneyCents: number;

  @Index('idx_top_ups_trade_no', { unique: true })
  @Column({ name: 'trade_no', type: 'varchar', length: 64 })
  tradeNo: string;

  @Column({ name: 'payment_method', type: 'varchar', length: 16 })
  paymentMethod: PaymentMethod;

  @Column({ name: 'create_time', type: 'bigint', transformer: bigintNumber })
  createTime: number;

  @Column({ name: 'complete_time', type: 'bigint', default: 0, transformer: bigintNumber })
  completeTime: number;

  @Index('idx_top_ups_status')
  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: TopUpStatus;

  /** The gateway's own trade number from the notify (empty until paid, or for a manual completion). */
  @Column({ name: 'provider_trade_no', type: 'varchar', length: 64, default: '' })
  providerTradeNo: string;

  /** Admin id that completed it by hand; 0 when the gateway's callback did. */
  @Column({ name: 'completed_by', type: 'integer', default: 0 })
  completedBy: number;
}
