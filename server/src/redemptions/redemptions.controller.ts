import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import { Contract } from '../common/contract';
import { done, ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import { Access, Actor } from '../common/access';
import {
  redemptionCreateSchema,
  redemptionKeysSchema,
  redemptionListQuerySchema,
  redemptionPageSchema,
  redemptionSearchQuerySchema,
  redemptionStatusSchema,
  redemptionUpdateSchema,
  redemptionViewSchema,
} from './dto/redemption.dto';
import { RedemptionsService } from './redemptions.service';

const statusOnlyQuery = z.object({
  status_only: z.string().optional().catch(undefined).meta({ description: 'true: change only the status ({id, status})' }),
});

/** Redemption code management (admin; spec §2.6, §7 Redemptions). Lists are pages. */
@Controller('api/redemption')
@Access('admin')
export class RedemptionsController {
  constructor(private readonly redemptions: RedemptionsService) {}

  @Get()
  @Contract({ summary: 'Redemption codes, newest first, codes masked', query: redemptionListQuerySchema, data: redemptionPageSchema })
  async list(@Actor() actor: Principal, @Query() query: unknown) {
    const q = parseInput(redemptionListQuerySchema, query);
    return ok(await this.redemptions.list(actor, q.p, q.page_size));
  }

  @Get('search')
  @Contract({ summary: 'Search codes by name or id', query: redemptionSearchQuerySchema, data: redemptionPageSchema })
  async search(@Actor() actor: Principal, @Query() query: unknown) {
    const q = parseInput(redemptionSearchQuerySchema, query);
    return ok(await this.redemptions.search(actor, q.keyword, q.p, q.page_size));
  }

  @Get(':id')
  @Contract({ summary: 'One code, masked', data: redemptionViewSchema })
  async get(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.redemptions.get(actor, id));
  }

  /** data is the list of generated codes (shown once). */
  @Post()
  @Contract({
    summary: 'Generate codes; data is the list of whole codes (shown once)',
    body: (c) => redemptionCreateSchema(c.quotaPerUnit),
    data: z.array(z.string()),
  })
  async create(@Actor() actor: Principal, @Body() body: unknown) {
    return ok(await this.redemptions.create(actor, parseInput(redemptionCreateSchema(this.redemptions.quotaPerUnit()), body)));
  }

  /** {ids} -> [{id, key}]: the whole codes, for an explicit copy (POST: never cached). */
  @Post('keys')
  @Contract({
    summary: 'The whole codes of chosen ids, for an explicit copy',
    body: redemptionKeysSchema,
    data: z.array(z.object({ id: z.int(), key: z.string() })),
  })
  async keys(@Actor() actor: Principal, @Body() body: unknown) {
    return ok(await this.redemptions.keys(actor, parseInput(redemptionKeysSchema, body).ids));
  }

  /** Edit {id, name, quota, expired_time}, or `?status_only=true` with {id, status}. */
  @Put()
  @Contract({
    summary: 'Edit an unused code, or with ?status_only=true enable (1) or disable (2) it',
    query: statusOnlyQuery,
    body: (c) => z.union([redemptionUpdateSchema(c.quotaPerUnit), redemptionStatusSchema]),
    data: redemptionViewSchema,
  })
  async update(@Actor() actor: Principal, @Body() body: unknown, @Query() query: unknown) {
    const { status_only: statusOnly } = parseInput(statusOnlyQuery, query);
    if (statusOnly !== undefined && statusOnly !== '' && statusOnly !== 'false') {
      return ok(await this.redemptions.setStatus(actor, parseInput(redemptionStatusSchema, body)));
    }
    return ok(await this.redemptions.update(actor, parseInput(redemptionUpdateSchema(this.redemptions.quotaPerUnit()), body)));
  }

  /** Deletes used and expired codes; data is the count. */
  @Delete('invalid')
  @Contract({ summary: 'Delete used and expired codes; data is the count', data: z.int() })
  async removeInvalid(@Actor() actor: Principal) {
    return ok(await this.redemptions.removeInvalid(actor));
  }

  @Delete(':id')
  @Contract({ summary: 'Delete one code' })
  async remove(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    await this.redemptions.remove(actor, id);
    return done();
  }
}
