import type { ApiSchema } from '@sluice/ui-kit';

// What the channel screens read from the server, as the server documents it (GET /api/openapi.json,
// generated into the kit by `npm run api:types`): allowlisted views, no key unless root asked
// (`key` is optional in the schema: only for root asking with include_key=true).
export type Channel = ApiSchema<'Channel'>;

export const CHANNEL_ENABLED = 1;
export const CHANNEL_DISABLED = 2;
export const CHANNEL_AUTO_DISABLED = 3;

/** GET /api/channel/test/status and /api/channel/update_balance/status. */
export type RunStatus = ApiSchema<'ChannelRunStatus'>;

/** The run's state, the schema's enum (idle, queued, running, finished). */
export type RunState = RunStatus['state'];

/** The reason and time of an automatic disable (other_info), when readable. */
export function statusInfo(raw: string): { reason: string; time: number } | null {
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return null;
    const o = v as { status_reason?: unknown; status_time?: unknown };
    if (typeof o.status_reason !== 'string' && typeof o.status_time !== 'number') return null;
    return { reason: typeof o.status_reason === 'string' ? o.status_reason : '', time: typeof o.status_time === 'number' ? o.status_time : 0 };
  } catch {
    return null;
  }
}

/** A comma list as the trimmed, non-empty items. */
export function splitList(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Epoch seconds in the reader's local time, e.g. 2026-11-26 04:10:05. */
export function formatTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
