import { z } from 'zod';
import { coded } from '../../common/validation';
import { monthRange } from '../checkin-rules';

const badMonth = coded('checkin.invalid_month');

/** GET /api/user/sign-in-dates: `month` as YYYY-MM (UTC); absent or empty: the current month. */
export const signInDatesQuerySchema = z.object({
  month: z
    .union([z.literal(''), z.null(), z.string(badMonth).trim().refine((m) => monthRange(m) !== null, badMonth)], badMonth)
    .optional()
    .transform((m) => (m ? m : undefined))
    .meta({ description: 'YYYY-MM (UTC); default the current month' }),
});

/** POST /api/user/sign-in: the day (UTC) and the quota it paid. */
export const checkinResultSchema = z.object({ checkin_date: z.string().meta({ description: 'YYYY-MM-DD (UTC)' }), quota_awarded: z.int() }).meta({ id: 'CheckinResult' });

export const signInDatesSchema = z
  .object({ sign_in_dates: z.array(z.string()).meta({ description: 'YYYY-MM-DD (UTC), ascending' }), status: z.object({ can_sign_in_today: z.boolean() }) })
  .meta({ id: 'SignInDates' });
