// The audit log's wire shapes (GET /api/audit) and the screen's filter.

export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'user.password_change',
  'user.password_reset',
  'user.email_change',
  'user.binding_add',
  'user.binding_remove',
  'user.access_token_reset',
  'user.create',
  'user.update',
  'user.role_change',
  'user.status_change',
  'user.quota_change',
  'user.delete',
  'option.change',
  'channel.key_view',
  'channel.create',
  'channel.update',
  'channel.delete',
  'token.key_view',
  'token.create',
  'redemption.create',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditRow {
  id: number;
  created_at: number;
  action: string;
  outcome: 'success' | 'failure' | string;
  actor_id: number | null;
  actor_name: string;
  ip: string;
  request_id: string;
  target_type: string;
  target_id: string;
  detail: Record<string, unknown>;
}

export interface AuditPage {
  items: AuditRow[];
  total: number;
  page: number;
  page_size: number;
}

export interface AuditFilter {
  action: string;
  actor_id: string;
  target_user_id: string;
  outcome: string;
  start_timestamp: number;
  end_timestamp: number;
}

export const defaultAuditFilter = (): AuditFilter => ({ action: '', actor_id: '', target_user_id: '', outcome: '', start_timestamp: 0, end_timestamp: 0 });

/** The query of a filter: empty fields left out. */
export function auditParams(f: AuditFilter): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (f.action !== '') out.action = f.action;
  if (f.actor_id !== '') out.actor_id = f.actor_id;
  if (f.target_user_id !== '') out.target_user_id = f.target_user_id;
  if (f.outcome !== '') out.outcome = f.outcome;
  if (f.start_timestamp > 0) out.start_timestamp = f.start_timestamp;
  if (f.end_timestamp > 0) out.end_timestamp = f.end_timestamp;
  return out;
}

export function isAuditAction(v: string): v is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(v);
}

/** The detail object as short `key: value` text (values are names, ids, counts and flags). */
export function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
    .join('; ');
}
