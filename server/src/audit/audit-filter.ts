import { RequestError } from '../common/domain-error';
import { parsePage, type PageQuery } from '../common/pagination';
import { isAuditAction, type AuditAction, type AuditOutcome } from './audit-actions';

export class AuditError extends RequestError {}

/** A validated GET /api/audit query. */
export interface AuditFilter {
  action: AuditAction | null;
  actorId: number | null;
  targetUserId: number | null;
  outcome: AuditOutcome | null;
  start: number | null;
  end: number | null;
  page: PageQuery;
}

const MAX_TIMESTAMP = 1e11;

function present(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

function bad(field: string): AuditError {
  return AuditError.of('audit.invalid_filter', { field });
}

function id(raw: unknown, field: string): number | null {
  if (!present(raw)) return null;
  const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (!/^\d{1,12}$/.test(s) || Number(s) <= 0) throw bad(field);
  return Number(s);
}

function time(raw: unknown, field: string): number | null {
  if (!present(raw)) return null;
  const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (!/^\d{1,12}$/.test(s) || Number(s) > MAX_TIMESTAMP) throw bad(field);
  const n = Number(s);
  return n === 0 ? null : n;
}

function pageNumber(raw: unknown, field: string): void {
  if (present(raw) && !(typeof raw === 'string' ? /^\d{1,9}$/.test(raw.trim()) : Number.isSafeInteger(raw))) throw bad(field);
}

/** Reads the query string; a malformed value is a 400 naming its parameter. Unknown names are ignored. */
export function parseAuditFilter(q: Record<string, unknown>): AuditFilter {
  let action: AuditAction | null = null;
  if (present(q.action)) {
    if (typeof q.action !== 'string' || !isAuditAction(q.action.trim())) throw bad('action');
    action = q.action.trim() as AuditAction;
  }
  let outcome: AuditOutcome | null = null;
  if (present(q.outcome)) {
    if (q.outcome !== 'success' && q.outcome !== 'failure') throw bad('outcome');
    outcome = q.outcome;
  }
  const start = time(q.start_timestamp, 'start_timestamp');
  const end = time(q.end_timestamp, 'end_timestamp');
  if (start !== null && end !== null && start > end) throw bad('start_timestamp');
  pageNumber(q.p, 'p');
  pageNumber(q.page_size, 'page_size');
  return {
    action,
    actorId: id(q.actor_id, 'actor_id'),
    targetUserId: id(q.target_user_id, 'target_user_id'),
    outcome,
    start,
    end,
    page: parsePage(q.p, q.page_size, 20),
  };
}
