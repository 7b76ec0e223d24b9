import { z } from 'zod';
import { coded } from '../../common/validation';

/** Group names are at most 64 characters (the users.group column). */
const GROUP_MAX = 64;

const groupInvalid = coded('pricing.group_invalid');

/** GET /api/user/models: one group the caller may use, or none for all of them. */
export const userModelsQuerySchema = z.object({
  group: z
    .string(groupInvalid)
    .transform((v) => v.trim())
    .pipe(z.string().max(GROUP_MAX, groupInvalid))
    .optional()
    .meta({ description: 'One of your usable groups; absent or empty: every usable group' }),
});

/** One model of the price list (`PricingService.pricing`). */
export const pricingItemSchema = z
  .object({
    model_name: z.string(),
    quota_type: z.union([z.literal(0), z.literal(1)]).meta({ description: '0: priced per token (ratios); 1: a fixed price per call' }),
    model_ratio: z.number(),
    model_price: z.number(),
    owner_by: z.string(),
    completion_ratio: z.number(),
    enable_groups: z.array(z.string()),
    vendor_id: z.int().optional().meta({ description: 'The vendor (see `vendors` beside data), when a prefix matches' }),
  })
  .meta({ id: 'PricingItem' });

export type PricingItem = z.output<typeof pricingItemSchema>;

/** The model names a user may call. */
export const modelNamesSchema = z.array(z.string());
