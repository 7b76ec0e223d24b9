/** The bind domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  'bind.email_bound': '邮箱账户绑定成功',
  'bind.use_post': '绑定操作请使用 POST 请求',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'bind.email_bound': 'E-mail bound',
  'bind.use_post': 'Binding requires a POST request',
};
