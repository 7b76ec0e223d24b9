import { z } from 'zod';
import { coded } from '../../common/validation';

const keyRequired = coded('option.key_required');

/**
 * PUT /api/option/: one key and its value. The key must be text (an unknown name is refused by
 * the service with `option.unknown_key`); the value's rules are the key's own (`option-registry.ts`,
 * checked by `normalizeOptionValue`), so any JSON value gets through here: text, a number or a
 * boolean is stored as its text, an object or a list as JSON, null or absent as "".
 */
export const optionUpdateSchema = z
  .object({
    key: z.string(keyRequired).min(1, keyRequired).meta({ description: 'The option name, e.g. QuotaPerUnit' }),
    value: z
      .unknown()
      .optional()
      .meta({ description: "The new value, checked by the key's own rules (bool, integer, number, URL, JSON, choice); absent or null stores \"\"" }),
  })
  .meta({ id: 'OptionUpdate' });

export type OptionUpdateInput = z.output<typeof optionUpdateSchema>;

/** One option as the console reads it (secrets are never listed). */
export const optionEntrySchema = z.object({ key: z.string(), value: z.string().meta({ description: 'The stored text' }) }).meta({ id: 'OptionEntry' });
