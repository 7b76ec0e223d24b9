import { z } from 'zod';
import { pageQueryFields } from '../../common/pagination';
import { optionalInt, orderedRange, textFilter, timeBound } from '../../logs/dto/log.dto';

/** 9999-12-31T23:59:59Z: the latest time bound a task list takes (seconds). */
const TASK_TIMESTAMP_MAX = 253_402_300_799;
/** The longest task or drawing id stored. */
const ID_MAX = 191;

/** A validated task or drawing list filter; the channel is an admin's filter only. */
export interface TaskListFilter {
  channelId: number | null;
  id: string;
  start: number | null;
  end: number | null;
}

/**
 * The list queries of the drawing logs (`mj_id`) and async tasks (`task_id`), spec §7 "Drawing
 * and tasks". Pages are 0-based and lenient; a malformed filter is refused by name with the log
 * pages' codes (the console shows these lists among its log pages). Self queries have no channel
 * filter: `channel_id` is ignored there, as the reference does.
 */
const page = { p: pageQueryFields.p, page_size: pageQueryFields.page_size };
const times = {
  start_timestamp: timeBound(TASK_TIMESTAMP_MAX, 'log.invalid_timestamp'),
  end_timestamp: timeBound(TASK_TIMESTAMP_MAX, 'log.invalid_timestamp'),
};
const channelId = optionalInt(0, Number.MAX_SAFE_INTEGER, 'log.invalid_channel').meta({ description: 'A channel id; 0 or absent: every channel' });
const mjId = textFilter(ID_MAX, 'A drawing task id, exactly');
const taskId = textFilter(ID_MAX, 'A task id, exactly');
const inOrder = orderedRange('log.invalid_time_range');

interface ParsedQuery {
  p?: string;
  page_size?: string;
  start_timestamp: number | null;
  end_timestamp: number | null;
  channel_id?: number;
}

function toQuery(v: ParsedQuery, id: string) {
  const filter: TaskListFilter = { channelId: v.channel_id || null, id, start: v.start_timestamp, end: v.end_timestamp };
  return { filter, p: v.p, page_size: v.page_size };
}

export const midjourneyAdminQuerySchema = z
  .object({ ...page, mj_id: mjId, channel_id: channelId, ...times })
  .superRefine(inOrder)
  .transform((v) => toQuery(v, v.mj_id));
export const midjourneySelfQuerySchema = z
  .object({ ...page, mj_id: mjId, ...times })
  .superRefine(inOrder)
  .transform((v) => toQuery(v, v.mj_id));
export const taskAdminQuerySchema = z
  .object({ ...page, task_id: taskId, channel_id: channelId, ...times })
  .superRefine(inOrder)
  .transform((v) => toQuery(v, v.task_id));
export const taskSelfQuerySchema = z
  .object({ ...page, task_id: taskId, ...times })
  .superRefine(inOrder)
  .transform((v) => toQuery(v, v.task_id));

export type TaskListQuery = z.output<typeof taskAdminQuerySchema>;

/** A drawing task in the management list (`toMidjourneyView`); `code`, `user_id` and `channel_id` for admins. */
export const midjourneyViewSchema = z
  .object({
    id: z.int(),
    code: z.int().optional(),
    user_id: z.int().optional(),
    action: z.string(),
    mj_id: z.string(),
    prompt: z.string(),
    prompt_en: z.string(),
    description: z.string(),
    state: z.string(),
    submit_time: z.int().meta({ description: 'Unix milliseconds' }),
    start_time: z.int(),
    finish_time: z.int(),
    image_url: z.string(),
    video_url: z.string(),
    video_urls: z.string(),
    status: z.string(),
    progress: z.string(),
    fail_reason: z.string(),
    channel_id: z.int().optional(),
    quota: z.int(),
    buttons: z.string(),
    properties: z.string(),
  })
  .meta({ id: 'MidjourneyTask' });

/** An async task in the management list (`toTaskView`); `user_id` and `channel_id` for admins. */
export const taskViewSchema = z
  .object({
    id: z.int(),
    created_at: z.int(),
    updated_at: z.int(),
    task_id: z.string(),
    platform: z.string(),
    user_id: z.int().optional(),
    channel_id: z.int().optional(),
    quota: z.int(),
    action: z.string(),
    status: z.string(),
    fail_reason: z.string(),
    submit_time: z.int().meta({ description: 'Unix seconds' }),
    start_time: z.int(),
    finish_time: z.int(),
    progress: z.string(),
    properties: z.string(),
    data: z.string(),
  })
  .meta({ id: 'Task' });
