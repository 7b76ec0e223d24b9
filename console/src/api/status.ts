// The status object (GET /api/status), read at start and cached in localStorage under 'status'
// (spec §3 "Status object"). Every field is optional: an older server may lack some.
export interface ConsoleStatus {
  system_name?: string;
  logo?: string;
  footer_html?: string;
  version?: string;
  quota_per_unit?: number;
  display_in_currency?: boolean;
  enable_drawing?: boolean;
  enable_task?: boolean;
  enable_data_export?: boolean;
  data_export_default_time?: string;
  default_collapse_sidebar?: boolean;
  mj_notify_enabled?: boolean;
  chat_link?: string;
  chat_link2?: string;
  email_verification?: boolean;
  turnstile_check?: boolean;
  turnstile_site_key?: string;
  github_oauth?: boolean;
  github_client_id?: string;
  linuxdo_oauth?: boolean;
  linuxdo_client_id?: string;
  wechat_login?: boolean;
  wechat_qrcode?: string;
  telegram_oauth?: boolean;
  telegram_bot_name?: string;
  price?: number;
  server_address?: string;
  top_up_link?: string;
  min_topup?: number;
  enable_online_topup?: boolean;
  MonitorLink?: string;
  MonitorLinkEnabled?: boolean;
  [key: string]: unknown;
}

const STATUS_KEY = 'status';

export function readStoredStatus(): ConsoleStatus {
  try {
    const raw = localStorage.getItem(STATUS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ConsoleStatus) : {};
  } catch {
    return {};
  }
}

export function storeStatus(status: ConsoleStatus): void {
  localStorage.setItem(STATUS_KEY, JSON.stringify(status));
}
