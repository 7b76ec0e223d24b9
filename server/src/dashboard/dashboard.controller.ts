import { Controller, Get, Query } from '@nestjs/common';
import { z } from 'zod';
import { Contract } from '../common/contract';
import { ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import { Access, Actor } from '../common/access';
import { DashboardService } from './dashboard.service';
import { dataAdminQuerySchema, dataSelfQuerySchema, quotaDataViewSchema } from './dto/dashboard.dto';

@Controller('api/data')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @Access('admin')
  @Contract({
    summary: "Hourly usage buckets: one user's by username, or every user's summed per model and hour",
    query: dataAdminQuerySchema,
    data: z.array(quotaDataViewSchema),
  })
  async all(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.dashboard.listAll(actor, parseInput(dataAdminQuerySchema, query)));
  }

  @Get('self')
  @Access('user')
  @Contract({ summary: "The caller's hourly usage buckets, a month at most (default: the last 30 days)", query: dataSelfQuerySchema, data: z.array(quotaDataViewSchema) })
  async self(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.dashboard.listSelf(actor, parseInput(dataSelfQuerySchema, query)));
  }
}
