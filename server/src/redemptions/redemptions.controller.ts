import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { done, ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { Access, Actor } from '../auth/auth.decorators';
import { RedemptionsService } from './redemptions.service';

type Json = Record<string, unknown>;

/** Redemption code management (admin; spec §2.6, §7 Redemptions). Lists are pages. */
@Controller('api/redemption')
@Access('admin')
export class RedemptionsController {
  constructor(private readonly redemptions: RedemptionsService) {}

  @Get()
  async list(@Actor() actor: Principal, @Query('p') p: unknown, @Query('page_size') size: unknown) {
    return ok(await this.redemptions.list(actor, p, size));
  }

  @Get('search')
  async search(@Actor() actor: Principal, @Query('keyword') keyword: unknown, @Query('p') p: unknown, @Query('page_size') size: unknown) {
    return ok(await this.redemptions.search(actor, keyword, p, size));
  }

  @Get(':id')
  async get(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.redemptions.get(actor, id));
  }

  /** data is the list of generated codes (shown once). */
  @Post()
  async create(@Actor() actor: Principal, @Body() body: Json) {
    return ok(await this.redemptions.create(actor, body ?? {}));
  }

  /** {ids} -> [{id, key}]: the whole codes, for an explicit copy (POST: never cached). */
  @Post('keys')
  async keys(@Actor() actor: Principal, @Body() body: Json) {
    return ok(await this.redemptions.keys(actor, body ?? {}));
  }

  /** Edit {id, name, quota, expired_time}, or `?status_only=true` with {id, status}. */
  @Put()
  async update(@Actor() actor: Principal, @Body() body: Json, @Query('status_only') statusOnly: unknown) {
    const b = body ?? {};
    return ok(statusOnly !== undefined && statusOnly !== '' && statusOnly !== 'false' ? await this.redemptions.setStatus(actor, b) : await this.redemptions.update(actor, b));
  }

  /** Deletes used and expired codes; data is the count. */
  @Delete('invalid')
  async removeInvalid(@Actor() actor: Principal) {
    return ok(await this.redemptions.removeInvalid(actor));
  }

  @Delete(':id')
  async remove(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    await this.redemptions.remove(actor, id);
    return done();
  }
}
