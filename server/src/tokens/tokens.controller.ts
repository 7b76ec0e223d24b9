import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { done, ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { Access, Actor } from '../auth/auth.decorators';
import { TokensService } from './tokens.service';

type Json = Record<string, unknown>;

/** A user's own API tokens (spec §2.5, §7 Tokens). Lists are bare arrays, 0-based `p`. */
@Controller('api/token')
@Access('user')
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Get()
  async list(@Actor() actor: Principal, @Query('p') p: unknown, @Query('size') size: unknown, @Query('page_size') pageSize: unknown) {
    return ok(await this.tokens.list(actor, p, size ?? pageSize));
  }

  @Get('search')
  async search(
    @Actor() actor: Principal,
    @Query('keyword') keyword: unknown,
    @Query('token') token: unknown,
    @Query('p') p: unknown,
    @Query('size') size: unknown,
    @Query('page_size') pageSize: unknown,
  ) {
    return ok(await this.tokens.search(actor, keyword, token, p, size ?? pageSize));
  }

  @Get(':id')
  async get(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.tokens.get(actor, id));
  }

  @Post()
  async create(@Actor() actor: Principal, @Body() body: Json) {
    return ok(await this.tokens.create(actor, body ?? {}));
  }

  /** Deletes several of the caller's tokens; data is how many were deleted. */
  @Post('batch')
  async removeMany(@Actor() actor: Principal, @Body() body: Json) {
    return ok(await this.tokens.removeMany(actor, body?.ids));
  }

  /** Full edit, or `?status_only=true` with {id, status} to enable or disable. */
  @Put()
  async update(@Actor() actor: Principal, @Body() body: Json, @Query('status_only') statusOnly: unknown) {
    const b = body ?? {};
    return ok(statusOnly !== undefined && statusOnly !== '' && statusOnly !== 'false' ? await this.tokens.setStatus(actor, b) : await this.tokens.update(actor, b));
  }

  @Delete(':id')
  async remove(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    await this.tokens.remove(actor, id);
    return done();
  }
}
