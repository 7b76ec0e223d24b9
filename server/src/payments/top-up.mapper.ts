import type { z } from 'zod';
import type { adminTopUpViewSchema, topUpViewSchema } from './dto/payment.dto';
import type { TopUpEntity } from './top-up.entity';

/** An order as its owner and admins see it (allowlist; its schema is `topUpViewSchema`). */
export type TopUpView = z.output<typeof topUpViewSchema>;

/** With the admin who completed it by hand (0: the payment gateway). */
export type AdminTopUpView = z.output<typeof adminTopUpViewSchema>;

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
