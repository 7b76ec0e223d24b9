import { Injectable } from '@nestjs/common';
import { WalletError } from './wallet.errors';
import type { Principal } from '../common/request-context';
import { OptionsService } from '../options/options.service';
import { RedemptionsService } from '../redemptions/redemptions.service';

/**
 * The user's wallet page: redeeming a code, the payable money for an online top-up, and the
 * promotion image. Online payment itself comes later; until a payment method is configured the
 * amount call says online top-up is off.
 */
@Injectable()
export class WalletService {
  constructor(
    private readonly options: OptionsService,
    private readonly redemptions: RedemptionsService,
  ) {}

  /** Quota added by the code. */
  async redeem(actor: Principal, key: string): Promise<number> {
    return this.redemptions.redeem(actor, key);
  }

  /**
   * Money to pay for `amount` units: amount x Price x the top-up ratio of the user's group,
   * computed in cents and shown with two decimals. `amount` is a whole number of units, 1 .. 1e6
   * (`topUpAmount` in dto/wallet.dto.ts).
   */
  payable(actor: Principal, amount: number): string {
    if (!this.onlineTopUpEnabled()) throw WalletError.of('wallet.topup_disabled');
    const min = this.options.num('MinTopUp');
    if (amount < min) throw WalletError.of('wallet.amount_min', { min });
    const cents = Math.round(amount * this.options.num('Price') * this.groupRatio(actor.group) * 100);
    if (cents <= 1) throw WalletError.of('wallet.amount_too_low');
    return (cents / 100).toFixed(2);
  }

  /** The promotion image address (option TopupAffiliate). */
  affiliateImage(): string {
    return this.options.get('TopupAffiliate');
  }

  /** Same rule as /api/status enable_online_topup: the epay address, id and key are all set. */
  private onlineTopUpEnabled(): boolean {
    return this.options.get('PayAddress') !== '' && this.options.get('EpayId') !== '' && this.options.get('EpayKey') !== '';
  }

  private groupRatio(group: string): number {
    const v = (this.options.json<Record<string, unknown>>('TopupGroupRatio') ?? {})[group];
    const n = typeof v === 'number' ? v : Number(v);
    return v !== undefined && Number.isFinite(n) && n >= 0 ? n : 1;
  }
}
