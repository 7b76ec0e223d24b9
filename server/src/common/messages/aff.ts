/** The aff domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  'aff.transfer_min': '转移额度最小为 {min}！',
  'aff.insufficient': '邀请额度不足！',
  'aff.quota_invalid': '转移额度必须是整数',
  'aff.transferred': '划转成功',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'aff.transfer_min': 'Transfer amount minimum is {min}!',
  'aff.insufficient': 'Insufficient affiliate quota!',
  'aff.quota_invalid': 'Transfer amount must be an integer',
  'aff.transferred': 'Transferred',
};
