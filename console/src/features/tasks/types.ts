import type { ApiSchema } from '@sluice/ui-kit';

// What GET /api/mj (admin) and /api/mj/self answer, and GET /api/task and /api/task/self, as the server
// documents them (GET /api/openapi.json, generated into the kit by `npm run api:types`). user_id,
// channel_id and (drawings) code are admin-only, hence optional.
// Drawing times are milliseconds (midjourney-proxy's unit); async-task times are seconds.
export type MjRow = ApiSchema<'MidjourneyTask'>;

export type TaskRow = ApiSchema<'Task'>;

/** The filter form of both screens; times as unix seconds (0 = open). */
export interface TaskFilter {
  channel: string;
  taskId: string;
  start: number;
  end: number;
}
