/** The audit domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  // audit log (issue 25)
  'audit.invalid_filter': '无效的筛选条件：{field}',
} as const;

export const en: Record<keyof typeof zh, string> = {
  // audit log (issue 25)
  'audit.invalid_filter': 'Invalid filter: {field}',
};
