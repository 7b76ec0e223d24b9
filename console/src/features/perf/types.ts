// The answer of GET /api/perf/models, as the server documents it (schema `PerfReport`).
import type { ApiData, ApiQuery, ApiSchema } from '@sluice/ui-kit';

export type PerfReport = ApiData<'/api/perf/models', 'get'>;

/** A window the report covers: the documented `window` query less its empty value. */
export type PerfWindow = Exclude<NonNullable<ApiQuery<'/api/perf/models', 'get'>['window']>, ''>;
export const PERF_WINDOWS = ['1h', '24h'] as const satisfies readonly PerfWindow[];

export function isPerfWindow(v: unknown): v is PerfWindow {
  return (PERF_WINDOWS as readonly unknown[]).includes(v);
}

/** One model of the report: its figures, its channels and its series. */
export type PerfModel = ApiSchema<'PerfReport'>['models'][number];
/** One channel of a model. */
export type PerfChannel = PerfModel['channels'][number];
/** One point of a model's series. */
export type PerfPoint = PerfModel['series'][number];
/** The figures a model and each of its channels carry (the columns both tables share). */
export type PerfFigures = Omit<PerfChannel, 'channel_id'>;

/** One row of the per-channel table. */
export type PerfChannelRow = PerfChannel & Pick<PerfModel, 'model'>;

export function channelRows(report: PerfReport): PerfChannelRow[] {
  return report.models.flatMap((m) => m.channels.map((c) => ({ ...c, model: m.model })));
}
