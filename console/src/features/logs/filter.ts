import type { ApiBody } from '@sluice/ui-kit';
import type { LogFilter } from './types';

const HOUR = 3600;

function startOfToday(): number {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/** The default range: from the start of today to one hour from now (spec §9). */
export function defaultLogFilter(): LogFilter {
  return {
    type: 0,
    token_name: '',
    model_name: '',
    start_timestamp: startOfToday(),
    end_timestamp: Math.floor(Date.now() / 1000) + HOUR,
    channel: '',
    username: '',
  };
}

/**
 * Query parameters of the list, stat and export calls; admin-only filters only for admins. The same
 * values are the export's body, so they are checked against the documented export bodies.
 */
export function filterParams(f: LogFilter, admin: boolean): Record<string, string | number> {
  const params = {
    type: f.type,
    token_name: f.token_name.trim(),
    model_name: f.model_name.trim(),
    start_timestamp: f.start_timestamp,
    end_timestamp: f.end_timestamp,
  } satisfies ApiBody<'/api/log/self/export', 'post'>;
  if (!admin) return params;
  return { ...params, username: f.username.trim(), channel: f.channel.trim() } satisfies ApiBody<'/api/log/export', 'post'>;
}
