// What /api/log/ (admin) and /api/log/self/ answer, as the console reads it.
export interface LogRow {
  id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  token_group: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time: number;
  is_stream: boolean;
  client_ip: string;
  request_id: string;
  /** JSON text: ratios, frt, admin_info (admins only). */
  other: string;
  /** Admins only. */
  user_id?: number;
  channel?: number;
}

export interface LogPage {
  items: LogRow[];
  total: number;
  page: number;
  page_size: number;
}

export interface LogStat {
  quota: number;
  count: number;
  token: number;
  tpm: number;
  rpm: number;
}

export interface LogExport {
  id: number;
  status: 'pending' | 'running' | 'done' | 'failed';
  row_count: number;
  error: string | null;
}

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
