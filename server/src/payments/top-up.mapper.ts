import type { TopUpEntity } from './top-up.entity';

/** An order as its owner and admins see it (allowlist). */
export interface TopUpView {
  id: number;
  user_id: number;
  amount: number;
  /** Money paid, two decimals. */
  money: number;
  quota: number;
  trade_no: string;
  payment_method: string;
  create_time: number;
  complete_time: number;
  status: string;
}

export interface AdminTopUpView extends TopUpView {
  /** The admin who completed it by hand (0: the payment gateway). */
  completed_by: number;
}

export function toTopUpView(o: TopUpEntity): TopUpView {
  return {
    id: o.id,
    user_id: o.userId,
    amount: o.amount,
    money: o.moneyCents / 100,
    quota: o.quota,
    trade_no: o.tradeNo,
    payment_method: o.paymentMethod,
    create_time: o.createTime,
    complete_time: o.completeTime,
    status: o.status,
  };
}

export function toAdminTopUpView(o: TopUpEntity): AdminTopUpView {
  return { ...toTopUpView(o), completed_by: o.completedBy };
}
