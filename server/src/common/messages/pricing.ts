/** The pricing domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  'pricing.group_forbidden': '无权使用分组 {group}',
  'pricing.group_invalid': '分组名称无效',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'pricing.group_forbidden': 'You may not use the group {group}',
  'pricing.group_invalid': 'Invalid group name',
};
