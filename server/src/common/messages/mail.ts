/** The mail domain's messages: zh-CN, the product language, and English for `Accept-Language: en`. */
export const zh = {
  'mail.not_configured': '管理员未配置 SMTP，无法发送邮件',
  'mail.send_failed': '邮件发送失败，请稍后重试',
  'mail.code_sent': '验证码发送成功，请检查邮箱',
  'mail.reset_sent': '重置邮件发送成功，请检查邮箱',
  'mail.verification_subject': '{system} 邮箱验证邮件',
  'mail.verification_body': '<p>您好，你正在进行 {system} 邮箱验证。</p><p>您的验证码为: <strong>{code}</strong></p><p>验证码 {minutes} 分钟内有效，如果不是本人操作，请忽略。</p>',
  'mail.reset_subject': '{system} 密码重置',
  'mail.reset_body': '<p>您好，你正在进行 {system} 密码重置。</p><p>点击 <a href="{link}">此处</a> 进行密码重置。</p><p>如果链接无法点击，请尝试复制以下链接到浏览器中打开：<br>{link}</p><p>重置链接 {minutes} 分钟内有效，如果不是本人操作，请忽略。</p>',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'mail.not_configured': 'SMTP is not configured, cannot send mail',
  'mail.send_failed': 'Failed to send mail, please retry later',
  'mail.code_sent': 'Code sent, please check your mailbox',
  'mail.reset_sent': 'Reset mail sent, please check your mailbox',
  'mail.verification_subject': '{system} e-mail verification',
  'mail.verification_body': '<p>Hello, you are verifying your e-mail for {system}.</p><p>Your code is: <strong>{code}</strong></p><p>It is valid for {minutes} minutes. If this was not you, ignore this mail.</p>',
  'mail.reset_subject': '{system} password reset',
  'mail.reset_body': '<p>Hello, you are resetting your password for {system}.</p><p>Click <a href="{link}">here</a> to reset it.</p><p>If the link does not open, copy this address into your browser:<br>{link}</p><p>The link is valid for {minutes} minutes. If this was not you, ignore this mail.</p>',
};
