/** The wallet domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  'wallet.topup_disabled': '管理员未开启在线充值！',
  'wallet.amount_invalid': '充值数量必须是正整数',
  'wallet.amount_min': '充值数量不能小于 {min}',
  'wallet.amount_too_low': '充值金额过低',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'wallet.topup_disabled': 'Admin has not enabled online top-up',
  'wallet.amount_invalid': 'The top-up amount must be a positive integer',
  'wallet.amount_min': 'Top-up amount cannot be less than {min}',
  'wallet.amount_too_low': 'The payable amount is too low',
};
