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

/** A vendor of the price list (new-api's `vendors`), from the vendor-prefix table. */
export const pricingVendorSchema = z.object({ id: z.int(), name: z.string(), icon: z.string() }).meta({ id: 'PricingVendor' });

/** What GET /api/pricing carries beside `data`, as new-api's price page reads it. */
export const pricingBesideSchema = z.object({
  group_ratio: z.record(z.string(), z.number()).meta({ description: "Each group's price ratio" }),
  usable_group: z.record(z.string(), z.string()).meta({ description: 'The groups the caller may use, with their descriptions' }),
  vendors: z.array(pricingVendorSchema).meta({ description: 'The vendors of the listed models, in table order' }),
});
