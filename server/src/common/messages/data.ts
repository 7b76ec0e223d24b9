/** The data domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  'data.invalid_timestamp': '无效的时间戳',
  'data.invalid_time_range': '开始时间不能晚于结束时间',
  'data.span_too_long': '时间跨度不能超过 1 个月',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'data.invalid_timestamp': 'Invalid timestamp',
  'data.invalid_time_range': 'The start time must not be after the end time',
  'data.span_too_long': 'The time span cannot exceed 1 month',
};
