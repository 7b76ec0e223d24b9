import { Body, Controller, Get, Post } from '@nestjs/common';
import { z } from 'zod';
import { Contract } from '../common/contract';
import { ok } from '../common/envelope';
import { parseInput } from '../common/validation';
import { redeemSchema } from '../redemptions/dto/redemption.dto';
import type { Principal } from '../common/request-context';
import { Access, Actor, Critical } from '../common/access';
import { amountSchema, payableSchema } from './dto/wallet.dto';
import { WalletService } from './wallet.service';

/** The wallet page's calls (spec §2.7, §7 Wallet). */
@Controller()
@Access('user')
export class WalletController {
  constructor(private readonly wallet: WalletService) {}

  /** Redeem a code; data is the quota added. */
  @Post('api/user/topup')
  @Critical()
  @Contract({ summary: 'Redeem a code; data is the quota added', body: redeemSchema, data: z.int() })
  async topUp(@Actor() actor: Principal, @Body() body: unknown) {
    return ok(await this.wallet.redeem(actor, parseInput(redeemSchema, body).key));
  }

  /** The money payable for an online top-up of `amount` units. */
  @Post('api/user/amount')
  @Contract({ summary: 'The money payable for an online top-up of `amount` units (message "success")', body: amountSchema, data: payableSchema })
  amount(@Actor() actor: Principal, @Body() body: unknown) {
    return ok(this.wallet.payable(actor, parseInput(amountSchema, body).amount), 'success');
  }

  @Get('api/topup-affiliate/img')
  @Contract({ summary: 'The top-up promotion image address (option TopupAffiliate; "" when unset)', data: z.string() })
  affiliateImage() {
    return ok(this.wallet.affiliateImage());
  }
}
