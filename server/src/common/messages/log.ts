/** The log domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  // logs, check-in, data dashboard (issue 3)
  'log.invalid_type': '无效的日志类型',
  'log.invalid_timestamp': '无效的时间戳',
  'log.invalid_time_range': '开始时间不能晚于结束时间',
  'log.invalid_channel': '无效的渠道 ID',
  'log.target_timestamp_required': '请选择日志记录时间',
  'log.export_busy': '进行中的导出任务过多（最多 {max} 个），请等待完成后再试',
  'log.export_not_found': '导出记录不存在',
  'log.export_not_ready': '导出尚未完成',
} as const;

export const en: Record<keyof typeof zh, string> = {
  // logs, check-in, data dashboard (issue 3)
  'log.invalid_type': 'Invalid log type',
  'log.invalid_timestamp': 'Invalid timestamp',
  'log.invalid_time_range': 'The start time must not be after the end time',
  'log.invalid_channel': 'Invalid channel id',
  'log.target_timestamp_required': 'Please select log record time',
  'log.export_busy': 'Too many exports in progress (at most {max}); wait for them to finish',
  'log.export_not_found': 'Export not found',
  'log.export_not_ready': 'The export is not finished yet',
};
