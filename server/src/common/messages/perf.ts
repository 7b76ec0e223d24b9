/** The perf domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  // model speed (issue 25)
  'perf.invalid_window': '参数 window 无效：{value}（可选 1h 或 24h）',
} as const;

export const en: Record<keyof typeof zh, string> = {
  // model speed (issue 25)
  'perf.invalid_window': 'Invalid window parameter: {value} (use 1h or 24h)',
};
