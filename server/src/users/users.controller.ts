import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { done, ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { OptionsService } from '../options/options.service';
import { Access, Actor } from '../auth/auth.decorators';
import { UsersService } from './users.service';

type Body = Record<string, unknown>;

@Controller('api/user')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly options: OptionsService,
  ) {}

  // ---- self ----

  @Get('self')
  @Access('user')
  async self(@Actor() actor: Principal) {
    return ok(await this.users.getSelf(actor));
  }

  @Put('self')
  @Access('user')
  async updateSelf(@Actor() actor: Principal, @Body() body: Body) {
    return ok(await this.users.updateSelf(actor, body ?? {}));
  }

  @Delete('self')
  @Access('user')
  async deleteSelf(@Actor() actor: Principal) {
    await this.users.deleteSelf(actor);
    return done();
  }

  @Get('token')
  @Access('user')
  async token(@Actor() actor: Principal) {
    return ok(await this.users.resetAccessToken(actor));
  }

  @Get('aff')
  @Access('user')
  async aff(@Actor() actor: Principal) {
    return ok(await this.users.affCode(actor));
  }

  @Post('aff_transfer')
  @Access('user')
  async affTransfer(@Actor() actor: Principal, @Body() body: Body) {
    await this.users.affTransfer(actor, body?.quota, this.options.num('QuotaPerUnit'));
    return done();
  }

  // ---- administration ----

  @Get()
  @Access('admin')
  async list(@Actor() actor: Principal, @Query('p') p: unknown, @Query('page_size') size: unknown) {
    return ok(await this.users.list(actor, p, size));
  }

  @Get('search')
  @Access('admin')
  async search(
    @Actor() actor: Principal,
    @Query('keyword') keyword: unknown,
    @Query('group') group: unknown,
    @Query('p') p: unknown,
    @Query('page_size') size: unknown,
  ) {
    return ok(await this.users.search(actor, keyword, group, p, size));
  }

  @Get(':id')
  @Access('admin')
  async get(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.users.get(actor, id));
  }

  @Post()
  @Access('admin')
  async create(@Actor() actor: Principal, @Body() body: Body) {
    await this.users.adminCreate(actor, body ?? {});
    return done();
  }

  @Put()
  @Access('admin')
  async update(@Actor() actor: Principal, @Body() body: Body) {
    return ok(await this.users.adminUpdate(actor, body ?? {}));
  }

  @Post('manage')
  @Access('admin')
  async manage(@Actor() actor: Principal, @Body() body: Body) {
    return ok(await this.users.manage(actor, body ?? {}));
  }

  @Delete(':id')
  @Access('admin')
  async remove(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.users.manage(actor, { id, action: 'delete' }));
  }
}
