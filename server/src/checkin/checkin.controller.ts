import { Controller, Get, Headers, Post, Query } from '@nestjs/common';
import { ok } from '../common/envelope';
import { langOf, t } from '../common/messages';
import type { Principal } from '../common/request-context';
import { Access, Actor } from '../auth/auth.decorators';
import { CheckinService } from './checkin.service';

@Controller('api/user')
export class CheckinController {
  constructor(private readonly checkin: CheckinService) {}

  @Post('sign-in')
  @Access('user')
  async signIn(@Actor() actor: Principal, @Headers('accept-language') al: string | undefined) {
    return ok(await this.checkin.signIn(actor), t('checkin.success', langOf(al)));
  }

  @Get('sign-in-dates')
  @Access('user')
  async dates(@Actor() actor: Principal, @Query('month') month: unknown) {
    return ok(await this.checkin.dates(actor, month));
  }
}
