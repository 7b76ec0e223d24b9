import { z } from 'zod';
import { orderedRange, textFilter, timeBound } from '../../logs/dto/log.dto';

/** The latest time bound the dashboard takes (seconds, twelve digits). */
const DATA_TIMESTAMP_MAX = 999_999_999_999;

const times = {
  start_timestamp: timeBound(DATA_TIMESTAMP_MAX, 'data.invalid_timestamp'),
  end_timestamp: timeBound(DATA_TIMESTAMP_MAX, 'data.invalid_timestamp'),
};

/** GET /api/data: one user's hourly buckets by username, or every user's summed per model; an optional range. */
export const dataAdminQuerySchema = z
  .object({ ...times, username: textFilter(64, 'A username, exactly; absent: every user summed per model and hour') })
  .superRefine(orderedRange('data.invalid_time_range'));

/**
 * GET /api/data/self: the caller's buckets. The range defaults to the last 30 days and spans a
 * month at most; the service checks the span once the defaults are filled in.
 */
export const dataSelfQuerySchema = z.object(times);

export type DataAdminQuery = z.output<typeof dataAdminQuerySchema>;
export type DataSelfQuery = z.output<typeof dataSelfQuerySchema>;

/** One hourly bucket (`toQuotaDataView`); in the all-users view id, user_id and username are empty. */
export const quotaDataViewSchema = z
  .object({
    id: z.int(),
    user_id: z.int(),
    username: z.string(),
    model_name: z.string(),
    created_at: z.int().meta({ description: 'Start of the hour, unix seconds' }),
    token_used: z.int(),
    count: z.int(),
    quota: z.int(),
  })
  .meta({ id: 'QuotaData' });
