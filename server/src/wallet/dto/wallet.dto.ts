import { z } from 'zod';
import { coded, intLike } from '../../common/validation';

/** Top-up amounts are whole units (dollars of quota), like the reference. */
export const TOPUP_AMOUNT_MAX = 1_000_000;

/** Units to top up: an integer 1 .. 1e6, as a JSON number or a string of digits. */
export const topUpAmount = (() => {
  const bad = coded('wallet.amount_invalid');
  return intLike(z.int(bad).min(1, bad).max(TOPUP_AMOUNT_MAX, bad), bad).meta({
    description: `Whole units to top up, 1 .. ${TOPUP_AMOUNT_MAX} (the MinTopUp option is checked too)`,
  });
})();

/** POST /api/user/amount: the money payable for `amount` units. */
export const amountSchema = z.object({ amount: topUpAmount }).meta({ id: 'TopUpAmount' });

/** The payable money, two decimals as text (`"73.00"`). */
export const payableSchema = z.string().regex(/^\d+\.\d{2}$/).meta({ description: 'amount x Price x the top-up ratio of the group, two decimals' });
