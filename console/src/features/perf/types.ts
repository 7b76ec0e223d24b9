// The answer of GET /api/perf/models (server/src/observability/perf/perf.service.ts).
export type PerfWindow = '1h' | '24h';
export const PERF_WINDOWS: readonly PerfWindow[] = ['1h', '24h'];

export function isPerfWindow(v: unknown): v is PerfWindow {
  return v === '1h' || v === '24h';
}

export interface PerfFigures {
  requests: number;
  success_rate: number;
  first_chunk_p50_ms: number | null;
  first_chunk_p95_ms: number | null;
  tokens_per_second_p50: number | null;
  prompt_tokens: number;
  cache_tokens: number;
  /** cache_tokens / prompt_tokens; null without prompt tokens. */
  cache_hit_rate: number | null;
}

export interface PerfPoint {
  t: number;
  requests: number;
  success_rate: number | null;
  first_chunk_p50_ms: number | null;
  cache_hit_rate: number | null;
}

export interface PerfModel extends PerfFigures {
  model: string;
  channels: (PerfFigures & { channel_id: number })[];
  series: PerfPoint[];
}

export interface PerfReport {
  window: PerfWindow;
  since: number;
  step: number;
  models: PerfModel[];
}

/** One row of the per-channel table. */
export interface PerfChannelRow extends PerfFigures {
  model: string;
  channel_id: number;
}

export function channelRows(report: PerfReport): PerfChannelRow[] {
  return report.models.flatMap((m) => m.channels.map((c) => ({ ...c, model: m.model })));
}
