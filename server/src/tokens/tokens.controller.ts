import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import { Contract } from '../common/contract';
import { done, ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import { Access, Actor } from '../common/access';
import {
  tokenBatchSchema,
  tokenCreateSchema,
  tokenListQuerySchema,
  tokenSearchQuerySchema,
  tokenStatusSchema,
  tokenUpdateSchema,
  tokenViewSchema,
} from './dto/token.dto';
import { TokensService } from './tokens.service';

const statusOnlyQuery = z.object({
  status_only: z.string().optional().catch(undefined).meta({ description: 'true: change only the status ({id, status})' }),
});

/** A user's own API tokens (spec §2.5, §7 Tokens). Lists are bare arrays, 0-based `p`. */
@Controller('api/token')
@Access('user')
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Get()
  @Contract({ summary: "The caller's tokens, newest first", query: tokenListQuerySchema, data: z.array(tokenViewSchema) })
  async list(@Actor() actor: Principal, @Query() query: unknown) {
    const q = parseInput(tokenListQuerySchema, query);
    return ok(await this.tokens.list(actor, q.p, q.size ?? q.page_size));
  }

  @Get('search')
  @Contract({ summary: "Search the caller's tokens by name or whole key", query: tokenSearchQuerySchema, data: z.array(tokenViewSchema) })
  async search(@Actor() actor: Principal, @Query() query: unknown) {
    const q = parseInput(tokenSearchQuerySchema, query);
    return ok(await this.tokens.search(actor, q.keyword, q.token, q.p, q.size ?? q.page_size));
  }

  @Get(':id')
  @Contract({ summary: 'One token with its whole key (audited)', data: tokenViewSchema })
  async get(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.tokens.get(actor, id));
  }

  @Post()
  @Contract({ summary: 'Create `count` tokens; data holds them with their keys', body: (c) => tokenCreateSchema(c.quotaPerUnit), data: z.array(tokenViewSchema) })
  async create(@Actor() actor: Principal, @Body() body: unknown) {
    return ok(await this.tokens.create(actor, parseInput(tokenCreateSchema(this.tokens.quotaPerUnit()), body)));
  }

  /** Deletes several of the caller's tokens; data is how many were deleted. */
  @Post('batch')
  @Contract({ summary: "Delete several of the caller's tokens; data is how many went", body: tokenBatchSchema, data: z.int() })
  async removeMany(@Actor() actor: Principal, @Body() body: unknown) {
    return ok(await this.tokens.removeMany(actor, parseInput(tokenBatchSchema, body).ids));
  }

  /** Full edit, or `?status_only=true` with {id, status} to enable or disable. */
  @Put()
  @Contract({
    summary: 'Edit a token, or with ?status_only=true enable (1) or disable (2) it',
    query: statusOnlyQuery,
    body: (c) => z.union([tokenUpdateSchema(c.quotaPerUnit), tokenStatusSchema]),
    data: tokenViewSchema,
  })
  async update(@Actor() actor: Principal, @Body() body: unknown, @Query() query: unknown) {
    const { status_only: statusOnly } = parseInput(statusOnlyQuery, query);
    if (statusOnly !== undefined && statusOnly !== '' && statusOnly !== 'false') {
      return ok(await this.tokens.setStatus(actor, parseInput(tokenStatusSchema, body)));
    }
    return ok(await this.tokens.update(actor, parseInput(tokenUpdateSchema(this.tokens.quotaPerUnit()), body)));
  }

  @Delete(':id')
  @Contract({ summary: 'Delete one token' })
  async remove(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    await this.tokens.remove(actor, id);
    return done();
  }
}
