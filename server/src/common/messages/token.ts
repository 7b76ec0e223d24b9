/** The token domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  // tokens, redemptions, wallet (issue 3)
  'token.not_found': '令牌不存在',
  'token.name_too_long': '令牌名称过长',
  'token.group_required': '请选择令牌分组',
  'token.group_forbidden': '无权使用分组 {group}',
  'token.expiry_format': '过期时间格式错误！',
  'token.quota_invalid': '额度必须是整数',
  'token.quota_negative': '额度值不能为负数',
  'token.quota_exceed_max': '额度值超出有效范围，最大值为 {max}',
  'token.count_invalid': '令牌数量必须是 1 到 {max} 之间的整数',
  'token.too_many': '已达到最大令牌数量限制 ({max})',
  'token.rate_limit_invalid': '限流周期和次数必须是不小于 1 的整数',
  // relay limits (issue 26)
  'token.limit_invalid': '{field} 必须是不小于 0 的整数（0 表示不限制）',
  'token.ip_invalid': 'IP 限制格式错误：{ip} 不是合法的 IP 或 CIDR',
  'token.model_limits_invalid': '模型限制格式错误',
  'token.invalid_status': '无效的令牌状态',
  'token.expired_cannot_enable': '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
  'token.exhausted_cannot_enable': '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
  'token.batch_empty': '请至少选择一个令牌！',
  'token.batch_too_many': '一次最多操作 {max} 个令牌',
} as const;

export const en: Record<keyof typeof zh, string> = {
  // tokens, redemptions, wallet (issue 3)
  'token.not_found': 'Token not found',
  'token.name_too_long': 'Token name is too long',
  'token.group_required': 'Please select a token group',
  'token.group_forbidden': 'You may not use the group {group}',
  'token.expiry_format': 'Expiry time format error',
  'token.quota_invalid': 'Quota must be an integer',
  'token.quota_negative': 'Quota cannot be negative',
  'token.quota_exceed_max': 'Quota is out of range, the maximum is {max}',
  'token.count_invalid': 'Count must be an integer from 1 to {max}',
  'token.too_many': 'Maximum number of tokens reached ({max})',
  'token.rate_limit_invalid': 'Rate limit interval and count must be integers of at least 1',
  // relay limits (issue 26)
  'token.limit_invalid': '{field} must be an integer of at least 0 (0 means no limit)',
  'token.ip_invalid': 'IP restriction format error: {ip} is not a valid IP or CIDR',
  'token.model_limits_invalid': 'Model limits format error',
  'token.invalid_status': 'Invalid token status',
  'token.expired_cannot_enable': 'The token has expired and cannot be enabled; change its expiry time or set it to never expire first',
  'token.exhausted_cannot_enable': 'The token quota is used up and it cannot be enabled; raise its remaining quota or make it unlimited first',
  'token.batch_empty': 'Please select at least one token',
  'token.batch_too_many': 'At most {max} tokens at a time',
};
