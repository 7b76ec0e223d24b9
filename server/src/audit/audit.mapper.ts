import type { AuditLogEntity } from './audit-log.entity';

/** One audit row as GET /api/audit returns it. */
export interface AuditView {
  id: number;
  created_at: number;
  action: string;
  outcome: string;
  actor_id: number | null;
  actor_name: string;
  ip: string;
  request_id: string;
  target_type: string;
  target_id: string;
  detail: Record<string, unknown>;
}

export function toAuditView(e: AuditLogEntity): AuditView {
  let detail: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(e.detail);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) detail = parsed as Record<string, unknown>;
  } catch {
    // written by this service only; an unreadable value shows as empty
  }
  return {
    id: e.id,
    created_at: e.createdAt,
    action: e.action,
    outcome: e.outcome,
    actor_id: e.actorId,
    actor_name: e.actorName,
    ip: e.ip,
    request_id: e.requestId,
    target_type: e.targetType,
    target_id: e.targetId,
    detail,
  };
}
