import { z } from 'zod';
import { coded } from '../../../common/validation';

export const PERF_WINDOWS = ['1h', '24h'] as const;
export type PerfWindow = (typeof PERF_WINDOWS)[number];

/** The refusal quotes what was sent (cut to 32 characters; a repeated parameter as its list). */
const invalidWindow = {
  error: (issue: { input?: unknown }) =>
    coded('perf.invalid_window', { value: typeof issue.input === 'string' ? issue.input.slice(0, 32) : String(issue.input) }).error,
};

/** GET /api/perf/models: `window` 1h (default) or 24h. */
export const perfQuerySchema = z.object({
  window: z
    .union([z.literal(''), z.enum(PERF_WINDOWS)], invalidWindow)
    .optional()
    .transform((w): PerfWindow => (w === undefined || w === '' ? '1h' : w))
    .meta({ description: '1h (default) or 24h' }),
});

const rate = z.number().nullable();

/** Figures of a model, or of one of its channels, over the window (`PerfFigures`). */
const figures = {
  requests: z.int(),
  success_rate: z.number().meta({ description: '0 .. 1' }),
  first_chunk_p50_ms: rate,
  first_chunk_p95_ms: rate,
  tokens_per_second_p50: rate,
  prompt_tokens: z.int(),
  cache_tokens: z.int(),
  cache_hit_rate: rate.meta({ description: 'cache_tokens / prompt_tokens; null without prompt tokens' }),
};

/** GET /api/perf/models: each model's speed over the window, merged across nodes (`PerfReport`). */
export const perfReportSchema = z
  .object({
    window: z.enum(PERF_WINDOWS),
    since: z.int().meta({ description: 'Start of the window, unix seconds' }),
    step: z.int().meta({ description: 'Seconds per series point' }),
    models: z.array(
      z.object({
        model: z.string(),
        ...figures,
        channels: z.array(z.object({ channel_id: z.int(), ...figures })),
        series: z.array(
          z.object({ t: z.int(), requests: z.int(), success_rate: rate, first_chunk_p50_ms: rate, cache_hit_rate: rate }),
        ),
      }),
    ),
  })
  .meta({ id: 'PerfReport' });
