/** The billing domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  // billing ledger (issue 4)
  'billing.insufficient_user_quota': '用户额度不足，请充值后再试（本次请求需预扣额度 {need}）',
  'billing.token_quota_exhausted': '令牌额度不足或令牌不可用（本次请求需预扣额度 {need}）',
  'billing.duplicate_request': '请求 ID 重复',
  'billing.sweeper_log': '请求异常中断（连接断开或服务重启），由后台清理任务按已送达的内容结算',
  'billing.quota_remind_subject': '您的额度即将用尽',
  'billing.quota_remind_body':
    '<p>您好！您的额度即将用尽，当前剩余额度为 {quota}。</p><p>为了不影响您的使用，请及时充值：<a href="{link}">{link}</a></p>',
} as const;

export const en: Record<keyof typeof zh, string> = {
  // billing ledger (issue 4)
  'billing.insufficient_user_quota': 'Insufficient user quota, please top up (this request needs a hold of {need})',
  'billing.token_quota_exhausted': 'The token quota is not enough or the token is unavailable (this request needs a hold of {need})',
  'billing.duplicate_request': 'Duplicate request id',
  'billing.sweeper_log': 'Settled by the sweeper after an interrupted request (connection lost or server restart), at the content delivered',
  'billing.quota_remind_subject': 'Your quota is almost used up',
  'billing.quota_remind_body':
    '<p>Hello! Your quota is almost used up; the current balance is {quota}.</p><p>Please top up in time to keep using the service: <a href="{link}">{link}</a></p>',
};
