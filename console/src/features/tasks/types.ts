// What GET /api/mj/ (admin) and /api/mj/self/ answer (server tasks.mapper.ts), as the console reads it.
// Drawing times are milliseconds (midjourney-proxy's unit); async-task times are seconds.
export interface MjRow {
  id: number;
  /** Admins only. */
  code?: number;
  user_id?: number;
  channel_id?: number;
  action: string;
  mj_id: string;
  prompt: string;
  prompt_en: string;
  description: string;
  state: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  image_url: string;
  video_url: string;
  video_urls: string;
  status: string;
  progress: string;
  fail_reason: string;
  quota: number;
  buttons: string;
  properties: string;
}

/** What GET /api/task/ (admin) and /api/task/self answer. */
export interface TaskRow {
  id: number;
  created_at: number;
  updated_at: number;
  task_id: string;
  platform: string;
  /** Admins only. */
  user_id?: number;
  channel_id?: number;
  quota: number;
  action: string;
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  properties: string;
  data: string;
}

/** The filter form of both screens; times as unix seconds (0 = open). */
export interface TaskFilter {
  channel: string;
  taskId: string;
  start: number;
  end: number;
}
