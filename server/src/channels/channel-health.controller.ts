import { Controller, Get, Headers, Param, ParseIntPipe, Query } from '@nestjs/common';
import { z } from 'zod';
import { Contract } from '../common/contract';
import { done, ok } from '../common/envelope';
import { langOf, t } from '../common/messages';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import { Access, Actor } from '../common/access';
import { ChannelBalanceService } from './channel-balance.service';
import { ChannelTestService } from './channel-test.service';
import { channelTestQuerySchema, runStatusSchema } from './dto/channel.dto';
import { RunProgress } from './run-progress';

/**
 * Channel tests and upstream balances (admins). The single calls answer the reference's flat
 * shapes: `{success, message, time}` (seconds) and `{success, message, balance}` (USD).
 */
@Controller('api/channel')
export class ChannelHealthController {
  constructor(
    private readonly tests: ChannelTestService,
    private readonly balances: ChannelBalanceService,
    private readonly progress: RunProgress,
  ) {}

  @Get('test')
  @Access('admin')
  @Contract({ summary: 'Start testing every enabled and auto-disabled channel (one run at a time)' })
  async testAll(@Actor() actor: Principal, @Headers('accept-language') lang: string | undefined) {
    await this.tests.requestTestAll(actor);
    return done(t('channel.test_all_started', langOf(lang)));
  }

  /** Progress of the current or last test-all run (channels done of total, failures). */
  @Get('test/status')
  @Access('admin')
  @Contract({ summary: 'Progress of the current or last test-all run', data: runStatusSchema })
  async testAllStatus() {
    return ok(await this.progress.read('test-all'));
  }

  @Get('test/:id')
  @Access('admin')
  @Contract({
    summary: 'Test one channel with one chat request: answers {success, message, time} (seconds) at the top level; an upstream failure is success false',
    query: channelTestQuerySchema,
    beside: z.object({ time: z.number().meta({ description: 'How long the test request took, in seconds' }) }),
  })
  async test(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number, @Query() query: unknown, @Headers('accept-language') lang: string | undefined) {
    const { model } = parseInput(channelTestQuerySchema, query);
    return this.tests.test(actor, id, model, langOf(lang));
  }

  @Get('update_balance')
  @Access('admin')
  @Contract({ summary: 'Start updating the balance of every enabled channel (one run at a time)' })
  async updateAll(@Actor() actor: Principal, @Headers('accept-language') lang: string | undefined) {
    await this.balances.requestUpdateAll(actor);
    return done(t('channel.balance_all_started', langOf(lang)));
  }

  /** Progress of the current or last balance-all run. */
  @Get('update_balance/status')
  @Access('admin')
  @Contract({ summary: 'Progress of the current or last balance-all run', data: runStatusSchema })
  async updateAllStatus() {
    return ok(await this.progress.read('balance-all'));
  }

  @Get('update_balance/:id')
  @Access('admin')
  @Contract({
    summary: "Read one channel's upstream balance: answers {success, message, balance} (USD) at the top level",
    beside: z.object({ balance: z.number().meta({ description: 'The balance the upstream reported, in US dollars' }) }),
  })
  async update(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    const balance = await this.balances.update(actor, id);
    return { success: true, message: '', balance };
  }
}
