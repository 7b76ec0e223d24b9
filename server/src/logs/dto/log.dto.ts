import { z } from 'zod';
import type { ErrorCode } from '../../common/error-codes';
import { pageQueryFields } from '../../common/pagination';
import { coded, intLike } from '../../common/validation';

/** Log types a filter accepts; 0 means all. */
export const LOG_FILTER_TYPES = [0, 1, 2, 3, 4, 5, 6, 99] as const;

export type LogScope = 'admin' | 'self';

/** The latest timestamp a log filter takes (seconds; a value in milliseconds is refused). */
const LOG_TIMESTAMP_MAX = 1e11;

/**
 * A validated log filter. Plain data so an export can store it as JSON and replay it later.
 * `userId` is set for self queries (from the session, never from the query string).
 */
export interface LogFilter {
  type: number;
  start: number | null;
  end: number | null;
  tokenName: string;
  modelName: string;
  group: string;
  requestId: string;
  username: string;
  channel: number | null;
  userId: number | null;
}

// ---- query fields shared with the task and dashboard lists ----

/**
 * An optional integer of a query: absent, '' and null read as "not given" (undefined); anything
 * else must be an integer in [min, max] (digits or a JSON number) or is refused with `code`.
 */
export function optionalInt(min: number, max: number, code: ErrorCode) {
  const err = coded(code);
  return z
    .union([z.literal(''), z.null(), intLike(z.int(err).min(min, err).max(max, err), err)], err)
    .optional()
    .transform((v) => (typeof v === 'number' ? v : undefined));
}

/** A time bound in unix seconds, 0 .. max; absent, '' and 0 mean no bound (null), as the console sends them. */
export function timeBound(max: number, code: ErrorCode) {
  return optionalInt(0, max, code)
    .transform((v) => (v === undefined || v === 0 ? null : v))
    .meta({ description: 'Unix seconds; 0 or absent: no bound' });
}

/** A text filter: trimmed and cut to `max` characters; anything but a string reads as empty. */
export function textFilter(max: number, description: string) {
  return z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => (v ?? '').trim().slice(0, max))
    .meta({ description });
}

/** Refuses start > end, naming start_timestamp, with the domain's code. */
export function orderedRange(code: ErrorCode) {
  return (v: { start_timestamp: number | null; end_timestamp: number | null }, ctx: z.RefinementCtx) => {
    if (v.start_timestamp !== null && v.end_timestamp !== null && v.start_timestamp > v.end_timestamp) {
      ctx.addIssue({ code: 'custom', path: ['start_timestamp'], message: coded(code).error });
    }
  };
}

// ---- the log filter ----

const logType = (() => {
  const err = coded('log.invalid_type');
  return z
    .union([z.literal(''), z.null(), intLike(z.int(err).refine((t) => (LOG_FILTER_TYPES as readonly number[]).includes(t), err), err)], err)
    .optional()
    .transform((v) => (typeof v === 'number' ? v : 0))
    .meta({ description: '0 all, 1 top-up, 2 consume, 3 manage, 4 system, 5 error, 6 refund, 99 check-in' });
})();

const filterFields = {
  type: logType,
  start_timestamp: timeBound(LOG_TIMESTAMP_MAX, 'log.invalid_timestamp'),
  end_timestamp: timeBound(LOG_TIMESTAMP_MAX, 'log.invalid_timestamp'),
  token_name: textFilter(64, 'The token name, exactly'),
  model_name: textFilter(128, 'The model name, exactly; `%` is a wildcard'),
  group: textFilter(64, 'The token group, exactly'),
  request_id: textFilter(64, 'A request id, exactly'),
};

const adminFields = {
  ...filterFields,
  username: textFilter(64, 'A username, exactly'),
  channel: optionalInt(0, Number.MAX_SAFE_INTEGER, 'log.invalid_channel')
    .transform((v) => (v === undefined || v === 0 ? null : v))
    .meta({ description: 'A channel id; 0 or absent: every channel' }),
};

type FilterOut = { type: number; start_timestamp: number | null; end_timestamp: number | null; token_name: string; model_name: string; group: string; request_id: string };

/** A filter as the caller gave it; the service adds the user id its scope pins (none for an admin). */
export type LogFilterInput = Omit<LogFilter, 'userId'>;

