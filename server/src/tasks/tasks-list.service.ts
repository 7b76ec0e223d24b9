import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder, ObjectLiteral } from 'typeorm';
import { parsePage } from '../common/pagination';
import type { Principal } from '../common/request-context';
import { DatabaseService } from '../database/database.service';
import { ROLE_ADMIN } from '../users/user.entity';
import { MidjourneyEntity } from './midjourney.entity';
import { MjUrls } from './mj/mj-urls';
import type { TaskListQuery } from './dto/task.dto';
import { TaskEntity } from './task.entity';
import { toMidjourneyView, toTaskView, type MidjourneyView, type TaskView } from './tasks.mapper';

export type ListScope = 'admin' | 'self';

/** The drawing-log and async-task lists of the management API: zero-based pages, in SQL. */
@Injectable()
export class TasksListService {
  constructor(
    private readonly db: DatabaseService,
    private readonly urls: MjUrls,
  ) {}

  async midjourney(actor: Principal, { filter: f, p, page_size }: TaskListQuery, scope: ListScope): Promise<MidjourneyView[]> {
    const admin = scope === 'admin' && actor.role >= ROLE_ADMIN;
    const page = parsePage(p, page_size);
    const qb = this.db.manager.createQueryBuilder(MidjourneyEntity, 'm');
    this.scope(qb, 'm', admin ? null : actor.id, admin ? f.channelId : null);
    if (f.id !== '') qb.andWhere('m.mj_id = :id', { id: f.id });
    // Drawing tasks keep milliseconds (midjourney-proxy's unit); the filter is in seconds.
    if (f.start !== null) qb.andWhere('m.submit_time >= :start', { start: f.start * 1000 });
    if (f.end !== null) qb.andWhere('m.submit_time <= :end', { end: f.end * 1000 + 999 });
    const rows = await qb.orderBy('m.id', 'DESC').offset(page.offset).limit(page.pageSize).getMany();
    return rows.map((m) => toMidjourneyView(m, admin, this.urls.imageUrl(m)));
  }

  async tasks(actor: Principal, { filter: f, p, page_size }: TaskListQuery, scope: ListScope): Promise<TaskView[]> {
    const admin = scope === 'admin' && actor.role >= ROLE_ADMIN;
    const page = parsePage(p, page_size);
    const qb = this.db.manager.createQueryBuilder(TaskEntity, 't');
    this.scope(qb, 't', admin ? null : actor.id, admin ? f.channelId : null);
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
