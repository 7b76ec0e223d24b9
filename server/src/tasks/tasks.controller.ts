import { Controller, Get, Query } from '@nestjs/common';
import { z } from 'zod';
import { Access, Actor } from '../common/access';
import { Contract } from '../common/contract';
import { ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import {
  midjourneyAdminQuerySchema,
  midjourneySelfQuerySchema,
  midjourneyViewSchema,
  taskAdminQuerySchema,
  taskSelfQuerySchema,
  taskViewSchema,
} from './dto/task.dto';
import { TasksListService } from './tasks-list.service';

/** Drawing logs (`/api/mj`) and async tasks (`/api/task`): admins see every user's, users their own. */
@Controller('api')
export class TasksController {
  constructor(private readonly list: TasksListService) {}

  @Get('mj')
  @Access('admin')
  @Contract({ summary: "Every user's drawing tasks, newest first", query: midjourneyAdminQuerySchema, data: z.array(midjourneyViewSchema) })
  async mjAll(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.list.midjourney(actor, parseInput(midjourneyAdminQuerySchema, query), 'admin'));
  }

  @Get('mj/self')
  @Access('user')
  @Contract({ summary: "The caller's drawing tasks, newest first", query: midjourneySelfQuerySchema, data: z.array(midjourneyViewSchema) })
  async mjSelf(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.list.midjourney(actor, parseInput(midjourneySelfQuerySchema, query), 'self'));
  }

  @Get('task')
  @Access('admin')
  @Contract({ summary: "Every user's async tasks (video, music), newest first", query: taskAdminQuerySchema, data: z.array(taskViewSchema) })
  async taskAll(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.list.tasks(actor, parseInput(taskAdminQuerySchema, query), 'admin'));
  }

  @Get('task/self')
  @Access('user')
  @Contract({ summary: "The caller's async tasks, newest first", query: taskSelfQuerySchema, data: z.array(taskViewSchema) })
  async taskSelf(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.list.tasks(actor, parseInput(taskSelfQuerySchema, query), 'self'));
  }
}