function toFilter(v: FilterOut, username: string, channel: number | null): LogFilterInput {
  return {
    type: v.type,
    start: v.start_timestamp,
    end: v.end_timestamp,
    tokenName: v.token_name,
    modelName: v.model_name,
    group: v.group,
    requestId: v.request_id,
    username,
    channel,
  };
}

/** An admin's log filter (stat, export): every user's logs, by username and channel too. */
export const logAdminFilterSchema = z
  .object(adminFields)
  .superRefine(orderedRange('log.invalid_time_range'))
  .transform((v) => toFilter(v, v.username, v.channel));

/**
 * A user's own log filter. The admin-only filters (username, channel) are ignored, as the
 * reference does: the service pins the call to the caller.
 */
export const logSelfFilterSchema = z
  .object(filterFields)
  .superRefine(orderedRange('log.invalid_time_range'))
  .transform((v) => toFilter(v, '', null));

/** GET /api/log and /api/log/self: the filter and a 0-based page (`page_size`, default 10). */
export const logAdminListQuerySchema = z
  .object({ ...adminFields, p: pageQueryFields.p, page_size: pageQueryFields.page_size })
  .superRefine(orderedRange('log.invalid_time_range'))
  .transform((v) => ({ filter: toFilter(v, v.username, v.channel), p: v.p, page_size: v.page_size }));

export const logSelfListQuerySchema = z
  .object({ ...filterFields, p: pageQueryFields.p, page_size: pageQueryFields.page_size })
  .superRefine(orderedRange('log.invalid_time_range'))
  .transform((v) => ({ filter: toFilter(v, '', null), p: v.p, page_size: v.page_size }));

/** GET /api/log/search and /self/search: a keyword over the text columns, paged. */
export const logSearchQuerySchema = z.object({
  keyword: textFilter(100, 'Part of the content, token or model name (admins: username); or a whole request id'),
  p: pageQueryFields.p,
  page_size: pageQueryFields.page_size,
});

/** DELETE /api/log: remove the logs created before this time (unix seconds, required). */
export const logCleanQuerySchema = z.object({
  target_timestamp: intLike(
    z.int(coded('log.target_timestamp_required')).min(1, coded('log.target_timestamp_required')).max(999_999_999_999, coded('log.target_timestamp_required')),
    coded('log.target_timestamp_required'),
  ).meta({ description: 'Unix seconds; logs created before it are deleted' }),
});

// ---- what the routes answer ----

const logFields = {
  id: z.int(),
  created_at: z.int(),
  type: z.int(),
  content: z.string(),
  username: z.string(),
  token_name: z.string(),
  token_group: z.string(),
  model_name: z.string(),
  quota: z.int(),
  prompt_tokens: z.int(),
  completion_tokens: z.int(),
  use_time: z.int(),
  is_stream: z.boolean(),
  client_ip: z.string(),
  request_id: z.string(),
  other: z.string().meta({ description: 'A JSON object as text (billing ratios, request details)' }),
};

/** A log row as an admin sees it (`toAdminLogView`). */
export const adminLogViewSchema = z
  .object({ ...logFields, user_id: z.int(), token_id: z.int(), channel: z.int().meta({ description: 'The channel id' }) })
  .meta({ id: 'AdminLog' });

/** A log row as its owner sees it (`toSelfLogView`): no channel or ids; `id` numbers the row in the list. */
export const selfLogViewSchema = z.object(logFields).meta({ id: 'SelfLog' });

const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.int(), page: z.int(), page_size: z.int() });

export const adminLogPageSchema = pageOf(adminLogViewSchema).meta({ id: 'AdminLogPage' });
export const selfLogPageSchema = pageOf(selfLogViewSchema).meta({ id: 'SelfLogPage' });

/** Consume totals of the filtered range, and of the last 60 seconds (`LogStat`). */
export const logStatSchema = z
  .object({ quota: z.int(), count: z.int(), token: z.int(), tpm: z.int(), rpm: z.int() })
  .meta({ id: 'LogStat' });

export const logExportViewSchema = z
  .object({
    id: z.int(),
    status: z.enum(['pending', 'running', 'done', 'failed']),
    row_count: z.int(),
    created_at: z.int(),
    finished_at: z.int().nullable(),
    error: z.string(),
  })
  .meta({ id: 'LogExport' });
