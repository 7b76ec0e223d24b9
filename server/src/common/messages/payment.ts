/** The payment domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  'payment.method_invalid': '不支持的支付方式',
  'payment.order_not_found': '订单不存在',
  'payment.order_done': '订单已完成，无需重复操作',
  'payment.topup_log': '使用在线充值成功，充值金额: {quota}，支付金额：{money}',
  'payment.manual_log': '管理员手动完成充值订单 {trade_no}，充值金额: {quota}',
  'payment.trade_no_invalid': '订单号无效',
  'payment.status_invalid': '订单状态只能是 pending、success 或 expired',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'payment.method_invalid': 'Unsupported payment method',
  'payment.order_not_found': 'Order not found',
  'payment.order_done': 'The order is already completed',
  'payment.topup_log': 'Online top-up succeeded: {quota} credited, {money} paid',
  'payment.manual_log': 'Admin completed top-up order {trade_no} by hand: {quota} credited',
  'payment.trade_no_invalid': 'Invalid trade number',
  'payment.status_invalid': 'The order status must be pending, success or expired',
};
