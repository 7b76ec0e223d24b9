/** The reset domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  'reset.invalid': '重置链接非法或已过期',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'reset.invalid': 'The reset link is invalid or expired',
};
