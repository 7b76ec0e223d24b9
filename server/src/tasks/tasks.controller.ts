import { Controller, Get, Query } from '@nestjs/common';
import { Access, Actor } from '../auth/auth.decorators';
import { ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { TasksListService } from './tasks-list.service';

type Params = Record<string, unknown>;

/** Drawing logs (`/api/mj`) and async tasks (`/api/task`): admins see every user's, users their own. */
@Controller('api')
export class TasksController {
  constructor(private readonly list: TasksListService) {}

  @Get('mj')
  @Access('admin')
  async mjAll(@Actor() actor: Principal, @Query() q: Params) {
    return ok(await this.list.midjourney(actor, q ?? {}, 'admin'));
  }

  @Get('mj/self')
  @Access('user')
  async mjSelf(@Actor() actor: Principal, @Query() q: Params) {
    return ok(await this.list.midjourney(actor, q ?? {}, 'self'));
  }

  @Get('task')
  @Access('admin')
  async taskAll(@Actor() actor: Principal, @Query() q: Params) {
    return ok(await this.list.tasks(actor, q ?? {}, 'admin'));
  }

  @Get('task/self')
  @Access('user')
  async taskSelf(@Actor() actor: Principal, @Query() q: Params) {
    return ok(await this.list.tasks(actor, q ?? {}, 'self'));
  }
}
