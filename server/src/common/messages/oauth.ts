/** The oauth domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  // third-party sign-in and online payment (issue 17)
  'oauth.disabled': '管理员未开启通过 {provider} 登录以及注册',
  'oauth.unknown_provider': '未知的登录方式',
  'oauth.state_invalid': 'state 无效、已使用或已过期，请重新发起登录',
  'oauth.code_required': '缺少授权码',
  'oauth.provider_failed': '{provider} 授权失败，请稍后重试',
  'oauth.already_bound': '该 {provider} 账户已被其他用户绑定',
  'oauth.linuxdo_level': 'LinuxDO 信任等级不足：需要 {min} 级，当前 {level} 级',
  'oauth.linuxdo_inactive': 'LinuxDO 账户未激活或已被禁言',
  'oauth.unbind_last': '不能解绑最后一种登录方式，请先设置密码或绑定其他账户',
  'oauth.not_bound': '尚未绑定该账户',
  'oauth.telegram_invalid': 'Telegram 登录数据校验失败',
  'oauth.telegram_expired': 'Telegram 登录数据已过期，请重试',
  'oauth.wechat_code_invalid': '微信验证码错误或已过期',
  'oauth.server_address_required': '管理员未设置服务器地址，无法完成 {provider} 登录',
} as const;

export const en: Record<keyof typeof zh, string> = {
  // third-party sign-in and online payment (issue 17)
  'oauth.disabled': 'The administrator has not enabled sign-in with {provider}',
  'oauth.unknown_provider': 'Unknown sign-in method',
  'oauth.state_invalid': 'The state is missing, invalid, used or expired; please start the sign-in again',
  'oauth.code_required': 'Authorization code missing',
  'oauth.provider_failed': 'Sign-in with {provider} failed, please retry later',
  'oauth.already_bound': 'This {provider} account is already bound to another user',
  'oauth.linuxdo_level': 'LinuxDO trust level too low: {min} required, yours is {level}',
  'oauth.linuxdo_inactive': 'The LinuxDO account is not active or is silenced',
  'oauth.unbind_last': 'Cannot unbind the last sign-in method; set a password or bind another account first',
  'oauth.not_bound': 'This account is not bound',
  'oauth.telegram_invalid': 'The Telegram sign-in data failed verification',
  'oauth.telegram_expired': 'The Telegram sign-in data has expired, please retry',
  'oauth.wechat_code_invalid': 'The WeChat code is wrong or expired',
  'oauth.server_address_required': 'The administrator has not set the server address; sign-in with {provider} cannot complete',
};
