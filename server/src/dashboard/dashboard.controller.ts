import { Controller, Get, Query } from '@nestjs/common';
import { ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { Access, Actor } from '../auth/auth.decorators';
import { DashboardService } from './dashboard.service';

type Params = Record<string, unknown>;

@Controller('api/data')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @Access('admin')
  async all(@Actor() actor: Principal, @Query() q: Params) {
    return ok(await this.dashboard.listAll(actor, q ?? {}));
  }

  @Get('self')
  @Access('user')
  async self(@Actor() actor: Principal, @Query() q: Params) {
    return ok(await this.dashboard.listSelf(actor, q ?? {}));
  }
}
