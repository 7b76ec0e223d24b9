import { Controller, Get, Headers, Param, ParseIntPipe, Query } from '@nestjs/common';
import { done, ok } from '../common/envelope';
import { langOf, t } from '../common/messages';
import type { Principal } from '../common/request-context';
import { Access, Actor } from '../common/access';
import { ChannelBalanceService } from './channel-balance.service';
import { ChannelTestService } from './channel-test.service';
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
  async testAll(@Actor() actor: Principal, @Headers('accept-language') lang: string | undefined) {
    await this.tests.requestTestAll(actor);
    return done(t('channel.test_all_started', langOf(lang)));
  }

  /** Progress of the current or last test-all run (channels done of total, failures). */
  @Get('test/status')
  @Access('admin')
  async testAllStatus() {
    return ok(await this.progress.read('test-all'));
  }

  @Get('test/:id')
  @Access('admin')
  async test(
    @Actor() actor: Principal,
    @Param('id', ParseIntPipe) id: number,
    @Query('model') model: unknown,
    @Headers('accept-language') lang: string | undefined,
  ) {
    return this.tests.test(actor, id, model, langOf(lang));
  }

  @Get('update_balance')
  @Access('admin')
  async updateAll(@Actor() actor: Principal, @Headers('accept-language') lang: string | undefined) {
    await this.balances.requestUpdateAll(actor);
    return done(t('channel.balance_all_started', langOf(lang)));
  }

  /** Progress of the current or last balance-all run. */
  @Get('update_balance/status')
  @Access('admin')
  async updateAllStatus() {
    return ok(await this.progress.read('balance-all'));
  }

  @Get('update_balance/:id')
  @Access('admin')
  async update(@Actor() actor: Principal, @Param('id', ParseIntPipe) id: number) {
    const balance = await this.balances.update(actor, id);
    return { success: true, message: '', balance };
  }
}
