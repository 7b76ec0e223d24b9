import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { Contract } from '../common/contract';
import { done, ok } from '../common/envelope';
import { parseInput } from '../common/validation';
import type { Principal } from '../common/request-context';
import { OptionsService } from '../options/options.service';
import { Access, Actor } from '../auth/auth.decorators';
import { adminCreateSchema, userListQuerySchema, userManageSchema, userSearchQuerySchema } from './dto/user.dto';
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
  @Contract({ summary: 'Users, newest first (admin)', query: userListQuerySchema })
  async list(@Actor() actor: Principal, @Query() query: unknown) {
    const q = parseInput(userListQuerySchema, query);
    return ok(await this.users.list(actor, q.p, q.page_size));
  }

  @Get('search')
  @Access('admin')
  @Contract({ summary: 'Search users by id, username, email or display name, and group (admin)', query: userSearchQuerySchema })
  async search(@Actor() actor: Principal, @Query() query: unknown) {
    const q = parseInput(userSearchQuerySchema, query);
    return ok(await this.users.search(actor, q.keyword, q.group, q.p, q.page_size));
  }

  @Get(':id')
  @Access('admin')
  async get(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.users.get(actor, id));
  }

  @Post()
  @Access('admin')
  @Contract({ summary: 'Create a regular user (admin)', body: adminCreateSchema })
  async create(@Actor() actor: Principal, @Body() body: unknown) {
    await this.users.adminCreate(actor, parseInput(adminCreateSchema, body));
    return done();
  }

  @Put()
  @Access('admin')
  async update(@Actor() actor: Principal, @Body() body: Body) {
    return ok(await this.users.adminUpdate(actor, body ?? {}));
  }

  @Post('manage')
  @Access('admin')
  @Contract({ summary: 'Promote, demote, disable, enable, delete or add quota (admin)', body: userManageSchema })
  async manage(@Actor() actor: Principal, @Body() body: unknown) {
    return ok(await this.users.manage(actor, parseInput(userManageSchema, body)));
  }

  @Delete(':id')
  @Access('admin')
  @Contract({ summary: 'Delete a user (soft; admin)' })
  async remove(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.users.manage(actor, { id, action: 'delete' }));
  }
}
