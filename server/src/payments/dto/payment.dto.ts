import { z } from 'zod';
import { pageQueryFields } from '../../common/pagination';
import { coded } from '../../common/validation';
import { topUpAmount } from '../../wallet/dto/wallet.dto';
import type { PaymentMethod } from '../top-up.entity';

/** Trade numbers are `USR<id>NO<16 characters>`; anything longer is no order of ours. */
const TRADE_NO_MAX = 64;

/** The console's method names (spec: zfb, wx) and epay's own. */
export const PAYMENT_METHODS: Readonly<Record<string, PaymentMethod>> = { zfb: 'alipay', wx: 'wxpay', alipay: 'alipay', wxpay: 'wxpay' };

export const ORDER_STATUSES = ['pending', 'success', 'expired'] as const;

const methodInvalid = coded('payment.method_invalid');

/**
 * POST /api/user/pay. `payment_method` must be text; a name that is no method maps to undefined
 * and the service refuses it after the top-up checks, as before (the message without a field).
 */
export const paySchema = z
  .object({
    amount: topUpAmount,
    payment_method: z
      .string(methodInvalid)
      .max(16, methodInvalid)
      .transform((m): PaymentMethod | undefined => PAYMENT_METHODS[m])
      .meta({ description: 'zfb (alipay) or wx (wxpay); epay names alipay and wxpay are accepted too' }),
  })
  .meta({ id: 'PayOrder' });

export type PayInput = z.output<typeof paySchema>;

/** POST /api/user/topup/complete: the order to mark paid by hand. */
export const completeSchema = z
  .object({
    trade_no: z
      .string(coded('payment.trade_no_invalid'))
      .transform((v) => v.trim())
      .pipe(z.string().min(1, coded('payment.trade_no_invalid')).max(TRADE_NO_MAX, coded('payment.trade_no_invalid')))
      .meta({ description: 'The order trade number (out_trade_no)' }),
  })
  .meta({ id: 'TopUpComplete' });

/** GET /api/user/topup/self: 0-based page and `page_size`. */
export const topUpSelfQuerySchema = z.object({ p: pageQueryFields.p, page_size: pageQueryFields.page_size });

const statusInvalid = coded('payment.status_invalid');
const userIdInvalid = coded('common.invalid_id');

/** GET /api/user/topup (admin): page, trade-number search, and owner and status filters ("" is no filter). */
export const topUpAllQuerySchema = z.object({
  ...pageQueryFields,
  keyword: z.string().optional().catch(undefined).meta({ description: 'Part of the trade number' }),
  user_id: z
    .string(userIdInvalid)
    .regex(/^(\d{1,9})?$/, userIdInvalid)
    .transform((v) => (v === '' ? undefined : Number(v)))
    .pipe(z.int().min(1, userIdInvalid).optional())
    .optional()
    .meta({ description: "The owner's user id" }),
  status: z
    .union([z.enum(ORDER_STATUSES, statusInvalid), z.literal('')], statusInvalid)
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .meta({ description: 'pending, success or expired' }),
});

export type TopUpAllQuery = z.output<typeof topUpAllQuerySchema>;

/** An order as its owner sees it (the mapper's allowlist, `top-up.mapper.ts`). */
export const topUpViewSchema = z
  .object({
    id: z.int(),
    user_id: z.int(),
    amount: z.int().meta({ description: 'Units ordered' }),
    money: z.number().meta({ description: 'Money paid, two decimals' }),
    quota: z.int(),
    trade_no: z.string(),
    payment_method: z.string().meta({ description: 'alipay or wxpay' }),
    create_time: z.int(),
    complete_time: z.int().meta({ description: 'Unix seconds, 0 while unpaid' }),
    status: z.enum(ORDER_STATUSES),
  })
  .meta({ id: 'TopUpOrder' });

export const adminTopUpViewSchema = topUpViewSchema
  .extend({ completed_by: z.int().meta({ description: 'The admin who completed it by hand (0: the payment gateway)' }) })
  .meta({ id: 'AdminTopUpOrder' });

const page = <T extends z.ZodType>(item: T, id: string) =>
  z.object({ items: z.array(item), total: z.int(), page: z.int(), page_size: z.int() }).meta({ id });

export const topUpPageSchema = page(topUpViewSchema, 'TopUpOrderPage');
export const adminTopUpPageSchema = page(adminTopUpViewSchema, 'AdminTopUpOrderPage');

/** The signed epay form fields the browser POSTs to the `url` beside `data`. */
export const payFormSchema = z
  .record(z.string(), z.string())
  .meta({ id: 'EpayForm', description: 'pid, type, out_trade_no, notify_url, return_url, name, money, sign, sign_type; `url` beside data is where to POST them' });
