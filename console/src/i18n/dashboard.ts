// Console strings of the data dashboard (/detail): zh-CN first, English typed against it.
import type { SameShape } from './shape';

export const dashboardZhCN = {
  title: '数据看板',
  description: '按小时汇总的消耗，统计精确到小时，粒度只改变展示方式。',
  filters: {
    label: '筛选数据',
    start: '起始时间',
    end: '结束时间',
    range: '时间范围',
    username: '用户名',
    usernameHint: '留空查看所有用户',
    granularity: '时间粒度',
    hour: '小时',
    day: '天',
    week: '周',
    search: '查询',
  },
  totals: {
    label: '合计',
    quota: '消耗额度',
    tokens: 'Tokens',
    count: '请求次数',
  },
  metric: {
    label: '图表指标',
    quota: '额度',
    tokens: 'Tokens',
    count: '请求次数',
  },
  charts: {
    overTime: '{{metric}}随时间的变化（按模型）',
    byModel: '{{metric}}的模型分布',
    share: '{{metric}}的模型占比',
  },
  table: {
    caption: '按模型汇总',
    model: '模型',
    quota: '消耗额度',
    tokens: 'Tokens',
    count: '请求次数',
  },
  empty: '这段时间没有消耗数据',
  disabled: '管理员未开启数据看板（数据导出）',
};

export const dashboardEn: SameShape<typeof dashboardZhCN> = {
  title: 'Dashboard',
  description: 'Usage aggregated per hour: statistics are exact to the hour; the granularity only changes the display.',
  filters: {
    label: 'Filter data',
    start: 'Start time',
    end: 'End time',
    range: 'Time range',
    username: 'Username',
    usernameHint: 'Leave empty for all users',
    granularity: 'Granularity',
    hour: 'Hour',
    day: 'Day',
    week: 'Week',
    search: 'Search',
  },
  totals: {
    label: 'Totals',
    quota: 'Quota used',
    tokens: 'Tokens',
    count: 'Requests',
  },
  metric: {
    label: 'Chart metric',
    quota: 'Quota',
    tokens: 'Tokens',
    count: 'Requests',
  },
  charts: {
    overTime: '{{metric}} over time, by model',
    byModel: '{{metric}} by model',
    share: 'Model share of {{metric}}',
  },
  table: {
    caption: 'Totals by model',
    model: 'Model',
    quota: 'Quota used',
    tokens: 'Tokens',
    count: 'Requests',
  },
  empty: 'No usage in this period',
  disabled: 'The administrator has not enabled the dashboard (data export)',
};
