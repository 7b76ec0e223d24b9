/** The payment domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  'payment.method_invalid': '不支持的支付方式',
  'payment.order_not_found': '订单不存在',
  'payment.order_done': '订单已完成，无需重复操作',
  'payment.topup_log': '使用在线充值成功，充值金额: {quota}，支付金额：{money}',
  'payment.manual_log': '管理员手动完成充值订单 {trade_no}，充值金额: {quota}',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'payment.method_invalid': 'Unsupported payment method',
  'payment.order_not_found': 'Order not found',
  'payment.order_done': 'The order is already completed',
  'payment.topup_log': 'Online top-up succeeded: {quota} credited, {money} paid',
  'payment.manual_log': 'Admin completed top-up order {trade_no} by hand: {quota} credited',
};
