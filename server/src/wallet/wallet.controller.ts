import { Body, Controller, Get, Post } from '@nestjs/common';
import { ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { Access, Actor, Critical } from '../auth/auth.decorators';
import { WalletService } from './wallet.service';

type Json = Record<string, unknown>;

/** The wallet page's calls (spec §2.7, §7 Wallet). */
@Controller()
@Access('user')
export class WalletController {
  constructor(private readonly wallet: WalletService) {}

  /** Redeem a code; data is the quota added. */
  @Post('api/user/topup')
  @Critical()
  async topUp(@Actor() actor: Principal, @Body() body: Json) {
    return ok(await this.wallet.redeem(actor, body?.key));
  }

  /** The money payable for an online top-up of `amount` units. */
  @Post('api/user/amount')
  amount(@Actor() actor: Principal, @Body() body: Json) {
    return ok(this.wallet.payable(actor, body?.amount), 'success');
  }

  @Get('api/topup-affiliate/img')
  affiliateImage() {
    return ok(this.wallet.affiliateImage());
  }
}
