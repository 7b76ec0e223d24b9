/** The checkin domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  'checkin.success': '签到成功！',
  'checkin.already': '今日已签到',
  'checkin.invalid_month': '月份格式错误，应为 YYYY-MM',
  'checkin.reward_log': '每日签到，获得额度 {quota}',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'checkin.success': 'sign-in successful!',
  'checkin.already': 'already signed in today',
  'checkin.invalid_month': 'Invalid month, expected YYYY-MM',
  'checkin.reward_log': 'Daily sign-in, quota awarded {quota}',
};
