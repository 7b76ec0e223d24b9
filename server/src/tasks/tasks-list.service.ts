import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder, ObjectLiteral } from 'typeorm';
import { RequestError } from '../common/domain-error';
import { parsePage } from '../common/pagination';
import type { Principal } from '../common/request-context';
import { DatabaseService } from '../database/database.service';
import { ROLE_ADMIN } from '../users/user.entity';
import { MidjourneyEntity } from './midjourney.entity';
import { MjUrls } from './mj/mj-urls';
import { TaskEntity } from './task.entity';
import { toMidjourneyView, toTaskView, type MidjourneyView, type TaskView } from './tasks.mapper';

export class TasksError extends RequestError {}

export type ListScope = 'admin' | 'self';
type Query = Record<string, unknown>;

const MAX_TIMESTAMP = 253_402_300_799;
const ID_MAX = 191;

function int(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,16}$/.test(v.trim())) return Number(v.trim());
  return null;
}

function present(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

/** Epoch seconds; 0 or absent means no bound (as the console sends it). */
function timestamp(v: unknown): number | null {
  if (!present(v)) return null;
  const n = int(v);
  if (n === null || n < 0 || n > MAX_TIMESTAMP) throw TasksError.of('log.invalid_timestamp');
  return n === 0 ? null : n;
}

export interface TaskListFilter {
  channelId: number | null;
  id: string;
  start: number | null;
  end: number | null;
}

/** The list query (spec §7 "Drawing and tasks"); the channel filter is admin-only and ignored on self calls. */
export function parseTaskFilter(q: Query, scope: ListScope, idKey: 'mj_id' | 'task_id'): TaskListFilter {
  let channelId: number | null = null;
  if (scope === 'admin' && present(q.channel_id)) {
    const n = int(q.channel_id);
    if (n === null || n < 0) throw TasksError.of('log.invalid_channel');
    channelId = n === 0 ? null : n;
  }
  const rawId = q[idKey];
  const id = typeof rawId === 'string' ? rawId.trim().slice(0, ID_MAX) : '';
  const start = timestamp(q.start_timestamp);
  const end = timestamp(q.end_timestamp);
  if (start !== null && end !== null && start > end) throw TasksError.of('log.invalid_time_range');
  return { channelId, id, start, end };
}

/** The drawing-log and async-task lists of the management API: zero-based pages, in SQL. */
@Injectable()
export class TasksListService {
  constructor(
    private readonly db: DatabaseService,
    private readonly urls: MjUrls,
  ) {}

  async midjourney(actor: Principal, q: Query, scope: ListScope): Promise<MidjourneyView[]> {
    const admin = scope === 'admin' && actor.role >= ROLE_ADMIN;
    const f = parseTaskFilter(q, admin ? 'admin' : 'self', 'mj_id');
    const page = parsePage(q.p, q.page_size);
    const qb = this.db.manager.createQueryBuilder(MidjourneyEntity, 'm');
    this.scope(qb, 'm', admin ? null : actor.id, f.channelId);
    if (f.id !== '') qb.andWhere('m.mj_id = :id', { id: f.id });
    // Drawing tasks keep milliseconds (midjourney-proxy's unit); the filter is in seconds.
    if (f.start !== null) qb.andWhere('m.submit_time >= :start', { start: f.start * 1000 });
    if (f.end !== null) qb.andWhere('m.submit_time <= :end', { end: f.end * 1000 + 999 });
    const rows = await qb.orderBy('m.id', 'DESC').offset(page.offset).limit(page.pageSize).getMany();
    return rows.map((m) => toMidjourneyView(m, admin, this.urls.imageUrl(m)));
  }

  async tasks(actor: Principal, q: Query, scope: ListScope): Promise<TaskView[]> {
    const admin = scope === 'admin' && actor.role >= ROLE_ADMIN;
    const f = parseTaskFilter(q, admin ? 'admin' : 'self', 'task_id');
    const page = parsePage(q.p, q.page_size);
    const qb = this.db.manager.createQueryBuilder(TaskEntity, 't');
    this.scope(qb, 't', admin ? null : actor.id, f.channelId);
    if (f.id !== '') qb.andWhere('t.task_id = :id', { id: f.id });
    if (f.start !== null) qb.andWhere('t.submit_time >= :start', { start: f.start });
    if (f.end !== null) qb.andWhere('t.submit_time <= :end', { end: f.end });
    const rows = await qb.orderBy('t.id', 'DESC').offset(page.offset).limit(page.pageSize).getMany();
    return rows.map((t) => toTaskView(t, admin));
  }

  private scope<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, alias: string, userId: number | null, channelId: number | null): void {
    qb.where('1 = 1');
    if (userId !== null) qb.andWhere(`${alias}.user_id = :uid`, { uid: userId });
    if (channelId !== null) qb.andWhere(`${alias}.channel_id = :cid`, { cid: channelId });
  }
}
