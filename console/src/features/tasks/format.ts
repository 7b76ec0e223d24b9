// Pure helpers of the drawing-log and async-task screens (spec §3, §4, §9).
import type { TagColor } from '@sluice/ui-kit';
import type { TaskFilter } from './types';

const HOUR = 3600;
const DAY = 24 * HOUR;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Drawing logs: 30 days before now to 1 hour after now (spec §9). */
export function defaultMjFilter(): TaskFilter {
  const now = nowSeconds();
  return { channel: '', taskId: '', start: now - 30 * DAY, end: now + HOUR };
}

/** Async tasks: from the start of today, no end (spec §2.10). */
export function defaultTaskFilter(): TaskFilter {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return { channel: '', taskId: '', start: Math.floor(d.getTime() / 1000), end: 0 };
}

/** Query parameters of a list call; the channel only for admins (spec §7 "Drawing and tasks"). */
export function taskParams(f: TaskFilter, admin: boolean, idKey: 'mj_id' | 'task_id'): Record<string, string | number> {
  const params: Record<string, string | number> = { [idKey]: f.taskId.trim(), start_timestamp: f.start, end_timestamp: f.end };
  if (admin) params.channel_id = f.channel.trim();
  return params;
}

export function formatDateTime(ms: number, locale: string): string {
  return new Date(ms).toLocaleString(locale, { hour12: false });
}

/** Seconds between submit and finish, or null while unfinished; both in the same unit. */
export function durationSeconds(submit: number, finish: number, unit: 'ms' | 's' = 's'): number | null {
  if (!submit || !finish || finish < submit) return null;
  const seconds = unit === 'ms' ? (finish - submit) / 1000 : finish - submit;
  return Math.round(seconds * 10) / 10;
}

/** Spec §9: time spent red over 60 seconds, else green. */
export function durationColor(seconds: number): TagColor {
  return seconds > 60 ? 'danger' : 'success';
}

/** "45%", "45", " 45.5 % " → the number; anything else (a word, empty) → null. */
export function progressPercent(text: string): number | null {
  const m = /^\s*(\d{1,3}(?:\.\d+)?)\s*%?\s*$/.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  return n <= 100 ? n : null;
}

/** Long user text cut for a table cell (the full text opens in a dialog). */
export function shorten(text: string, max = 14): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

export const MJ_ACTIONS = [
  'IMAGINE',
  'UPSCALE',
  'VARIATION',
  'HIGH_VARIATION',
  'LOW_VARIATION',
  'PAN',
  'DESCRIBE',
  'BLEND',
  'UPLOAD',
  'SHORTEN',
  'REROLL',
  'INPAINT',
  'ZOOM',
  'CUSTOM_ZOOM',
  'MODAL',
  'SWAP_FACE',
  'VIDEO',
  'EDITS',
] as const;
export type MjAction = (typeof MJ_ACTIONS)[number];

export function mjAction(action: string): MjAction | null {
  return (MJ_ACTIONS as readonly string[]).includes(action) ? (action as MjAction) : null;
}

const ACTION_COLORS: Record<MjAction, TagColor> = {
  IMAGINE: 'primary',
  UPSCALE: 'warning',
  VARIATION: 'info',
  HIGH_VARIATION: 'info',
  LOW_VARIATION: 'info',
  PAN: 'info',
  DESCRIBE: 'warning',
  BLEND: 'success',
  UPLOAD: 'neutral',
  SHORTEN: 'danger',
  REROLL: 'primary',
  INPAINT: 'danger',
  ZOOM: 'success',
  CUSTOM_ZOOM: 'success',
  MODAL: 'neutral',
  SWAP_FACE: 'success',
  VIDEO: 'primary',
  EDITS: 'warning',
};

export function mjActionColor(action: MjAction | null): TagColor {
  return action === null ? 'neutral' : ACTION_COLORS[action];
}

/** Submit codes (spec §3): 1 submitted, 21 waiting, 22 duplicate, 0 not submitted. */
export type MjCode = 'submitted' | 'waiting' | 'duplicate' | 'notSubmitted';

export function mjCode(code: number | undefined): MjCode | null {
  switch (code) {
    case 1:
      return 'submitted';
    case 21:
      return 'waiting';
    case 22:
      return 'duplicate';
    case 0:
      return 'notSubmitted';
    default:
      return null;
  }
}

export const MJ_CODE_COLORS: Record<MjCode, TagColor> = { submitted: 'success', waiting: 'info', duplicate: 'warning', notSubmitted: 'warning' };

export const MJ_STATUSES = ['SUCCESS', 'NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'FAILURE', 'MODAL'] as const;
export type MjStatus = (typeof MJ_STATUSES)[number];

export function mjStatus(status: string): MjStatus | null {
  return (MJ_STATUSES as readonly string[]).includes(status) ? (status as MjStatus) : null;
}

/** Async task statuses (spec §4); the empty string is "submitting", anything else unknown. */
export const TASK_STATUSES = ['SUCCESS', 'NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'FAILURE', 'QUEUED', 'UNKNOWN'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number] | 'submitting';

export function taskStatus(status: string): TaskStatus {
  if (status === '') return 'submitting';
  return (TASK_STATUSES as readonly string[]).includes(status) ? (status as TaskStatus) : 'UNKNOWN';
}

const STATUS_COLORS: Record<MjStatus | TaskStatus, TagColor> = {
  SUCCESS: 'success',
  NOT_START: 'neutral',
  SUBMITTED: 'warning',
  IN_PROGRESS: 'info',
  FAILURE: 'danger',
  MODAL: 'warning',
  QUEUED: 'warning',
  UNKNOWN: 'neutral',
  submitting: 'neutral',
};

export function statusColor(status: MjStatus | TaskStatus | null): TagColor {
  return status === null ? 'neutral' : STATUS_COLORS[status];
}
