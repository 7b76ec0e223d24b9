import type { MidjourneyEntity } from './midjourney.entity';
import type { TaskEntity } from './task.entity';

/** A drawing task in the management list (spec §3 "Drawing task"). Admin-only columns are dropped for users. */
export interface MidjourneyView {
  id: number;
  code?: number;
  user_id?: number;
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
  channel_id?: number;
  quota: number;
  buttons: string;
  properties: string;
}

/** An async task in the management list (spec §3 "Async task record"). */
export interface TaskView {
  id: number;
  created_at: number;
  updated_at: number;
  task_id: string;
  platform: string;
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

/** `imageUrl` is what the caller may see: the gateway's proxy URL when forwarding is on. */
export function toMidjourneyView(m: MidjourneyEntity, admin: boolean, imageUrl: string): MidjourneyView {
  const v: MidjourneyView = {
    id: m.id,
    action: m.action,
    mj_id: m.mjId,
    prompt: m.prompt,
    prompt_en: m.promptEn,
    description: m.description,
    state: m.state,
    submit_time: m.submitTime,
    start_time: m.startTime,
    finish_time: m.finishTime,
    image_url: imageUrl,
    video_url: m.videoUrl,
    video_urls: m.videoUrls,
    status: m.status,
    progress: m.progress,
    fail_reason: m.failReason,
    quota: m.quota,
    buttons: m.buttons,
    properties: m.properties,
  };
  if (admin) {
    v.code = m.code;
    v.user_id = m.userId;
    v.channel_id = m.channelId;
  }
  return v;
}

export function toTaskView(t: TaskEntity, admin: boolean): TaskView {
  const v: TaskView = {
    id: t.id,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
    task_id: t.taskId,
    platform: t.platform,
    quota: t.quota,
    action: t.action,
    status: t.status,
    fail_reason: t.failReason,
    submit_time: t.submitTime,
    start_time: t.startTime,
    finish_time: t.finishTime,
    progress: t.progress,
    properties: t.properties,
    data: t.data,
  };
  if (admin) {
    v.user_id = t.userId;
    v.channel_id = t.channelId;
  }
  return v;
}
