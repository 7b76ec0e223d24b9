import type { ApiSchema } from '@sluice/ui-kit';

// What /api/log (admin) and /api/log/self answer, as the server documents them (GET /api/openapi.json,
// generated into the kit by `npm run api:types`). An admin row adds user_id, channel and token_id; a
// caller's own row has none of them, so screens ask `'user_id' in row` before reading them.
export type AdminLogRow = ApiSchema<'AdminLog'>;
export type SelfLogRow = ApiSchema<'SelfLog'>;
export type LogRow = AdminLogRow | SelfLogRow;

export type LogPage = ApiSchema<'AdminLogPage'> | ApiSchema<'SelfLogPage'>;

/** GET /api/log/stat and /api/log/self/stat. */
export type LogStat = ApiSchema<'LogStat'>;

/** An export job (POST /api/log/export, GET /api/log/export/{id}); `error` is '' unless it failed. */
export type LogExport = ApiSchema<'LogExport'>;

/** The filter form's values; times as unix seconds (0 = open). */
export interface LogFilter {
  type: number;
  token_name: string;
  model_name: string;
  start_timestamp: number;
  end_timestamp: number;
  channel: string;
  username: string;
}

export const LOG_TYPES = [0, 1, 2, 3, 4, 5, 6, 99] as const;

export type LogTypeKey = 'all' | 'topup' | 'consume' | 'manage' | 'system' | 'error' | 'warning' | 'reward' | 'unknown';

export function logTypeKey(type: number): LogTypeKey {
  switch (type) {
    case 0:
      return 'all';
    case 1:
      return 'topup';
    case 2:
      return 'consume';
    case 3:
      return 'manage';
    case 4:
      return 'system';
    case 5:
      return 'error';
    case 6:
      return 'warning';
    case 99:
      return 'reward';
    default:
      return 'unknown';
  }
}

/** Parsed `other` JSON of a log; unknown or broken text gives {}. */
export interface LogOther {
  frt?: number;
  model_ratio?: number;
  completion_ratio?: number;
  group_ratio?: number;
  model_price?: number;
  cache_tokens?: number;
  admin_info?: { use_channel?: unknown[] };
}

export function parseOther(text: string): LogOther {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as LogOther) : {};
  } catch {
    return {};
  }
}
