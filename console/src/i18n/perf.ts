// Console strings of the model speed screen (/perf, admin): zh-CN first, English typed against it.
import type { SameShape } from './shape';

export const perfZhCN = {
  nav: '模型速度',
  title: '模型速度',
  description: '各模型与渠道的请求数、成功率、首字时间、输出速度和提示缓存命中率（缓存读取的 token 占输入 token 的比例），由各节点每分钟汇总并合并。',
  window: {
    label: '时间窗口',
    '1h': '最近 1 小时',
    '24h': '最近 24 小时',
  },
  table: {
    models: '按模型',
    channels: '按渠道',
    model: '模型',
    channel: '渠道',
    requests: '请求数',
    successRate: '成功率',
    firstChunkP50: '首字中位数',
    firstChunkP95: '首字 P95',
    tps: '输出速度中位数',
    cacheHitRate: '缓存命中率',
  },
  chart: {
    title: '{{model}} 首字时间（中位数）',
    series: '首字中位数',
  },
  units: {
    ms: '{{value}} 毫秒',
    tps: '{{value}} tokens/秒',
  },
  none: '—',
  empty: '这段时间没有经过渠道的请求',
};

export const perfEn: SameShape<typeof perfZhCN> = {
  nav: 'Model speed',
  title: 'Model speed',
  description: 'Requests, success rate, first-chunk time, output speed and prompt-cache hit rate (cached input tokens over all input tokens) per model and channel, summed by every node each minute and merged.',
  window: {
    label: 'Window',
    '1h': 'Last hour',
    '24h': 'Last 24 hours',
  },
  table: {
    models: 'By model',
    channels: 'By channel',
    model: 'Model',
    channel: 'Channel',
    requests: 'Requests',
    successRate: 'Success rate',
    firstChunkP50: 'First chunk, median',
    firstChunkP95: 'First chunk, p95',
    tps: 'Output speed, median',
    cacheHitRate: 'Cache hit rate',
  },
  chart: {
    title: '{{model}}: first-chunk time (median)',
    series: 'First chunk, median',
  },
  units: {
    ms: '{{value}} ms',
    tps: '{{value}} tokens/s',
  },
  none: '—',
  empty: 'No request reached a channel in this window',
};
