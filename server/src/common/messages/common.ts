/** The common domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  'common.bad_request': '请求参数错误',
  'common.internal': '服务器内部错误，请联系管理员',
  'common.not_found': '资源不存在',
  'common.too_many_requests': '请求过于频繁，请稍后再试',
  'common.method_not_allowed': '请求方法不被允许',
  'common.invalid_id': '无效的 ID',
  // management input validation (issue 24): the field is named in the caller's own words
  'common.invalid_json': '请求体不是合法的 JSON',
  'common.body_too_large': '请求体过大',
  'common.unsupported_media_type': '不支持的请求体类型',
  'common.field_required': '缺少必填参数：{field}',
  'common.field_type': '参数 {field} 的类型应为 {type}',
  'common.field_min': '参数 {field} 不能小于 {min}',
  'common.field_max': '参数 {field} 不能大于 {max}',
  'common.field_too_long': '参数 {field} 过长，最多 {max} 个字符',
  'common.field_value': '参数 {field} 的取值无效',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'common.bad_request': 'Invalid request parameters',
  'common.internal': 'Internal server error, please contact the administrator',
  'common.not_found': 'Not found',
  'common.too_many_requests': 'Too many requests, please try again later',
  'common.method_not_allowed': 'Method not allowed',
  'common.invalid_id': 'Invalid id',
  'common.invalid_json': 'The request body is not valid JSON',
  'common.body_too_large': 'request body too large',
  'common.unsupported_media_type': 'Unsupported request body type',
  'common.field_required': 'Missing required parameter: {field}',
  'common.field_type': 'Parameter {field} must be of type {type}',
  'common.field_min': 'Parameter {field} must be at least {min}',
  'common.field_max': 'Parameter {field} must be at most {max}',
  'common.field_too_long': 'Parameter {field} is too long (at most {max} characters)',
  'common.field_value': 'Invalid value for parameter {field}',
};
