import { Controller, Get, Headers, Post, Query } from '@nestjs/common';
import { Contract } from '../common/contract';
import { ok } from '../common/envelope';
import { langOf, t } from '../common/messages';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import { Access, Actor } from '../common/access';
import { CheckinService } from './checkin.service';
import { checkinResultSchema, signInDatesQuerySchema, signInDatesSchema } from './dto/checkin.dto';

@Controller('api/user')
export class CheckinController {
  constructor(private readonly checkin: CheckinService) {}

  @Post('sign-in')
  @Access('user')
  @Contract({ summary: "Today's check-in (UTC): credits the reward once a day", data: checkinResultSchema })
  async signIn(@Actor() actor: Principal, @Headers('accept-language') al: string | undefined) {
    return ok(await this.checkin.signIn(actor), t('checkin.success', langOf(al)));
  }

  @Get('sign-in-dates')
  @Access('user')
  @Contract({ summary: "The caller's check-in days of a month, and whether today is still open", query: signInDatesQuerySchema, data: signInDatesSchema })
  async dates(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.checkin.dates(actor, parseInput(signInDatesQuerySchema, query).month));
  }
}
