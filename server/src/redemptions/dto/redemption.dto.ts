import { z } from 'zod';
import { pageQueryFields } from '../../common/pagination';
import { nowSeconds } from '../../common/sql';
import { coded, idLike, intLike } from '../../common/validation';
import { REDEMPTION_DISABLED, REDEMPTION_UNUSED } from '../redemption.entity';

/** Reference limits: names of 1-20 characters, at most 100 codes per call. */
export const REDEMPTION_NAME_MAX = 20;
export const REDEMPTION_COUNT_MAX = 100;
export const REDEMPTION_DEFAULT_QUOTA = 100_000;
const CODE_INPUT_MAX = 64;

const nameLength = coded('redemption.name_length');

/** 1-20 characters after trimming. */
const nameText = z
  .string(nameLength)
  .transform((v) => v.trim())
  .refine((v) => [...v].length <= REDEMPTION_NAME_MAX, nameLength);

/** 1 .. 1e9 units of quota. */
function quota(quotaPerUnit: number) {
  const max = Math.min(Math.floor(1e9 * quotaPerUnit), Number.MAX_SAFE_INTEGER);
  const bad = coded('redemption.quota_invalid', { max });
  return intLike(z.int(bad).min(1, bad).max(max, bad), bad).meta({ description: `Quota units, an integer 1 .. ${max} (1e9 x QuotaPerUnit)` });
}

/** 0 (never) or a unix time in the future (checked when the request is parsed). */
const expiry = (() => {
  const bad = coded('redemption.expire_time_invalid');
  return intLike(
    z.int(bad).min(0, bad).refine((n) => n === 0 || n > nowSeconds(), bad),
    bad,
  ).meta({ description: '0 never expires, else a future unix time in seconds' });
})();

/** POST /api/redemption: `count` codes of `quota` each. */
export function redemptionCreateSchema(quotaPerUnit: number) {
  const positive = coded('redemption.count_positive');
  const count = z
    .union([z.literal(''), z.null(), intLike(z.int(positive).min(1, positive).max(REDEMPTION_COUNT_MAX, coded('redemption.count_max')), positive)], positive)
    .transform((v) => (typeof v === 'number' ? v : 1));
  const required = coded('redemption.name_required');
  return z
    .object({
      name: z
        // Absent or null asks for a name; another type is a bad name.
        .union([nameText, z.null()], { error: (iss) => (iss.input === undefined || iss.input === null ? required.error : nameLength.error) })
        .refine((v) => v !== null && v !== '', required)
        .transform((v) => v as string),
      count: count.optional().transform((v) => v ?? 1),
      quota: quota(quotaPerUnit).optional().transform((v) => v ?? REDEMPTION_DEFAULT_QUOTA),
      expired_time: expiry.optional().transform((v) => v ?? 0),
    })
    .meta({ id: 'RedemptionCreate' });
}

/** PUT /api/redemption: edit an unused code; absent fields stay as they are. */
export function redemptionUpdateSchema(quotaPerUnit: number) {
  return z
    .object({
      id: idLike(),
      name: z
        .union([nameText, z.null()], nameLength)
        .refine((v) => v !== '', nameLength)
        .transform((v) => v ?? undefined)
        .optional(),
      quota: quota(quotaPerUnit).optional(),
      expired_time: expiry.optional(),
    })
    .meta({ id: 'RedemptionUpdate' });
}

/** PUT /api/redemption?status_only=true: enable (1) or disable (2). */
export const redemptionStatusSchema = z
  .object({
    id: idLike(),
    status: intLike(
      z.union([z.literal(REDEMPTION_UNUSED), z.literal(REDEMPTION_DISABLED)], coded('redemption.invalid_status')),
      coded('redemption.invalid_status'),
    ),
  })
  .meta({ id: 'RedemptionStatus' });

/** POST /api/redemption/keys: 1-100 ids (JSON numbers). */
export const redemptionKeysSchema = (() => {
  const bad = coded('redemption.ids_invalid', { max: REDEMPTION_COUNT_MAX });
  return z.object({ ids: z.array(z.int(bad).min(1, bad), bad).min(1, bad).max(REDEMPTION_COUNT_MAX, bad) }).meta({ id: 'RedemptionKeys' });
})();

/** POST /api/user/topup: the code to redeem (any case, surrounding spaces ignored). */
export const redeemSchema = z
  .object({
    key: z
      .string(coded('redemption.key_required'))
      .transform((v) => v.trim().toLowerCase())
      .refine((v) => v !== '', coded('redemption.key_required'))
      .refine((v) => v.length <= CODE_INPUT_MAX, coded('redemption.invalid')),
  })
  .meta({ id: 'Redeem' });

/** GET /api/redemption and /search: 0-based page and `page_size`. */
export const redemptionListQuerySchema = z.object({ p: pageQueryFields.p, page_size: pageQueryFields.page_size });

export const redemptionSearchQuerySchema = redemptionListQuerySchema.extend({
  keyword: z.string().optional().catch(undefined).meta({ description: 'Part of the name, or the id' }),
});

/** A code as admins see it in lists and reads: the code itself masked. */
export const redemptionViewSchema = z
  .object({
    id: z.int(),
    user_id: z.int(),
    name: z.string(),
    key: z.string().meta({ description: 'First and last four characters; whole only in the create response' }),
    status: z.int().meta({ description: '1 unused, 2 disabled, 3 used' }),
    quota: z.int(),
    created_time: z.int(),
    redeemed_time: z.int(),
    used_user_id: z.int(),
    expired_time: z.int(),
  })
  .meta({ id: 'Redemption' });

export const redemptionPageSchema = z
  .object({ items: z.array(redemptionViewSchema), total: z.int(), page: z.int(), page_size: z.int() })
  .meta({ id: 'RedemptionPage' });

export type RedemptionCreateInput = z.output<ReturnType<typeof redemptionCreateSchema>>;
export type RedemptionUpdateInput = z.output<ReturnType<typeof redemptionUpdateSchema>>;
