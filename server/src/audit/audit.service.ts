import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DatabaseService } from '../database/database.service';
import { toPage, type Page } from '../common/pagination';
import type { Principal } from '../common/request-context';
import { nowSeconds } from '../common/sql';
import type { AuditAction, AuditOutcome } from './audit-actions';
import { auditRequest } from './audit-context';
import type { AuditFilter } from './dto/audit.dto';
import { AuditLogEntity } from './audit-log.entity';
import { toAuditView, type AuditView } from './audit.mapper';

const ROLE_ROOT = 100;

export interface AuditActor {
  id: number;
  username: string;
  role: number;
}

/** Small, flat detail values: names, ids, counts, flags. Never a secret. */
export type AuditDetail = Record<string, string | number | boolean | null | readonly (string | number)[]>;

export interface AuditEntry {
  action: AuditAction;
  outcome?: AuditOutcome;
  /** Who acted; default: the signed-in caller of the current request (null: nobody known). */
  actor?: AuditActor | null;
  target?: { type: 'user' | 'channel' | 'token' | 'option' | 'redemption'; id: string | number };
  /** The user the row is about (decides which admins see it); default: the actor. */
  subject?: { id: number; role: number } | null;
  detail?: AuditDetail;
}

const MAX_DETAIL_CHARS = 2000;

function clip(s: string, n: number): string {
  return s.length > n ? s.slice(0, n) : s;
}

/** Bounds every string and list of a detail object, then the whole JSON. */
export function boundDetail(detail: AuditDetail | undefined): string {
  if (!detail) return '{}';
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(detail)) {
    if (typeof v === 'string') out[k] = clip(v, 200);
    else if (Array.isArray(v)) out[k] = v.slice(0, 50).map((x) => (typeof x === 'string' ? clip(x, 100) : x));
    else out[k] = v;
  }
  const json = JSON.stringify(out);
  return json.length <= MAX_DETAIL_CHARS ? json : JSON.stringify({ truncated: true });
}

/**
 * The audit log. Services call `record` right after the action committed (or `recordIn` inside
 * the action's own transaction). The row takes the caller's IP and request id from the current
 * management request. A row that cannot be written is logged at error level with its action and
 * target (never silently dropped); the action itself has already happened.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(private readonly db: DatabaseService) {}

  async record(entry: AuditEntry): Promise<void> {
    const row = this.row(entry);
    try {
      await this.db.write((em) => em.insert(AuditLogEntity, row));
    } catch (err) {
      this.logger.error(
        `audit row not written: ${row.action} ${row.outcome} actor=${row.actorId ?? '-'} target=${row.targetType}:${row.targetId} request=${row.requestId}: ${(err as Error)?.message ?? String(err)}`,
      );
    }
  }

  /** Inside the caller's transaction: the action and its row commit or roll back together. */
  async recordIn(em: EntityManager, entry: AuditEntry): Promise<void> {
    await em.insert(AuditLogEntity, this.row(entry));
  }

  private row(entry: AuditEntry): Omit<AuditLogEntity, 'id'> {
    const req = auditRequest.getStore();
    const principal: Principal | undefined = req?.principal;
    const actor: AuditActor | null =
      entry.actor !== undefined ? entry.actor : principal ? { id: principal.id, username: principal.username, role: principal.role } : null;
    const subject = entry.subject !== undefined ? entry.subject : actor ? { id: actor.id, role: actor.role } : null;
    return {
      createdAt: nowSeconds(),
      action: entry.action,
      outcome: entry.outcome ?? 'success',
      actorId: actor?.id ?? null,
      actorName: clip(actor?.username ?? '', 64),
      ip: clip(req?.ip ?? '', 64),
      requestId: clip(typeof req?.id === 'string' ? req.id : '', 64),
      targetType: entry.target?.type ?? '',
      targetId: entry.target ? clip(String(entry.target.id), 64) : '',
      subjectUserId: subject?.id ?? null,
      subjectRole: subject?.role ?? 0,
      detail: boundDetail(entry.detail),
    };
  }

  /**
   * Rows the viewer may read, newest first, paged in SQL. Root reads every row; an admin reads
   * the rows they wrote, the rows about them, and the rows about users of a lower role.
   */
  async list(viewer: Principal, f: AuditFilter): Promise<Page<AuditView>> {
    const qb = this.db.manager.createQueryBuilder(AuditLogEntity, 'a');
    if (viewer.role < ROLE_ROOT) {
      qb.andWhere('(a.actor_id = :me OR a.subject_user_id = :me OR a.subject_role < :role)', { me: viewer.id, role: viewer.role });
    }
    if (f.action) qb.andWhere('a.action = :action', { action: f.action });
    if (f.outcome) qb.andWhere('a.outcome = :outcome', { outcome: f.outcome });
    if (f.actorId !== null) qb.andWhere('a.actor_id = :actorId', { actorId: f.actorId });
    if (f.targetUserId !== null) qb.andWhere('a.subject_user_id = :target', { target: f.targetUserId });
    if (f.start !== null) qb.andWhere('a.created_at >= :start', { start: f.start });
    if (f.end !== null) qb.andWhere('a.created_at <= :end', { end: f.end });
    const [rows, total] = await qb.orderBy('a.id', 'DESC').skip(f.page.offset).take(f.page.pageSize).getManyAndCount();
    return toPage(rows.map(toAuditView), total, f.page);
  }

  /** Deletes rows older than `days` days; returns how many. */
  async prune(days: number, now = nowSeconds()): Promise<number> {
    const cutoff = now - days * 86_400;
    const res = await this.db.write((em) => em.createQueryBuilder().delete().from(AuditLogEntity).where('created_at < :cutoff', { cutoff }).execute());
    return DatabaseService.affected(res);
  }
}
