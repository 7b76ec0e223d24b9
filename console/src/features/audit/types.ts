// The audit log's wire shapes (GET /api/audit, from the server's document) and the screen's filter.
import { documentedValues, type ApiQuery, type ApiSchema } from '@sluice/ui-kit';

/** A recorded action (schema `AuditAction`). */
export type AuditAction = ApiSchema<'AuditAction'>;

/** The recorded actions, for the filter's choices: the document's list, in its order. */
export const AUDIT_ACTIONS: readonly AuditAction[] = documentedValues('AuditAction');

/** One audit row as GET /api/audit documents it (schema `AuditEntry`). */
export type AuditRow = ApiSchema<'AuditEntry'>;

/** A page of GET /api/audit (schema `AuditPage`). */
export type AuditPage = ApiSchema<'AuditPage'>;

/**
 * What the screen filters by: UI state, its fields the strings of the form's inputs (empty: no
 * filter). `auditParams` turns it into the documented query.
 */
export interface AuditFilter {
  action: string;
  actor_id: string;
  target_user_id: string;
  outcome: string;
  start_timestamp: number;
  end_timestamp: number;
}

export const defaultAuditFilter = (): AuditFilter => ({ action: '', actor_id: '', target_user_id: '', outcome: '', start_timestamp: 0, end_timestamp: 0 });

type AuditQuery = ApiQuery<'/api/audit', 'get'>;

/** The documented query of GET /api/audit, each field as the console sends it (never empty or null). */
export type AuditParams = { [K in keyof AuditQuery]?: Exclude<AuditQuery[K], '' | null | undefined> };

/** The outcomes the `outcome` query accepts. */
export type AuditOutcome = AuditParams['outcome'] & string;

export function isAuditOutcome(v: string): v is AuditOutcome {
  return v === 'success' || v === 'failure';
}

/** The query of a filter: empty fields left out (an outcome the server does not know, too). */
export function auditParams(f: AuditFilter): AuditParams {
  const out: AuditParams = {};
  if (f.action !== '') out.action = f.action;
  if (f.actor_id !== '') out.actor_id = f.actor_id;
  if (f.target_user_id !== '') out.target_user_id = f.target_user_id;
  if (isAuditOutcome(f.outcome)) out.outcome = f.outcome;
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
