import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import { Contract } from '../common/contract';
import { done, ok } from '../common/envelope';
import { parseInput } from '../common/validation';
import type { Principal } from '../common/request-context';
import { OptionsService } from '../options/options.service';
import { Access, Actor } from '../common/access';
import {
  adminCreateSchema,
  adminUpdateSchema,
  adminUserViewSchema,
  affTransferSchema,
  selfUpdateSchema,
  selfViewSchema,
  userListQuerySchema,
  userManageResultSchema,
  userManageSchema,
  userPageSchema,
  userSearchQuerySchema,
} from './dto/user.dto';
import { UserAdminService } from './user-admin.service';
import { UserAffiliateService } from './user-affiliate.service';
import { UserCredentialsService } from './user-credentials.service';
import { UserSelfService } from './user-self.service';
import { UsersService } from './users.service';

/** The caller's own account (spec §7) and user administration (admin; spec §4, §6). */
@Controller('api/user')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly selfService: UserSelfService,
    private readonly credentials: UserCredentialsService,
    private readonly affiliate: UserAffiliateService,
    private readonly admin: UserAdminService,
    private readonly options: OptionsService,
  ) {}

  // ---- self ----

  @Get('self')
  @Access('user')
  @Contract({ summary: "The caller's own account (no password hash, no access token)", data: selfViewSchema })
  async self(@Actor() actor: Principal) {
    return ok(await this.users.getSelf(actor));
  }

  @Put('self')
  @Access('user')
  @Contract({ summary: 'Change the own display name and/or password', body: selfUpdateSchema, data: selfViewSchema })
  async updateSelf(@Actor() actor: Principal, @Body() body: unknown) {
    return ok(await this.selfService.updateSelf(actor, parseInput(selfUpdateSchema, body)));
  }

  @Delete('self')
  @Access('user')
  @Contract({ summary: 'Delete the own account (soft; not root)' })
  async deleteSelf(@Actor() actor: Principal) {
    await this.selfService.deleteSelf(actor);
    return done();
  }

  @Get('token')
  @Access('user')
  @Contract({ summary: 'A new management access token (the old one stops working); data is the token', data: z.string() })
  async token(@Actor() actor: Principal) {
    return ok(await this.credentials.resetAccessToken(actor));
  }

  @Get('aff')
  @Access('user')
  @Contract({ summary: "The caller's invitation code", data: z.string() })
  async aff(@Actor() actor: Principal) {
    return ok(await this.affiliate.affCode(actor));
  }

  @Post('aff_transfer')
  @Access('user')
  @Contract({ summary: 'Move invitation earnings into the balance (at least QuotaPerUnit)', body: affTransferSchema })
  async affTransfer(@Actor() actor: Principal, @Body() body: unknown) {
    const { quota } = parseInput(affTransferSchema, body);
    await this.affiliate.affTransfer(actor, quota, this.options.num('QuotaPerUnit'));
    return done();
  }

  // ---- administration ----

  @Get()
  @Access('admin')
  @Contract({ summary: 'Users, newest first (admin)', query: userListQuerySchema, data: userPageSchema })
  async list(@Actor() actor: Principal, @Query() query: unknown) {
    const q = parseInput(userListQuerySchema, query);
    return ok(await this.admin.list(actor, q.p, q.page_size));
  }

  @Get('search')
  @Access('admin')
  @Contract({ summary: 'Search users by id, username, email or display name, and group (admin)', query: userSearchQuerySchema, data: userPageSchema })
  async search(@Actor() actor: Principal, @Query() query: unknown) {
    const q = parseInput(userSearchQuerySchema, query);
    return ok(await this.admin.search(actor, q.keyword, q.group, q.p, q.page_size));
  }

  @Get(':id')
  @Access('admin')
  @Contract({ summary: 'One user (admin; not of an equal or higher role unless root)', data: adminUserViewSchema })
  async get(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.admin.get(actor, id));
  }

  @Post()
  @Access('admin')
  @Contract({ summary: 'Create a regular user (admin)', body: adminCreateSchema })
  async create(@Actor() actor: Principal, @Body() body: unknown) {
    await this.admin.create(actor, parseInput(adminCreateSchema, body));
    return done();
  }

  @Put()
  @Access('admin')
  @Contract({ summary: 'Edit a user: names, password, e-mail, group, quota (admin)', body: adminUpdateSchema, data: adminUserViewSchema })
  async update(@Actor() actor: Principal, @Body() body: unknown) {
    return ok(await this.admin.update(actor, parseInput(adminUpdateSchema, body)));
  }

  @Post('manage')
  @Access('admin')
  @Contract({ summary: 'Promote, demote, disable, enable, delete or add quota (admin)', body: userManageSchema, data: userManageResultSchema })
  async manage(@Actor() actor: Principal, @Body() body: unknown) {
    return ok(await this.admin.manage(actor, parseInput(userManageSchema, body)));
  }

  @Delete(':id')
  @Access('admin')
  @Contract({ summary: 'Delete a user (soft; admin)', data: userManageResultSchema })
  async remove(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.admin.manage(actor, { id, action: 'delete' }));
  }
}
