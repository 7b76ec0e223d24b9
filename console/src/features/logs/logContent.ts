// A log's content is stored in the product language (zh-CN, as the spec and new-api write it), so the
// stored row stays what exports and imports expect. The console reads the server's known templates
// back and shows them in the reader's language; anything else (user data, imported rows) as stored.
import type { Locale } from '@sluice/ui-kit';
import type { Translate } from '../../i18n';


const QUOTA_POINTS = /^(\d+) 点额度$/;
const QUOTA_MONEY = /^([＄$][\d.]+) 额度$/;

function quota(text: string, t: Translate): string {
  const points = QUOTA_POINTS.exec(text);
  if (points?.[1] !== undefined) return t('console.logs.content.quotaPoints', { value: points[1] });
  const money = QUOTA_MONEY.exec(text);
  if (money?.[1] !== undefined) return t('console.logs.content.quotaMoney', { value: money[1].replace('＄', '$') });
  return text;
}

const TEMPLATES: { re: RegExp; render: (m: RegExpExecArray, t: Translate) => string }[] = [
  { re: /^通过兑换码充值 (.+)，兑换码ID (\d+)$/, render: (m, t) => t('console.logs.content.redemption', { quota: quota(m[1] ?? '', t), id: m[2] ?? '' }) },
  { re: /^使用在线充值成功，充值金额: (.+)，支付金额：(.+)$/, render: (m, t) => t('console.logs.content.onlineTopUp', { quota: quota(m[1] ?? '', t), money: m[2] ?? '' }) },
  { re: /^管理员手动完成充值订单 (\S+)，充值金额: (.+)$/, render: (m, t) => t('console.logs.content.manualTopUp', { tradeNo: m[1] ?? '', quota: quota(m[2] ?? '', t) }) },
  { re: /^每日签到，获得额度 (.+)$/, render: (m, t) => t('console.logs.content.checkin', { quota: quota(m[1] ?? '', t) }) },
  { re: /^请求异常中断（连接断开或服务重启），由后台清理任务按已送达的内容结算$/, render: (_m, t) => t('console.logs.content.sweeper') },
];

// The consume line: "模型倍率 1，补全倍率 2，分组倍率 1（note）（note）".
const RATIO_PARTS: [RegExp, 'modelRatio' | 'completionRatio' | 'groupRatio' | 'modelPrice'][] = [
  [/^模型倍率 (\S+)$/, 'modelRatio'],
  [/^补全倍率 (\S+)$/, 'completionRatio'],
  [/^分组倍率 (\S+)$/, 'groupRatio'],
  [/^模型价格 (\S+)$/, 'modelPrice'],
];
const NOTES: [string, 'unpriced' | 'emptyUsage' | 'estimate' | 'clientGone' | 'upstreamError'][] = [
  ['模型未定价，自用模式按默认倍率计费', 'unpriced'],
  ['上游没有返回计费信息，无法扣费（可能是上游超时）', 'emptyUsage'],
  ['上游未返回用量，按本地估算计费', 'estimate'],
  ['客户端提前断开，按已送达内容计费', 'clientGone'],
  ['上游中途出错，按已送达内容计费', 'upstreamError'],
];

function consumeLine(content: string, t: Translate): string | null {
  let rest = content;
  const notes: string[] = [];
  // Notes are appended in brackets; peel them off the end (one holds brackets of its own).
  for (;;) {
    const note = NOTES.find(([zh]) => rest.endsWith(`（${zh}）`));
    if (!note) break;
    notes.unshift(t(`console.logs.content.${note[1]}`));
    rest = rest.slice(0, rest.length - note[0].length - 2);
  }
  const parts = rest.split('，');
  const out: string[] = [];
  for (const part of parts) {
    const hit = RATIO_PARTS.find(([re]) => re.test(part));
    if (!hit) return null;
    const value = hit[0].exec(part)?.[1] ?? '';
    out.push(t(`console.logs.cells.${hit[1]}`, { value }));
  }
  return out.join(', ') + notes.map((n) => ` (${n})`).join('');
}

/** The stored content in the reader's language when it is one of the server's templates. */
export function localiseLogContent(content: string, locale: Locale, t: Translate): string {
  if (locale === 'zh-CN' || content === '') return content;
  for (const { re, render } of TEMPLATES) {
    const m = re.exec(content);
    if (m) return render(m, t);
  }
  return consumeLine(content, t) ?? content;
}

